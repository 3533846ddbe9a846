#pragma once
// The journal: every room's creation and events, written before anything they cause is sent. A
// room is its journal: replaying it rebuilds the room, after a crash, after the room was unloaded,
// or step by step for a replay. An interface, so that rooms and the hub know nothing of where it
// is kept (sqlite_journal.hpp: the embedded default).
//
// Thread-safe. Writes are asynchronous, with a result per write; reads go through their own path.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "server/rooms/events.hpp"  // RoomEvent, WriteResult

namespace taol::server {

// How hard each write is pushed to the disk (README "Durability"):
// normal: a commit survives the server being killed; the last commits may be lost if the whole
//         machine loses power. full: every commit is on the disk before the room goes on.
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

// A room's record cannot be read (a row that does not parse, an unknown event): that room is
// damaged; nothing else is.
struct JournalDamaged : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Whether this node may write a room (journal.claim): a journal shared by several nodes gives
// each room one owner at a time (pg_journal.hpp: a lease with an epoch, checked by every write).
struct Claim {
    enum class Result { ours, elsewhere, unknown };
    Result result = Result::unknown;
    std::string owner_url;  // elsewhere: where its owner answers clients ("" when it has no address)
};

// What a node holds of a shared journal (/metrics).
struct Ownership {
    std::size_t leases_held = 0;
    std::uint64_t takeovers = 0;  // rooms claimed from a node that had stopped renewing
};

// Every write is asynchronous and answered once, through its `done` (which may be empty when
// nobody waits): during the call, or later from a thread of the journal's own. Writes to one room
// are made in the order they are handed over; a write that fails fails alone (the room's next
// write is tried on its own). `owned_elsewhere`: the room belongs to another node (or, for a new
// room, its code is taken), so this node may not write it.
class Journal {
public:
    virtual ~Journal() = default;

    // --- Writes ---
    // A new room.
    virtual void create_room(const std::string& code, const std::string& game, const Json& options, TimeMs created,
                             WriteDone done) = 0;
    // One event of room `code`: `done` says when it is durable (at the sync policy), or that it is
    // not. A join or a leave also records where its player is. Only the last chat lines of a room
    // are kept (kChatLinesKept).
    virtual void append(const std::string& code, const RoomEvent& event, WriteDone done) = 0;
    // Events of room `code` in one write, all of them or none: a room's group of calls that came
    // while it waited for the journal (server/rooms/README.md, "Groups").
    virtual void append_all(const std::string& code, std::vector<RoomEvent> events, WriteDone done) = 0;
    // Whether the room is in memory: the rooms to restore after a restart are those still loaded.
    virtual void set_loaded(const std::string& code, bool loaded, WriteDone done) = 0;
    // A finished game's replay (what spectators saw) as JSON text, kept so that it survives rule changes.
    virtual void store_replay(const std::string& code, int game, std::string replay_text, WriteDone done) = 0;
    // The room's public summary as it last stood, for rooms out of memory.
    virtual void store_summary(const std::string& code, const Json& summary, WriteDone done) = 0;
    // Returns once every write handed over before the call is answered (a server that stops waits
    // for it). Never call it from an answer.
    virtual void drain() = 0;

    // --- Reads: they block the calling thread, so they are made from a reading thread (the hub's),
    // never one that serves players, and they never wait for writes. Those that read a room's
    // record throw JournalDamaged when it does not read. ---
    virtual std::vector<std::string> loaded_rooms() = 0;
    virtual bool has_room(const std::string& code) = 0;
    virtual std::optional<StoredRoom> load(const std::string& code) = 0;
    // The record as the replay of its game `game` (from 1) needs it: the events up to that game's
    // end, without the game events of the games before it (a replay skips those).
    virtual std::optional<StoredRoom> load_for_replay(const std::string& code, int game) = 0;
    virtual std::optional<StoredPlayer> find_player(const std::string& token_hash) = 0;
    virtual std::optional<Json> load_replay(const std::string& code, int game) = 0;
    virtual std::optional<Json> load_summary(const std::string& code) = 0;
    // How many games the room has started (rematches included); nullopt for an unknown room.
    virtual std::optional<int> games_started(const std::string& code) = 0;

    // --- Ownership (a read: blocking, from a reading thread). A node claims a room before it
    // loads it; a journal of one node (SQLite) owns every room there is. The claim lasts until
    // set_loaded(code, false), or until another node takes it over because this one stopped
    // renewing it: then `lost` is called once (from a thread of the journal's) with where its new
    // owner answers, and every later write of that room is answered owned_elsewhere. ---
    virtual Claim claim(const std::string& code) = 0;
    using RoomLost = std::function<void(const std::string& code, const std::string& owner_url)>;
    virtual void on_room_lost(RoomLost lost) { (void)lost; }
    // nullopt for a journal of one node.
    virtual std::optional<Ownership> ownership() const { return std::nullopt; }

    static constexpr int kChatLinesKept = 500;
    // How many chat lines a room writes between two prunings of its old ones.
    static constexpr int kPruneChatEvery = 50;
};

}  // namespace taol::server
