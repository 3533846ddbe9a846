#pragma once
// The journal in an embedded SQLite database, `taol.db` in the data directory (WAL mode). Two
// connections: one writes, on the group commit's thread (group_commit.hpp: the writes of every
// room that wait, in one transaction); the other reads, behind its own mutex, so that a long read
// (a replay) never holds a write back. The log's checkpoints are made on a third
// (wal_checkpointer.hpp), so that the writer never stops to copy it.
#include <filesystem>
#include <mutex>
#include <optional>
#include <unordered_map>
#include <vector>

#include "server/journal/group_commit.hpp"
#include "server/journal/journal.hpp"
#include "server/journal/wal_checkpointer.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace taol::server {

class SqliteJournal final : public Journal {
public:
    // Opens (creating when missing) `dir`/taol.db. Throws std::runtime_error when it cannot, and
    // when the file is there but is not a Taol journal (empty, corrupt, another database): a
    // journal is never silently replaced.
    SqliteJournal(const std::filesystem::path& dir, SyncPolicy sync);
    ~SqliteJournal() override;
    SqliteJournal(const SqliteJournal&) = delete;
    SqliteJournal& operator=(const SqliteJournal&) = delete;

    void create_room(const std::string& code, const std::string& game, const Json& options, TimeMs created,
                     WriteDone done) override;
    void append(const std::string& code, const RoomEvent& event, WriteDone done) override;
    void append_all(const std::string& code, std::vector<RoomEvent> events, WriteDone done) override;
    void set_loaded(const std::string& code, bool loaded, WriteDone done) override;
    void store_replay(const std::string& code, int game, std::string replay_text, WriteDone done) override;
    void store_summary(const std::string& code, const Json& summary, WriteDone done) override;

    std::vector<std::string> loaded_rooms() override;
    bool has_room(const std::string& code) override;
    std::optional<StoredRoom> load(const std::string& code) override;
    std::optional<StoredRoom> load_for_replay(const std::string& code, int game) override;
    std::optional<StoredPlayer> find_player(const std::string& token_hash) override;
    std::optional<Json> load_replay(const std::string& code, int game) override;
    std::optional<Json> load_summary(const std::string& code) override;
    std::optional<int> games_started(const std::string& code) override;
    // One node: every room there is is this node's.
    Claim claim(const std::string& code) override;
    void drain() override;

    // Makes every write fail (SQLite's query_only), as a full or read-only disk would (tests).
    void refuse_writes(bool refuse);
    const std::filesystem::path& path() const { return path_; }
    // Checkpoints of the write-ahead log made so far (tests).
    int checkpoints_made() const { return checkpoints_->made(); }

private:
    struct Connection {
        sqlite3* db = nullptr;
        std::vector<sqlite3_stmt*> statements;
        sqlite3_stmt* prepare(const char* sql);
        bool exec(const char* sql);
        bool run(sqlite3_stmt* stmt);  // steps a statement that returns nothing, and resets it
        void close();
    };

    static WriteResult written(bool ok);
    // load() (`game` nullopt) and load_for_replay().
    std::optional<StoredRoom> read_room(const std::string& code, std::optional<int> game);
    // The group commit's batch: one transaction.
    std::vector<WriteResult> commit_batch(const std::vector<GroupCommit::Write>& writes);
    std::vector<WriteResult> batch_lost(std::size_t writes);
    WriteResult create_room_now(const std::string& code, const std::string& game, const Json& options, TimeMs created);
    bool append_now(const std::string& code, const RoomEvent& event);
    bool append_all_now(const std::string& code, const std::vector<RoomEvent>& events);
    bool set_loaded_now(const std::string& code, bool loaded);
    bool store_replay_now(const std::string& code, int game, const std::string& body);
    bool store_summary_now(const std::string& code, const std::string& body);
    std::int64_t next_seq_locked(const std::string& code);
    void prune_chat_locked(const std::string& code);

    std::filesystem::path path_;

    std::mutex write_mutex_;
    Connection writer_;
    std::unordered_map<std::string, std::int64_t> next_seq_;     // rooms written to since opening
    std::unordered_map<std::string, int> chat_since_prune_;
    sqlite3_stmt* begin_ = nullptr;
    sqlite3_stmt* savepoint_ = nullptr;
    sqlite3_stmt* rollback_to_ = nullptr;
    sqlite3_stmt* release_ = nullptr;
    sqlite3_stmt* group_savepoint_ = nullptr;
    sqlite3_stmt* group_rollback_to_ = nullptr;
    sqlite3_stmt* group_release_ = nullptr;
    sqlite3_stmt* commit_ = nullptr;
    sqlite3_stmt* insert_room_ = nullptr;
    sqlite3_stmt* insert_event_ = nullptr;
    sqlite3_stmt* last_seq_ = nullptr;
    sqlite3_stmt* upsert_player_ = nullptr;
    sqlite3_stmt* leave_player_ = nullptr;
    sqlite3_stmt* set_loaded_ = nullptr;
    sqlite3_stmt* prune_chat_ = nullptr;
    sqlite3_stmt* upsert_replay_ = nullptr;
    sqlite3_stmt* set_summary_ = nullptr;

    std::mutex read_mutex_;
    Connection reader_;
    sqlite3_stmt* loaded_rooms_ = nullptr;
    sqlite3_stmt* find_room_ = nullptr;
    sqlite3_stmt* room_events_ = nullptr;
    sqlite3_stmt* find_player_ = nullptr;
    sqlite3_stmt* find_replay_ = nullptr;
    sqlite3_stmt* find_summary_ = nullptr;
    sqlite3_stmt* count_games_ = nullptr;

    std::optional<WalCheckpointer> checkpoints_;  // watches writer_'s commits
    std::optional<GroupCommit> commits_;  // last: its thread writes through everything above
};

}  // namespace taol::server
