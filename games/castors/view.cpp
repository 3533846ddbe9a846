#include "games/castors/view.hpp"

namespace taol::games::castors {
namespace {

Json faces_json(const std::vector<Face>& faces) {
    Json out = Json::array();
    for (Face f : faces) out.push_back(face_json(f));
    return out;
}

// The reveal of a round: rows as turned up, action cards replaced, points.
Json reveal_json(const RoundResult& r) {
    Json out = Json::object();
    out["round"] = r.round;
    Json& rows = out["rows"] = Json::array();
    for (const auto& row : r.rows) rows.push_back(faces_json(row));
    Json& replacements = out["replacements"] = Json::array();
    for (const Replacement& x : r.replacements) {
        Json& one = replacements.emplace_back(Json::object());
        one["seat"] = x.seat;
        one["position"] = x.position;
        one["card"] = face_json(x.card);
        one["drawn"] = faces_json(x.drawn);
    }
    out["points"] = r.points;
    out["winners"] = r.winners;
    return out;
}

// The score sheet: points and winners of every round played.
Json history_json(const std::vector<RoundResult>& history) {
    Json out = Json::array();
    for (const RoundResult& r : history) {
        Json& round = out.emplace_back(Json::object());
        round["round"] = r.round;
        round["points"] = r.points;
        round["winners"] = r.winners;
    }
    return out;
}

// A card as `viewer` sees it: its id, and its face only when allowed.
Json card_json(const Slot& slot, Face face, bool visible) {
    Json card = Json::object();
    card["id"] = slot.id;
    if (visible) card["face"] = face_json(face);
    return card;
}


}  // namespace

bool face_visible(const Table& t, Viewer viewer, Seat seat, int position) {
    if (t.revealed()) return true;  // every row was revealed
    if (viewer != seat) return false;
    if (t.peek_open(seat) && t.is_end(position)) return true;
    return t.phase == Phase::looked && t.current == seat && t.looked == position;
}

bool drawn_visible(const Table& t, Viewer viewer) { return t.drawn && viewer == t.current; }

Json view_of(const Table& t, Viewer viewer) {
    // Built key by key: views are made for every viewer after every step, and nlohmann's
    // initializer lists copy every value.
    Json rows = Json::array();
    for (Seat s = 0; s < t.players; ++s) {
        Json& row = rows.emplace_back(Json::array());
        for (int p = 0; p < t.cards; ++p) {
            const Slot& slot = t.rows[s][p];
            row.push_back(card_json(slot, t.face[slot.uid], face_visible(t, viewer, s, p)));
        }
    }
    const bool running = !t.revealed();
    Json view = Json::object();
    view["phase"] = to_string(t.phase);
    view["round"] = t.round;
    view["rounds"] = or_null(t.rounds_total);
    view["score_limit"] = t.score_limit;
    view["cards"] = t.cards;
    view["dealer"] = t.dealer;
    view["first"] = (t.dealer + 1) % t.players;
    view["current"] = running && t.phase != Phase::peek ? Json(t.current) : Json(nullptr);
    view["rows"] = std::move(rows);
    view["pile"] = t.pile.size();
    Json& discard = view["discard"];
    discard["count"] = t.discard.size();
    discard["top"] = face_json(t.top_discard());
    view["drawn"] = t.drawn ? card_json(*t.drawn, t.face[t.drawn->uid], drawn_visible(t, viewer)) : Json(nullptr);
    view["seen"] = t.seen;
    Json& looked = view["looked"];
    if (t.looked) {
        looked["seat"] = t.current;
        looked["position"] = *t.looked;
    }
    view["turns"] = t.turns;
    view["can_knock"] = running && t.phase != Phase::peek && t.knock_allowed();
    view["knocker"] = or_null(t.knocker);
    view["stalled"] = t.stalled;
    view["turns_left"] = t.turns_left;
    view["stall_turns"] = kStallTurnsPerPlayer * t.players;
    view["totals"] = t.totals;
    view["history"] = history_json(t.history);
    view["last_round"] = t.history.empty() ? Json(nullptr) : reveal_json(t.history.back());
    return view;
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
