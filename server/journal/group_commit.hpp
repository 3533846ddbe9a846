#pragma once
// Group commit, as databases do it (PostgreSQL's WAL writer, RocksDB's write groups): the writes
// of every room are handed to one thread, which makes all that are waiting together, in one
// transaction, and answers each once that transaction is durable. A write costs a commit shared
// with its neighbours, and no thread that serves players waits for the disk.
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "server/rooms/events.hpp"  // WriteResult, WriteDone

namespace taol::server {

class GroupCommit {
public:
    // One write inside a batch; one that is not written must undo what it did of itself alone.
    using Write = std::function<WriteResult()>;
    // Makes a batch: runs each write in one transaction and returns each one's result (every one
    // failed when the transaction could not be committed).
    using CommitBatch = std::function<std::vector<WriteResult>(const std::vector<Write>& writes)>;

    explicit GroupCommit(CommitBatch commit_batch);
    // Makes and answers everything handed over, then stops.
    ~GroupCommit();
    GroupCommit(const GroupCommit&) = delete;
    GroupCommit& operator=(const GroupCommit&) = delete;

    // Writes are made in the order they are handed over; `done` (may be empty) is called on the
    // committing thread.
    void submit(Write write, WriteDone done);
    // Returns once every write handed over before the call is answered.
    void drain();

    // At most this many writes in one transaction, so that a burst cannot make one commit slow.
    static constexpr std::size_t kMaxBatch = 4096;

private:
    struct Item {
        Write write;
        WriteDone done;
    };
    void run();

    CommitBatch commit_batch_;
    std::mutex mutex_;
    std::condition_variable wake_;      // the committing thread: writes are waiting, or stop
    std::condition_variable answered_;  // drain(): a batch was answered
    std::deque<Item> waiting_;
    std::uint64_t submitted_ = 0;
    std::uint64_t done_ = 0;
    bool stopping_ = false;
    std::thread thread_;  // last: it starts once everything above is ready
};

}  // namespace taol::server
