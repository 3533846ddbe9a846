#pragma once
// Game options: checked against the schema a game publishes, defaults filled in.
#include <string>

#include "games/core/game.hpp"

namespace taol::games {

// The options every game has (PROTOCOL.md): turn_seconds and absent_seconds.
Json common_options();

struct OptionsError {
    std::string message;
};

// `given` (an object, or null for "all defaults") completed with defaults and checked against
// `game`'s schema and check_options(). Unknown names, wrong types and out-of-range values are
// refused with a message naming the option.
Result<Json, OptionsError> complete_options(const Game& game, const Json& given, int players);

}  // namespace taol::games
