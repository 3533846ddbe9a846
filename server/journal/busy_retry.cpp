#include "server/journal/busy_retry.hpp"

#include <sqlite3.h>

#include <cstdint>
#include <thread>

namespace taol::server {
namespace {

constexpr std::chrono::microseconds kStep{100};

// SQLite passes the number of tries made so far; `tries` holds how many the limit allows.
int retry_until(void* tries, int made) {
    if (made >= static_cast<int>(reinterpret_cast<std::intptr_t>(tries))) return 0;
    std::this_thread::sleep_for(kStep);
    return 1;
}

}  // namespace

void retry_busy_in_small_steps(sqlite3* db, std::chrono::milliseconds limit) {
    const std::intptr_t tries = std::chrono::duration_cast<std::chrono::microseconds>(limit) / kStep;
    sqlite3_busy_handler(db, &retry_until, reinterpret_cast<void*>(tries));
}

}  // namespace taol::server
