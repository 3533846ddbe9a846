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

    // Takes note of the wall clock at `now`. Room time and wall time are read apart, so their
    // difference wavers by a millisecond from one call to the next: it is kept until it has
    // really moved (a step of the wall clock, time spent suspended), so that a deadline sent
    // twice is sent the same.
    void observe(Instant now) {
        const TimeMs offset = now.wall - room_time(now.mono);
        if (!wall_offset_ || offset > *wall_offset_ + kWaver || offset < *wall_offset_ - kWaver) wall_offset_ = offset;
    }

    // The wall time at which room time `at` is (or was) reached, as of the last observe(): while
    // suspended, future room times keep moving away.
    TimeMs to_wall(TimeMs at, Instant now) const {
        return at + (wall_offset_ ? *wall_offset_ : now.wall - room_time(now.mono));
    }
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
    static constexpr TimeMs kWaver = 50;
    TimeMs base_ = 0;                // room time at monotonic time since_
    TimeMs since_ = 0;
    std::optional<TimeMs> frozen_;   // room time while suspended
    std::optional<TimeMs> wall_offset_;  // wall time minus room time, as last observed
};

}  // namespace taol::server
