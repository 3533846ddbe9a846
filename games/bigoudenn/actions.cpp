// The protocol's action lists (view.hpp): complete actions where the choice is small, "choose"
// templates where every filling is legal.
#include <algorithm>

#include "games/bigoudenn/scoring.hpp"
#include "games/bigoudenn/simplified.hpp"
#include "games/bigoudenn/teut.hpp"
#include "games/bigoudenn/view.hpp"

namespace taol::games::bigoudenn {
namespace {

Json one_of(Json values) { return {{"one_of", std::move(values)}}; }

// Adds the put_back choice a full work surface needs.
void add_put_back(const Table& table, Seat seat, Json& choose) {
    const Player& p = table.at(seat);
    if (!table.simplified && static_cast<int>(p.surface.size()) >= kSurfaceLimit) {
        choose["put_back"] = one_of(card_ids(p.surface));
    }
}

void add_compose(const Table& table, Seat seat, Json& out) {
    const Player& p = table.at(seat);
    for (const auto& cards : possible_recipes(p.face, p.surface)) {
        out.push_back({{"type", "compose"}, {"cards", card_ids(cards)}});
    }
}

void add_steals(const Table& table, Seat seat, Json extra, Json& out) {
    for (Seat s = 0; s < table.players; ++s) {
        if (s == seat || table.at(s).surface.empty()) continue;
        Json choose = {{"card", one_of(card_ids(table.at(s).surface))}};
        add_put_back(table, seat, choose);
        Json entry = extra;
        entry["type"] = "steal";
        entry["from"] = s;
        entry["choose"] = std::move(choose);
        out.push_back(std::move(entry));
    }
}

void full_turn(const Table& table, Seat seat, Json& out) {
    const Player& p = table.at(seat);
    if (!table.turn.composed) {
        for (int hand = 0; hand < 2; ++hand) {
            if (table.turn.hand_used[hand]) continue;
            const std::string h(hand_name(hand));
            std::vector<Card> takeable;
            for (Card c : table.middle) {
                const auto needs = ingredients()[c].needs;
                if (!needs || needs == p.hands[hand]) takeable.push_back(c);
            }
            if (!takeable.empty()) {
                Json choose = {{"card", one_of(card_ids(takeable))}};
                add_put_back(table, seat, choose);
                out.push_back({{"type", "take"}, {"hand", h}, {"choose", std::move(choose)}});
            }
            if (p.hands[hand] == Utensil::araignee) add_steals(table, seat, {{"hand", h}}, out);
            for (Utensil u : table.middle_utensils) {
                out.push_back({{"type", "grab"}, {"hand", h}, {"utensil", to_string(u)}});
            }
            out.push_back({{"type", "amen"}, {"hand", h}});
        }
        add_compose(table, seat, out);
    }
    out.push_back({{"type", "end_turn"}});
}

// Grabs and drops outside the hand actions, and TEUT! calls.
void full_valse(const Table& table, Seat seat, Json& out) {
    const Player& p = table.at(seat);
    for (int hand = 0; hand < 2; ++hand) {
        if (p.hands[hand] && frozen(table, *p.hands[hand])) continue;
        const std::string h(hand_name(hand));
        for (Utensil u : table.middle_utensils) out.push_back({{"type", "grab"}, {"hand", h}, {"utensil", to_string(u)}});
        if (p.hands[hand]) out.push_back({{"type", "drop"}, {"hand", h}});
    }
    if (table.teut || p.called_teut || p.surface.empty()) return;
    for (const Window& w : table.windows) {
        if (w.holder != seat) out.push_back({{"type", "teut"}, {"utensil", to_string(w.utensil)}});
    }
}

void teut_steps(const Table& table, Seat seat, Json& out) {
    const auto waiting = teut_waiting(table);
    if (std::find(waiting.begin(), waiting.end(), seat) == waiting.end()) return;
    const Teut& x = *table.teut;
    const Player& p = table.at(seat);
    if (x.step == Step::award) {
        for (int hand = 0; hand < 2; ++hand) out.push_back({{"type", "make_room"}, {"hand", hand_name(hand)}});
        return;
    }
    if (x.step == Step::passoire) {
        std::vector<Card> bid = x.bids[0];
        bid.insert(bid.end(), x.bids[1].begin(), x.bids[1].end());
        Json choose = {{"card", one_of(card_ids(bid))}};
        add_put_back(table, seat, choose);
        out.push_back({{"type", "passoire"}, {"choose", std::move(choose)}});
        out.push_back({{"type", "pass"}});
        return;
    }
    out.push_back({{"type", "bid"}, {"choose", {{"card", one_of(card_ids(p.surface))}}}});
    if (x.step != Step::bidding) out.push_back({{"type", "pass"}});
}

void simplified_turn(const Table& table, Seat seat, Json& out) {
    const Player& p = table.at(seat);
    if (table.turn.taken < kSimplifiedTakes) {
        for (const auto& held : p.hands) {
            if (!held) continue;
            std::vector<Card> takeable;
            for (Card c : table.middle) {
                if (exchange_fits(c, *held)) takeable.push_back(c);
            }
            if (!takeable.empty()) {
                out.push_back({{"type", "take"}, {"give", to_string(*held)}, {"choose", {{"card", one_of(card_ids(takeable))}}}});
            }
        }
        if (holds(p, Utensil::araignee)) add_steals(table, seat, Json::object(), out);
    }
    if (!table.turn.amen_used) out.push_back({{"type", "amen"}});
    add_compose(table, seat, out);
    out.push_back({{"type", "end_turn"}});
}

void simplified_valse(const Table& table, Seat seat, Json& out) {
    const Player& p = table.at(seat);
    const auto& exchanged = table.turn.exchanged;
    Json held = Json::array();
    for (const auto& u : p.hands) {
        if (u) held.push_back(to_string(*u));
    }
    for (Utensil u : table.middle_utensils) {
        if (seat == table.turn.active && std::find(exchanged.begin(), exchanged.end(), u) != exchanged.end()) continue;
        Json entry = {{"type", "grab"}, {"utensil", to_string(u)}};
        if (held.size() == 2) entry["choose"] = {{"drop", one_of(held)}};
        out.push_back(std::move(entry));
    }
    for (const Json& u : held) out.push_back({{"type", "drop"}, {"utensil", u}});
}

}  // namespace

Json actions_of(const Table& table, Seat seat) {
    Json out = Json::array();
    if (table.finished() || seat < 0 || seat >= table.players) return out;
    const bool active = seat == table.turn.active;
    if (table.simplified) {
        if (active) simplified_turn(table, seat, out);
        simplified_valse(table, seat, out);
        return out;
    }
    if (table.teut) teut_steps(table, seat, out);
    if (active && !table.teut) full_turn(table, seat, out);
    if (!active) full_valse(table, seat, out);
    return out;
}

}  // namespace taol::games::bigoudenn
