#include "games/castors/bot_memory.hpp"

#include <algorithm>
#include <string>

namespace taol::games::castors {
namespace {

// A new round: nothing known yet, the discard to be counted from the view.
void start(Knowledge& k, int round, int players, int cards) {
    k.round = round;
    k.rows.assign(static_cast<std::size_t>(players), std::vector<int>(static_cast<std::size_t>(cards), kUnknown));
    k.gone.fill(0);
    k.top = -1;
    k.held = -1;
    k.fresh = true;
}

bool in_row(const Knowledge& k, int seat, int position) {
    return seat >= 0 && seat < k.players() && position >= 0 && position < k.cards();
}

int int_param(const Json& params, const char* key) {
    const Json& v = params.value(key, Json());
    return v.is_number_integer() ? v.get<int>() : -1;
}

// A face goes onto the discard pile (face up: everyone sees it).
void to_discard(Knowledge& k, Face face) {
    if (face < 0) return;
    ++k.gone[static_cast<std::size_t>(face)];
    k.top = face;
}

void taken_from_discard(Knowledge& k, Face face) {
    if (face >= 0 && k.gone[static_cast<std::size_t>(face)] > 0) --k.gone[static_cast<std::size_t>(face)];
}

void apply_exchange(Knowledge& k, const Json& p) {
    const int s = int_param(p, "seat"), pos = int_param(p, "position");
    const int t = int_param(p, "target"), tpos = int_param(p, "target_position");
    if (in_row(k, s, pos) && in_row(k, t, tpos)) std::swap(k.rows[s][pos], k.rows[t][tpos]);
}

// A card drawn from the pile was placed: we know it only if we drew it.
void apply_swap(Knowledge& k, const Json& p) {
    const int s = int_param(p, "seat"), pos = int_param(p, "position");
    to_discard(k, face_from_json(p.value("discarded", Json())));
    if (!in_row(k, s, pos)) return;
    if (s == k.me) {
        k.rows[s][pos] = k.held >= 0 ? k.held : kUnknown;
        k.held = -1;
    } else {
        k.rows[s][pos] = kPlaced;
    }
}

void apply_take(Knowledge& k, const Json& p) {
    const int s = int_param(p, "seat"), pos = int_param(p, "position");
    const Face taken = face_from_json(p.value("taken", Json()));
    taken_from_discard(k, taken);
    to_discard(k, face_from_json(p.value("discarded", Json())));
    if (in_row(k, s, pos)) k.rows[s][pos] = taken;
}

void apply_entry(Knowledge& k, const Json& entry) {
    const std::string key = entry.value("text_key", "");
    const Json& p = entry.contains("params") ? entry.at("params") : Json::object();
    const bool mine = int_param(p, "seat") == k.me;
    if (key == "castors.round_start") {
        start(k, int_param(p, "round"), k.players(), k.cards());
    } else if (key == "castors.take_discard") {
        apply_take(k, p);
    } else if (key == "castors.swap") {
        apply_swap(k, p);
    } else if (key == "castors.discard" || key == "castors.play") {
        to_discard(k, face_from_json(p.value("card", Json())));
        if (mine) k.held = -1;
    } else if (key == "castors.piocher") {
        for (const Json& f : p.value("discarded", Json::array())) to_discard(k, face_from_json(f));
    } else if (key == "castors.exchange") {
        apply_exchange(k, p);
    } else if (key == "castors.reshuffle") {
        // The discard but its top card became the pile: those cards are unseen again.
        k.gone.fill(0);
        if (k.top >= 0) k.gone[static_cast<std::size_t>(k.top)] = 1;
    }
}

// Faces the view shows this seat now (the peek, Regarder, the card it holds).
void record_view(Knowledge& k, const Json& view) {
    const Json& rows = view.at("rows");
    for (int s = 0; s < k.players(); ++s) {
        for (int p = 0; p < k.cards(); ++p) {
            const Json& card = rows.at(s).at(p);
            if (card.contains("face")) k.rows[s][p] = face_from_json(card.at("face"));
        }
    }
    const Json& drawn = view.at("drawn");
    if (view.at("phase") == "drawn" && view.at("current") == k.me && drawn.is_object() && drawn.contains("face")) {
        k.held = face_from_json(drawn.at("face"));
    }
}

}  // namespace

Json to_json(const Knowledge& k) {
    return {{"r", k.round}, {"m", k.me}, {"k", k.rows}, {"g", k.gone}, {"t", k.top}, {"h", k.held}, {"f", k.fresh}};
}

Knowledge knowledge_from(const Json& memory) {
    Knowledge k;
    if (!memory.is_object()) return k;
    k.round = memory.at("r").get<int>();
    k.me = memory.at("m").get<int>();
    k.rows = memory.at("k").get<std::vector<std::vector<int>>>();
    k.gone = memory.at("g").get<std::array<int, kFaceCount>>();
    k.top = memory.at("t").get<int>();
    k.held = memory.at("h").get<int>();
    k.fresh = memory.at("f").get<bool>();
    return k;
}

Knowledge observe(Knowledge k, const Json& snapshot) {
    const Json& view = snapshot.at("view");
    k.me = snapshot.at("seat").get<int>();
    const int players = static_cast<int>(view.at("rows").size());
    const int cards = view.at("cards").get<int>();
    const int round = view.at("round").get<int>();
    if (k.players() != players || k.cards() != cards) start(k, round, players, cards);
    for (const Json& entry : snapshot.value("log", Json::array())) apply_entry(k, entry);
    if (k.round != round) start(k, round, players, cards);
    const std::string phase = view.at("phase").get<std::string>();
    if (phase == "round_over" || phase == "finished") return k;  // all revealed: nothing left to learn
    if (k.fresh) {
        // The first look at this round: its discard so far is what lies on top.
        k.gone.fill(0);
        to_discard(k, face_from_json(view.at("discard").at("top")));
        k.fresh = false;
    }
    record_view(k, view);
    return k;
}

std::array<int, kFaceCount> unseen(const Knowledge& k) {
    std::array<int, kFaceCount> left{};
    for (const CardKind& kind : kDeck) {
        const std::size_t f = static_cast<std::size_t>(kind.face);
        left[f] = std::max(0, kind.copies - k.gone[f]);
    }
    const auto remove = [&](int face) {
        if (face < 0 || face >= kFaceCount) return;
        int& count = left[static_cast<std::size_t>(face)];
        if (count > 0) --count;
    };
    for (const auto& row : k.rows) {
        for (int face : row) remove(face);
    }
    remove(k.held);
    return left;
}

}  // namespace taol::games::castors
