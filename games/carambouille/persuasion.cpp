#include "games/carambouille/persuasion.hpp"

#include <algorithm>
#include <set>

#include "games/carambouille/input.hpp"
#include "games/carambouille/sales.hpp"

namespace taol::games::carambouille {
namespace {

int face_value(const std::vector<int>& cards) {
    int total = 0;
    for (int card : cards) total += value_of(card);
    return total;
}

// Ends `persuader`'s Persuasion; the sale begins once the last one ends after the bell.
void end_persuasion(Table& table, Seat persuader, TimeMs now, std::vector<LogEntry>& log) {
    table.persuasions.erase(std::remove_if(table.persuasions.begin(), table.persuasions.end(),
                                           [&](const Persuasion& p) { return p.persuader == persuader; }),
                            table.persuasions.end());
    if (table.phase == Phase::closing && table.persuasions.empty()) begin_sales(table, now, log);
}

}  // namespace

std::vector<int> persuasion_products(const Table& table, const Persuasion& p) {
    std::vector<int> products;
    for (int card : table.hands[p.target]) {
        if (is_product(card)) products.push_back(card);
    }
    return products;
}

Refusal persuade(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"target"})) return bad;
    if (table.phase != Phase::trading) return illegal("Persuasion is played during trading only");
    if (table.persuasion_of(seat)) return illegal("you are already part of a Persuasion");
    const int card = table.find_type(seat, CardType::persuasion);
    if (card < 0) return illegal("you hold no Persuasion card");
    const auto target = read_seat(table, action.at("target"), "target", seat, false);
    if (!target) return target.error();
    const Seat victim = *target.value();
    if (table.persuasion_of(victim)) return illegal("this player is already part of a Persuasion");

    take_from_hand(table, seat, card);
    table.card_discard.push_back(card);
    table.known[card] = Table::kPublic;
    const Persuasion p{seat, victim, now + kPersuasionMs};
    for (int product : persuasion_products(table, p)) table.learn(product, seat);
    table.persuasions.push_back(p);
    log.push_back(public_entry(now, "carambouille.persuasion", {{"persuader", seat}, {"target", victim}}));
    prune_offers(table, now, log);
    return std::nullopt;
}

Refusal persuasion_exchange(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"take", "give"})) return bad;
    const Persuasion* running = table.persuasion_of(seat);
    if (!running || running->persuader != seat) return illegal("you are not running a Persuasion");
    const Persuasion p = *running;

    // The target's products are read like own cards, from the target's hand.
    auto take = read_own_cards(table, p.target, action.at("take"), "take");
    if (!take) return illegal("'take' must list products of your target's hand");
    auto give = read_own_cards(table, seat, action.at("give"), "give");
    if (!give) return give.error();
    if (!std::all_of(take.value().begin(), take.value().end(), is_product)) return illegal("you may take products only");
    if (!std::all_of(give.value().begin(), give.value().end(), is_product)) return illegal("you may give back products only");
    if (face_value(take.value()) != face_value(give.value())) {
        return illegal("what you give back must have exactly the face value of what you take");
    }
    // Each side is told the cards by the ids it knows: its own as they were, the others' new.
    const Json took_before = cards_json(table, take.value());
    const Json gave_before = cards_json(table, give.value());
    hand_over(table, take.value(), p.target, seat);
    hand_over(table, give.value(), seat, p.target);
    log.push_back(public_entry(now, "carambouille.persuasion_end", {{"persuader", seat}, {"target", p.target},
                                                                    {"took", take.value().size()},
                                                                    {"gave", give.value().size()},
                                                                    {"timeout", false}}));
    if (!take.value().empty()) {
        const Json head = {{"persuader", seat}, {"target", p.target}};
        Json for_persuader = head, for_target = head;
        for_persuader["took"] = cards_json(table, take.value());
        for_persuader["gave"] = gave_before;
        for_target["took"] = took_before;
        for_target["gave"] = cards_json(table, give.value());
        log.push_back(private_entry(now, "carambouille.persuasion_cards", std::move(for_persuader), {seat}));
        log.push_back(private_entry(now, "carambouille.persuasion_cards", std::move(for_target), {p.target}));
    }
    prune_offers(table, now, log);
    end_persuasion(table, seat, now, log);
    return std::nullopt;
}

void persuasion_timeout(Table& table, Seat persuader, TimeMs now, std::vector<LogEntry>& log) {
    const Persuasion* p = table.persuasion_of(persuader);
    log.push_back(public_entry(now, "carambouille.persuasion_end", {{"persuader", persuader}, {"target", p->target},
                                                                    {"took", 0}, {"gave", 0}, {"timeout", true}}));
    end_persuasion(table, persuader, now, log);
}

}  // namespace taol::games::carambouille
