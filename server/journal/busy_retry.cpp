#include "server/journal/busy_retry.hpp"

#include <sqlite3.h>

#include <cstdint>
#include <thread>

namespace taol::server {
namespace {

constexpr std::chrono::microseconds kStep{100};

// SQLite passes the number of tries made so far; `limit_us` holds the limit. Measured on the clock,
// not counted in steps: a 100 µs sleep takes 150–200 µs on a busy machine. One wait runs wholly on
// the thread that hit the lock, so that thread can keep when it began.
int retry_until(void* limit_us, int made) {
    thread_local std::chrono::steady_clock::time_point began;
    const auto now = std::chrono::steady_clock::now();
    if (made == 0) began = now;
    if (now - began >= std::chrono::microseconds(reinterpret_cast<std::intptr_t>(limit_us))) return 0;
    std::this_thread::sleep_for(kStep);
    return 1;
}

}  // namespace

void retry_busy_in_small_steps(sqlite3* db, std::chrono::milliseconds limit) {
    const std::intptr_t limit_us = std::chrono::duration_cast<std::chrono::microseconds>(limit).count();
    sqlite3_busy_handler(db, &retry_until, reinterpret_cast<void*>(limit_us));
}

}  // namespace taol::server
