#include "server/journal/wal_checkpointer.hpp"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <chrono>
#include <stdexcept>

#include "server/journal/busy_retry.hpp"
#include "server/journal/thread_role.hpp"

namespace taol::server {

WalCheckpointer::WalCheckpointer(const std::string& path, SyncPolicy sync) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open the journal " + path + " for its checkpoints: " + why);
    }
    // A restart waits this long for the writer's transaction and for readers, then tries later.
    retry_busy_in_small_steps(db_, std::chrono::milliseconds(kWaitMs));
    // A checkpoint syncs the database file as hard as the journal's commits are synced.
    sqlite3_exec(db_, sync == SyncPolicy::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL", nullptr,
                 nullptr, nullptr);
    thread_ = std::thread([this] { run(); });
}

WalCheckpointer::~WalCheckpointer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
    sqlite3_close(db_);
}

void WalCheckpointer::watch(sqlite3* writer) { sqlite3_wal_hook(writer, &WalCheckpointer::on_commit, this); }

int WalCheckpointer::made() const {
    std::lock_guard lock(mutex_);
    return made_;
}

int WalCheckpointer::on_commit(void* self, sqlite3*, const char*, int pages) {
    if (pages >= kWalPages) {
        // Once the log is past the mark it stays there between rounds: only the commit that makes
        // a round due wakes the thread, not every commit after it.
        auto* checkpointer = static_cast<WalCheckpointer*>(self);
        {
            std::lock_guard lock(checkpointer->mutex_);
            if (checkpointer->due_) return SQLITE_OK;
            checkpointer->due_ = true;
        }
        checkpointer->wake_.notify_one();
    }
    return SQLITE_OK;
}

void WalCheckpointer::run() {
    // At the players' priority: a restart of the log holds the writer back while it runs.
    take_thread_role("taol-checkpoint");
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stopping_ || due_; });
        if (stopping_) break;
        due_ = false;
        lock.unlock();
        // The bulk is copied without holding the writer back. Under steady writes a passive
        // checkpoint never catches up (the writer starts the log again only once all of it is
        // copied), so once the log is long, what came meanwhile is copied holding the writer back
        // for that little (a restart), and its next commit writes the log from its start.
        int wal_pages = 0;
        int copied = 0;
        int rc = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &wal_pages, &copied);
        if (rc == SQLITE_OK && wal_pages >= kRestartPages) {
            rc = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_RESTART, &wal_pages, &copied);
        }
        // Busy: a reader still reads the log (the next round copies it). Nothing is lost either way:
        // the log keeps every commit until a checkpoint copies it.
        if (rc != SQLITE_OK && rc != SQLITE_BUSY) spdlog::warn("journal: checkpoint failed: {}", sqlite3_errmsg(db_));
        lock.lock();
        if (rc == SQLITE_OK) ++made_;
        wake_.wait_for(lock, std::chrono::milliseconds(kEveryMs), [this] { return stopping_; });
        if (stopping_) break;
    }
}

}  // namespace taol::server
