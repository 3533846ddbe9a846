#include "server/journal/group_commit.hpp"

#include <spdlog/spdlog.h>

#include "server/journal/thread_role.hpp"

namespace taol::server {

GroupCommit::GroupCommit(CommitBatch commit_batch)
    : commit_batch_(std::move(commit_batch)), thread_([this] { run(); }) {}

GroupCommit::~GroupCommit() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    thread_.join();
}

void GroupCommit::submit(Write write, WriteDone done) {
    bool was_empty = false;
    {
        std::lock_guard lock(mutex_);
        was_empty = waiting_.empty();
        waiting_.push_back({std::move(write), std::move(done)});
        ++submitted_;
    }
    // The committing thread sleeps only on an empty queue: a write added behind others needs no
    // wake-up (a system call when it sleeps, a wasted pass of its loop when it does not).
    if (was_empty) wake_.notify_one();
}

void GroupCommit::drain() {
    std::unique_lock lock(mutex_);
    const std::uint64_t target = submitted_;
    answered_.wait(lock, [&] { return done_ >= target; });
}

void GroupCommit::run() {
    take_thread_role("taol-journal");
    for (;;) {
        std::vector<Item> batch;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [this] { return stopping_ || !waiting_.empty(); });
            if (waiting_.empty()) return;  // stopping, nothing owed
            const std::size_t n = std::min(waiting_.size(), kMaxBatch);
            batch.reserve(n);
            for (std::size_t i = 0; i < n; ++i) {
                batch.push_back(std::move(waiting_.front()));
                waiting_.pop_front();
            }
        }
        std::vector<Write> writes;
        writes.reserve(batch.size());
        for (Item& item : batch) writes.push_back(std::move(item.write));
        std::vector<WriteResult> results(batch.size(), WriteResult::failed);
        try {
            results = commit_batch_(writes);
        } catch (const std::exception& e) {  // a bug: every write of the batch is refused, none lost silently
            spdlog::error("journal: a batch of {} write(s) failed: {}", batch.size(), e.what());
        }
        for (std::size_t i = 0; i < batch.size(); ++i) {
            if (!batch[i].done) continue;
            try {
                batch[i].done(i < results.size() ? results[i] : WriteResult::failed);
            } catch (const std::exception& e) {
                spdlog::error("journal: an answer failed: {}", e.what());
            }
        }
        {
            std::lock_guard lock(mutex_);
            done_ += batch.size();
        }
        answered_.notify_all();
    }
}

}  // namespace taol::server
