#pragma once
// The Fisher's line: it plans the rest of the round. Each plan orders the baits left and places
// the Catch cards left on them; a plan is worth the Fisher's expected points (4 per tile caught)
// less what the Fish gain (weighted), with every Fish betting, on a line it may pass, its usual
// share of what it can bet on such a bait (seen in its public bets), and everything on the 5th
// line. The second Prise revealed ends the round and gives the Fish the highest bait left, so
// plans weigh that too. The first line of the best plans is played.
#include <array>
#include <vector>

namespace taol::games::fishfish {

struct FishGuess {
    double hand = 4;                  // tiles it holds
    std::array<double, 2> share{};    // share of min(4, hand) it bets on a line it may pass (low, high bait)
    std::array<double, 2> chance{};   // chance it bets at all there
};

struct FisherSituation {
    std::vector<int> baits_left;  // in the Fisher's hand
    int prise_left = 2;
    int bredouille_left = 3;
    int prises_revealed = 0;
    std::vector<FishGuess> fish;
    double lambda = 1.0;  // what a Fish's point costs the Fisher, in its own points
    int high_above = 3;   // baits above this are high (bot_observe.hpp)
};

struct LineChoice {
    int bait = 0;
    bool prise = false;
    double value = 0;  // of the best plan starting so
};

// The best plan's worth for each first line the Fisher may set.
std::vector<LineChoice> line_choices(const FisherSituation& s);

}  // namespace taol::games::fishfish
