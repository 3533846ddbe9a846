#pragma once
// Whether the process is keeping up, from two readings of its own: how late the event loop runs a
// timer (the threads that serve players have more queued than they can run), and how long the
// journal's writes wait for their answer. Busy as soon as either passes its limit; calm again only
// once both have stayed under half their limits for `calm_ms`, so that it does not flap. While
// busy the hub opens no new room and lets nobody new into a room; everyone already in one is
// served as before. Thread-safe.
#include <functional>
#include <mutex>
#include <set>

#include "server/rooms/clock.hpp"   // TimeMs
#include "server/rooms/events.hpp"  // WriteDone

namespace taol::server {

struct LoadLimits {
    TimeMs loop_lag_ms = 250;      // busy when the event loop runs a timer more than this late (0: never)
    TimeMs journal_wait_ms = 250;  // busy when a journal write waits longer for its answer (0: never)
    TimeMs calm_ms = 1000;         // busy until both readings have stayed under half their limits this long
};

// Milliseconds on the steady clock.
TimeMs steady_ms();

class LoadGauge {
public:
    using MonoClock = std::function<TimeMs()>;
    // Told of each change (true: busy now) with the readings that made it; called under the gauge's
    // lock, so that changes are told in their order: it must not call the gauge.
    using OnChange = std::function<void(bool busy, TimeMs loop_lag, TimeMs journal_wait)>;

    explicit LoadGauge(LoadLimits limits = {}, MonoClock clock = steady_ms);

    // Set before the gauge is used.
    void on_change(OnChange tell) { on_change_ = std::move(tell); }

    // The event loop's timer ran `lag` ms after it was due.
    void loop_lag(TimeMs lag);

    // `done` of a journal write being handed over, wrapped so that the gauge sees how long the
    // write waits: it counts as waiting from now until its answer.
    WriteDone watch(WriteDone done);

    bool busy();

    struct Readings {
        TimeMs loop_lag = 0;      // the last sample
        TimeMs journal_wait = 0;  // the longer of: the oldest write still waiting, the last one answered
        bool busy = false;
    };
    Readings readings();

private:
    using Pending = std::multiset<TimeMs>;  // when each unanswered write was handed over

    void answered(Pending::iterator write);
    // Requires mutex_. How long the oldest unanswered write has waited so far.
    TimeMs oldest_wait_locked(TimeMs now) const;
    // Requires mutex_. Takes note of a reading against its limit: whether it is over it.
    bool note_locked(TimeMs reading, TimeMs limit, TimeMs now);
    // Requires mutex_. Busy or calm now, `over`: a reading just passed its limit.
    void update_locked(TimeMs now, bool over);

    const LoadLimits limits_;
    const MonoClock clock_;
    OnChange on_change_;

    std::mutex mutex_;
    Pending pending_;
    TimeMs last_lag_ = 0;
    TimeMs last_wait_ = 0;
    bool ever_warm_ = false;
    TimeMs warm_at_ = 0;       // the last time a reading was at half its limit or more
    bool busy_ = false;
};

}  // namespace taol::server
