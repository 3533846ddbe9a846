#include "server/journal/sqlite_journal.hpp"

#include <sqlite3.h>
#include <spdlog/spdlog.h>

#include <fstream>
#include <stdexcept>

#include "server/journal/busy_retry.hpp"
#include "server/journal/packed_text.hpp"
#include "server/journal/stored_rows.hpp"

namespace taol::server {
namespace {

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS rooms (
  code    TEXT PRIMARY KEY,
  game    TEXT NOT NULL,
  options TEXT NOT NULL,
  created INTEGER NOT NULL,
  loaded  INTEGER NOT NULL DEFAULT 1
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS events (
  code TEXT NOT NULL,
  seq  INTEGER NOT NULL,
  at   INTEGER NOT NULL,
  wall INTEGER NOT NULL,
  rev  INTEGER NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (code, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS players (
  token_hash TEXT PRIMARY KEY,
  id         TEXT NOT NULL,
  name       TEXT NOT NULL,
  room       TEXT NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS replays (
  code TEXT NOT NULL,
  game INTEGER NOT NULL,
  body TEXT NOT NULL,
  PRIMARY KEY (code, game)
) WITHOUT ROWID;
)sql";

// Resets a prepared statement when the scope ends, whatever happened.
class Using {
public:
    explicit Using(sqlite3_stmt* stmt) : stmt_(stmt) {}
    ~Using() {
        sqlite3_reset(stmt_);
        sqlite3_clear_bindings(stmt_);
    }
    Using(const Using&) = delete;
    Using& operator=(const Using&) = delete;

    Using& text(int i, const std::string& value) {
        sqlite3_bind_text(stmt_, i, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Using& blob(int i, const std::string& value) {
        sqlite3_bind_blob(stmt_, i, value.data(), static_cast<int>(value.size()), SQLITE_TRANSIENT);
        return *this;
    }
    Using& integer(int i, std::int64_t value) {
        sqlite3_bind_int64(stmt_, i, value);
        return *this;
    }
    int step() { return sqlite3_step(stmt_); }
    std::string column_text(int i) const {
        const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i))) : std::string();
    }
    std::int64_t column_integer(int i) const { return sqlite3_column_int64(stmt_, i); }
    bool column_null(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
    bool column_blob(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_BLOB; }
    std::string column_bytes(int i) const {
        const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, i));
        return p ? std::string(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, i))) : std::string();
    }

private:
    sqlite3_stmt* stmt_;
};

// A file that is there must be an SQLite database: an empty or foreign file is reported, never
// silently replaced by a new journal.
void check_existing_file(const std::filesystem::path& path) {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec)) return;
    const auto size = std::filesystem::file_size(path, ec);
    const std::string advice = ": move it away (a new, empty journal is then created) or restore a backup";
    if (!ec && size == 0) throw std::runtime_error("the journal " + path.string() + " is an empty file" + advice);
    char header[16] = {};
    std::ifstream in(path, std::ios::binary);
    in.read(header, sizeof header);
    if (!in || std::string_view(header, sizeof header) != std::string_view("SQLite format 3\0", 16)) {
        throw std::runtime_error("the journal " + path.string() + " is not an SQLite database (corrupt?)" + advice);
    }
}

}  // namespace

std::optional<SyncPolicy> parse_sync_policy(std::string_view text) {
    if (text == "normal") return SyncPolicy::normal;
    if (text == "full") return SyncPolicy::full;
    return std::nullopt;
}

sqlite3_stmt* SqliteJournal::Connection::prepare(const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
        throw std::runtime_error(std::string("journal: cannot prepare a statement: ") + sqlite3_errmsg(db));
    }
    statements.push_back(stmt);
    return stmt;
}

bool SqliteJournal::Connection::exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &error) == SQLITE_OK) return true;
    spdlog::error("journal: {}", error ? error : "unknown error");
    sqlite3_free(error);
    return false;
}

bool SqliteJournal::Connection::run(sqlite3_stmt* stmt) {
    const int rc = sqlite3_step(stmt);
    sqlite3_reset(stmt);
    if (rc == SQLITE_DONE || rc == SQLITE_ROW) return true;
    spdlog::error("journal: {}: {}", sqlite3_sql(stmt), sqlite3_errmsg(db));
    return false;
}

void SqliteJournal::Connection::close() {
    for (sqlite3_stmt* stmt : statements) sqlite3_finalize(stmt);
    statements.clear();
    sqlite3_close(db);
    db = nullptr;
}

SqliteJournal::SqliteJournal(const std::filesystem::path& dir, SyncPolicy sync) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw std::runtime_error("cannot create the data directory " + dir.string() + ": " + ec.message());
    path_ = dir / "taol.db";
    const std::string path = path_.string();
    check_existing_file(path_);
    const auto open = [&](Connection& c, int flags) {
        if (sqlite3_open_v2(path.c_str(), &c.db, flags | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
            const std::string why = c.db ? sqlite3_errmsg(c.db) : "out of memory";
            c.close();
            throw std::runtime_error("cannot open the journal " + path + ": " + why);
        }
        retry_busy_in_small_steps(c.db, std::chrono::seconds(5));
    };
    const auto fail = [&](const std::string& what) {
        const std::string why = sqlite3_errmsg(writer_.db);
        writer_.close();
        reader_.close();
        throw std::runtime_error("cannot use the journal " + path + ": " + what + why);
    };
    open(writer_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
    const char* synchronous = sync == SyncPolicy::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL";
    if (!writer_.exec("PRAGMA journal_mode=WAL") || !writer_.exec(synchronous)) fail("");
    // Every room appends to its own last page of `events`: SQLite's default cache (2 MiB) held too
    // few of them at 400 busy rooms, and a write first read its page back from the file (2.4
    // reads per action, against 1.2 with 8 MiB, mostly the checkpoints'). At 3,800 rooms 16 MiB
    // saved nothing measurable and cost 1 KiB per connection (tests/bench/README.md, "Answered
    // together, and gathered").
    if (!writer_.exec("PRAGMA cache_size=-8192")) fail("");
    // Another database in the same file is not ours to add tables to.
    int ours = 0;
    int others = 0;
    int rc = SQLITE_DONE;
    {
        Using tables(writer_.prepare("SELECT name FROM sqlite_master WHERE type = 'table'"));
        while ((rc = tables.step()) == SQLITE_ROW) {
            const std::string name = tables.column_text(0);
            (name == "rooms" || name == "events" || name == "players" || name == "replays" ? ours : others)++;
        }
    }
    if (rc != SQLITE_DONE) fail("it does not read (corrupt?): ");
    if (others > 0 && ours == 0) {
        writer_.close();
        throw std::runtime_error("the journal " + path + " holds another application's tables, not a Taol journal: " +
                                 "point --data-dir elsewhere");
    }
    if (!writer_.exec(kSchema)) fail("");
    bool has_summary = false;
    {
        Using columns(writer_.prepare("PRAGMA table_info(rooms)"));
        while (columns.step() == SQLITE_ROW) has_summary = has_summary || columns.column_text(1) == "summary";
    }
    if (!has_summary && !writer_.exec("ALTER TABLE rooms ADD COLUMN summary TEXT")) fail("");
    // Prepared once: a batch runs them for each of its writes.
    begin_ = writer_.prepare("BEGIN");
    savepoint_ = writer_.prepare("SAVEPOINT one_write");
    rollback_to_ = writer_.prepare("ROLLBACK TO one_write");
    release_ = writer_.prepare("RELEASE one_write");
    group_savepoint_ = writer_.prepare("SAVEPOINT one_group");
    group_rollback_to_ = writer_.prepare("ROLLBACK TO one_group");
    group_release_ = writer_.prepare("RELEASE one_group");
    commit_ = writer_.prepare("COMMIT");
    insert_room_ = writer_.prepare("INSERT INTO rooms (code, game, options, created, loaded) VALUES (?, ?, ?, ?, 1)");
    insert_event_ = writer_.prepare("INSERT INTO events (code, seq, at, wall, rev, kind, body) VALUES (?, ?, ?, ?, ?, ?, ?)");
    last_seq_ = writer_.prepare("SELECT COALESCE(MAX(seq), 0) FROM events WHERE code = ?");
    upsert_player_ = writer_.prepare(
        "INSERT INTO players (token_hash, id, name, room) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (token_hash) DO UPDATE SET id = excluded.id, name = excluded.name, room = excluded.room");
    leave_player_ = writer_.prepare("UPDATE players SET room = '' WHERE id = ? AND room = ?");
    set_loaded_ = writer_.prepare("UPDATE rooms SET loaded = ? WHERE code = ?");
    prune_chat_ = writer_.prepare(
        "DELETE FROM events WHERE code = ?1 AND kind = 'chatted' AND seq < "
        "(SELECT seq FROM events WHERE code = ?1 AND kind = 'chatted' ORDER BY seq DESC LIMIT 1 OFFSET ?2)");
    upsert_replay_ = writer_.prepare(
        "INSERT INTO replays (code, game, body) VALUES (?, ?, ?) "
        "ON CONFLICT (code, game) DO UPDATE SET body = excluded.body");
    set_summary_ = writer_.prepare("UPDATE rooms SET summary = ? WHERE code = ?");

    open(reader_, SQLITE_OPEN_READONLY);
    loaded_rooms_ = reader_.prepare("SELECT code FROM rooms WHERE loaded = 1 ORDER BY created");
    find_room_ = reader_.prepare("SELECT game, options, created FROM rooms WHERE code = ?");
    room_events_ = reader_.prepare("SELECT seq, at, wall, rev, kind, body FROM events WHERE code = ? ORDER BY seq");
    find_player_ = reader_.prepare("SELECT id, name, room FROM players WHERE token_hash = ?");
    find_replay_ = reader_.prepare("SELECT body FROM replays WHERE code = ? AND game = ?");
    find_summary_ = reader_.prepare("SELECT summary FROM rooms WHERE code = ?");
    count_games_ = reader_.prepare(
        "SELECT (SELECT COUNT(*) FROM events WHERE code = ?1 AND kind = 'started'), "
        "EXISTS (SELECT 1 FROM rooms WHERE code = ?1)");
    checkpoints_.emplace(path, sync);
    checkpoints_->watch(writer_.db);
    commits_.emplace([this](const std::vector<GroupCommit::Write>& writes) { return commit_batch(writes); });
}

SqliteJournal::~SqliteJournal() {
    commits_.reset();  // answers every write handed over before the connections close
    checkpoints_.reset();
    reader_.close();
    writer_.close();
}

// Writes are handed to the group commit and made in its batch's transaction. Each is one statement,
// which SQLite undoes alone when it fails, but for a join or a leave, which also changes the
// player's row and so makes both changes between a savepoint and its release.
void SqliteJournal::create_room(const std::string& code, const std::string& game, const Json& options, TimeMs created,
                                WriteDone done) {
    commits_->submit([=, this] { return create_room_now(code, game, options, created); }, std::move(done));
}

void SqliteJournal::append(const std::string& code, const RoomEvent& event, WriteDone done) {
    commits_->submit([=, this] { return written(append_now(code, event)); }, std::move(done));
}

void SqliteJournal::append_all(const std::string& code, std::vector<RoomEvent> events, WriteDone done) {
    commits_->submit([=, this, events = std::move(events)] { return written(append_all_now(code, events)); },
                     std::move(done));
}

void SqliteJournal::set_loaded(const std::string& code, bool loaded, WriteDone done) {
    commits_->submit([=, this] { return written(set_loaded_now(code, loaded)); }, std::move(done));
}

void SqliteJournal::store_replay(const std::string& code, int game, std::string replay_text, WriteDone done) {
    // Packed here, on the caller's thread: the writer's is shared by every room.
    std::string body = pack_text(replay_text);
    commits_->submit([=, this, body = std::move(body)] { return written(store_replay_now(code, game, body)); },
                     std::move(done));
}

void SqliteJournal::store_summary(const std::string& code, const Json& summary, WriteDone done) {
    commits_->submit([=, this, body = summary.dump()] { return written(store_summary_now(code, body)); },
                     std::move(done));
}

void SqliteJournal::drain() { commits_->drain(); }

WriteResult SqliteJournal::written(bool ok) { return ok ? WriteResult::written : WriteResult::failed; }

std::vector<WriteResult> SqliteJournal::commit_batch(const std::vector<GroupCommit::Write>& writes) {
    std::lock_guard lock(write_mutex_);
    std::vector<WriteResult> results(writes.size(), WriteResult::failed);
    if (!writer_.run(begin_)) return results;
    for (std::size_t i = 0; i < writes.size(); ++i) {
        results[i] = writes[i]();
        // Some errors (a full disk, an I/O error) make SQLite roll the whole transaction back.
        if (sqlite3_get_autocommit(writer_.db)) return batch_lost(writes.size());
    }
    if (writer_.run(commit_)) return results;
    writer_.exec("ROLLBACK");
    return batch_lost(writes.size());
}

std::vector<WriteResult> SqliteJournal::batch_lost(std::size_t writes) {
    // Nothing of the batch is on the disk: every write failed, and the rooms' next sequence numbers
    // are read again from what is.
    spdlog::error("journal: a batch of {} write(s) could not be committed: {}", writes, sqlite3_errmsg(writer_.db));
    next_seq_.clear();
    chat_since_prune_.clear();
    return std::vector<WriteResult>(writes, WriteResult::failed);
}

WriteResult SqliteJournal::create_room_now(const std::string& code, const std::string& game, const Json& options,
                                           TimeMs created) {
    Using insert(insert_room_);
    insert.text(1, code).text(2, game).text(3, options.dump()).integer(4, created);
    const int rc = insert.step();
    if (rc != SQLITE_DONE) {
        spdlog::error("journal: room {} not recorded: {}", code, sqlite3_errmsg(writer_.db));
        // The code's key refused it: that room is someone else's.
        return sqlite3_extended_errcode(writer_.db) == SQLITE_CONSTRAINT_PRIMARYKEY ? WriteResult::owned_elsewhere
                                                                                   : WriteResult::failed;
    }
    next_seq_[code] = 1;
    return WriteResult::written;
}

std::int64_t SqliteJournal::next_seq_locked(const std::string& code) {
    auto it = next_seq_.find(code);
    if (it != next_seq_.end()) return it->second;
    Using last(last_seq_);
    last.text(1, code);
    const std::int64_t next = last.step() == SQLITE_ROW ? last.column_integer(0) + 1 : 1;
    next_seq_[code] = next;
    return next;
}

bool SqliteJournal::append_now(const std::string& code, const RoomEvent& event) {
    const std::int64_t seq = next_seq_locked(code);
    const auto* joined = std::get_if<event::Joined>(&event.body);
    const auto* left = std::get_if<event::Left>(&event.body);
    const auto fail = [&] {
        spdlog::error("journal: event '{}' of room {} not recorded: {}", event_name(event.body), code,
                      sqlite3_errmsg(writer_.db));
        return false;
    };
    const auto record = [&] {
        {
            Using insert(insert_event_);
            insert.text(1, code).integer(2, seq).integer(3, event.at).integer(4, event.wall).integer(5, event.rev);
            const std::string body = event_body_text(event.body);
            insert.text(6, event_name(event.body)).text(7, body);
            if (insert.step() != SQLITE_DONE) return fail();
        }
        if (joined && !joined->token_hash.empty()) {
            Using upsert(upsert_player_);
            upsert.text(1, joined->token_hash).text(2, joined->player).text(3, joined->name).text(4, code);
            if (upsert.step() != SQLITE_DONE) return fail();
        } else if (left) {
            Using leave(leave_player_);
            leave.text(1, left->player).text(2, code);
            if (leave.step() != SQLITE_DONE) return fail();
        }
        return true;
    };
    // The player's row changes with the event or not at all: both between a savepoint and its release.
    const bool two_changes = (joined && !joined->token_hash.empty()) || left;
    if (!two_changes) {
        if (!record()) return false;
    } else {
        if (!writer_.run(savepoint_)) return false;
        const bool recorded = record();
        if (!recorded) writer_.run(rollback_to_);
        if (!writer_.run(release_) || !recorded) return false;
    }
    next_seq_[code] = seq + 1;
    if (std::holds_alternative<event::Chatted>(event.body) && ++chat_since_prune_[code] >= kPruneChatEvery) {
        prune_chat_locked(code);
    }
    return true;
}

bool SqliteJournal::append_all_now(const std::string& code, const std::vector<RoomEvent>& events) {
    // Between a savepoint and its release: an event that is not recorded takes those before it
    // back, and the room's next sequence number with them.
    const std::int64_t first_seq = next_seq_locked(code);
    const int chat_count = chat_since_prune_[code];
    if (!writer_.run(group_savepoint_)) return false;
    bool recorded = true;
    for (const RoomEvent& event : events) {
        if (!(recorded = append_now(code, event))) break;
    }
    if (!recorded) writer_.run(group_rollback_to_);
    if (writer_.run(group_release_) && recorded) return true;
    next_seq_[code] = first_seq;
    chat_since_prune_[code] = chat_count;
    return false;
}

void SqliteJournal::prune_chat_locked(const std::string& code) {
    chat_since_prune_[code] = 0;
    Using prune(prune_chat_);
    prune.text(1, code).integer(2, kChatLinesKept - 1);
    // A pruning that fails loses nothing: it is tried again after the next lines.
    if (prune.step() != SQLITE_DONE) spdlog::warn("journal: room {}: old chat not pruned: {}", code, sqlite3_errmsg(writer_.db));
}

bool SqliteJournal::set_loaded_now(const std::string& code, bool loaded) {
    Using update(set_loaded_);
    update.integer(1, loaded ? 1 : 0).text(2, code);
    if (!loaded) {
        next_seq_.erase(code);
        chat_since_prune_.erase(code);
    }
    if (update.step() == SQLITE_DONE) return true;
    spdlog::error("journal: room {}: {}", code, sqlite3_errmsg(writer_.db));
    return false;
}

bool SqliteJournal::store_replay_now(const std::string& code, int game, const std::string& body) {
    Using upsert(upsert_replay_);
    upsert.text(1, code).integer(2, game).blob(3, body);
    if (upsert.step() == SQLITE_DONE) return true;
    spdlog::error("journal: replay {} of room {} not stored: {}", game, code, sqlite3_errmsg(writer_.db));
    return false;
}

bool SqliteJournal::store_summary_now(const std::string& code, const std::string& body) {
    Using update(set_summary_);
    update.text(1, body).text(2, code);
    if (update.step() == SQLITE_DONE) return true;
    spdlog::error("journal: summary of room {} not stored: {}", code, sqlite3_errmsg(writer_.db));
    return false;
}

std::vector<std::string> SqliteJournal::loaded_rooms() {
    std::lock_guard lock(read_mutex_);
    std::vector<std::string> codes;
    Using select(loaded_rooms_);
    while (select.step() == SQLITE_ROW) codes.push_back(select.column_text(0));
    return codes;
}

bool SqliteJournal::has_room(const std::string& code) {
    std::lock_guard lock(read_mutex_);
    Using select(find_room_);
    select.text(1, code);
    return select.step() == SQLITE_ROW;
}

std::optional<StoredRoom> SqliteJournal::load(const std::string& code) { return read_room(code, std::nullopt); }

std::optional<StoredRoom> SqliteJournal::load_for_replay(const std::string& code, int game) {
    return read_room(code, game);
}

std::optional<StoredRoom> SqliteJournal::read_room(const std::string& code, std::optional<int> game) {
    std::lock_guard lock(read_mutex_);
    StoredRoom room;
    room.code = code;
    {
        Using select(find_room_);
        select.text(1, code);
        const int rc = select.step();
        if (rc == SQLITE_DONE) return std::nullopt;
        if (rc != SQLITE_ROW) throw JournalDamaged("room " + code + " does not read: " + sqlite3_errmsg(reader_.db));
        room.game = select.column_text(0);
        room.options = parse_stored_json(select.column_text(1), "room " + code + ": its options");
        room.created = select.column_integer(2);
    }
    Using select(room_events_);
    select.text(1, code);
    StoredEvents events(room, game);
    int rc;
    while ((rc = select.step()) == SQLITE_ROW) {
        const std::string kind = select.column_text(4);
        const StoredEvents::Next next = events.next(kind);
        if (next == StoredEvents::Next::stop) {
            rc = SQLITE_DONE;
            break;
        }
        if (next == StoredEvents::Next::read) {
            events.add(select.column_integer(0), select.column_integer(1), select.column_integer(2),
                       select.column_integer(3), kind, select.column_text(5));
        }
    }
    if (rc != SQLITE_DONE) throw JournalDamaged("room " + code + "'s events do not read: " + sqlite3_errmsg(reader_.db));
    return room;
}

std::optional<StoredPlayer> SqliteJournal::find_player(const std::string& token_hash) {
    std::lock_guard lock(read_mutex_);
    Using select(find_player_);
    select.text(1, token_hash);
    if (select.step() != SQLITE_ROW) return std::nullopt;
    return StoredPlayer{select.column_text(0), select.column_text(1), select.column_text(2)};
}

std::optional<Json> SqliteJournal::load_replay(const std::string& code, int game) {
    std::lock_guard lock(read_mutex_);
    Using select(find_replay_);
    select.text(1, code).integer(2, game);
    if (select.step() != SQLITE_ROW) return std::nullopt;
    const std::string what = "room " + code + ": the replay of game " + std::to_string(game);
    // A blob is packed (pack_text); a text is a replay stored before they were.
    if (!select.column_blob(0)) return parse_stored_json(select.column_text(0), what);
    const std::optional<std::string> text = unpack_text(select.column_bytes(0));
    if (!text) throw JournalDamaged(what + " does not unpack");
    return parse_stored_json(*text, what);
}

std::optional<Json> SqliteJournal::load_summary(const std::string& code) {
    std::lock_guard lock(read_mutex_);
    Using select(find_summary_);
    select.text(1, code);
    if (select.step() != SQLITE_ROW || select.column_null(0)) return std::nullopt;
    return parse_stored_json(select.column_text(0), "room " + code + ": its summary");
}

std::optional<int> SqliteJournal::games_started(const std::string& code) {
    std::lock_guard lock(read_mutex_);
    Using select(count_games_);
    select.text(1, code);
    if (select.step() != SQLITE_ROW || select.column_integer(1) == 0) return std::nullopt;
    return static_cast<int>(select.column_integer(0));
}

Claim SqliteJournal::claim(const std::string& code) {
    return {has_room(code) ? Claim::Result::ours : Claim::Result::unknown, ""};
}

void SqliteJournal::refuse_writes(bool refuse) {
    std::lock_guard lock(write_mutex_);
    writer_.exec(refuse ? "PRAGMA query_only=1" : "PRAGMA query_only=0");
}

}  // namespace taol::server
