#pragma once
// A small game for room tests. First a grab window: every seat may grab one prize (an optional,
// competing action) until the game's "window" deadline closes it. Then turns: each seat in order
// passes or bets 0-3 points; the game waits for it and its default is to pass. Each seat has a
// secret number that only it may see (in its view, and in a private log entry after each of its
// turns).
#include "games/core/game.hpp"

namespace taol::testing {

// During turns, with "call_seconds" > 0, any other seat may `call` (like a TEUT!): the turn stops
// and the game waits for the caller to `answer` within call_seconds (a game deadline naming the
// caller; its default is to answer).
//
// Options: "turns" (int 1-100, default 2: turns per seat), "window_seconds" (int 0-60, default 10;
// 0 = no grab window), "call_seconds" (int 0-60, default 0: no calls).
const games::Game& fake_game();

// The same game under a newer rules version (a journal of fake_game() does not replay through it).
const games::Game& fake_game_with_new_rules();

// The serialized form of seat's secret, as it would appear in anything sent.
std::string fake_secret_text(const games::GameState& state, games::Seat seat);

}  // namespace taol::testing
