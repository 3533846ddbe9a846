#include "games/castors/view.hpp"

namespace taol::games::castors {
namespace {

void write_faces(JsonSink& out, const std::vector<Face>& faces) {
    out.begin_array();
    for (Face f : faces) write_face(out, f);
    out.end_array();
}

// The reveal of a round: rows as turned up, action cards replaced, points.
void write_reveal(JsonSink& out, const RoundResult& r) {
    out.begin_object();
    out.field("points", r.points);
    out.key("replacements");
    out.begin_array();
    for (const Replacement& x : r.replacements) {
        out.begin_object();
        out.key("card");
        write_face(out, x.card);
        out.key("drawn");
        write_faces(out, x.drawn);
        out.field("position", x.position);
        out.field("seat", x.seat);
        out.end_object();
    }
    out.end_array();
    out.field("round", r.round);
    out.key("rows");
    out.begin_array();
    for (const auto& row : r.rows) write_faces(out, row);
    out.end_array();
    out.field("winners", r.winners);
    out.end_object();
}

// The score sheet: points and winners of every round played.
void write_history(JsonSink& out, const std::vector<RoundResult>& history) {
    out.begin_array();
    for (const RoundResult& r : history) {
        out.begin_object();
        out.field("points", r.points);
        out.field("round", r.round);
        out.field("winners", r.winners);
        out.end_object();
    }
    out.end_array();
}

// A card as `viewer` sees it: its id, and its face only when allowed.
void write_card(JsonSink& out, const Slot& slot, Face face, bool visible) {
    out.begin_object();
    if (visible) {
        out.key("face");
        write_face(out, face);
    }
    out.field("id", slot.id);
    out.end_object();
}

}  // namespace

bool face_visible(const Table& t, Viewer viewer, Seat seat, int position) {
    if (t.revealed()) return true;  // every row was revealed
    if (viewer != seat) return false;
    if (t.peek_open(seat) && t.is_end(position)) return true;
    return t.phase == Phase::looked && t.current == seat && t.looked == position;
}

bool drawn_visible(const Table& t, Viewer viewer) { return t.drawn && viewer == t.current; }

Viewer same_view_as(const Table& t, Viewer viewer) {
    if (!viewer) return viewer;
    // The only parts of write_view_of() that depend on the viewer.
    if (drawn_visible(t, viewer) != drawn_visible(t, std::nullopt)) return viewer;
    for (Seat s = 0; s < t.players; ++s) {
        for (int p = 0; p < t.cards; ++p) {
            if (face_visible(t, viewer, s, p) != face_visible(t, std::nullopt, s, p)) return viewer;
        }
    }
    return std::nullopt;
}

void write_view_of(const Table& t, Viewer viewer, JsonSink& out) {
    // Keys in ascending order (json_sink.hpp).
    const bool running = !t.revealed();
    out.begin_object();
    out.field("can_knock", running && t.phase != Phase::peek && t.knock_allowed());
    out.field("cards", t.cards);
    out.key("current");
    if (running && t.phase != Phase::peek) out.integer(t.current);
    else out.null();
    out.field("dealer", t.dealer);
    out.key("discard");
    out.begin_object();
    out.field("count", t.discard.size());
    out.key("top");
    write_face(out, t.top_discard());
    out.end_object();
    out.key("drawn");
    if (t.drawn) write_card(out, *t.drawn, t.face[t.drawn->uid], drawn_visible(t, viewer));
    else out.null();
    out.field("first", (t.dealer + 1) % t.players);
    out.key("history");
    write_history(out, t.history);
    out.field("knocker", t.knocker);
    out.key("last_round");
    if (t.history.empty()) out.null();
    else write_reveal(out, t.history.back());
    out.key("looked");
    if (t.looked) {
        out.begin_object();
        out.field("position", *t.looked);
        out.field("seat", t.current);
        out.end_object();
    } else {
        out.null();
    }
    out.field("phase", to_string(t.phase));
    out.field("pile", t.pile.size());
    out.field("round", t.round);
    out.field("rounds", t.rounds_total);
    out.key("rows");
    out.begin_array();
    for (Seat s = 0; s < t.players; ++s) {
        out.begin_array();
        for (int p = 0; p < t.cards; ++p) {
            const Slot& slot = t.rows[s][p];
            write_card(out, slot, t.face[slot.uid], face_visible(t, viewer, s, p));
        }
        out.end_array();
    }
    out.end_array();
    out.field("score_limit", t.score_limit);
    out.field("seen", t.seen);
    out.field("stall_turns", kStallTurnsPerPlayer * t.players);
    out.field("stalled", t.stalled);
    out.field("totals", t.totals);
    out.field("turns", t.turns);
    out.field("turns_left", t.turns_left);
    out.end_object();
}

Json view_of(const Table& t, Viewer viewer) {
    return tree_of([&](JsonSink& out) { write_view_of(t, viewer, out); });
}

std::vector<std::string> secrets_of(const Table& t, Viewer viewer) {
    // Written from the rules again rather than through face_visible(), so that a mistake there
    // shows up as a leak instead of being agreed with.
    const auto allowed = [&](Seat seat, int position) {
        if (t.phase == Phase::round_over || t.phase == Phase::finished) return true;
        if (!viewer || *viewer != seat) return false;
        const bool peeking = t.phase == Phase::peek && !t.seen[seat] && (position == 0 || position == t.cards - 1);
        const bool looking = t.phase == Phase::looked && t.current == seat && t.looked && *t.looked == position;
        return peeking || looking;
    };
    // Cards serialize as {"face":F,"id":"I"}: a hidden face next to its id is a leak. (No
    // leading quote: the search then stops at fewer places.)
    const auto fragment = [&](const Slot& slot) {
        return "face\":" + face_json(t.face[slot.uid]).dump() + ",\"id\":\"" + slot.id + "\"";
    };
    std::vector<std::string> secrets;
    for (Seat s = 0; s < t.players; ++s) {
        for (int p = 0; p < t.cards; ++p) {
            if (!allowed(s, p)) secrets.push_back(fragment(t.rows[s][p]));
        }
    }
    if (t.drawn && (!viewer || *viewer != t.current)) secrets.push_back(fragment(*t.drawn));
    return secrets;
}

}  // namespace taol::games::castors
