#pragma once
// Ar Seizh Bigoudenn (rules: games/bigoudenn/README.md and the shared rules text).
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/core/game.hpp"

namespace taol::games::bigoudenn {

const Game& game();

// --- Test hooks ---

// A chosen table, every component named by its wire id. Ingredients named nowhere go under the
// pile in catalogue order; utensils named nowhere lie in the middle.
struct Deal {
    Seat first = 0;
    std::vector<std::string> bigoudenes;                          // per seat; empty: seat i gets the i-th
    std::vector<std::string> pile;                                // top first
    std::vector<std::string> middle;                              // face up before the first draw
    std::vector<std::vector<std::string>> surfaces;               // per seat
    std::vector<std::array<std::string, 2>> hands;                // per seat (left, right), "" = free
    std::vector<std::vector<std::vector<std::string>>> made;      // per seat, recipes already made
};

// A game set up from `deal`; the first player then draws two from the top of the pile.
// Throws std::invalid_argument when the deal names something unknown or twice.
std::unique_ptr<GameState> setup_dealt(const Json& options, int players, const Deal& deal, std::uint64_t seed,
                                       TimeMs now);

// Grabs and drops made outside the hand actions during the current turn (-1 for another game's
// state). The random-playout test bounds them so that games end.
int free_moves_this_turn(const GameState& state);

}  // namespace taol::games::bigoudenn
