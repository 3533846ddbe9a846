#pragma once
// Whether the process is keeping up, from three readings of its own: how late the event loop runs
// a timer (the threads that serve players have more queued than they can run), how long the
// journal's writes wait for their answer, and how long players' actions take from the moment each
// is read to its answer (its room's queue, the room, the journal: what players feel of the
// server), on average over the latest ones. Busy as soon as one passes its limit; calm again only
// once all have stayed under half their limits for `calm_ms`, so that it does not flap. While
// busy the hub opens no new room and lets nobody new into a room, and while warm it opens new
// rooms one at a time; everyone already in one is served as before. Thread-safe.
#include <functional>
#include <map>
#include <mutex>
#include <optional>

#include "server/rooms/clock.hpp"   // TimeMs
#include "server/rooms/events.hpp"  // WriteDone

namespace taol::server {

struct LoadLimits {
    TimeMs loop_lag_ms = 250;      // busy when the event loop runs a timer more than this late (0: never)
    TimeMs journal_wait_ms = 250;  // busy when a journal write waits longer for its answer (0: never)
    TimeMs calm_ms = 1000;         // busy until every reading has stayed under half its limit this long
    TimeMs action_ms = 50;         // busy when the latest actions take longer than this to be answered (0: never)
    TimeMs reopen_every_ms = 200;  // while warm, at most one new room this often
};

// Milliseconds on the steady clock.
TimeMs steady_ms();

class LoadGauge {
public:
    using MonoClock = std::function<TimeMs()>;
    struct Readings {
        TimeMs loop_lag = 0;      // the last sample
        TimeMs journal_wait = 0;  // the longer of: the oldest write still waiting, the last one answered
        TimeMs action = 0;        // how long the latest actions took, on average
        bool busy = false;
    };
    // Told of each change (readings.busy: busy now) with the readings that made it; called under
    // the gauge's lock, so that changes are told in their order: it must not call the gauge.
    using OnChange = std::function<void(const Readings& readings)>;

    explicit LoadGauge(LoadLimits limits = {}, MonoClock clock = steady_ms);

    // Set before the gauge is used.
    void on_change(OnChange tell) { on_change_ = std::move(tell); }

    // The event loop's timer ran `lag` ms after it was due.
    void loop_lag(TimeMs lag);

    // An action was answered `took` ms after it was read, both on now()'s clock: it moves the
    // average by an eighth of its difference.
    void action_took(TimeMs took);
    TimeMs now() const { return clock_(); }

    // `done` of a journal write being handed over, wrapped so that the gauge sees how long the
    // write waits: it counts as waiting from now until its answer.
    WriteDone watch(WriteDone done);

    bool busy();

    // Whether a new room may open now: never while busy; while warm (a reading at half its limit
    // or more in the last calm_ms), one every reopen_every_ms at most, so that tables coming
    // together (those turned away by a busy spell come back at once) do not push it past its
    // limits before their load shows. A room it lets open counts as opened.
    bool admit_room();

    Readings readings();

private:
    // How many unanswered writes were handed over at each millisecond: the writes of one moment
    // share an entry, so a write rarely costs an allocation.
    using Pending = std::map<TimeMs, std::size_t>;

    void answered(TimeMs handed_over);
    // Requires mutex_. How long the oldest unanswered write has waited so far.
    TimeMs oldest_wait_locked(TimeMs now) const;
    // Requires mutex_. Takes note of a reading against its limit: whether it is over it.
    bool note_locked(TimeMs reading, TimeMs limit, TimeMs now);
    // Requires mutex_. The readings as of now.
    Readings readings_locked(TimeMs now) const;
    // Requires mutex_. action_average_ in whole ms (0 before any action).
    TimeMs action_reading_locked() const;
    // Requires mutex_. Busy or calm now, `over`: a reading just passed its limit.
    void update_locked(TimeMs now, bool over);

    const LoadLimits limits_;
    const MonoClock clock_;
    OnChange on_change_;

    std::mutex mutex_;
    Pending pending_;
    TimeMs last_lag_ = 0;
    TimeMs last_wait_ = 0;
    double action_average_ = -1;  // of the actions' times, weighted to the latest (-1: none yet)
    bool ever_warm_ = false;
    TimeMs warm_at_ = 0;       // the last time a reading was at half its limit or more
    bool busy_ = false;
    std::optional<TimeMs> room_admitted_at_;  // the last room let open while warm
};

}  // namespace taol::server
