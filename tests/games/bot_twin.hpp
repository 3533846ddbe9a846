#pragma once
// The bots' twin games, shared by every game's <game>_bot_twin_test.cpp (castors' is in
// castors_secrets_test.cpp, beside its other twin tests). A bot decides from its seat's snapshot
// alone: in a twin game whose cards hidden from its seat differ, the seat is sent the same
// snapshot, so the bot, with the same memory and draws, does the same. Each game says how its twin
// is built; this plays the games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/core/bot.hpp"
#include "games/core/game.hpp"
#include "games/core/options.hpp"
#include "tests/support/bot_table.hpp"
#include "tests/support/game_checks.hpp"

namespace bot_twin {

using taol::games::Game;
using taol::games::GameState;
using taol::games::Json;
using taol::games::LogEntry;
using taol::games::Rng;
using taol::games::Seat;
using taol::games::TimeMs;

constexpr TimeMs kT0 = 1'700'000'000'000;

inline Json options(const Game& game, int players, const Json& given = nullptr) {
    auto complete = taol::games::complete_options(game, given, players);
    REQUIRE(complete.ok());
    return complete.value();
}

// A twin of a state for one seat, and whether some card hidden from that seat really differs.
struct Twin {
    std::unique_ptr<GameState> state;
    bool differs = false;
};
using TwinOf = std::function<Twin(const GameState& state, Seat seat, Rng& rng)>;

// Shuffles `items` until their order differs (when it can), so that most twins differ.
template <class T>
void reshuffle(std::vector<T>& items, Rng& rng) {
    const std::vector<T> before = items;
    for (int i = 0; i < 4 && items == before; ++i) rng.shuffle(items);
}

struct Played {
    bool finished = false;
    int steps = 0;
    long twins = 0;      // twins built
    long differing = 0;  // of which some hidden card differed
};

// One seeded game of bots at every seat. At every change each seat is given its snapshot and a
// twin's: they must be equal, and the bot must decide the same from either. The earliest action
// by think time goes, unless a deadline is due first (it fires first, as in a room); a bot that
// only wants to look again later is woken then.
inline Played play(const Game& game, const Json& opts, int players, std::uint64_t seed, const TwinOf& twin_of,
                   int max_steps) {
    Played out;
    auto state = game.setup(opts, players, seed, kT0);
    std::vector<Json> memory(players);
    Rng twins(seed ^ 0xb07ULL);
    TimeMs now = kT0;
    std::int64_t rev = 0;
    std::vector<LogEntry> fresh;
    for (; out.steps < max_steps && !state->finished(); ++out.steps) {
        ++rev;
        std::optional<std::pair<Seat, Json>> move;
        TimeMs move_at = 0;
        std::optional<TimeMs> wake;
        for (Seat s = 0; s < players; ++s) {
            INFO("step " << out.steps << " seat " << s);
            const Json snapshot = taol::testing::seat_snapshot(*state, s, rev, now, fresh);
            const Twin twin = twin_of(*state, s, twins);
            ++out.twins;
            if (twin.differs) ++out.differing;
            const Json twin_snapshot = taol::testing::seat_snapshot(*twin.state, s, rev, now, fresh);
            if (twin_snapshot != snapshot) {
                INFO("real " << snapshot.dump());
                INFO("twin " << twin_snapshot.dump());
                FAIL("the twin's snapshot differs");
            }
            Rng rng = taol::games::bot_rng(taol::testing::bot_seed_of(seed, s), rev, now);
            Rng same = rng;
            const auto turn = game.bot().step(memory[s], snapshot, rng);
            const auto again = game.bot().step(memory[s], twin_snapshot, same);
            CHECK(again.action == turn.action);
            CHECK(again.memory == turn.memory);
            CHECK(again.think_ms == turn.think_ms);
            memory[s] = turn.memory;
            if (turn.action && (!move || now + turn.think_ms < move_at)) {
                move = {s, *turn.action};
                move_at = now + turn.think_ms;
            } else if (!turn.action && turn.think_ms > 0) {
                wake = std::min(wake.value_or(now + turn.think_ms), now + turn.think_ms);
            }
        }
        const auto due = taol::testing::earliest_deadline(*state);
        if (move && !(due && *due <= move_at)) {
            now = move_at;
            auto applied = state->apply(move->first, move->second, now);
            if (!applied) FAIL("refused " << move->second.dump() << ": " << applied.error().message);
            state = std::move(applied.value().state);
            fresh = std::move(applied.value().log);
        } else if (due && !(wake && *wake < *due)) {
            now = std::max(now, *due);
            auto applied = state->expire(now);
            state = std::move(applied.state);
            fresh = std::move(applied.log);
        } else if (wake) {
            now = *wake;  // nothing changed: the bots look again
            fresh.clear();
        } else {
            FAIL("stuck: no action, no deadline, nobody to wake");
        }
    }
    out.finished = state->finished();
    return out;
}

// A table to play: its player count and the options given (completed by the game's defaults).
struct Setting {
    int players;
    Json given = nullptr;
};

// Twins built over several games, and how many of them really differed.
struct Totals {
    long twins = 0;
    long differing = 0;
};

// Seeds 1..`seeds` of every setting, each game checked by `play` and required to finish.
inline Totals play_all(const Game& game, const std::vector<Setting>& settings, std::uint64_t seeds,
                       const TwinOf& twin_of, int max_steps) {
    Totals totals;
    for (const Setting& setting : settings) {
        const Json opts = options(game, setting.players, setting.given);
        for (std::uint64_t seed = 1; seed <= seeds; ++seed) {
            INFO(setting.players << " players, options " << setting.given.dump() << ", seed " << seed);
            const Played played = play(game, opts, setting.players, seed, twin_of, max_steps);
            CHECK(played.finished);
            totals.twins += played.twins;
            totals.differing += played.differing;
        }
    }
    return totals;
}

}  // namespace bot_twin
