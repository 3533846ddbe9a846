#include "games/bigoudenn/view.hpp"

#include "games/bigoudenn/scoring.hpp"

namespace taol::games::bigoudenn {
namespace {

// Objects are filled key by key: views are built for every viewer after every change.

// A participant's surface and fresh bids are face down to everyone else until the reveal.
bool hidden_from(const Table& table, Seat owner, Viewer viewer) {
    return table.teut && table.teut->hidden() && table.teut->takes_part(owner) && viewer != owner;
}

Json player_json(const Table& table, Seat seat, Viewer viewer) {
    const Player& p = table.at(seat);
    const Bigoudene& b = bigoudenes()[p.bigoudene];
    Json hands = Json::object();
    hands["left"] = name_or_null(p.hands[kLeft]);
    hands["right"] = name_or_null(p.hands[kRight]);
    Json out = Json::object();
    out["seat"] = seat;
    out["bigoudene"] = b.id;  // her specialties are static data, as the Menu is
    out["face"] = to_string(p.face);
    out["hands"] = std::move(hands);
    out["surface"] = hidden_from(table, seat, viewer) ? Json(nullptr) : card_ids(p.surface);
    out["surface_count"] = p.surface.size();
    out["recipes"] = recipes_json(p);
    out["score"] = total_score(p);
    out["called_teut"] = p.called_teut;
    return out;
}

Json teut_json(const Table& table, Viewer viewer) {
    const Teut& x = *table.teut;
    static constexpr const char* kSteps[] = {"bidding", "raise", "follow", "award", "passoire"};
    Json bids = Json::array();
    for (int p = 0; p < 2; ++p) {
        Json cards = Json::array();
        for (std::size_t i = 0; i < x.bids[p].size(); ++i) {
            const bool revealed = i < x.revealed[p];
            Json bid = Json::object();
            bid["card"] = revealed || viewer == x.seats[p] ? Json(id_of(x.bids[p][i])) : Json(nullptr);
            bid["revealed"] = revealed;
            cards.push_back(std::move(bid));
        }
        Json side = Json::object();
        side["seat"] = x.seats[p];
        side["cards"] = std::move(cards);
        bids.push_back(std::move(side));
    }
    Json acted = Json::array();
    for (int p = 0; p < 2; ++p) {
        if (x.acted[p]) acted.push_back(x.seats[p]);
    }
    Json out = Json::object();
    out["utensil"] = to_string(x.utensil);
    out["caller"] = x.seats[0];
    out["holder"] = x.seats[1];
    out["step"] = kSteps[static_cast<int>(x.step)];
    out["forced"] = x.forced;
    out["hidden"] = x.hidden();
    out["bids"] = std::move(bids);
    out["acted"] = std::move(acted);
    out["raiser"] = x.raiser ? Json(x.seats[*x.raiser]) : Json(nullptr);
    out["winner"] = or_null(x.winner);
    out["passoire_holder"] = or_null(x.passoire_holder);
    return out;
}

Json turn_json(const Table& table) {
    const Turn& turn = table.turn;
    Json out = Json::object();
    out["number"] = turn.number;
    if (table.simplified) {
        Json exchanged = Json::array();
        for (Utensil u : turn.exchanged) exchanged.push_back(to_string(u));
        out["taken"] = turn.taken;
        out["amen_used"] = turn.amen_used;
        out["exchanged"] = std::move(exchanged);
        return out;
    }
    Json hands_used = Json::object();
    hands_used["left"] = turn.hand_used[kLeft];
    hands_used["right"] = turn.hand_used[kRight];
    out["hands_used"] = std::move(hands_used);
    out["composed"] = turn.composed;
    out["paused"] = table.teut.has_value();
    return out;
}

}  // namespace

Json recipes_json(const Player& player) {
    Json out = Json::array();
    for (const Made& m : player.made) {
        const Scored s = score(m, player.bigoudene);
        Json made = Json::object();
        made["face"] = to_string(m.face);
        made["cards"] = card_ids(m.cards);
        made["recipe"] = s.menu ? Json(recipes()[*s.menu].id) : Json(nullptr);
        made["specialty"] = s.specialty;
        made["points"] = s.points;
        out.push_back(std::move(made));
    }
    return out;
}

Json view_of(const Table& table, Viewer viewer) {
    Json players = Json::array();
    for (Seat s = 0; s < table.players; ++s) players.push_back(player_json(table, s, viewer));
    Json windows = Json::array();
    for (const Window& w : table.windows) {
        Json window = Json::object();
        window["utensil"] = to_string(w.utensil);
        window["holder"] = w.holder;
        windows.push_back(std::move(window));
    }
    Json utensils = Json::array();
    for (Utensil u : table.middle_utensils) utensils.push_back(to_string(u));
    const int number = table.turn.number;
    Json out = Json::object();
    out["variant"] = table.simplified ? "simplified" : "full";
    out["active"] = table.turn.active;
    out["turn"] = turn_json(table);
    out["pile"] = table.pile.size();
    out["middle"] = card_ids(table.middle);
    out["utensils"] = std::move(utensils);
    out["players"] = std::move(players);
    out["windows"] = std::move(windows);
    out["teut"] = table.teut ? teut_json(table, viewer) : Json(nullptr);
    out["last_round"] = table.last_turn && *table.last_turn - number < table.players;
    out["turns_left"] = table.last_turn ? Json(*table.last_turn - number) : Json(nullptr);
    out["finished"] = table.finished();
    return out;
}

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer) {
    std::vector<std::string> out;
    if (!table.teut || !table.teut->hidden()) return out;
    // No other string on the wire equals an ingredient id, so the quoted id can only be a leak.
    auto add = [&](Card c) {
        std::string quoted(1, '"');
        quoted.append(id_of(c)).push_back('"');
        out.push_back(std::move(quoted));
    };
    const Teut& x = *table.teut;
    for (int p = 0; p < 2; ++p) {
        if (viewer == x.seats[p]) continue;
        for (Card c : table.at(x.seats[p]).surface) add(c);
        for (std::size_t i = x.revealed[p]; i < x.bids[p].size(); ++i) add(x.bids[p][i]);
    }
    return out;
}

}  // namespace taol::games::bigoudenn
