#pragma once
// Bharg, a Decktet hand-building game for two (rules: games/bharg/README.md and the shared rules
// text).
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "games/core/game.hpp"

namespace taol::games::bharg {

const Game& game();

// Test hook: a round laid out card by card instead of dealt. Card names as on the wire.
struct Layout {
    Seat dealer = 0;                             // the other seat plays first
    std::array<std::vector<std::string>, 2> hands;  // 7 cards each
    std::vector<std::string> discard;            // bottom to top; no Ace
    std::vector<std::string> aces;               // bottom to top; Aces only
    std::vector<std::string> deck;               // top first
    bool rest_in_deck = true;                    // other cards go under `deck`; false: under `discard`
    int round = 1;                               // earlier rounds are recorded as scoreless
    std::array<int, 2> scores{};                 // below the target
};

// A game in the middle of round `layout.round`, seat (dealer + 1) to draw. `options` are complete.
Result<std::unique_ptr<GameState>, std::string> setup_layout(const Json& options, const Layout& layout,
                                                             std::uint64_t seed = 1);

// The whole table of a Bharg state, secrets included (nullptr for another game's state).
struct Table;
const Table* table_of(const GameState& state);

// A state from a table (to build a twin game whose hidden cards differ).
std::unique_ptr<GameState> state_from(Table table);

}  // namespace taol::games::bharg
