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

}  // namespace taol::games::fishfish
