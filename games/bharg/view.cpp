#include "games/bharg/view.hpp"

#include <algorithm>

namespace taol::games::bharg {
namespace {

bool playing(const Table& table) { return table.phase == Phase::draw || table.phase == Phase::discard; }

Json rounds_json(const Table& table) {
    Json rounds = Json::array();
    for (const RoundRecord& r : table.rounds) {
        Json record = Json::object();
        record["round"] = r.round;
        record["dealer"] = r.dealer;
        record["winner"] = or_null(r.winner);
        record["points"] = r.points;
        record["reason"] = to_string(r.end);
        rounds.push_back(std::move(record));
    }
    return rounds;
}

// The round just ended: both hands revealed with their best arrangement.
Json result_json(const Table& table) {
    const RoundRecord& last = table.rounds.back();
    Json hands = Json::array();
    for (Seat s = 0; s < kPlayers; ++s) {
        hands.push_back(arrangement_json(arrangement_of(table, s)));
    }
    return {{"round", last.round},
            {"winner", or_null(last.winner)},
            {"points", last.points},
            {"reason", to_string(last.end)},
            {"hands", std::move(hands)},
            {"ready", table.pause.running() ? Json(table.pause.ready()) : Json(std::vector<bool>(kPlayers, false))}};
}

}  // namespace

Json arrangement_json(const Arrangement& arrangement) {
    Json bhargs = Json::array();
    for (const auto& group : arrangement.bhargs) bhargs.push_back(card_names(group));
    Json out = Json::object();
    out["bhargs"] = std::move(bhargs);
    out["ace_bound"] = card_names(arrangement.ace_bound);
    out["unbound"] = card_names(arrangement.unbound);
    out["unbound_value"] = arrangement.unbound_value;
    out["all_bound"] = arrangement.all_bound();
    return out;
}

Json view_of(const Table& table, Viewer viewer) {
    // Built key by key: nlohmann's initializer lists deep-copy, and views are built often.
    const auto top = table.top_ace();
    Json players = Json::array();
    for (Seat s = 0; s < kPlayers; ++s) {
        const auto index = static_cast<std::size_t>(s);
        Json player = Json::object();
        player["seat"] = s;
        player["cards"] = table.hands[index].size();
        player["score"] = table.scores[index];
        players.push_back(std::move(player));
    }
    Json view = Json::object();
    view["phase"] = to_string(table.phase);
    view["round"] = table.round;
    view["rounds_max"] = kMaxRounds;
    view["target"] = table.target;
    view["extended"] = to_string(table.extended);
    view["dealer"] = table.dealer;
    view["turn"] = playing(table) ? Json(table.turn) : Json(nullptr);
    view["turns"] = table.turns;
    view["turns_max"] = kMaxTurns;
    view["reshuffles"] = table.reshuffles;
    view["reshuffles_max"] = kMaxReshuffles;
    view["deck"] = table.deck.size();
    view["discard"] = card_names(table.discard);
    view["aces"] = card_names(table.aces);
    view["top_ace"] = top ? Json(info(*top).name) : Json(nullptr);
    view["ace_suits"] = suit_names(top ? info(*top).suits : 0);
    // Only while it means something, as `drawn` below (and a delta says its return in a few bytes).
    if (table.drawn_from) view["drawn_from"] = table.drawn_from == Source::deck ? "deck" : "discard";
    view["players"] = std::move(players);
    view["scores"] = table.scores;
    view["rounds"] = rounds_json(table);
    if (viewer && *viewer >= 0 && *viewer < kPlayers && playing(table)) {
        view["hand"] = arrangement_json(arrangement_of(table, *viewer));
        if (table.phase == Phase::discard && table.turn == *viewer) view["drawn"] = info(*table.drawn).name;
    }
    if (!playing(table) && !table.rounds.empty()) view["result"] = result_json(table);
    return view;
}

Json actions_of(const Table& table, Seat seat) {
    Json actions = Json::array();
    if (seat < 0 || seat >= kPlayers) return actions;
    if (table.phase == Phase::draw && seat == table.turn) {
        actions.push_back({{"type", "draw"}, {"from", "deck"}});
        if (!table.discard.empty()) actions.push_back({{"type", "draw"}, {"from", "discard"}});
    } else if (table.phase == Phase::discard && seat == table.turn) {
        actions.push_back({{"type", "discard"},
                           {"choose", {{"card", {{"one_of", card_names(table.hands[static_cast<std::size_t>(seat)])}}}}}});
    } else if (table.phase == Phase::round_over) {
        return table.pause.actions(seat);
    }
    return actions;
}

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer) {
    // Card names are quoted on the wire, and no key or other value of this game is a card name, so
    // a quoted name shows that card. A hand is named only to its owner, except the cards taken
    // from the discard pile (everyone saw them), and once revealed at round end. The deck is never
    // listed nor named: its top and bottom cards stand for it (any listing of it would hold them),
    // which keeps the check cheap enough to run at every step of thousands of games.
    auto quoted = [](CardId c) {
        std::string text(1, '"');
        text += info(c).name;
        text += '"';
        return text;
    };
    std::vector<std::string> secrets{"\"deck\":["};
    const std::size_t size = table.deck.size();
    for (std::size_t i = 0; i < size; ++i) {
        if (i < 2 || i + 3 >= size) secrets.push_back(quoted(table.deck[i]));  // back() is the top
    }
    if (!playing(table)) return secrets;
    for (Seat s = 0; s < kPlayers; ++s) {
        if (viewer && *viewer == s) continue;
        const auto& known = table.known[static_cast<std::size_t>(s)];
        for (CardId c : table.hands[static_cast<std::size_t>(s)]) {
            if (std::find(known.begin(), known.end(), c) == known.end()) secrets.push_back(quoted(c));
        }
    }
    return secrets;
}

}  // namespace taol::games::bharg
