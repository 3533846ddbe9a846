#include "games/bigoudenn/view.hpp"

#include "games/bigoudenn/scoring.hpp"

namespace taol::games::bigoudenn {
namespace {

// Keys in ascending order (json_sink.hpp).

// A participant's surface and fresh bids are face down to everyone else until the reveal.
bool hidden_from(const Table& table, Seat owner, Viewer viewer) {
    return table.teut && table.teut->hidden() && table.teut->takes_part(owner) && viewer != owner;
}

void write_recipes(JsonSink& out, const Player& player) {
    out.begin_array();
    for (const Made& m : player.made) {
        const Scored s = score(m, player.bigoudene);
        out.begin_object();
        out.field("cards", card_ids(m.cards));
        out.field("face", to_string(m.face));
        out.field("points", s.points);
        out.key("recipe");
        if (s.menu) out.string(recipes()[*s.menu].id);
        else out.null();
        out.field("specialty", s.specialty);
        out.end_object();
    }
    out.end_array();
}

void write_player(JsonSink& out, const Table& table, Seat seat, Viewer viewer) {
    const Player& p = table.at(seat);
    const Bigoudene& b = bigoudenes()[p.bigoudene];
    out.begin_object();
    out.field("bigoudene", b.id);  // her specialties are static data, as the Menu is
    out.field("called_teut", p.called_teut);
    out.field("face", to_string(p.face));
    out.key("hands");
    out.begin_object();
    out.field("left", name_or_null(p.hands[kLeft]));
    out.field("right", name_or_null(p.hands[kRight]));
    out.end_object();
    out.key("recipes");
    write_recipes(out, p);
    out.field("score", total_score(p));
    out.field("seat", seat);
    out.key("surface");
    if (hidden_from(table, seat, viewer)) out.null();
    else out.value(card_ids(p.surface));
    out.field("surface_count", p.surface.size());
    out.end_object();
}

void write_teut(JsonSink& out, const Table& table, Viewer viewer) {
    const Teut& x = *table.teut;
    static constexpr const char* kSteps[] = {"bidding", "raise", "follow", "award", "passoire"};
    out.begin_object();
    out.key("acted");
    out.begin_array();
    for (int p = 0; p < 2; ++p) {
        if (x.acted[p]) out.integer(x.seats[p]);
    }
    out.end_array();
    out.key("bids");
    out.begin_array();
    for (int p = 0; p < 2; ++p) {
        out.begin_object();
        out.key("cards");
        out.begin_array();
        for (std::size_t i = 0; i < x.bids[p].size(); ++i) {
            const bool revealed = i < x.revealed[p];
            out.begin_object();
            out.key("card");
            if (revealed || viewer == x.seats[p]) out.string(id_of(x.bids[p][i]));
            else out.null();
            out.field("revealed", revealed);
            out.end_object();
        }
        out.end_array();
        out.field("seat", x.seats[p]);
        out.end_object();
    }
    out.end_array();
    out.field("caller", x.seats[0]);
    out.field("forced", x.forced);
    out.field("hidden", x.hidden());
    out.field("holder", x.seats[1]);
    out.field("passoire_holder", x.passoire_holder);
    out.key("raiser");
    if (x.raiser) out.integer(x.seats[*x.raiser]);
    else out.null();
    out.field("step", kSteps[static_cast<int>(x.step)]);
    out.field("utensil", to_string(x.utensil));
    out.field("winner", x.winner);
    out.end_object();
}

void write_turn(JsonSink& out, const Table& table) {
    const Turn& turn = table.turn;
    out.begin_object();
    if (table.simplified) {
        out.field("amen_used", turn.amen_used);
        out.key("exchanged");
        out.begin_array();
        for (Utensil u : turn.exchanged) out.string(to_string(u));
        out.end_array();
        out.field("number", turn.number);
        out.field("taken", turn.taken);
    } else {
        out.field("composed", turn.composed);
        out.key("hands_used");
        out.begin_object();
        out.field("left", turn.hand_used[kLeft]);
        out.field("right", turn.hand_used[kRight]);
        out.end_object();
        out.field("number", turn.number);
        out.field("paused", table.teut.has_value());
    }
    out.end_object();
}

}  // namespace

Json recipes_json(const Player& player) {
    return tree_of([&](JsonSink& out) { write_recipes(out, player); });
}

void write_view_of(const Table& table, Viewer viewer, JsonSink& out) {
    const int number = table.turn.number;
    out.begin_object();
    out.field("active", table.turn.active);
    out.field("finished", table.finished());
    out.field("last_round", table.last_turn && *table.last_turn - number < table.players);
    out.field("middle", card_ids(table.middle));
    out.field("pile", table.pile.size());
    out.key("players");
    out.begin_array();
    for (Seat s = 0; s < table.players; ++s) write_player(out, table, s, viewer);
    out.end_array();
    out.key("teut");
    if (table.teut) write_teut(out, table, viewer);
    else out.null();
    out.key("turn");
    write_turn(out, table);
    out.key("turns_left");
    if (table.last_turn) out.integer(*table.last_turn - number);
    else out.null();
    out.key("utensils");
    out.begin_array();
    for (Utensil u : table.middle_utensils) out.string(to_string(u));
    out.end_array();
    out.field("variant", table.simplified ? "simplified" : "full");
    out.key("windows");
    out.begin_array();
    for (const Window& w : table.windows) {
        out.begin_object();
        out.field("holder", w.holder);
        out.field("utensil", to_string(w.utensil));
        out.end_object();
    }
    out.end_array();
    out.end_object();
}

Json view_of(const Table& table, Viewer viewer) {
    return tree_of([&](JsonSink& out) { write_view_of(table, viewer, out); });
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
