#include "games/bigoudenn/simplified.hpp"

namespace taol::games::bigoudenn {
namespace {

std::optional<RuleError> may_take(const Table& table) {
    if (table.turn.taken >= kSimplifiedTakes) return illegal("you have already taken two ingredients this turn");
    return std::nullopt;
}

// Gives `utensil` up to the middle, not to be grabbed back by this player this turn.
void exchange(Table& table, Seat seat, Utensil utensil) {
    const Player& player = table.at(seat);
    drop_to_middle(table, seat, player.hands[kLeft] == utensil ? kLeft : kRight);
    table.turn.exchanged.push_back(utensil);
}

}  // namespace

bool exchange_fits(Card card, Utensil utensil) {
    const auto needs = ingredients()[card].needs;
    if (!needs || needs == utensil) return true;
    const bool basic = *needs == Utensil::couteau || *needs == Utensil::fourchette || *needs == Utensil::cuillere ||
                       *needs == Utensil::spatule;
    return basic && utensil == Utensil::passoire;
}

Logged simple_take(Table& table, Card card, Utensil give, TimeMs now) {
    const Seat seat = table.turn.active;
    if (auto error = may_take(table)) return *error;
    if (!in_middle(table, card)) return illegal("that ingredient is not in the middle");
    if (!holds(table.at(seat), give)) return illegal("you do not hold the " + std::string(to_string(give)));
    if (!exchange_fits(card, give)) {
        const auto needs = *ingredients()[card].needs;
        return illegal("this ingredient is taken with the " + std::string(to_string(needs)) +
                       (needs == Utensil::araignee || needs == Utensil::couvercle ? "" : " or the passoire"));
    }
    exchange(table, seat, give);
    remove_card(table.middle, card);
    place_on_surface(table, seat, card, std::nullopt);
    ++table.turn.taken;
    return std::vector<LogEntry>{log_entry(now, "take", {{"seat", seat},
                                                         {"hand", nullptr},
                                                         {"card", ingredients()[card].id},
                                                         {"utensil", to_string(give)},
                                                         {"put_back", nullptr}})};
}

Logged simple_steal(Table& table, Seat from, Card card, TimeMs now) {
    const Seat seat = table.turn.active;
    if (auto error = may_take(table)) return *error;
    if (!holds(table.at(seat), Utensil::araignee)) return illegal("stealing needs the araignee");
    if (from < 0 || from >= table.players || from == seat) return illegal("steal from another player's seat");
    if (!on_surface(table.at(from), card)) return illegal("that ingredient is not on that player's work surface");
    Json params = {{"seat", seat}, {"hand", nullptr}, {"from", from}, {"card", ingredients()[card].id}};
    Player& target = table.at(from);
    if (holds(target, Utensil::couvercle)) {
        // The lid is used up and the steal fails. The araignée still goes to the middle, but it
        // took no ingredient: nothing is counted and it is not locked for the rest of the turn
        // (the seed locks a utensil "échangé ce tour ci pour s'emparer d'un ingrédient").
        const Player& thief = table.at(seat);
        drop_to_middle(table, seat, thief.hands[kLeft] == Utensil::araignee ? kLeft : kRight);
        drop_to_middle(table, from, target.hands[kLeft] == Utensil::couvercle ? kLeft : kRight);
        return std::vector<LogEntry>{log_entry(now, "steal_blocked", std::move(params))};
    }
    exchange(table, seat, Utensil::araignee);
    remove_card(target.surface, card);
    place_on_surface(table, seat, card, std::nullopt);
    ++table.turn.taken;
    params["put_back"] = nullptr;
    return std::vector<LogEntry>{log_entry(now, "steal", std::move(params))};
}

}  // namespace taol::games::bigoudenn
