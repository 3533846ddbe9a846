#include "tests/support/playout.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <sstream>

#include "games/core/action_list.hpp"
#include "games/core/options.hpp"

namespace taol::testing {
namespace {

using games::GameState;
using games::LogEntry;
using games::Seat;
using games::TimeMs;


struct Checker {
    const games::Game& game;
    int players;
    std::uint64_t seed;
    std::string where(long long step) const {
        std::ostringstream s;
        s << game.id() << " players=" << players << " seed=" << seed << " step=" << step;
        return s.str();
    }
    // Checks invariants and secrets for every viewer, and returns the state's fingerprint.
    std::size_t check_state(const GameState& state, const std::vector<LogEntry>& new_log, long long step) const {
        const StateCheck check = testing::check_state(state, new_log, players);
        if (!check.broken.empty()) FAIL(where(step) << ": " << check.broken);
        return check.fingerprint;
    }
};

// Applies every deadline due at or before `t`, in time order, recording each.
void expire_due(std::unique_ptr<GameState>& state, TimeMs t, std::vector<PlayoutEvent>& events,
                std::vector<LogEntry>& new_log, PlayoutStats& stats, const Checker& checker, long long step) {
    for (int guard = 0; guard < 1000; ++guard) {
        auto due = earliest_deadline(*state);
        if (!due || *due > t) return;
        auto applied = state->expire(*due);
        state = std::move(applied.state);
        new_log.insert(new_log.end(), applied.log.begin(), applied.log.end());
        events.push_back({PlayoutEvent::expire, 0, nullptr, *due});
        ++stats.expiries;
        if (std::string broken = check_expired(*state, *due); !broken.empty()) FAIL(checker.where(step) << ": " << broken);
    }
    FAIL(checker.where(step) << ": deadlines never stop expiring");
}

// Replays the recorded events on a fresh game: it must end exactly as the played one.
void check_replay(const games::Game& game, const Json& options, int players, std::uint64_t seed,
                  const std::vector<PlayoutEvent>& events, const GameState& played, const Checker& checker) {
    auto state = game.setup(options, players, seed, kPlayStart);
    for (std::size_t i = 0; i < events.size(); ++i) {
        const PlayoutEvent& e = events[i];
        if (e.kind == PlayoutEvent::expire) {
            state = state->expire(e.at).state;
            continue;
        }
        auto applied = state->apply(e.seat, e.action, e.at);
        if (!applied) FAIL(checker.where(static_cast<long long>(i)) << ": replayed action refused: " << e.action.dump());
        state = std::move(applied.value().state);
    }
    if (fingerprint(*state, players) != fingerprint(played, players) || state->outcome() != played.outcome()) {
        FAIL(checker.where(static_cast<long long>(events.size())) << ": replaying the seed and stamped actions gives another game");
    }
}

}  // namespace

PlayoutStats run_playouts(const games::Game& game, const PlayoutConfig& config) {
    PlayoutStats stats;
    std::vector<int> counts = config.players;
    if (counts.empty()) {
        for (int n = game.min_players(); n <= game.max_players(); ++n) counts.push_back(n);
    }
    for (int players : counts) {
        auto completed = games::complete_options(game, config.options, players);
        REQUIRE(completed.ok());
        const Json options = completed.value();
        for (int i = 0; i < config.seeds; ++i) {
            const std::uint64_t seed = 0x5eed0000ULL + static_cast<std::uint64_t>(players) * 100003 + i;
            const Checker checker{game, players, seed};
            games::Rng chooser(seed ^ 0xabcdefULL);
            auto state = game.setup(options, players, seed, kPlayStart);
            TimeMs now = kPlayStart;
            std::vector<PlayoutEvent> events;
            std::vector<LogEntry> new_log;
            checker.check_state(*state, new_log, 0);
            if (config.observe) config.observe(*state, new_log, seed, now);
            long long step = 0;
            for (; step < config.max_steps && !state->finished(); ++step) {
                new_log.clear();
                // Time moves on a little, or jumps to the next deadline.
                auto due = earliest_deadline(*state);
                const bool jump = due && chooser.below(1000) < config.expire_chance * 1000;
                now = jump ? std::max(now, *due) : now + static_cast<TimeMs>(chooser.below(400));
                expire_due(state, now, events, new_log, stats, checker, step);

                // Who may act now, and what: (seat, listed entry, a random filling of it).
                std::vector<Seat> waiting = state->waiting_for();
                struct Candidate {
                    Seat seat;
                    Json entry;
                    Json action;
                };
                std::vector<Candidate> candidates;
                for (Seat s = 0; s < players; ++s) {
                    for (const Json& entry : state->actions(s)) {
                        Json action = fill_template(entry, chooser);
                        if (!config.allow || config.allow(*state, s, action)) candidates.push_back({s, entry, action});
                    }
                }
                std::optional<Candidate> pick;
                if (!waiting.empty() && chooser.below(1000) < config.default_chance * 1000) {
                    const Seat s = waiting[chooser.below(waiting.size())];
                    if (auto d = state->default_action(s)) pick = Candidate{s, *d, *d};
                }
                if (!pick && !candidates.empty()) {
                    std::vector<Candidate> from_waiting;
                    for (const Candidate& c : candidates) {
                        if (std::find(waiting.begin(), waiting.end(), c.seat) != waiting.end()) from_waiting.push_back(c);
                    }
                    const bool prefer = !from_waiting.empty() && chooser.below(1000) < config.waiting_bias * 1000;
                    const auto& pool = prefer ? from_waiting : candidates;
                    pick = pool[chooser.below(pool.size())];
                }
                if (!pick) {
                    // Nobody can act: only a deadline can move the game on.
                    if (!due) FAIL(checker.where(step) << ": nobody can act and no deadline runs");
                    now = std::max(now, *earliest_deadline(*state));
                    expire_due(state, now, events, new_log, stats, checker, step);
                } else {
                    const bool is_template = pick->entry.contains("choose");
                    Json action = pick->action;
                    auto applied = state->apply(pick->seat, action, now);
                    for (int retry = 0; !applied && is_template && retry < 20; ++retry) {
                        ++stats.rejected_templates;
                        action = fill_template(pick->entry, chooser);
                        applied = state->apply(pick->seat, action, now);
                    }
                    if (!applied && !is_template) {
                        FAIL(checker.where(step) << ": listed action refused: " << action.dump() << " by seat "
                                                 << pick->seat << ": " << applied.error().message);
                    }
                    if (applied) {
                        state = std::move(applied.value().state);
                        new_log.insert(new_log.end(), applied.value().log.begin(), applied.value().log.end());
                        events.push_back({PlayoutEvent::act, pick->seat, action, now});
                        ++stats.actions;
                    }
                }
                checker.check_state(*state, new_log, step);
                if (config.observe) config.observe(*state, new_log, seed, now);
            }
            if (!state->finished()) FAIL(checker.where(step) << ": game not finished after " << step << " steps");
            const Json outcome = state->outcome();
            if (!outcome.contains("scores") || !outcome.contains("winners")) {
                FAIL(checker.where(step) << ": outcome lacks scores or winners: " << outcome.dump());
            }
            check_replay(game, options, players, seed, events, *state, checker);
            stats.steps += step;
            ++stats.games;
        }
    }
    return stats;
}

ContestedCount count_contested(const games::Game& game, int players, int seeds) {
    PlayoutConfig config;
    config.seeds = seeds;
    config.players = {players};
    games::Rng rng(1);
    ContestedCount count;
    config.observe = [&](const games::GameState& state, const std::vector<games::LogEntry>&, std::uint64_t, games::TimeMs) {
        for (games::Seat seat = 0; seat < players; ++seat) {
            for (const Json& entry : state.actions(seat)) {
                ++count.listed;
                count.contested += state.contested(seat, fill_template(entry, rng)) ? 1 : 0;
            }
        }
    };
    REQUIRE(run_playouts(game, config).games == seeds);
    return count;
}

}  // namespace taol::testing
