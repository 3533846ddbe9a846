#pragma once
// A journal that fails on demand, in front of a real one: writes refused (a full or read-only
// disk, which a test running as root cannot make), for every room or for some; reads that find a
// room damaged; and answers that come later, from a thread of its own, as a journal that commits
// in batches answers.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>

#include "server/journal/journal.hpp"

namespace taol::testing {

class FaultyJournal final : public server::Journal {
public:
    explicit FaultyJournal(server::Journal& inner) : inner_(inner), answerer_([this] { answer_later(); }) {}
    ~FaultyJournal() override {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_all();
        answerer_.join();
    }

    std::atomic<bool> refuse_writes{false};
    std::set<std::string> damaged;  // rooms whose record "does not read"
    std::atomic<bool> unreachable{false};  // claims fail as a database that cannot be reached does
    // Writes of these rooms fail (set before the rooms are used: read from other threads).
    std::set<std::string> refused_rooms;
    // Each write is answered this long after it was handed over, from the journal's own thread.
    std::atomic<int> answer_after_ms{0};
    // A test's hand-driven clock, moved on by answer_after_ms as each late write is answered: the
    // wait shows on it whatever the speed of the machine. Set before the first write.
    std::atomic<server::TimeMs>* clock = nullptr;

    void create_room(const std::string& code, const std::string& game, const server::Json& options,
                     server::TimeMs created, server::WriteDone done) override {
        write(code, [=, this](server::WriteDone d) { inner_.create_room(code, game, options, created, std::move(d)); },
              std::move(done));
    }
    void append(const std::string& code, const server::RoomEvent& event, server::WriteDone done) override {
        write(code, [=, this](server::WriteDone d) { inner_.append(code, event, std::move(d)); }, std::move(done));
    }
    std::atomic<int> groups{0};  // append_all calls
    void append_all(const std::string& code, std::vector<server::RoomEvent> events, server::WriteDone done) override {
        ++groups;
        write(code, [=, this](server::WriteDone d) { inner_.append_all(code, events, std::move(d)); }, std::move(done));
    }
    void set_loaded(const std::string& code, bool loaded, server::WriteDone done) override {
        write(code, [=, this](server::WriteDone d) { inner_.set_loaded(code, loaded, std::move(d)); }, std::move(done));
    }
    void store_replay(const std::string& code, int game, std::string replay_text, server::WriteDone done) override {
        write(code, [=, this](server::WriteDone d) { inner_.store_replay(code, game, replay_text, std::move(d)); },
              std::move(done));
    }
    void store_summary(const std::string& code, const server::Json& summary, server::WriteDone done) override {
        write(code, [=, this](server::WriteDone d) { inner_.store_summary(code, summary, std::move(d)); },
              std::move(done));
    }
    std::vector<std::string> loaded_rooms() override { return inner_.loaded_rooms(); }
    bool has_room(const std::string& code) override { return inner_.has_room(code); }
    std::optional<server::StoredRoom> load(const std::string& code) override {
        check(code);
        return inner_.load(code);
    }
    std::optional<server::StoredRoom> load_for_replay(const std::string& code, int game) override {
        check(code);
        return inner_.load_for_replay(code, game);
    }
    std::optional<server::StoredPlayer> find_player(const std::string& token_hash) override {
        return inner_.find_player(token_hash);
    }
    std::optional<server::Json> load_replay(const std::string& code, int game) override {
        check(code);
        return inner_.load_replay(code, game);
    }
    std::optional<server::Json> load_summary(const std::string& code) override {
        check(code);
        return inner_.load_summary(code);
    }
    std::optional<int> games_started(const std::string& code) override { return inner_.games_started(code); }
    server::Claim claim(const std::string& code) override {
        check(code);
        if (unreachable) throw std::runtime_error("the journal cannot be reached (injected)");
        return inner_.claim(code);
    }
    void drain() override {
        std::unique_lock lock(mutex_);
        drained_.wait(lock, [this] { return later_.empty() && !answering_; });
        lock.unlock();
        inner_.drain();
    }

private:
    using Write = std::function<void(server::WriteDone)>;
    struct Later {
        std::chrono::steady_clock::time_point due;
        int after_ms;
        Write write;
        server::WriteDone done;
    };

    void write(const std::string& code, Write write, server::WriteDone done) {
        if (!done) done = [](server::WriteResult) {};
        if (refuse_writes || refused_rooms.count(code)) {
            write = [](server::WriteDone d) { d(server::WriteResult::failed); };
        }
        const int after = answer_after_ms;
        if (after == 0) return write(std::move(done));
        {
            std::lock_guard lock(mutex_);
            later_.push_back({std::chrono::steady_clock::now() + std::chrono::milliseconds(after), after,
                              std::move(write), std::move(done)});
        }
        wake_.notify_all();
    }

    // The journal's own thread: it makes the writes in the order they came, each once it is due.
    void answer_later() {
        std::unique_lock lock(mutex_);
        for (;;) {
            wake_.wait(lock, [this] { return stopping_ || !later_.empty(); });
            if (later_.empty()) return;  // stopping, with nothing owed
            const auto due = later_.front().due;
            if (wake_.wait_until(lock, due, [this] { return stopping_; }) && later_.empty()) return;
            Later next = std::move(later_.front());
            later_.pop_front();
            answering_ = true;
            lock.unlock();
            if (clock) *clock += next.after_ms;
            next.write(std::move(next.done));
            lock.lock();
            answering_ = false;
            drained_.notify_all();
        }
    }

    void check(const std::string& code) const {
        if (damaged.count(code)) throw server::JournalDamaged("room " + code + ": a row does not read (injected)");
    }

    server::Journal& inner_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable drained_;
    bool answering_ = false;
    std::deque<Later> later_;
    bool stopping_ = false;
    std::thread answerer_;
};

}  // namespace taol::testing
