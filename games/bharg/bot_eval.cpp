#include "games/bharg/bot_eval.hpp"

#include <algorithm>

#include "games/bharg/bot_draws.hpp"
#include "games/bharg/solver.hpp"

namespace taol::games::bharg {
namespace {

std::vector<CardId> without(const std::vector<CardId>& cards, std::size_t index) {
    std::vector<CardId> rest = cards;
    rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(index));
    return rest;
}

// The top Ace once `card` is discarded: an Ace goes on top of the Ace pile.
std::optional<CardId> top_after(CardId card, std::optional<CardId> top_ace) {
    return is_ace(card) ? std::optional<CardId>(card) : top_ace;
}

// The unbound value each discard of `hand` leaves (one solver search, plus one per Ace held, as a
// discarded Ace changes what binds).
std::vector<int> unbound_after_each(const std::vector<CardId>& hand, std::optional<CardId> top_ace) {
    std::vector<int> left = unbound_without_each(hand, top_ace);
    for (std::size_t i = 0; i < hand.size(); ++i) {
        if (is_ace(hand[i])) left[i] = arrange(without(hand, i), hand[i]).unbound_value;
    }
    return left;
}

}  // namespace

double hand_cost(const std::vector<CardId>& hand, std::optional<CardId> top_ace, int unbound,
                 const std::vector<CardId>& unseen, const BotWeights& weights) {
    if (unbound == 0) return -weights.win_now;
    if (unseen.empty()) return unbound;
    // The next deck draw, discarding by unbound value alone (a draw is never worse than the hand).
    DrawTable draws(hand, top_ace);
    double expected = 0;
    int wins = 0;
    for (CardId card : unseen) {
        const int best = std::min(unbound, draws.best_after(card));
        expected += best;
        wins += best == 0 ? 1 : 0;
    }
    const double n = static_cast<double>(unseen.size());
    return unbound + weights.lookahead * (expected / n - unbound) - weights.win_next * wins / n;
}

namespace {

// The best discard among the `limit` that leave the least unbound value (all of them by default).
Discard best_discard_among(const std::vector<CardId>& hand, const Outlook& outlook, const BotWeights& weights,
                           std::size_t limit) {
    const std::vector<int> left = unbound_after_each(hand, outlook.top_ace);
    std::vector<std::size_t> order(hand.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return left[a] < left[b]; });
    if (left[order.front()] == 0) return {order.front(), -weights.win_now};
    order.resize(std::min(limit, order.size()));
    std::sort(order.begin(), order.end());  // hand order, so that ties fall the same way
    Discard best{order.front(), 0};
    bool any = false;
    for (std::size_t i : order) {
        const double cost = hand_cost(without(hand, i), top_after(hand[i], outlook.top_ace), left[i], outlook.unseen, weights);
        // Ties: rid the hand of the higher value.
        const bool better = !any || cost < best.cost - 1e-9 ||
                            (cost < best.cost + 1e-9 && info(hand[i]).value > info(hand[best.index]).value);
        if (better) best = {i, cost};
        any = true;
    }
    return best;
}

}  // namespace

Discard best_discard(const std::vector<CardId>& hand, const Outlook& outlook, const BotWeights& weights) {
    return best_discard_among(hand, outlook, weights, hand.size());
}

bool take_discard(const std::vector<CardId>& hand, CardId top, const Outlook& outlook, const BotWeights& weights) {
    std::vector<CardId> with = hand;
    with.push_back(top);
    const Discard take = best_discard(with, outlook, weights);
    // A card that wins the round now is always taken; one only thrown back never is (that is a
    // deck draw's worst case).
    if (take.cost <= -weights.win_now) return true;
    if (take.index == hand.size()) return false;
    const int unbound = arrange(hand, outlook.top_ace).unbound_value;
    if (outlook.unseen.empty()) return take.cost < unbound;
    // A deck draw is worth at least the hand as it is (the drawn card can go straight back).
    if (take.cost >= hand_cost(hand, outlook.top_ace, unbound, outlook.unseen, weights)) return false;
    // The deck's expectation, each draw judged on its few most promising discards (time bound).
    constexpr std::size_t kDeckCandidates = 3;
    double deck = 0;
    for (std::size_t k = 0; k < outlook.unseen.size(); ++k) {
        with.back() = outlook.unseen[k];
        const Outlook after{outlook.top_ace, without(outlook.unseen, k)};
        deck += best_discard_among(with, after, weights, kDeckCandidates).cost;
    }
    deck /= static_cast<double>(outlook.unseen.size());
    return take.cost < deck;
}

}  // namespace taol::games::bharg
