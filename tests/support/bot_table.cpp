#include "tests/support/bot_table.hpp"

#include <algorithm>
#include <chrono>
#include <optional>

#include "games/core/bot_tools.hpp"
#include "games/core/options.hpp"
#include "tests/support/game_checks.hpp"

namespace taol::testing {
namespace {

using games::Seat;
using games::TimeMs;

constexpr TimeMs kStart = 1'700'000'000'000;

// What a seat is about to do.
struct Pending {
    bool active = false;
    TimeMs due = 0;
    std::optional<Json> action;  // nothing: look again at `due`
};

class Table {
public:
    Table(const games::Game& game, const std::vector<TableSeat>& seats, std::uint64_t seed, const TableConfig& config)
        : seats_(seats), seed_(seed), config_(config), memory_(seats.size()), pending_(seats.size()) {
        result_.refused.assign(seats.size(), 0);
        result_.first_refusal.assign(seats.size(), "");
        const Json options = games::complete_options(game, config.options, static_cast<int>(seats.size())).value();
        state_ = game.setup(options, static_cast<int>(seats.size()), seed, now_);
    }

    TableGame play() {
        changed({});
        int events = 0;
        while (!state_->finished() && events++ < config_.max_events) {
            const std::optional<TimeMs> deadline = earliest_deadline(*state_);
            const int seat = next_seat();
            if (seat < 0 && !deadline) {
                if (!play_a_default()) break;  // nobody can do anything: stuck
                continue;
            }
            if (deadline && (seat < 0 || *deadline <= pending_[seat].due)) {
                now_ = std::max(now_, *deadline);
                games::Applied applied = state_->expire(*deadline);
                state_ = std::move(applied.state);
                changed(applied.log);
                continue;
            }
            act(seat);
        }
        result_.finished = state_->finished();
        result_.duration_ms = now_ - kStart;
        result_.win_share.assign(seats_.size(), 0.0);
        if (result_.finished) {
            result_.outcome = state_->outcome();
            const Json& winners = result_.outcome.at("winners");
            for (const Json& w : winners) result_.win_share.at(w.get<int>()) += 1.0 / static_cast<double>(winners.size());
        }
        return std::move(result_);
    }

private:
    int next_seat() const {
        int best = -1;
        for (std::size_t s = 0; s < pending_.size(); ++s) {
            if (pending_[s].active && (best < 0 || pending_[s].due < pending_[best].due)) best = static_cast<int>(s);
        }
        return best;
    }

    void act(int seat) {
        Pending p = pending_[seat];
        pending_[seat].active = false;
        now_ = std::max(now_, p.due);
        if (!p.action) return decide(seat, {});  // looks again
        auto result = state_->apply(seat, *p.action, now_);
        if (!result.ok()) {
            if (!result_.refused[seat]++) result_.first_refusal[seat] = result.error().message + ": " + p.action->dump();
            return;
        }
        ++result_.actions;
        state_ = std::move(result.value().state);
        changed(result.value().log);
    }

    // The table has nothing planned and no timer runs: the first seat waited for plays its
    // default, as the server's turn clock would make it.
    bool play_a_default() {
        for (Seat s : state_->waiting_for()) {
            if (auto action = state_->default_action(s)) {
                auto result = state_->apply(s, *action, now_);
                if (!result.ok()) return false;
                ++result_.defaults_played;
                state_ = std::move(result.value().state);
                changed(result.value().log);
                return true;
            }
        }
        return false;
    }

    void changed(const std::vector<games::LogEntry>& fresh) {
        ++rev_;
        for (std::size_t s = 0; s < seats_.size(); ++s) decide(static_cast<Seat>(s), fresh);
    }

    void decide(Seat seat, const std::vector<games::LogEntry>& fresh) {
        Pending& p = pending_[seat];
        const games::Bot* bot = seats_[seat];
        if (!bot) {  // the default policy, at a person's pace, only when waited for
            const auto waiting = state_->waiting_for();
            const bool waited = std::find(waiting.begin(), waiting.end(), seat) != waiting.end();
            std::optional<Json> action = waited ? state_->default_action(seat) : std::nullopt;
            if (!action) p.active = false;
            else if (!(p.active && p.action == action)) p = {true, now_ + scaled(2000), action};
            return;
        }
        const Json snapshot = seat_snapshot(*state_, seat, rev_, now_, fresh);
        games::Rng rng = games::bot_rng(bot_seed_of(seed_, seat), rev_, now_);
        const auto t0 = std::chrono::steady_clock::now();
        games::BotTurn turn = bot->step(memory_[seat], snapshot, rng);
        result_.decision_us.push_back(std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count());
        if (config_.on_step) config_.on_step(seat, memory_[seat], snapshot, turn);
        memory_[seat] = std::move(turn.memory);
        if (turn.action) {
            // The same decision as before keeps its time: a person does not start thinking again
            // because someone else moved.
            if (!(p.active && p.action == turn.action)) p = {true, now_ + scaled(turn.think_ms), std::move(turn.action)};
        } else if (turn.think_ms > 0) {
            p = {true, now_ + std::max<TimeMs>(1, scaled(turn.think_ms)), std::nullopt};
        } else {
            p.active = false;
        }
    }

    TimeMs scaled(TimeMs ms) const { return static_cast<TimeMs>(static_cast<double>(ms) * config_.think_scale); }

    std::vector<TableSeat> seats_;
    std::uint64_t seed_;
    TableConfig config_;
    std::unique_ptr<games::GameState> state_;
    TimeMs now_ = kStart;
    std::int64_t rev_ = 0;
    std::vector<Json> memory_;
    std::vector<Pending> pending_;
    TableGame result_;
};

}  // namespace

std::uint64_t bot_seed_of(std::uint64_t seed, Seat seat) { return seed * 7919 + static_cast<std::uint64_t>(seat); }

Json seat_snapshot(const games::GameState& state, Seat seat, std::int64_t rev, TimeMs now,
                   const std::vector<games::LogEntry>& fresh) {
    Json deadlines = Json::array();
    for (const games::Deadline& d : state.deadlines()) {
        deadlines.push_back({{"kind", d.kind}, {"at", d.at}, {"seat", d.seat ? Json(*d.seat) : Json(nullptr)}});
    }
    Json log = Json::array();
    for (const games::LogEntry& e : fresh) {
        if (e.visible_to(seat)) log.push_back(e.to_json());
    }
    const bool finished = state.finished();
    return {{"type", "snapshot"},
            {"rev", rev},
            {"seat", seat},
            {"status", finished ? "finished" : "playing"},
            {"server_time", now},
            {"view", state.view(seat)},
            {"actions", finished ? Json::array() : state.actions(seat)},
            {"deadlines", std::move(deadlines)},
            {"waiting_for", state.waiting_for()},
            {"log", std::move(log)},
            {"outcome", finished ? state.outcome() : Json(nullptr)}};
}

TableGame play_table(const games::Game& game, const std::vector<TableSeat>& seats, std::uint64_t seed,
                     const TableConfig& config) {
    return Table(game, seats, seed, config).play();
}

}  // namespace taol::testing
