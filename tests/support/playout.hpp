#pragma once
// The generic random-playout test every game passes (ARCHITECTURE.md, convention 4): many seeded
// games of random legal actions, from every seat that may act, checked at every step (invariants,
// secrets, no time in any view, a default for every seat waited for, the replay).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "games/core/game.hpp"
#include "games/core/rng.hpp"
#include "tests/support/game_checks.hpp"

namespace taol::testing {

struct PlayoutConfig {
    int seeds = 500;                    // games per player count
    std::vector<int> players;           // player counts to play; empty = every count of the game
    Json options = nullptr;             // given options (completed with defaults)
    int max_steps = 20000;              // a game not finished by then fails the test
    double waiting_bias = 0.75;         // chance to pick a seat the game waits for, when any
    double default_chance = 0.05;       // chance a waiting seat plays its default action instead
    double expire_chance = 0.05;        // chance to jump to the next deadline instead of acting
    // Optional filter: return false to keep the random player from sending this action (to bound
    // optional actions like free grabs so that games end).
    std::function<bool(const games::GameState&, games::Seat, const Json& action)> allow;
    // Optional: sees every state of every game (with the log entries that step added, the game's
    // seed and the time), for tests that check more than the harness does.
    std::function<void(const games::GameState&, const std::vector<games::LogEntry>& fresh, std::uint64_t seed,
                       games::TimeMs now)>
        observe;
};

// One recorded event of a game, enough to replay it.
struct PlayoutEvent {
    enum Kind { act, expire } kind = act;
    games::Seat seat = 0;
    Json action;
    games::TimeMs at = 0;
};

struct PlayoutStats {
    int games = 0;
    long long steps = 0;
    long long actions = 0;
    long long expiries = 0;
    long long rejected_templates = 0;  // filled templates that broke a rule the template cannot say
};

// Plays config.seeds games for each player count and checks every invariant; a failure is
// reported through Catch2 (FAIL with the seed, the step and what broke). Returns counts.
PlayoutStats run_playouts(const games::Game& game, const PlayoutConfig& config);

// Over `seeds` random games of `players`, every listed action (templates filled) of every seat at
// every state: how many there were, and how many the game called contested (fair races).
struct ContestedCount {
    long long listed = 0;
    long long contested = 0;
};
ContestedCount count_contested(const games::Game& game, int players, int seeds);

}  // namespace taol::testing
