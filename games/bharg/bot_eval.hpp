#pragma once
// The bharg bot's judgement over cards alone (no JSON): which card to discard and whether the top
// of the discard pile is worth taking. Built on the exact solver; every function is pure.
#include <optional>
#include <vector>

#include "games/bharg/cards.hpp"

namespace taol::games::bharg {

// How the bot weighs a hand, in points of unbound value.
struct BotWeights {
    double lookahead = 0.5;  // share of the expected improvement of the next draw counted now
    double win_now = 100;    // a round won by this discard
    double win_next = 50;    // times the chance that the next deck draw wins
};

// What the bot knows when it decides: the top Ace and the cards it has not seen (in the deck or in
// the opponent's hand).
struct Outlook {
    std::optional<CardId> top_ace;
    std::vector<CardId> unseen;
};

// The cost of a 7-card hand that leaves `unbound` value under `top_ace`, before the next draw from
// the deck: its unbound value, lowered by what the next draw promises. A bound hand is a win.
double hand_cost(const std::vector<CardId>& hand, std::optional<CardId> top_ace, int unbound,
                 const std::vector<CardId>& unseen, const BotWeights& weights = {});

// The best discard of an 8-card hand: its index and the cost of the hand it leaves (a discarded
// Ace becomes the top Ace). A discard that wins the round always comes first.
struct Discard {
    std::size_t index = 0;
    double cost = 0;
};
Discard best_discard(const std::vector<CardId>& hand, const Outlook& outlook, const BotWeights& weights = {});

// True when taking `top` from the discard pile leaves a better hand than a draw from the deck is
// expected to (the expectation over the unseen cards).
bool take_discard(const std::vector<CardId>& hand, CardId top, const Outlook& outlook, const BotWeights& weights = {});

}  // namespace taol::games::bharg
