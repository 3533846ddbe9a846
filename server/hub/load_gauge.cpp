#include "server/hub/load_gauge.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>

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

void LoadGauge::action_took(TimeMs took) {
    std::lock_guard lock(mutex_);
    const TimeMs now = clock_();
    // A moving average: one slow action (a disk's hiccup) says little, many say the server is late.
    action_average_ = action_average_ < 0 ? static_cast<double>(took)
                                          : action_average_ + (static_cast<double>(took) - action_average_) / 8;
    update_locked(now, note_locked(action_reading_locked(), limits_.action_ms, now));
}

WriteDone LoadGauge::watch(WriteDone done) {
    TimeMs handed_over = 0;
    {
        std::lock_guard lock(mutex_);
        handed_over = clock_();
        ++pending_[handed_over];
    }
    return [this, handed_over, done = std::move(done)](WriteResult result) {
        answered(handed_over);
        if (done) done(result);
    };
}

void LoadGauge::answered(TimeMs handed_over) {
    std::lock_guard lock(mutex_);
    const TimeMs now = clock_();
    last_wait_ = std::max<TimeMs>(0, now - handed_over);
    const auto entry = pending_.find(handed_over);
    if (--entry->second == 0) pending_.erase(entry);
    update_locked(now, note_locked(last_wait_, limits_.journal_wait_ms, now));
}

bool LoadGauge::busy() {
    std::lock_guard lock(mutex_);
    update_locked(clock_(), false);
    return busy_;
}

bool LoadGauge::admit_room() {
    std::lock_guard lock(mutex_);
    const TimeMs now = clock_();
    update_locked(now, false);
    if (busy_) return false;
    const bool warm = ever_warm_ && now - warm_at_ < limits_.calm_ms;
    if (!warm) return true;
    if (room_admitted_at_ && now - *room_admitted_at_ < limits_.reopen_every_ms) return false;
    room_admitted_at_ = now;
    return true;
}

LoadGauge::Readings LoadGauge::readings() {
    std::lock_guard lock(mutex_);
    const TimeMs now = clock_();
    update_locked(now, false);
    return readings_locked(now);
}

LoadGauge::Readings LoadGauge::readings_locked(TimeMs now) const {
    return {last_lag_, std::max(last_wait_, oldest_wait_locked(now)), action_reading_locked(), busy_};
}

TimeMs LoadGauge::action_reading_locked() const {
    return action_average_ < 0 ? 0 : static_cast<TimeMs>(std::lround(action_average_));
}

TimeMs LoadGauge::oldest_wait_locked(TimeMs now) const {
    return pending_.empty() ? 0 : std::max<TimeMs>(0, now - pending_.begin()->first);
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
    if (on_change_) on_change_(readings_locked(now));
}

}  // namespace taol::server
