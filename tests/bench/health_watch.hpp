#pragma once
// How long the server takes to answer anyone while it is busy with something else: a thread of its
// own asks GET /healthz every 20 ms (one request at a time, a new connection each), and keeps how
// long each answer took. The server answers on the same event loops as its rooms, so the slowest
// answer is about how late they ran.
#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

#include "tests/server/http_client.hpp"

namespace taol::bench {

class HealthWatch {
public:
    explicit HealthWatch(unsigned short port) : port_(port), thread_([this] { watch(); }) {}
    ~HealthWatch() { stop(); }
    HealthWatch(const HealthWatch&) = delete;
    HealthWatch& operator=(const HealthWatch&) = delete;

    // Stops asking; each answer's time in ms (a request that failed counts as long as it took).
    std::vector<double> stop() {
        stop_ = true;
        if (thread_.joinable()) thread_.join();
        std::lock_guard lock(mutex_);
        return answers_ms_;
    }

private:
    using Clock = std::chrono::steady_clock;

    void watch() {
        for (Clock::time_point next = Clock::now(); !stop_; next += std::chrono::milliseconds(20)) {
            std::this_thread::sleep_until(next);
            const Clock::time_point asked = Clock::now();
            try {
                testing::http_get(port_, "/healthz");
            } catch (const std::exception&) {
                // Counted as it is: a server too busy to accept is what this watches for.
            }
            const double ms = std::chrono::duration<double, std::milli>(Clock::now() - asked).count();
            std::lock_guard lock(mutex_);
            answers_ms_.push_back(ms);
            if (Clock::now() > next) next = Clock::now();  // a slow answer: no burst of requests after it
        }
    }

    const unsigned short port_;
    std::atomic<bool> stop_{false};
    std::mutex mutex_;
    std::vector<double> answers_ms_;
    std::thread thread_;
};

}  // namespace taol::bench
