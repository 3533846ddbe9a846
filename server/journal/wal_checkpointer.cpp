#include "server/journal/wal_checkpointer.hpp"

#include <spdlog/spdlog.h>
#include <sqlite3.h>

#include <chrono>
#include <stdexcept>

namespace taol::server {

WalCheckpointer::WalCheckpointer(const std::string& path, SyncPolicy sync) {
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open the journal " + path + " for its checkpoints: " + why);
    }
    sqlite3_busy_timeout(db_, 5000);  // a forced checkpoint waits for the writer's transaction
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
        auto* checkpointer = static_cast<WalCheckpointer*>(self);
        {
            std::lock_guard lock(checkpointer->mutex_);
            checkpointer->due_ = true;
        }
        checkpointer->wake_.notify_one();
    }
    return SQLITE_OK;
}

void WalCheckpointer::run() {
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, [this] { return stopping_ || due_; });
        if (stopping_) break;
        due_ = false;
        lock.unlock();
        int wal_pages = 0;
        int copied = 0;
        int rc = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_PASSIVE, &wal_pages, &copied);
        if (rc == SQLITE_OK && wal_pages >= kForcedPages) {
            // A passive checkpoint never caught up (a reader kept the log's start): copy it all and
            // start the log again, holding the writer back this once.
            spdlog::warn("journal: the write-ahead log holds {} pages: checkpointing it whole", wal_pages);
            rc = sqlite3_wal_checkpoint_v2(db_, nullptr, SQLITE_CHECKPOINT_RESTART, &wal_pages, &copied);
        }
        if (rc != SQLITE_OK && rc != SQLITE_BUSY) {
            // Nothing is lost: the log keeps every commit until a later checkpoint copies it.
            spdlog::warn("journal: checkpoint failed: {}", sqlite3_errmsg(db_));
        }
        lock.lock();
        ++made_;
        wake_.wait_for(lock, std::chrono::milliseconds(kEveryMs), [this] { return stopping_; });
        if (stopping_) break;
    }
}

}  // namespace taol::server
