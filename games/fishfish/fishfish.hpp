#pragma once
// Fish Fish (rules: games/fishfish/README.md and the shared rules text).
#include <cstdint>
#include <memory>

#include "games/core/game.hpp"

namespace taol::games::fishfish {

const Game& game();

// For tests: a new game whose first Fisher is `first_fisher` instead of a seeded draw.
// `options` must be complete (see complete_options).
std::unique_ptr<GameState> setup_with_first_fisher(const Json& options, int players, std::uint64_t seed,
                                                   Seat first_fisher, TimeMs now = 0);

// The whole table of a Fish Fish state, secrets included (nullptr for another game's state).
struct Table;
const Table* table_of(const GameState& state);

// A state from a table (to build a twin game whose hidden cards differ).
std::unique_ptr<GameState> state_from(Table table);

}  // namespace taol::games::fishfish
