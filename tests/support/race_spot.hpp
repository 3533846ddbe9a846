#pragma once
// A race to order, for the end-to-end tests of fair races and their benchmark: a seeded game, the
// actions that lead to a moment where two seats each have a contested action and whichever is
// applied first makes the other illegal. Found by playing the pure game module, no room, no clock.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/core/game.hpp"

namespace taol::testing {

// The time the game is set up at; every action of the prefix and of the race is applied at it, so
// no deadline passes (a room replaying the spot only has to send it within the shortest deadline).
constexpr games::TimeMs kRaceStart = 1'000'000;

struct RaceSpot {
    std::string game;
    games::Json options;  // complete (defaults filled in)
    int players = 0;
    std::uint64_t seed = 0;
    // Actions from the start, each accepted in turn, no deadline needed.
    std::vector<std::pair<games::Seat, games::Json>> prefix;
    // Both listed (complete actions, templates filled) and contested after the prefix; whichever
    // is applied first makes the other one illegal.
    games::Seat a = 0, b = 0;
    games::Json action_a, action_b;
};

// Plays `game_id` with its default options from setup (seed, kRaceStart), seeded random legal
// actions, until two seats a != b have such actions (two of one type if any: two grabs, two
// acceptances), and returns that spot; nullopt when the game has none within a few hundred
// actions (or no such game or player count). Deterministic: the same arguments give the same spot.
// bigoudenn: two grabs of one utensil, after 0 actions at 3 players (the 7th utensil lies in the
// middle), 1-4 at 4-5; carambouille: two acceptances of one offer (or of two offers of one card),
// after 2-14 actions. castors, bharg and fishfish have no races.
std::optional<RaceSpot> find_race_spot(std::string_view game_id, int players, std::uint64_t seed);

// The state after setup and the spot's prefix (nullptr if any step is refused).
std::unique_ptr<games::GameState> replay_prefix(const RaceSpot& spot);

}  // namespace taol::testing
