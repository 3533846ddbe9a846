#pragma once
// The moment between two rounds (UX.md: "Rounds end with a moment"): the round's reveal and points
// stay in the view until every seat sends {"type":"continue"} or kRoundPauseMs pass. Each game with
// rounds keeps one in its state, so the pause is journaled and replayed like any other step, and
// no timer of the next round starts before it ends.
#include <vector>

#include "games/core/result.hpp"
#include "games/core/types.hpp"

namespace taol::games {

inline constexpr TimeMs kRoundPauseMs = 15'000;
inline constexpr const char* kContinueAction = "continue";
inline constexpr const char* kRoundOverDeadline = "round_over";

class RoundPause {
public:
    // The round ended at `now`: every seat is awaited until `now + kRoundPauseMs`.
    void open(int players, TimeMs now);
    void close() { ready_.clear(); }
    bool running() const { return !ready_.empty(); }

    // Per seat, true once it has continued (empty when no pause runs).
    const std::vector<bool>& ready() const { return ready_; }
    std::vector<Seat> waiting() const;
    // One deadline per seat still awaited (each seat's own short window: no turn clock on top).
    std::vector<Deadline> deadlines() const;
    bool due(TimeMs at) const { return running() && until_ <= at; }
    TimeMs until() const { return until_; }

    // `seat` sends `action` ({"type":"continue"}, nothing else): the error, or whether every seat
    // has now continued.
    Result<bool> accept(Seat seat, const Json& action);

    // The action list of `seat`: the continue action while it is awaited.
    Json actions(Seat seat) const;
    bool awaits(Seat seat) const;

    bool operator==(const RoundPause&) const = default;

private:
    std::vector<bool> ready_;
    TimeMs until_ = 0;
};

// {"type":"continue"}: what a seat sends, and its default when its time runs out or it is away.
Json continue_action();

}  // namespace taol::games
