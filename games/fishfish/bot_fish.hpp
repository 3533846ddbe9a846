#pragma once
// The Fish's bet: a small exact search over the rest of the round. The Fish knows the baits left
// and how many Catch cards are still unknown to it (not revealed: on the lines to come, or on
// lines nobody bet on); with the Fisher's choices unknown, each unknown card is equally likely
// to be a Prise, so a line is a Prise with chance (Prise not revealed) / (cards not revealed).
// Every tile ends somewhere (the 5th line is all-in, an early end puts the rest on the highest
// bait left), so a tile kept is worth what the best later line makes of it.
#include <vector>

namespace taol::games::fishfish {

struct FishSituation {
    std::vector<int> baits;       // the game's baits, sorted (the option)
    std::vector<int> baits_left;  // still in the Fisher's hand, the current line's bait excluded
    int bait = 0;                 // on the current line
    int unknown = 5;              // Catch cards not revealed this round, the current line's included
    int prises_hidden = 2;        // Prise not revealed this round
    int hand = 4;
    int max_bet = 4;
    double reveal_now = 0.5;    // chance the others reveal the current line if this Fish passes
    double reveal_later = 0.5;  // the same for a line to come
    double lambda = 1.0;        // what a point of the Fisher's costs this Fish, in its own points
};

// Expected worth of betting `tiles` now, the rest played at best.
double bet_value(const FishSituation& s, int tiles);

// The best bet in 0..max_bet.
int best_bet(const FishSituation& s);

}  // namespace taol::games::fishfish
