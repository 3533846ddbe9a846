#pragma once
// The journal: every room's creation and events in an embedded SQLite database (WAL mode), written
// before anything they cause is sent. A room is its journal: replaying it rebuilds the room, after
// a crash, after the room was unloaded, or step by step for a replay. Thread-safe (one connection
// behind a mutex: SQLite writes one transaction at a time anyway).
#include <filesystem>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/room_events.hpp"

struct sqlite3;
struct sqlite3_stmt;

namespace taol::server {

// How hard each write is pushed to the disk (PRAGMA synchronous, README "Durability"):
// normal: a commit survives the server being killed; the last commits may be lost if the whole
//         machine loses power. full: every commit is on the disk before the room goes on (an
//         fsync per event: slower).
enum class SyncPolicy { normal, full };
std::optional<SyncPolicy> parse_sync_policy(std::string_view text);

// A room as the journal holds it.
struct StoredRoom {
    std::string code;
    std::string game;
    Json options;
    TimeMs created = 0;
    std::vector<RoomEvent> events;
};

// Who a token belongs to (found by the token's hash).
struct StoredPlayer {
    std::string id;
    std::string name;
    std::string room;  // the room it is in, "" when none
};

class Journal {
public:
    // Opens (creating when missing) `dir`/taol.db. Throws std::runtime_error when it cannot.
    Journal(const std::filesystem::path& dir, SyncPolicy sync);
    ~Journal();
    Journal(const Journal&) = delete;
    Journal& operator=(const Journal&) = delete;

    // Records a new room; false when the code is already taken or the write failed.
    bool create_room(const std::string& code, const std::string& game, const Json& options, TimeMs created);
    // Appends one event of room `code`; false when the write failed (nothing was recorded). A join
    // or a leave also records where its player is.
    bool append(const std::string& code, const RoomEvent& event);
    // Whether the room is in memory: the rooms to restore after a restart are those still loaded.
    void set_loaded(const std::string& code, bool loaded);

    std::vector<std::string> loaded_rooms();
    bool has_room(const std::string& code);
    std::optional<StoredRoom> load(const std::string& code);
    std::optional<StoredPlayer> find_player(const std::string& token_hash);

    // Makes every write fail (SQLite's query_only), as a full or read-only disk would (tests).
    void refuse_writes(bool refuse);

private:
    sqlite3_stmt* prepare(const char* sql);
    bool exec(const char* sql);
    std::int64_t next_seq_locked(const std::string& code);

    std::mutex mutex_;
    sqlite3* db_ = nullptr;
    std::unordered_map<std::string, std::int64_t> next_seq_;  // rooms written to since opening
    std::vector<sqlite3_stmt*> statements_;
    sqlite3_stmt* insert_room_ = nullptr;
    sqlite3_stmt* insert_event_ = nullptr;
    sqlite3_stmt* last_seq_ = nullptr;
    sqlite3_stmt* upsert_player_ = nullptr;
    sqlite3_stmt* leave_player_ = nullptr;
    sqlite3_stmt* set_loaded_ = nullptr;
    sqlite3_stmt* loaded_rooms_ = nullptr;
    sqlite3_stmt* find_room_ = nullptr;
    sqlite3_stmt* room_events_ = nullptr;
    sqlite3_stmt* find_player_ = nullptr;
};

}  // namespace taol::server
