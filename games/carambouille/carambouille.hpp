#pragma once
// Carambouille (rules: games/carambouille/README.md and the shared rules text).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "games/core/game.hpp"

namespace taol::games::carambouille {

const Game& game();

// --- Test hooks ---

// A stacked table: cards are named as on the wire ("fromage", "soldes"...).
struct Stacked {
    int players = 3;
    Seat merchant = 0;
    std::vector<std::vector<std::string>> hands;  // per seat, products and Carambouille cards
    std::vector<std::string> reserve;             // products, in the order they will be dealt
    bool rest_in_reserve = true;                  // other products go under them; else out of play
    std::vector<std::string> stack;               // Carambouille cards, in the order they will be bought
    std::vector<int> accounts;                    // empty: all 0
};

// A game in the bell phase of round 1 from a stacked table; nullptr when the layout names an
// unknown card or more copies than exist. Card identifiers are made from `seed`.
std::unique_ptr<GameState> setup_stacked(const Stacked& stacked, const Json& options, std::uint64_t seed, TimeMs now);

// The table inside a Carambouille state (nullptr for another game's), for playout filters.
struct Table;
const Table* table_of(const GameState& state);

// A state from a table (to build a twin game whose hidden cards differ).
std::unique_ptr<GameState> state_from(Table table);

}  // namespace taol::games::carambouille
