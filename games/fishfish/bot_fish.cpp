#include "games/fishfish/bot_fish.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "games/fishfish/table.hpp"

namespace taol::games::fishfish {
namespace {

// Baits left as a bit set over the positions of the sorted option (equal values take the lowest
// free positions, so a multiset has one mask).
unsigned mask_of(const std::vector<int>& baits, const std::vector<int>& left) {
    unsigned mask = 0;
    for (int value : left) {
        for (std::size_t i = 0; i < baits.size(); ++i) {
            if (baits[i] == value && !(mask & (1u << i))) {
                mask |= 1u << i;
                break;
            }
        }
    }
    return mask;
}

class Search {
public:
    explicit Search(const FishSituation& s) : s_(s) { memo_.fill(NAN); }

    // Worth of `hand` tiles before the Fisher sets the next line, `mask` baits left.
    double future(unsigned mask, int unknown, int prises, int hand) {
        if (hand <= 0 || mask == 0 || unknown <= 0) return 0;
        double& slot = memo_[index(mask, unknown, prises, hand)];
        if (!std::isnan(slot)) return slot;
        const int lines = std::popcount(mask);
        double sum = 0;
        for (std::size_t i = 0; i < s_.baits.size(); ++i) {
            if (!(mask & (1u << i))) continue;
            const unsigned rest = mask & ~(1u << i);
            const int bait = s_.baits[i];
            if (lines == 1) {
                sum += hand * tile_worth(bait, unknown, prises);
                continue;
            }
            double best = -1e9;
            for (int t = 0; t <= std::min(kTilesPerFish, hand); ++t) {
                best = std::max(best, line(bait, rest, unknown, prises, hand, t, s_.reveal_later));
            }
            sum += best;
        }
        return slot = sum / lines;
    }

    // Worth of betting t of `hand` on a line of `bait`, then playing on with `rest`.
    double line(int bait, unsigned rest, int unknown, int prises, int hand, int t, double reveal) {
        const double p = prise_chance(unknown, prises);
        const int kept = hand - t;
        const double hidden = future(rest, unknown, prises, kept);
        const double shown_bredouille = future(rest, unknown - 1, prises, kept);
        // The second Prise revealed ends the round: what is kept goes to the highest bait left.
        const double shown_prise = prises == 1 ? kept * highest(rest) : future(rest, unknown - 1, prises - 1, kept);
        const double shown = p * shown_prise + (1 - p) * shown_bredouille;
        const double r = t > 0 ? 1.0 : reveal;
        return t * tile_worth(bait, unknown, prises) + r * shown + (1 - r) * hidden;
    }

    double tile_worth(int bait, int unknown, int prises) const {
        const double p = prise_chance(unknown, prises);
        return (1 - p) * bait - p * kPointsPerCapture * s_.lambda;
    }

private:
    static double prise_chance(int unknown, int prises) {
        return unknown > 0 ? std::clamp(static_cast<double>(prises) / unknown, 0.0, 1.0) : 0.0;
    }

    int highest(unsigned mask) const {
        int best = 0;
        for (std::size_t i = 0; i < s_.baits.size(); ++i) {
            if (mask & (1u << i)) best = std::max(best, s_.baits[i]);
        }
        return best;
    }

    static std::size_t index(unsigned mask, int unknown, int prises, int hand) {
        return ((static_cast<std::size_t>(mask) * 6 + unknown) * 3 + std::clamp(prises, 0, 2)) * 5 + hand;
    }

    const FishSituation& s_;
    std::array<double, 32 * 6 * 3 * 5> memo_{};
};

bool sane(const FishSituation& s) {
    return s.baits.size() == static_cast<std::size_t>(kBaitCount) && s.unknown >= 1 && s.unknown <= kBaitCount &&
           s.hand >= 0 && s.hand <= kTilesPerFish;
}

}  // namespace

double bet_value(const FishSituation& s, int tiles) {
    if (!sane(s)) return 0;
    Search search(s);
    const unsigned rest = mask_of(s.baits, s.baits_left);
    return search.line(s.bait, rest, s.unknown, s.prises_hidden, s.hand, tiles, s.reveal_now);
}

int best_bet(const FishSituation& s) {
    if (!sane(s)) return 0;
    Search search(s);
    const unsigned rest = mask_of(s.baits, s.baits_left);
    int best = 0;
    double best_value = -1e18;
    for (int t = 0; t <= s.max_bet; ++t) {
        const double v = search.line(s.bait, rest, s.unknown, s.prises_hidden, s.hand, t, s.reveal_now);
        if (v > best_value + 1e-9) {
            best_value = v;
            best = t;
        }
    }
    return best;
}

}  // namespace taol::games::fishfish
