#pragma once
// A game under test in the scenario tests, played as the room plays it: the deadlines due fire
// first, each at its own time, then the action, stamped with the room's clock. It keeps the log
// and checks every step (listed, accepted, invariants, no secret sent), and that a refused action
// changes nothing. Each game's tests add their option helpers and accessors on top.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/core/game.hpp"

namespace taol::testing {

// `action` from `seat` at `at` is refused with `code` and a message, and nothing anyone is sent
// changed (views, actions, deadlines). Returns the message.
std::string check_refused(const games::GameState& state, int players, games::Seat seat, const games::Json& action,
                          games::RuleCode code, games::TimeMs at);

class GameDriver {
public:
    // The clock starts at `start`; an action without a time comes `step` after the last event.
    GameDriver(std::unique_ptr<games::GameState> state, int players, games::TimeMs start, games::TimeMs step = 1);

    const games::GameState& state() const { return *state_; }
    int players() const { return players_; }
    games::TimeMs now() const { return now_; }
    const std::vector<games::LogEntry>& log() const { return log_; }
    // What the last action or expiry logged.
    const std::vector<games::LogEntry>& last_step_log() const { return last_step_log_; }

    games::Json view(games::Viewer viewer = std::nullopt) const { return state_->view(viewer); }
    games::Json actions(games::Seat seat) const { return state_->actions(seat); }
    bool listed(games::Seat seat, const games::Json& action) const;
    // The text keys of the log from entry `from` on.
    std::vector<std::string> keys(std::size_t from = 0) const;
    bool logged(const std::string& key) const;
    bool has_deadline(const std::string& kind) const;
    games::TimeMs deadline(const std::string& kind) const;

    // A listed action that must be accepted, at `at` (default: one step after the last event).
    // Returns what it logged.
    std::vector<games::LogEntry> act(games::Seat seat, const games::Json& action,
                                     std::optional<games::TimeMs> at = std::nullopt);
    // The same for an action the game accepts though it is not listed as such (some defaults).
    std::vector<games::LogEntry> act_unlisted(games::Seat seat, const games::Json& action,
                                              std::optional<games::TimeMs> at = std::nullopt);
    // An action that must be refused with `code` and change nothing; returns the message.
    std::string refuse(games::Seat seat, const games::Json& action, games::RuleCode code = games::RuleCode::illegal_action,
                       std::optional<games::TimeMs> at = std::nullopt);
    // One expiry at `at`, whatever is due by then; returns what it logged.
    std::vector<games::LogEntry> expire(games::TimeMs at);
    // Every deadline due at or before `t`, each at its own time.
    void expire_to(games::TimeMs t);

    // Every seat the game waits for continues (a pause between rounds); returns what the last logged.
    std::vector<games::LogEntry> continue_all();
    // The first seat waited for plays its default, until the game ends.
    void play_defaults();

private:
    std::vector<games::LogEntry> apply(games::Seat seat, const games::Json& action, std::optional<games::TimeMs> at,
                                       bool must_be_listed);
    void keep(std::unique_ptr<games::GameState> next, std::vector<games::LogEntry> fresh);
    // No viewer is sent a secret hidden from it, in its view, its actions or the fresh log.
    void check_secrets() const;

    std::unique_ptr<games::GameState> state_;
    int players_ = 0;
    games::TimeMs now_ = 0;
    games::TimeMs step_ = 1;
    std::vector<games::LogEntry> log_;
    std::vector<games::LogEntry> last_step_log_;
};

}  // namespace taol::testing
