#pragma once
// Checkpoints of the journal's write-ahead log, off the writer's thread. SQLite copies the WAL
// back into the database file every 1,000 pages, inside the commit that crossed the mark: the
// writer then stops for the copy and its fsyncs, and every room's next write waits behind it (we
// measured p99 of an action's fan-out at 277-395 ms with it, 80-94 ms without). Here the writer's commit
// only signals; this thread, on its own connection, copies what no reader still needs (a passive
// checkpoint, which never blocks the writer) at most every few hundred milliseconds, and starts
// the log again once it is long.
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

#include "server/journal/journal.hpp"  // SyncPolicy

struct sqlite3;

namespace taol::server {

class WalCheckpointer {
public:
    // Opens its own connection to the database at `path`, already in WAL mode.
    WalCheckpointer(const std::string& path, SyncPolicy sync);
    // Stops (SQLite copies what is left of the log when the journal's last connection closes).
    ~WalCheckpointer();
    WalCheckpointer(const WalCheckpointer&) = delete;
    WalCheckpointer& operator=(const WalCheckpointer&) = delete;

    // Takes over the checkpoints of `writer` (which then never makes one itself).
    void watch(sqlite3* writer);

    // Checkpoint rounds that succeeded (a passive one, and a restart when one was due): for tests.
    int made() const;

    static constexpr int kWalPages = 1000;       // a checkpoint is due past this (SQLite's own mark)
    // ~400 MB: the log is started again past this. A restart holds every commit back while it
    // copies and syncs what came since the last round (5-20 ms measured): past every 100 MB, it
    // came every 3 s under the heaviest load and set the p99 of every action (tests/bench/README.md,
    // "The log's restarts").
    static constexpr int kRestartPages = 100'000;
    static constexpr int kWaitMs = 100;          // a restart's wait for the writer and readers
    static constexpr int kEveryMs = 200;        // at most this often

private:
    static int on_commit(void* self, sqlite3* db, const char* name, int pages);
    void run();

    sqlite3* db_ = nullptr;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool due_ = false;
    bool stopping_ = false;
    int made_ = 0;
    std::thread thread_;  // last: it uses everything above
};

}  // namespace taol::server
