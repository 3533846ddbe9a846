#pragma once
// Every game the server offers. Adding a game = one line in registry.cpp.
#include <span>
#include <string_view>

#include "games/core/game.hpp"

namespace taol::games {

std::span<const Game* const> all_games();

// nullptr when no game has this id.
const Game* find_game(std::string_view id);

}  // namespace taol::games
