#pragma once
// What the fishfish bot learns about the other seats from public bets: how much of what it could
// bet each seat bets on a line it was free to pass (lines 1-4), and how often it bets at all,
// apart on high baits (above the middle one) and low ones, since a Fish that reads the baits
// bets more on high ones. The Fisher's plan and the Fish's guess of who reveals a line lean on it.
#include <array>
#include <vector>

#include "games/core/types.hpp"

namespace taol::games::fishfish {

struct SeatStats {
    int lines = 0;    // free bets seen (the 5th line's forced bet does not count)
    int nonzero = 0;  // of them, bets of at least one tile
    int tiles = 0;    // tiles bet on them
    int cap = 0;      // tiles that could have been bet on them (min(4, hand))

    double bet_share() const;   // expected share of what it can bet, with a prior
    double bet_chance() const;  // chance it bets something, with a prior
};

// Stats of past rounds (kept in memory) and the round folded last.
// Index 0: low baits, 1: high baits.
using SeatBuckets = std::array<SeatStats, 2>;

struct Observed {
    int folded_round = 0;
    std::vector<SeatBuckets> seats;
};

// Whether `bait` counts as high among the game's baits.
int bait_bucket(const Json& view, int bait);

Observed observed_from(const Json& memory, int players);
Json to_memory(const Observed& observed);

// Adds the free bets of the view's round (finished lines, then the current one).
void add_round(const Json& view, std::vector<SeatBuckets>& seats);

// Memory for this snapshot: a round is folded in once it is over (its lines stay in the view
// until every seat continues), so the stats then hold exactly the rounds seen to their end.
Observed observe(const Json& memory, const Json& view, int players);

// The stats to decide with: past rounds plus the round under way.
std::vector<SeatBuckets> current_stats(const Observed& observed, const Json& view);

}  // namespace taol::games::fishfish
