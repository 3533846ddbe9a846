#pragma once
// The journal in PostgreSQL, shared by several nodes (README "Several nodes"). Same tables and
// guarantees as the embedded SQLite journal, plus one lease per room: a node writes a room only
// while it holds the room's lease, whose epoch (a fencing token) every write checks in the same
// statement, under a share lock that a takeover must wait for. A node that stopped renewing (dead,
// paused, cut off) loses its rooms to the next node that claims them, and cannot add one event to
// them afterwards.
//
// Three connections: the group commit's writer (which also renews the leases, inside its batches:
// see "renew"), a reader (reads and claims, behind its own mutex), and the lease keeper's, whose
// thread asks for a renewal every lease_ms / 3 and reports the rooms this node no longer holds.
#include <atomic>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>

#include "server/journal/group_commit.hpp"
#include "server/journal/journal.hpp"
#include "server/journal/pg_connection.hpp"

namespace taol::server {

struct PgJournalConfig {
    std::string conninfo;    // postgresql://user@host:port/db, or libpq's key=value form
    std::string node;        // this node's name, unique among the nodes
    std::string public_url;  // where this node's clients connect ("" when it has no address of its own)
    SyncPolicy sync = SyncPolicy::normal;
    TimeMs lease_ms = 3000;  // how long a lease lasts without renewal
    bool renew_by_itself = true;  // false: only renew_now() renews (tests of lapsed leases)
};

class PgJournal final : public Journal {
public:
    // Connects, creates the tables when missing and registers the node. Throws
    // std::runtime_error when it cannot.
    explicit PgJournal(PgJournalConfig config);
    ~PgJournal() override;
    PgJournal(const PgJournal&) = delete;
    PgJournal& operator=(const PgJournal&) = delete;

    void create_room(const std::string& code, const std::string& game, const Json& options, TimeMs created,
                     WriteDone done) override;
    void append(const std::string& code, const RoomEvent& event, WriteDone done) override;
    void append_all(const std::string& code, std::vector<RoomEvent> events, WriteDone done) override;
    void set_loaded(const std::string& code, bool loaded, WriteDone done) override;
    void store_replay(const std::string& code, int game, std::string replay_text, WriteDone done) override;
    void store_summary(const std::string& code, const Json& summary, WriteDone done) override;
    void drain() override;

    // The rooms this node held when it stopped (or died) that were in memory.
    std::vector<std::string> loaded_rooms() override;
    bool has_room(const std::string& code) override;
    std::optional<StoredRoom> load(const std::string& code) override;
    std::optional<StoredRoom> load_for_replay(const std::string& code, int game) override;
    std::optional<StoredPlayer> find_player(const std::string& token_hash) override;
    std::optional<Json> load_replay(const std::string& code, int game) override;
    std::optional<Json> load_summary(const std::string& code) override;
    std::optional<int> games_started(const std::string& code) override;
    Claim claim(const std::string& code) override;
    void on_room_lost(RoomLost lost) override;
    std::optional<Ownership> ownership() const override { return Ownership{leases_held(), takeovers()}; }

    // Leases held, and taken over from another node since the start (/metrics).
    std::size_t leases_held() const;
    std::uint64_t takeovers() const { return takeovers_; }
    // Renews this node's leases now, as the keeper does every lease_ms / 3 (tests).
    void renew_now();
    // Makes every write fail (a read-only transaction), as a full disk would (tests).
    void refuse_writes(bool refuse);

private:
    // load() (`game` nullopt) and load_for_replay().
    std::optional<StoredRoom> read_room(const std::string& code, std::optional<int> game);
    std::vector<WriteResult> commit_batch(const std::vector<GroupCommit::Write>& writes);
    // Writes [first, last) in one transaction; nullopt when it could not be committed.
    using Writes = std::vector<GroupCommit::Write>::const_iterator;
    std::optional<std::vector<WriteResult>> in_one_transaction(Writes first, Writes last);
    // The epoch this node holds room `code` at, if it holds it.
    std::optional<std::int64_t> epoch_of(const std::string& code) const;
    WriteResult create_room_now(const std::string& code, const std::string& game, const std::string& options,
                                TimeMs created);
    // `epoch`: the one this node held the room at when the write was handed over.
    WriteResult append_now(const std::string& code, std::optional<std::int64_t> epoch, const RoomEvent& event,
                           const std::string& body);
    WriteResult set_loaded_now(const std::string& code, std::optional<std::int64_t> epoch, bool loaded);
    WriteResult store_summary_now(const std::string& code, std::optional<std::int64_t> epoch, const std::string& body);
    void keep_leases();
    void renew();

    PgJournalConfig config_;
    std::string lease_ms_;  // as a statement's parameter

    mutable std::mutex leases_mutex_;
    std::unordered_map<std::string, std::int64_t> epochs_;  // the rooms this node holds
    RoomLost lost_;
    std::atomic<std::uint64_t> takeovers_{0};

    PgConnection writer_;  // the group commit's thread only
    std::unordered_map<std::string, int> chat_since_prune_;

    std::mutex read_mutex_;
    PgConnection reader_;

    std::mutex keeper_mutex_;  // keeper_, and the keeper's stop
    PgConnection keeper_;
    std::condition_variable keeper_wake_;
    bool stopping_ = false;

    std::optional<GroupCommit> commits_;  // its thread writes through writer_
    std::thread keeper_thread_;           // last: starts once everything above is ready
};

}  // namespace taol::server
