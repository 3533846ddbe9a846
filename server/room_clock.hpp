#pragma once
// The room's clock: the wall clock minus the time the room spent suspended (no seated player
// connected). Games only ever see room-clock times; the wire speaks wall-clock times.
#include <optional>

#include "games/core/types.hpp"

namespace taol::server {

using games::TimeMs;

class RoomClock {
public:
    // Room time at wall time `wall`: frozen while suspended.
    TimeMs room_time(TimeMs wall) const { return (suspended_at_ ? *suspended_at_ : wall) - offset_; }

    // The wall time at which room time `at` is (or was) reached, seen at wall time `wall`:
    // while suspended, future room times keep moving away.
    TimeMs to_wall(TimeMs at, TimeMs wall) const { return at + (wall - room_time(wall)); }

    bool suspended() const { return suspended_at_.has_value(); }

    void suspend(TimeMs wall) {
        if (!suspended_at_) suspended_at_ = wall;
    }

    void resume(TimeMs wall) {
        if (!suspended_at_) return;
        if (wall > *suspended_at_) offset_ += wall - *suspended_at_;
        suspended_at_.reset();
    }

    // Total time spent suspended before the current suspension, if any.
    TimeMs offset() const { return offset_; }

private:
    TimeMs offset_ = 0;
    std::optional<TimeMs> suspended_at_;
};

}  // namespace taol::server
