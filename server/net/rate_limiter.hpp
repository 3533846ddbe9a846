#pragma once
// A token bucket per connection: `per_second` messages on average, bursts up to `burst`. It also
// notices a flood: `flood` refusals in a row, or three times as many within ten seconds.
#include <algorithm>
#include <chrono>

namespace taol::server {

// Now on the steady clock, in seconds: the time the limiters count in.
inline double steady_seconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

class RateLimiter {
public:
    RateLimiter(double per_second, double burst, int flood)
        : per_second_(per_second), burst_(burst), flood_(flood), tokens_(burst) {}

    // Whether a message arriving at `now` (seconds, steady clock) may be handled.
    bool allow(double now) {
        if (started_) tokens_ = std::min(burst_, tokens_ + (now - last_) * per_second_);
        started_ = true;
        last_ = now;
        if (tokens_ >= 1.0) {
            tokens_ -= 1.0;
            refused_in_row_ = 0;
            return true;
        }
        ++refused_in_row_;
        if (now - window_start_ >= kWindowSeconds) {
            window_start_ = now;
            refused_in_window_ = 0;
        }
        ++refused_in_window_;
        return false;
    }

    bool flooding() const { return refused_in_row_ >= flood_ || refused_in_window_ >= 3 * flood_; }

private:
    static constexpr double kWindowSeconds = 10.0;
    double per_second_;
    double burst_;
    int flood_;
    double tokens_;
    double last_ = 0;
    bool started_ = false;
    int refused_in_row_ = 0;
    int refused_in_window_ = 0;
    double window_start_ = 0;
};

}  // namespace taol::server
