#pragma once
// Gang de castors (rules: games/castors/README.md and the shared rules text).
#include <cstdint>
#include <memory>
#include <optional>

#include "games/castors/table.hpp"
#include "games/core/game.hpp"

namespace taol::games::castors {

const Game& game();

// --- For tests only. ---

// A new game whose first dealer is `dealer` and whose first round is dealt as `stacked` says
// (nullptr: shuffled). `options` must be complete (see complete_options).
std::unique_ptr<GameState> setup_stacked(const Json& options, int players, std::uint64_t seed, Seat dealer,
                                         const StackedDeal* stacked, TimeMs now = 0);

// The whole table of a castors state, secrets included (nullptr for another game's state).
const Table* table_of(const GameState& state);

// A state from a table (to build a twin game whose hidden cards differ).
std::unique_ptr<GameState> state_from(Table table);

}  // namespace taol::games::castors
