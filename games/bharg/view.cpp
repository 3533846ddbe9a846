#include "games/bharg/view.hpp"

#include <algorithm>

namespace taol::games::bharg {
namespace {

bool playing(const Table& table) { return table.phase == Phase::draw || table.phase == Phase::discard; }

// Keys in ascending order (json_sink.hpp).
// A hand's best arrangement: the three lists hold every card of the hand once.
void write_arrangement(JsonSink& out, const Arrangement& arrangement) {
    out.begin_object();
    out.key("ace_bound");
    write_cards(out, arrangement.ace_bound);
    out.field("all_bound", arrangement.all_bound());
    out.key("bhargs");
    out.begin_array();
    for (const auto& group : arrangement.bhargs) write_cards(out, group);
    out.end_array();
    out.key("unbound");
    write_cards(out, arrangement.unbound);
    out.field("unbound_value", arrangement.unbound_value);
    out.end_object();
}

void write_rounds(JsonSink& out, const Table& table) {
    out.begin_array();
    for (const RoundRecord& r : table.rounds) {
        out.begin_object();
        out.field("dealer", r.dealer);
        out.field("points", r.points);
        out.field("reason", to_string(r.end));
        out.field("round", r.round);
        out.field("winner", r.winner);
        out.end_object();
    }
    out.end_array();
}

// The round just ended: both hands revealed with their best arrangement.
void write_result(JsonSink& out, const Table& table) {
    const RoundRecord& last = table.rounds.back();
    out.begin_object();
    out.key("hands");
    out.begin_array();
    for (Seat s = 0; s < kPlayers; ++s) write_arrangement(out, arrangement_of(table, s));
    out.end_array();
    out.field("points", last.points);
    out.field("ready", table.pause.running() ? table.pause.ready() : std::vector<bool>(kPlayers, false));
    out.field("reason", to_string(last.end));
    out.field("round", last.round);
    out.field("winner", last.winner);
    out.end_object();
}

}  // namespace

void write_view_of(const Table& table, Viewer viewer, JsonSink& out) {
    const auto top = table.top_ace();
    const bool own_hand = viewer && *viewer >= 0 && *viewer < kPlayers && playing(table);
    out.begin_object();
    out.field("ace_suits", suit_names(top ? info(*top).suits : 0));
    out.key("aces");
    write_cards(out, table.aces);
    out.field("dealer", table.dealer);
    out.field("deck", table.deck.size());
    out.key("discard");
    write_cards(out, table.discard);
    if (own_hand && table.phase == Phase::discard && table.turn == *viewer) out.field("drawn", info(*table.drawn).name);
    // Only while it means something, as `drawn` (and a delta says its return in a few bytes).
    if (table.drawn_from) out.field("drawn_from", table.drawn_from == Source::deck ? "deck" : "discard");
    out.field("extended", to_string(table.extended));
    if (own_hand) {
        out.key("hand");
        write_arrangement(out, arrangement_of(table, *viewer));
    }
    out.field("phase", to_string(table.phase));
    out.key("players");
    out.begin_array();
    for (Seat s = 0; s < kPlayers; ++s) {
        const auto index = static_cast<std::size_t>(s);
        out.begin_object();
        out.field("cards", table.hands[index].size());
        out.field("score", table.scores[index]);
        out.field("seat", s);
        out.end_object();
    }
    out.end_array();
    out.field("reshuffles", table.reshuffles);
    out.field("reshuffles_max", kMaxReshuffles);
    if (!playing(table) && !table.rounds.empty()) {
        out.key("result");
        write_result(out, table);
    }
    out.field("round", table.round);
    out.key("rounds");
    write_rounds(out, table);
    out.field("rounds_max", kMaxRounds);
    out.field("scores", table.scores);
    out.field("target", table.target);
    out.key("top_ace");
    if (top) out.string(info(*top).name);
    else out.null();
    out.key("turn");
    if (playing(table)) out.integer(table.turn);
    else out.null();
    out.field("turns", table.turns);
    out.field("turns_max", kMaxTurns);
    out.end_object();
}

Json view_of(const Table& table, Viewer viewer) {
    return tree_of([&](JsonSink& out) { write_view_of(table, viewer, out); });
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
