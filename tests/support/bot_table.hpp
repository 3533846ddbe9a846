#pragma once
// A game played by bots and stand-ins, paced as a room paces it, without a server: after every
// change each seat is handed its snapshot (what the server would send it), a bot's action goes
// after its think time, and deadlines fire at their time. Time is the game's own, so a game of
// minutes plays in milliseconds. The bot benchmark and the bots' tests play through it.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "games/core/game.hpp"

namespace taol::testing {

using games::Json;

// Who sits at a seat: a bot (the game's own, or the random player), or, as nullptr, the default
// policy (the "simplest move" the server plays for a seat whose time runs out).
using TableSeat = const games::Bot*;

struct TableConfig {
    Json options = nullptr;    // given options, completed with defaults
    double think_scale = 1.0;  // bots' think times are multiplied by this
    int max_events = 20000;    // actions and expiries; a game not finished by then is "stuck"
    // Optional: sees every step of every bot (the seat, the snapshot and memory it was given, and
    // what it made of them), for tests that replay a seat's snapshots.
    std::function<void(games::Seat, const Json& memory, const Json& snapshot, const games::BotTurn&)> on_step;
};

struct TableGame {
    bool finished = false;
    Json outcome;                           // the game's, once finished
    std::vector<double> win_share;          // per seat: 1/k for each of k winners, else 0
    long long actions = 0;                  // accepted
    std::vector<long long> refused;         // per seat: actions it sent that the game refused
    std::vector<std::string> first_refusal; // per seat: what the game said the first time
    long long defaults_played = 0;          // the table stalled: a seat waited for played its default
    std::vector<double> decision_us;        // wall time of every bot step
    games::TimeMs duration_ms = 0;          // game time from setup to the end
};

// One seeded game. seats.size() is the number of players.
TableGame play_table(const games::Game& game, const std::vector<TableSeat>& seats, std::uint64_t seed,
                     const TableConfig& config = {});

// The seed of the bot at `seat` in the game of seed `seed` (its steps draw from bot_rng of it).
std::uint64_t bot_seed_of(std::uint64_t seed, games::Seat seat);

// The snapshot `seat` is sent of `state` (PROTOCOL.md, `snapshot`), `fresh` being the log entries
// of the change (only those it may read are put in).
Json seat_snapshot(const games::GameState& state, games::Seat seat, std::int64_t rev, games::TimeMs now,
                   const std::vector<games::LogEntry>& fresh);

}  // namespace taol::testing
