#include "games/bigoudenn/table.hpp"

#include <algorithm>

namespace taol::games::bigoudenn {

std::string_view hand_name(int hand) { return hand == kLeft ? "left" : "right"; }

std::optional<std::pair<Seat, int>> holder_of(const Table& table, Utensil utensil) {
    for (Seat s = 0; s < table.players; ++s) {
        for (int h = 0; h < 2; ++h) {
            if (table.at(s).hands[h] == utensil) return std::pair{s, h};
        }
    }
    return std::nullopt;
}

bool holds(const Player& player, Utensil utensil) {
    return player.hands[kLeft] == utensil || player.hands[kRight] == utensil;
}

int utensils_held(const Player& player) {
    return (player.hands[kLeft] ? 1 : 0) + (player.hands[kRight] ? 1 : 0);
}

bool in_middle(const Table& table, Utensil utensil) {
    return std::find(table.middle_utensils.begin(), table.middle_utensils.end(), utensil) != table.middle_utensils.end();
}

bool in_middle(const Table& table, Card card) {
    return std::find(table.middle.begin(), table.middle.end(), card) != table.middle.end();
}

bool on_surface(const Player& player, Card card) {
    return std::find(player.surface.begin(), player.surface.end(), card) != player.surface.end();
}

void drop_to_middle(Table& table, Seat seat, int hand) {
    auto& slot = table.at(seat).hands[hand];
    if (!slot) return;
    const Utensil utensil = *slot;
    slot.reset();
    table.middle_utensils.push_back(utensil);
    std::erase_if(table.windows, [&](const Window& w) { return w.utensil == utensil; });
}

void take_from_middle(Table& table, Utensil utensil) {
    std::erase(table.middle_utensils, utensil);
}

void remove_card(std::vector<Card>& cards, Card card) { std::erase(cards, card); }

void place_on_surface(Table& table, Seat seat, Card card, std::optional<Card> put_back) {
    Player& player = table.at(seat);
    if (put_back) {
        remove_card(player.surface, *put_back);
        table.middle.push_back(*put_back);
    }
    player.surface.push_back(card);
}

std::optional<RuleError> check_put_back(const Table& table, Seat seat, std::optional<Card> put_back) {
    const Player& player = table.at(seat);
    const bool full = !table.simplified && static_cast<int>(player.surface.size()) >= kSurfaceLimit;
    if (full && !put_back) {
        return illegal("your work surface already holds 5 ingredients: name one to put back (\"put_back\")");
    }
    if (!full && put_back) return illegal("your work surface has room: nothing needs to be put back");
    if (put_back && !on_surface(player, *put_back)) return illegal("the ingredient to put back is not on your work surface");
    return std::nullopt;
}

LogEntry log_entry(TimeMs at, std::string_view event, Json params) {
    return LogEntry{at, "bigoudenn." + std::string(event), std::move(params), {}};
}

Json card_ids(const std::vector<Card>& cards) {
    Json ids = Json::array();
    for (Card c : cards) ids.push_back(ingredients()[c].id);
    return ids;
}

bool frozen(const Table& table, Utensil utensil) {
    if (!table.teut) return false;
    if (table.teut->utensil == utensil) return true;
    return table.teut->step == Step::passoire && utensil == Utensil::passoire;
}

std::string check_invariants(const Table& table) {
    std::vector<int> seen(kIngredientCount, 0);
    auto count = [&](const std::vector<Card>& cards) {
        for (Card c : cards) {
            if (c < 0 || c >= kIngredientCount) return false;
            ++seen[static_cast<std::size_t>(c)];
        }
        return true;
    };
    bool ok = count(table.pile) && count(table.middle);
    std::vector<int> utensils(kUtensilCount, 0);
    for (Utensil u : table.middle_utensils) ++utensils[static_cast<std::size_t>(u)];
    for (const Player& p : table.seats) {
        ok = ok && count(p.surface);
        for (const Made& m : p.made) ok = ok && count(m.cards);
        for (const auto& hand : p.hands) {
            if (hand) ++utensils[static_cast<std::size_t>(*hand)];
        }
        if (!table.simplified && static_cast<int>(p.surface.size()) > kSurfaceLimit) return "a work surface holds more than 5 ingredients";
    }
    if (table.teut) {
        for (const auto& bid : table.teut->bids) ok = ok && count(bid);
    }
    if (!ok) return "an ingredient index is out of range";
    for (int c = 0; c < kIngredientCount; ++c) {
        if (seen[static_cast<std::size_t>(c)] != 1) {
            return std::string("ingredient ") + std::string(ingredients()[c].id) + " is present " +
                   std::to_string(seen[static_cast<std::size_t>(c)]) + " times";
        }
    }
    for (int u = 0; u < kUtensilCount; ++u) {
        if (utensils[static_cast<std::size_t>(u)] != 1) {
            return std::string("utensil ") + std::string(to_string(static_cast<Utensil>(u))) + " is present " +
                   std::to_string(utensils[static_cast<std::size_t>(u)]) + " times";
        }
    }
    for (const Window& w : table.windows) {
        if (!holds(table.at(w.holder), w.utensil)) return "a TEUT! window is open on a utensil its holder dropped";
        if (table.simplified) return "a TEUT! window is open in the simplified variant";
    }
    if (table.teut) {
        const Teut& t = *table.teut;
        if (table.simplified) return "a TEUT! runs in the simplified variant";
        if (t.seats[0] == t.seats[1]) return "a TEUT! with a single participant";
        if (t.seats[0] == table.turn.active) return "the active player called a TEUT!";
        const bool held = holds(table.at(t.seats[1]), t.utensil) || (t.winner && holds(table.at(*t.winner), t.utensil));
        if (t.step != Step::passoire && !held) {
            return "the contested utensil left its holder during the TEUT!";
        }
        for (int p = 0; p < 2; ++p) {
            if (t.revealed[p] > t.bids[p].size()) return "more bids revealed than made";
        }
    }
    if (table.finished() && (table.teut || !table.windows.empty())) return "the game ended with a TEUT! or a window open";
    return {};
}

}  // namespace taol::games::bigoudenn
