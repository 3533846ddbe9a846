#include "server/hub/load_gauge.hpp"

#include <algorithm>
#include <chrono>

namespace taol::server {

TimeMs steady_ms() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

LoadGauge::LoadGauge(LoadLimits limits, MonoClock clock) : limits_(limits), clock_(std::move(clock)) {}

void LoadGauge::loop_lag(TimeMs lag) {
    std::lock_guard lock(mutex_);
    const TimeMs now = clock_();
    last_lag_ = lag;
    update_locked(now, note_locked(lag, limits_.loop_lag_ms, now));
}

WriteDone LoadGauge::watch(WriteDone done) {
    Pending::iterator write;
    {
        std::lock_guard lock(mutex_);
        write = pending_.insert(clock_());
    }
    return [this, write, done = std::move(done)](WriteResult result) {
        answered(write);
        if (done) done(result);
    };
}

void LoadGauge::answered(Pending::iterator write) {
    std::lock_guard lock(mutex_);
    const TimeMs now = clock_();
    last_wait_ = std::max<TimeMs>(0, now - *write);
    pending_.erase(write);
    update_locked(now, note_locked(last_wait_, limits_.journal_wait_ms, now));
}

bool LoadGauge::busy() {
    std::lock_guard lock(mutex_);
    update_locked(clock_(), false);
    return busy_;
}

LoadGauge::Readings LoadGauge::readings() {
    std::lock_guard lock(mutex_);
    const TimeMs now = clock_();
    update_locked(now, false);
    return {last_lag_, std::max(last_wait_, oldest_wait_locked(now)), busy_};
}

TimeMs LoadGauge::oldest_wait_locked(TimeMs now) const {
    return pending_.empty() ? 0 : std::max<TimeMs>(0, now - *pending_.begin());
}

bool LoadGauge::note_locked(TimeMs reading, TimeMs limit, TimeMs now) {
    if (limit <= 0) return false;  // this reading is not watched
    if (reading * 2 >= limit) {
        ever_warm_ = true;
        warm_at_ = now;
    }
    return reading > limit;
}

void LoadGauge::update_locked(TimeMs now, bool over) {
    // A write still unanswered counts for as long as it has waited so far: a journal that stopped
    // answering altogether is the worst backlog of all.
    const TimeMs waiting = oldest_wait_locked(now);
    over = note_locked(waiting, limits_.journal_wait_ms, now) || over;
    const bool calm = !ever_warm_ || now - warm_at_ >= limits_.calm_ms;
    const bool busy = over || (busy_ && !calm);
    if (busy == busy_) return;
    busy_ = busy;
    if (on_change_) on_change_(busy_, last_lag_, std::max(last_wait_, waiting));
}

}  // namespace taol::server
