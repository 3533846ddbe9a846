#pragma once
// The exact Bharg solver: the arrangement of a hand into bhargs that leaves the least value
// unbound, given the top card of the Ace pile.
#include <optional>
#include <span>
#include <vector>

#include "games/bharg/cards.hpp"

namespace taol::games::bharg {

// A hand's best arrangement. Every card of the hand is in exactly one of the three parts.
struct Arrangement {
    std::vector<std::vector<CardId>> bhargs;  // each covers the six suits exactly once
    std::vector<CardId> ace_bound;            // outside a bharg, bound by the top Ace (or the Excuse)
    std::vector<CardId> unbound;
    int unbound_value = 0;

    bool all_bound() const { return unbound.empty(); }
};

// At least 3 cards, no Excuse, each of the six suits exactly once.
bool is_bharg(std::span<const CardId> cards);

// True when `card` is bound without a bharg: it shares a suit with the top Ace, or is the Excuse.
bool ace_binds(std::optional<CardId> top_ace, CardId card);

// The arrangement with the least unbound value; among those, the fewest unbound cards, then the
// most cards in bhargs. Deterministic for a given hand order. Hands of up to 12 cards.
Arrangement arrange(std::span<const CardId> hand, std::optional<CardId> top_ace);

// For each card of the hand, the least unbound value of the hand without that card, under the
// same top Ace (one search for all of them).
std::vector<int> unbound_without_each(std::span<const CardId> hand, std::optional<CardId> top_ace);

}  // namespace taol::games::bharg
