#pragma once
// What the random-playout test and the fuzzers share, without Catch2: filling a listed template,
// and the checks made after every step of a game. Each check returns what broke, empty when all
// is well, so that each caller reports it its own way.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "games/core/bot_tools.hpp"
#include "games/core/game.hpp"
#include "games/core/rng.hpp"

namespace taol::testing {

using games::Json;

// When test games start: any number from here on in a view can only be a time.
constexpr games::TimeMs kPlayStart = 1'700'000'000'000;

// A random value for each key of an entry's "choose"; a complete action is returned unchanged.
using games::fill_template;

// The spectator first, then every seat.
std::vector<games::Viewer> viewers_of(int players);

std::optional<games::TimeMs> earliest_deadline(const games::GameState& state);

// Everything `viewer` is sent about `state` at once (view, actions, log), as one string.
std::string everything_sent_to(const games::GameState& state, games::Viewer viewer,
                               const std::vector<games::LogEntry>& log);

struct StateCheck {
    std::string broken;            // empty when every check holds
    std::size_t fingerprint = 0;   // of what everyone sees: equal states look the same to everyone
};

// The invariants, no viewer sent a secret hidden from it (in its view, actions, the new log
// entries it may read or the outcome), no time in a view (games started at kPlayStart), and a
// default action for every seat the game waits for.
StateCheck check_state(const games::GameState& state, const std::vector<games::LogEntry>& new_log, int players);

// The same fingerprint as check_state's, without the checks.
std::size_t fingerprint(const games::GameState& state, int players);

// expire(at) must leave no deadline at or before `at`.
std::string check_expired(const games::GameState& after, games::TimeMs at);

}  // namespace taol::testing
