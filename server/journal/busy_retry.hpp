#pragma once
// How a connection to the journal waits for a lock another connection holds. SQLite's own busy
// handler (sqlite3_busy_timeout) sleeps 1, 2, 5, 10, 15, 20, 25... ms between tries, so a writer
// held back 5 ms by the checkpointer's restart of the log slept 8, one held back 20 ms slept 33,
// and every room's next write waited with it (tests/bench/README.md, "A lock waited for in small
// steps"). Here a connection tries again every 100 µs.
#include <chrono>

struct sqlite3;

namespace taol::server {

// Makes `db` retry a busy lock every 100 µs for up to `limit`, then give SQLITE_BUSY.
void retry_busy_in_small_steps(sqlite3* db, std::chrono::milliseconds limit);

}  // namespace taol::server
