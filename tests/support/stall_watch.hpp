#pragma once
// Whether the machine kept time for a while: a thread wakes every millisecond and remembers the
// longest gap between two wake-ups. A test whose checks are about milliseconds (fair races) runs
// again when that gap shows the process was held off its cores (a busy CI box, a stalled VM):
// what it measured then is the machine's, not the code's.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>

namespace taol::testing {

class StallWatch {
public:
    using Clock = std::chrono::steady_clock;

    StallWatch() : thread_([this] { tick(); }) {}
    ~StallWatch() {
        stop_ = true;
        thread_.join();
    }
    StallWatch(const StallWatch&) = delete;
    StallWatch& operator=(const StallWatch&) = delete;

    // Starts a new watch: the longest gap counts from now.
    void restart() { longest_us_ = 0; }
    double longest_gap_ms() const { return static_cast<double>(longest_us_.load()) / 1000.0; }

private:
    void tick() {
        Clock::time_point last = Clock::now();
        while (!stop_) {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
            const Clock::time_point now = Clock::now();
            const auto gap = std::chrono::duration_cast<std::chrono::microseconds>(now - last).count();
            longest_us_ = std::max<long long>(longest_us_.load(), gap);
            last = now;
        }
    }

    std::atomic<bool> stop_{false};
    std::atomic<long long> longest_us_{0};
    std::thread thread_;
};

}  // namespace taol::testing
