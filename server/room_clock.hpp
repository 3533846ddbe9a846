#pragma once
// The room's clock. Order and windows are measured on a monotonic clock, so that a step of the
// wall clock (NTP) can neither close a window early nor reorder stamps; the wall clock only tells
// clients when things happen. Room time runs with the monotonic clock while a seated player is
// connected and stands still while the room is suspended; a room rebuilt from its journal goes
// on from its last journaled time. Games only ever see room-clock times.
#include <optional>

#include "games/core/types.hpp"

namespace taol::server {

using games::TimeMs;

// One reading of both clocks, taken when the room takes a call.
struct Instant {
    TimeMs mono = 0;  // steady_clock, milliseconds: order and durations
    TimeMs wall = 0;  // system_clock, milliseconds since the Unix epoch: what clients are told
};

class RoomClock {
public:
    // Suspended at room time `start`, until resume().
    explicit RoomClock(TimeMs start = 0) : frozen_(start) {}

    TimeMs room_time(TimeMs mono) const { return frozen_ ? *frozen_ : base_ + (mono - since_); }

    // The wall time at which room time `at` is (or was) reached, seen at `now`: while suspended,
    // future room times keep moving away.
    TimeMs to_wall(TimeMs at, Instant now) const { return now.wall + (at - room_time(now.mono)); }
    // The same on the monotonic clock (for the room's timer).
    TimeMs to_mono(TimeMs at, Instant now) const { return now.mono + (at - room_time(now.mono)); }

    bool suspended() const { return frozen_.has_value(); }

    void suspend(TimeMs mono) {
        if (!frozen_) frozen_ = room_time(mono);
    }

    void resume(TimeMs mono) {
        if (!frozen_) return;
        base_ = *frozen_;
        since_ = mono;
        frozen_.reset();
    }

    // Stands still at room time `at` (a room rebuilt from its journal).
    void freeze_at(TimeMs at) { frozen_ = at; }

private:
    TimeMs base_ = 0;                // room time at monotonic time since_
    TimeMs since_ = 0;
    std::optional<TimeMs> frozen_;   // room time while suspended
};

}  // namespace taol::server
