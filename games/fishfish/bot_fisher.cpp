#include "games/fishfish/bot_fisher.hpp"

#include <algorithm>
#include <numeric>

#include "games/fishfish/table.hpp"

namespace taol::games::fishfish {
namespace {

// Chance somebody bets on a line the Fish may pass.
double reveal_chance(const FisherSituation& s, const std::vector<double>& hands, int bucket) {
    double nobody = 1;
    for (std::size_t f = 0; f < s.fish.size(); ++f) {
        if (hands[f] > 0.05) nobody *= 1 - s.fish[f].chance[bucket];
    }
    return 1 - nobody;
}

int highest_after(const std::vector<int>& order, std::size_t i) {
    int best = 0;
    for (std::size_t j = i + 1; j < order.size(); ++j) best = std::max(best, order[j]);
    return best;
}

// Expected worth of one plan, the Fish's hands followed as expectations.
double plan_value(const FisherSituation& s, const std::vector<int>& order, const std::vector<bool>& prise) {
    std::vector<double> hands;
    for (const FishGuess& f : s.fish) hands.push_back(f.hand);
    // The Prise whose reveal would end the round, and the chance the one before it was revealed.
    const int needed = kPriseCards - s.prises_revealed;
    const bool can_end = needed >= 1 && s.prise_left >= needed;
    int prises_seen = 0;
    double first_shown = s.prises_revealed >= 1 ? 1.0 : 0.0;
    double weight = 1;  // chance the round is still on
    double value = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
        const bool last = i + 1 == order.size();
        const int bucket = order[i] > s.high_above ? 1 : 0;
        const double shown = last ? 1.0 : reveal_chance(s, hands, bucket);
        double total = 0;
        for (std::size_t f = 0; f < hands.size(); ++f) {
            const double bet = last ? hands[f] : s.fish[f].share[bucket] * std::min<double>(kTilesPerFish, hands[f]);
            total += bet;
            hands[f] -= bet;
        }
        value += weight * (prise[i] ? kPointsPerCapture * total : -s.lambda * order[i] * total);
        if (!prise[i] || !can_end) continue;
        ++prises_seen;
        if (prises_seen < needed) {
            first_shown = shown;
            continue;
        }
        if (last) continue;
        const double ends = first_shown * shown;
        const double kept = std::accumulate(hands.begin(), hands.end(), 0.0);
        value += weight * ends * (-s.lambda * highest_after(order, i) * kept);
        weight *= 1 - ends;
    }
    return value;
}

void keep_best(std::vector<LineChoice>& choices, int bait, bool prise, double value) {
    for (LineChoice& c : choices) {
        if (c.bait == bait && c.prise == prise) {
            c.value = std::max(c.value, value);
            return;
        }
    }
    choices.push_back(LineChoice{bait, prise, value});
}

}  // namespace

std::vector<LineChoice> line_choices(const FisherSituation& s) {
    std::vector<LineChoice> choices;
    std::vector<int> order = s.baits_left;
    const std::size_t k = order.size();
    if (k == 0 || s.prise_left + s.bredouille_left != static_cast<int>(k)) return choices;
    std::sort(order.begin(), order.end());
    do {
        std::vector<bool> prise(k, false);
        for (std::size_t i = k - static_cast<std::size_t>(s.prise_left); i < k; ++i) prise[i] = true;
        do {
            keep_best(choices, order[0], prise[0], plan_value(s, order, prise));
        } while (std::next_permutation(prise.begin(), prise.end()));
    } while (std::next_permutation(order.begin(), order.end()));
    return choices;
}

}  // namespace taol::games::fishfish
