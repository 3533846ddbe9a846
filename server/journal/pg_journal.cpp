// PgJournal: its tables, statements, writes and reads (its ownership is in pg_leases.cpp).
#include "server/journal/pg_journal.hpp"

#include <spdlog/spdlog.h>

#include "server/journal/stored_rows.hpp"

namespace taol::server {
namespace {

// Several nodes may start at once: the schema is made under an advisory lock ("taol" in ASCII).
constexpr const char* kPgSchema = R"sql(
SELECT pg_advisory_lock(1952542572);
CREATE TABLE IF NOT EXISTS rooms (
  code    TEXT PRIMARY KEY,
  game    TEXT NOT NULL,
  options TEXT NOT NULL,
  created BIGINT NOT NULL,
  loaded  BOOLEAN NOT NULL DEFAULT TRUE,
  summary TEXT
);
CREATE TABLE IF NOT EXISTS events (
  code TEXT NOT NULL,
  seq  BIGINT NOT NULL,
  at   BIGINT NOT NULL,
  wall BIGINT NOT NULL,
  rev  BIGINT NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (code, seq)
);
CREATE TABLE IF NOT EXISTS players (
  token_hash TEXT PRIMARY KEY,
  id         TEXT NOT NULL,
  name       TEXT NOT NULL,
  room       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS replays (
  code TEXT NOT NULL,
  game INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (code, game)
);
CREATE TABLE IF NOT EXISTS nodes (
  name TEXT PRIMARY KEY,
  url  TEXT NOT NULL,
  seen TIMESTAMPTZ NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
  code    TEXT PRIMARY KEY,
  node    TEXT,
  epoch   BIGINT NOT NULL,
  expires TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS leases_by_node ON leases (node);
SELECT pg_advisory_unlock(1952542572);
)sql";

// A lease's end, `$n` milliseconds from the database's clock (one clock for every node).
std::string expires_in(int param) {
    return "clock_timestamp() + $" + std::to_string(param) + "::bigint * interval '1 millisecond'";
}

// This node's lease on room $1 at epoch $3 ($2: the node), locked against a takeover until the
// transaction ends: a write that passes it is committed before anyone else can claim the room.
constexpr const char* kOurLease = "SELECT code FROM leases WHERE code = $1 AND node = $2 AND epoch = $3::bigint FOR SHARE";

std::string session_for(SyncPolicy sync) {
    // normal: a commit survives a node being killed; PostgreSQL flushes it within a moment.
    // full: every commit is flushed before the room goes on.
    return std::string("SET client_min_messages = warning; SET synchronous_commit = ") +
           (sync == SyncPolicy::full ? "on" : "off");
}

}  // namespace

PgJournal::PgJournal(PgJournalConfig config)
    : config_(std::move(config)),
      lease_ms_(std::to_string(config_.lease_ms)),
      writer_(config_.conninfo, session_for(config_.sync)),
      reader_(config_.conninfo, session_for(config_.sync)),
      keeper_(config_.conninfo, session_for(SyncPolicy::full)) {
    if (config_.node.empty()) throw std::runtime_error("a node on a shared journal needs a name");
    if (PgResult made = writer_.exec(kPgSchema); !made.ok()) {
        throw std::runtime_error("cannot make the journal's tables in PostgreSQL: " + made.error());
    }
    writer_.prepare("create_room",
                    "WITH r AS (INSERT INTO rooms (code, game, options, created) VALUES ($1, $2, $3, $4::bigint) "
                    "ON CONFLICT (code) DO NOTHING RETURNING code) "
                    "INSERT INTO leases (code, node, epoch, expires) SELECT code, $5, 1, " + expires_in(6) + " FROM r "
                    "ON CONFLICT (code) DO UPDATE SET node = EXCLUDED.node, epoch = leases.epoch + 1, "
                    "expires = EXCLUDED.expires RETURNING epoch");
    writer_.prepare("append",
                    std::string("WITH lease AS (") + kOurLease + ") "
                    "INSERT INTO events (code, seq, at, wall, rev, kind, body) "
                    "SELECT $1, COALESCE((SELECT MAX(seq) FROM events WHERE code = $1), 0) + 1, "
                    "$4::bigint, $5::bigint, $6::bigint, $7, $8 FROM lease RETURNING seq");
    writer_.prepare("upsert_player",
                    "INSERT INTO players (token_hash, id, name, room) VALUES ($1, $2, $3, $4) "
                    "ON CONFLICT (token_hash) DO UPDATE SET id = EXCLUDED.id, name = EXCLUDED.name, room = EXCLUDED.room");
    writer_.prepare("leave_player", "UPDATE players SET room = '' WHERE id = $1 AND room = $2");
    writer_.prepare("prune_chat",
                    "DELETE FROM events WHERE code = $1 AND kind = 'chatted' AND seq < "
                    "(SELECT seq FROM events WHERE code = $1 AND kind = 'chatted' ORDER BY seq DESC LIMIT 1 OFFSET $2::bigint)");
    writer_.prepare("set_loaded", std::string("WITH lease AS (") + kOurLease + ") "
                    "UPDATE rooms SET loaded = $4::boolean WHERE code = (SELECT code FROM lease) RETURNING code");
    writer_.prepare("release", "UPDATE leases SET node = NULL, expires = clock_timestamp() "
                               "WHERE code = $1 AND node = $2 AND epoch = $3::bigint");
    writer_.prepare("upsert_replay",
                    "INSERT INTO replays (code, game, body) VALUES ($1, $2::integer, $3) "
                    "ON CONFLICT (code, game) DO UPDATE SET body = EXCLUDED.body");
    writer_.prepare("summary_ours", std::string("WITH lease AS (") + kOurLease + ") "
                    "UPDATE rooms SET summary = $4 WHERE code = (SELECT code FROM lease) RETURNING code");
    // A summary computed from the journal by a node that does not hold the room: only while no one does.
    writer_.prepare("summary_free",
                    "UPDATE rooms SET summary = $2 WHERE code = $1 AND NOT EXISTS (SELECT 1 FROM leases "
                    "WHERE code = $1 AND node IS NOT NULL AND expires > clock_timestamp()) RETURNING code");
    writer_.prepare("owner", "SELECT COALESCE(n.url, '') FROM leases l LEFT JOIN nodes n ON n.name = l.node WHERE l.code = $1");

    reader_.prepare("loaded_rooms", "SELECT r.code FROM rooms r JOIN leases l ON l.code = r.code "
                                    "WHERE r.loaded AND l.node = $1 ORDER BY r.created, r.code");
    reader_.prepare("find_room", "SELECT game, options, created FROM rooms WHERE code = $1");
    reader_.prepare("room_events", "SELECT seq, at, wall, rev, kind, body FROM events WHERE code = $1 ORDER BY seq");
    reader_.prepare("find_player", "SELECT id, name, room FROM players WHERE token_hash = $1");
    reader_.prepare("find_replay", "SELECT body FROM replays WHERE code = $1 AND game = $2::integer");
    reader_.prepare("find_summary", "SELECT summary FROM rooms WHERE code = $1");
    reader_.prepare("count_games", "SELECT (SELECT COUNT(*) FROM events WHERE code = $1 AND kind = 'started'), "
                                   "EXISTS (SELECT 1 FROM rooms WHERE code = $1)");
    // Taken when free, lapsed or already this node's (a restarted node takes its rooms back: the
    // epoch moves on, so that the process before it, were it still alive, could not write).
    reader_.prepare("claim",
                    "INSERT INTO leases (code, node, epoch, expires) SELECT $1, $2, 1, " + expires_in(3) + " "
                    "WHERE EXISTS (SELECT 1 FROM rooms WHERE code = $1) "
                    "ON CONFLICT (code) DO UPDATE SET node = EXCLUDED.node, epoch = leases.epoch + 1, "
                    "expires = EXCLUDED.expires WHERE leases.node IS NULL OR leases.node = EXCLUDED.node "
                    "OR leases.expires < clock_timestamp() RETURNING epoch, "
                    "(SELECT node FROM leases WHERE code = $1) AS before");
    reader_.prepare("owner", "SELECT l.node, COALESCE(n.url, '') FROM rooms r LEFT JOIN leases l ON l.code = r.code "
                             "LEFT JOIN nodes n ON n.name = l.node WHERE r.code = $1");

    keeper_.prepare("register", "INSERT INTO nodes (name, url, seen) VALUES ($1, $2, clock_timestamp()) "
                                "ON CONFLICT (name) DO UPDATE SET url = EXCLUDED.url, seen = EXCLUDED.seen");
    // On the writer's connection, inside a batch: the batch holds its rooms' leases under share
    // locks, which a renewal from another connection would wait for, and deadlock with.
    writer_.prepare("renew", "UPDATE leases SET expires = " + expires_in(2) + " WHERE node = $1 AND "
                             "(code, epoch) IN (SELECT * FROM unnest($3::text[], $4::bigint[])) RETURNING code");
    keeper_.prepare("owners", "SELECT l.code, COALESCE(n.url, '') FROM leases l LEFT JOIN nodes n ON n.name = l.node "
                              "WHERE l.code = ANY($1::text[])");
    if (PgResult registered = keeper_.run("register", {config_.node, config_.public_url}); !registered.ok()) {
        throw std::runtime_error("cannot register node " + config_.node + ": " + registered.error());
    }
    commits_.emplace([this](const std::vector<GroupCommit::Write>& writes) { return commit_batch(writes); });
    if (config_.renew_by_itself) keeper_thread_ = std::thread([this] { keep_leases(); });
}

PgJournal::~PgJournal() {
    {
        std::lock_guard lock(keeper_mutex_);
        stopping_ = true;
    }
    keeper_wake_.notify_all();
    if (keeper_thread_.joinable()) keeper_thread_.join();  // it renews through the group commit
    commits_.reset();  // answers every write handed over
}

// --- Writes: each one a statement or two in its batch's transaction. Statements that find the
// room owned elsewhere change nothing and fail nothing (they return no row), so that one write
// refused never spoils the batch; an error fails the whole batch. ---

void PgJournal::create_room(const std::string& code, const std::string& game, const Json& options, TimeMs created,
                            WriteDone done) {
    commits_->submit([=, this, text = options.dump()] { return create_room_now(code, game, text, created); },
                     std::move(done));
}

void PgJournal::append(const std::string& code, const RoomEvent& event, WriteDone done) {
    // The body is written out here, on the room's thread: the writer's is shared by every room.
    // The epoch is the one this node held when the room wrote it: a claim of the same room made
    // meanwhile (the room unloaded and loaded again) is another room's.
    std::string body = event_body_text(event.body);
    commits_->submit([=, this, epoch = epoch_of(code), body = std::move(body)] {
        return append_now(code, epoch, event, body);
    }, std::move(done));
}

void PgJournal::append_all(const std::string& code, std::vector<RoomEvent> events, WriteDone done) {
    std::vector<std::string> bodies;
    bodies.reserve(events.size());
    for (const RoomEvent& event : events) {
        bodies.push_back(event_body_text(event.body));
    }
    commits_->submit(
        [=, this, epoch = epoch_of(code), events = std::move(events), bodies = std::move(bodies)] {
            for (std::size_t i = 0; i < events.size(); ++i) {
                const WriteResult result = append_now(code, epoch, events[i], bodies[i]);
                if (result == WriteResult::written) continue;
                // Past the first event, what went before is in the transaction: `failed` rolls it
                // back, and the group is made again alone (commit_batch), all of it or none.
                return i == 0 ? result : WriteResult::failed;
            }
            return WriteResult::written;
        },
        std::move(done));
}

void PgJournal::set_loaded(const std::string& code, bool loaded, WriteDone done) {
    commits_->submit([=, this, epoch = epoch_of(code)] { return set_loaded_now(code, epoch, loaded); }, std::move(done));
}

void PgJournal::store_replay(const std::string& code, int game, std::string replay_text, WriteDone done) {
    commits_->submit(
        [=, this, body = std::move(replay_text)] {
            PgResult r = writer_.run("upsert_replay", {code, pg_int(game), body});
            if (!r.ok()) spdlog::error("journal: replay {} of room {} not stored: {}", game, code, r.error());
            return r.ok() ? WriteResult::written : WriteResult::failed;
        },
        std::move(done));
}

void PgJournal::store_summary(const std::string& code, const Json& summary, WriteDone done) {
    commits_->submit([=, this, epoch = epoch_of(code), body = summary.dump()] { return store_summary_now(code, epoch, body); },
                     std::move(done));
}

void PgJournal::drain() { commits_->drain(); }

std::vector<WriteResult> PgJournal::commit_batch(const std::vector<GroupCommit::Write>& writes) {
    if (!writer_.ensure()) {
        spdlog::error("journal: PostgreSQL cannot be reached: {} write(s) refused", writes.size());
        return std::vector<WriteResult>(writes.size(), WriteResult::failed);
    }
    if (auto results = in_one_transaction(writes.begin(), writes.end())) return *results;
    // An error aborts the whole transaction: each write is made again alone, so that the one that
    // failed fails alone (while PostgreSQL answers at all).
    std::vector<WriteResult> results(writes.size(), WriteResult::failed);
    if (writes.size() == 1) return results;
    for (std::size_t i = 0; i < writes.size() && writer_.ensure(); ++i) {
        if (auto one = in_one_transaction(writes.begin() + i, writes.begin() + i + 1)) results[i] = one->front();
    }
    return results;
}

std::optional<std::vector<WriteResult>> PgJournal::in_one_transaction(Writes first, Writes last) {
    if (PgResult begin = writer_.exec("BEGIN"); !begin.ok()) {
        spdlog::error("journal: cannot begin a batch: {}", begin.error());
        return std::nullopt;
    }
    std::vector<WriteResult> results;
    results.reserve(static_cast<std::size_t>(last - first));
    for (auto write = first; write != last; ++write) {
        results.push_back((*write)());
        if (results.back() == WriteResult::failed) break;  // the transaction is aborted
    }
    if (results.size() == static_cast<std::size_t>(last - first) && results.back() != WriteResult::failed) {
        PgResult commit = writer_.exec("COMMIT");
        if (commit.ok()) return results;
        spdlog::error("journal: a batch of {} write(s) could not be committed: {}", results.size(), commit.error());
    }
    writer_.exec("ROLLBACK");
    chat_since_prune_.clear();
    return std::nullopt;
}

WriteResult PgJournal::create_room_now(const std::string& code, const std::string& game, const std::string& options,
                                       TimeMs created) {
    PgResult r = writer_.run("create_room", {code, game, options, pg_int(created), config_.node, lease_ms_});
    if (!r.ok()) {
        spdlog::error("journal: room {} not recorded: {}", code, r.error());
        return WriteResult::failed;
    }
    if (r.rows() == 0) return WriteResult::owned_elsewhere;  // the code is taken
    std::lock_guard lock(leases_mutex_);
    epochs_[code] = r.integer(0, 0);
    return WriteResult::written;
}

WriteResult PgJournal::append_now(const std::string& code, std::optional<std::int64_t> epoch, const RoomEvent& event,
                                  const std::string& body) {
    if (!epoch) return WriteResult::owned_elsewhere;
    const auto failed = [&](const PgResult& r) {
        spdlog::error("journal: event '{}' of room {} not recorded: {}", event_name(event.body), code, r.error());
        return WriteResult::failed;
    };
    PgResult inserted = writer_.run("append", {code, config_.node, pg_int(*epoch), pg_int(event.at), pg_int(event.wall),
                                               pg_int(event.rev), event_name(event.body), body});
    if (!inserted.ok()) return failed(inserted);
    if (inserted.rows() == 0) {
        // Another node took the room over: this one may not write it again.
        bool was_ours = false;
        RoomLost lost;
        {
            std::lock_guard lock(leases_mutex_);
            auto it = epochs_.find(code);
            was_ours = it != epochs_.end() && it->second == *epoch;
            if (was_ours) epochs_.erase(it);
            lost = lost_;
        }
        if (was_ours && lost) {
            PgResult owner = writer_.run("owner", {code});
            lost(code, owner.rows() > 0 ? owner.text(0, 0) : "");
        }
        return WriteResult::owned_elsewhere;
    }
    if (const auto* joined = std::get_if<event::Joined>(&event.body); joined && !joined->token_hash.empty()) {
        PgResult r = writer_.run("upsert_player", {joined->token_hash, joined->player, joined->name, code});
        if (!r.ok()) return failed(r);
    } else if (const auto* left = std::get_if<event::Left>(&event.body)) {
        PgResult r = writer_.run("leave_player", {left->player, code});
        if (!r.ok()) return failed(r);
    }
    if (std::holds_alternative<event::Chatted>(event.body) && ++chat_since_prune_[code] >= kPruneChatEvery) {
        chat_since_prune_[code] = 0;
        PgResult r = writer_.run("prune_chat", {code, pg_int(kChatLinesKept - 1)});
        if (!r.ok()) return failed(r);
    }
    return WriteResult::written;
}

WriteResult PgJournal::set_loaded_now(const std::string& code, std::optional<std::int64_t> epoch, bool loaded) {
    if (!epoch) return WriteResult::owned_elsewhere;
    PgResult r = writer_.run("set_loaded", {code, config_.node, pg_int(*epoch), loaded ? "true" : "false"});
    if (!r.ok()) {
        spdlog::error("journal: room {}: {}", code, r.error());
        return WriteResult::failed;
    }
    if (r.rows() == 0) return WriteResult::owned_elsewhere;
    if (loaded) return WriteResult::written;
    // Out of memory here: any node may take it.
    PgResult released = writer_.run("release", {code, config_.node, pg_int(*epoch)});
    if (!released.ok()) {
        spdlog::error("journal: room {}: its lease not released: {}", code, released.error());
        return WriteResult::failed;
    }
    std::lock_guard lock(leases_mutex_);
    if (auto it = epochs_.find(code); it != epochs_.end() && it->second == *epoch) epochs_.erase(it);
    chat_since_prune_.erase(code);
    return WriteResult::written;
}

WriteResult PgJournal::store_summary_now(const std::string& code, std::optional<std::int64_t> epoch,
                                         const std::string& body) {
    PgResult r = epoch ? writer_.run("summary_ours", {code, config_.node, pg_int(*epoch), body})
                       : writer_.run("summary_free", {code, body});
    if (!r.ok()) {
        spdlog::error("journal: summary of room {} not stored: {}", code, r.error());
        return WriteResult::failed;
    }
    return r.rows() > 0 ? WriteResult::written : WriteResult::owned_elsewhere;
}

// --- Reads ---

std::vector<std::string> PgJournal::loaded_rooms() {
    std::lock_guard lock(read_mutex_);
    reader_.ensure();
    PgResult r = reader_.run("loaded_rooms", {config_.node});
    if (!r.ok()) throw std::runtime_error("journal: the rooms to restore do not read: " + r.error());
    std::vector<std::string> codes;
    for (int i = 0; i < r.rows(); ++i) codes.push_back(r.text(i, 0));
    return codes;
}

bool PgJournal::has_room(const std::string& code) {
    std::lock_guard lock(read_mutex_);
    reader_.ensure();
    return reader_.run("find_room", {code}).rows() > 0;
}

std::optional<StoredRoom> PgJournal::load(const std::string& code) { return read_room(code, std::nullopt); }

std::optional<StoredRoom> PgJournal::load_for_replay(const std::string& code, int game) { return read_room(code, game); }

std::optional<StoredRoom> PgJournal::read_room(const std::string& code, std::optional<int> game) {
    std::lock_guard lock(read_mutex_);
    reader_.ensure();
    PgResult room_row = reader_.run("find_room", {code});
    if (!room_row.ok()) throw JournalDamaged("room " + code + " does not read: " + room_row.error());
    if (room_row.rows() == 0) return std::nullopt;
    StoredRoom room;
    room.code = code;
    room.game = room_row.text(0, 0);
    room.options = parse_stored_json(room_row.text(0, 1), "room " + code + ": its options");
    room.created = room_row.integer(0, 2);
    PgResult rows = reader_.run("room_events", {code});
    if (!rows.ok()) throw JournalDamaged("room " + code + "'s events do not read: " + rows.error());
    room.events.reserve(static_cast<std::size_t>(rows.rows()));
    StoredEvents events(room, game);
    for (int i = 0; i < rows.rows(); ++i) {
        const std::string kind = rows.text(i, 4);
        const StoredEvents::Next next = events.next(kind);
        if (next == StoredEvents::Next::stop) break;
        if (next == StoredEvents::Next::read) {
            events.add(rows.integer(i, 0), rows.integer(i, 1), rows.integer(i, 2), rows.integer(i, 3), kind,
                       rows.text(i, 5));
        }
    }
    return room;
}

std::optional<StoredPlayer> PgJournal::find_player(const std::string& token_hash) {
    std::lock_guard lock(read_mutex_);
    reader_.ensure();
    PgResult r = reader_.run("find_player", {token_hash});
    if (r.rows() == 0) return std::nullopt;
    return StoredPlayer{r.text(0, 0), r.text(0, 1), r.text(0, 2)};
}

std::optional<Json> PgJournal::load_replay(const std::string& code, int game) {
    std::lock_guard lock(read_mutex_);
    reader_.ensure();
    PgResult r = reader_.run("find_replay", {code, pg_int(game)});
    if (r.rows() == 0) return std::nullopt;
    return parse_stored_json(r.text(0, 0), "room " + code + ": the replay of game " + std::to_string(game));
}

std::optional<Json> PgJournal::load_summary(const std::string& code) {
    std::lock_guard lock(read_mutex_);
    reader_.ensure();
    PgResult r = reader_.run("find_summary", {code});
    if (r.rows() == 0 || r.null(0, 0)) return std::nullopt;
    return parse_stored_json(r.text(0, 0), "room " + code + ": its summary");
}

std::optional<int> PgJournal::games_started(const std::string& code) {
    std::lock_guard lock(read_mutex_);
    reader_.ensure();
    PgResult r = reader_.run("count_games", {code});
    if (r.rows() == 0 || r.text(0, 1) != "t") return std::nullopt;
    return static_cast<int>(r.integer(0, 0));
}

void PgJournal::refuse_writes(bool refuse) {
    // Taken between two batches: the writer's thread is the only one using writer_ otherwise.
    drain();
    commits_->submit([this, refuse] {
        writer_.exec(refuse ? "SET default_transaction_read_only = on" : "SET default_transaction_read_only = off");
        return WriteResult::written;
    }, {});
    drain();
}

}  // namespace taol::server
