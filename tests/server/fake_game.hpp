#pragma once
// A small game for room tests. First a grab window: every seat may grab one prize (an optional,
// competing action) until the game's "window" deadline closes it. Then turns: each seat in order
// passes or bets 0-3 points; the game waits for it and its default is to pass. Each seat has a
// secret number that only it may see (in its view, and in a private log entry after each of its
// turns).
#include "games/core/game.hpp"

namespace taol::testing {

// Options: "turns" (int 1-20, default 2: turns per seat), "window_seconds" (int 0-60, default 10;
// 0 = no grab window).
const games::Game& fake_game();

// The serialized form of seat's secret, as it would appear in anything sent.
std::string fake_secret_text(const games::GameState& state, games::Seat seat);

}  // namespace taol::testing
