#include "tests/support/game_driver.hpp"

#include <catch2/catch.hpp>

#include <algorithm>

#include "games/core/action_list.hpp"
#include "tests/support/game_checks.hpp"

namespace taol::testing {

using games::LogEntry;
using games::Seat;
using games::TimeMs;

std::string check_refused(const games::GameState& state, int players, Seat seat, const Json& action,
                          games::RuleCode code, TimeMs at) {
    INFO("seat " << seat << " sends " << action.dump());
    const std::size_t before = fingerprint(state, players);
    auto applied = state.apply(seat, action, at);
    REQUIRE_FALSE(applied.ok());
    CHECK(applied.error().code == code);
    CHECK_FALSE(applied.error().message.empty());
    CHECK(fingerprint(state, players) == before);
    return applied.error().message;
}

GameDriver::GameDriver(std::unique_ptr<games::GameState> state, int players, TimeMs start, TimeMs step)
    : state_(std::move(state)), players_(players), now_(start), step_(step) {
    REQUIRE(state_);
    REQUIRE(state_->check_invariants().empty());
}

bool GameDriver::listed(Seat seat, const Json& action) const { return games::is_listed(state_->actions(seat), action); }

std::vector<std::string> GameDriver::keys(std::size_t from) const {
    std::vector<std::string> out;
    for (std::size_t i = from; i < log_.size(); ++i) out.push_back(log_[i].text_key);
    return out;
}

bool GameDriver::logged(const std::string& key) const {
    return std::any_of(log_.begin(), log_.end(), [&](const LogEntry& e) { return e.text_key == key; });
}

bool GameDriver::has_deadline(const std::string& kind) const {
    const auto all = state_->deadlines();
    return std::any_of(all.begin(), all.end(), [&](const games::Deadline& d) { return d.kind == kind; });
}

TimeMs GameDriver::deadline(const std::string& kind) const {
    for (const auto& d : state_->deadlines()) {
        if (d.kind == kind) return d.at;
    }
    FAIL("no deadline " << kind);
    return 0;
}

std::vector<LogEntry> GameDriver::act(Seat seat, const Json& action, std::optional<TimeMs> at) {
    return apply(seat, action, at, true);
}

std::vector<LogEntry> GameDriver::act_unlisted(Seat seat, const Json& action, std::optional<TimeMs> at) {
    return apply(seat, action, at, false);
}

std::string GameDriver::refuse(Seat seat, const Json& action, games::RuleCode code, std::optional<TimeMs> at) {
    const TimeMs t = at.value_or(now_ + step_);
    expire_to(t);
    return check_refused(*state_, players_, seat, action, code, t);
}

std::vector<LogEntry> GameDriver::expire(TimeMs at) {
    auto expired = state_->expire(at);
    keep(std::move(expired.state), std::move(expired.log));
    now_ = std::max(now_, at);
    return last_step_log_;
}

void GameDriver::expire_to(TimeMs t) {
    for (int guard = 0; guard < 100; ++guard) {
        const auto due = earliest_deadline(*state_);
        if (!due || *due > t) break;
        expire(*due);
    }
    now_ = std::max(now_, t);
}

std::vector<LogEntry> GameDriver::continue_all() {
    std::vector<LogEntry> last;
    for (Seat s : state_->waiting_for()) last = act(s, {{"type", "continue"}});
    return last;
}

void GameDriver::play_defaults() {
    for (int guard = 0; guard < 10000 && !state_->finished(); ++guard) {
        const Seat seat = state_->waiting_for().at(0);
        act_unlisted(seat, *state_->default_action(seat));  // the room plays defaults, listed or not
    }
    REQUIRE(state_->finished());
}

std::vector<LogEntry> GameDriver::apply(Seat seat, const Json& action, std::optional<TimeMs> at, bool must_be_listed) {
    const TimeMs t = at.value_or(now_ + step_);
    expire_to(t);
    INFO("seat " << seat << " sends " << action.dump());
    if (must_be_listed) REQUIRE(listed(seat, action));
    auto applied = state_->apply(seat, action, t);
    if (!applied) FAIL("refused: " << applied.error().message);
    keep(std::move(applied.value().state), std::move(applied.value().log));
    now_ = t;
    check_secrets();
    return last_step_log_;
}

void GameDriver::keep(std::unique_ptr<games::GameState> next, std::vector<LogEntry> fresh) {
    state_ = std::move(next);
    REQUIRE(state_->check_invariants().empty());
    log_.insert(log_.end(), fresh.begin(), fresh.end());
    last_step_log_ = std::move(fresh);
}

void GameDriver::check_secrets() const {
    for (games::Viewer v : viewers_of(players_)) {
        const std::string sent = everything_sent_to(*state_, v, last_step_log_);
        for (const std::string& secret : state_->secrets_hidden_from(v)) {
            INFO("viewer " << (v ? std::to_string(*v) : "spectator") << " secret " << secret);
            CHECK(sent.find(secret) == std::string::npos);
        }
    }
}

}  // namespace taol::testing
