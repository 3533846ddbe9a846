#include "server/journal.hpp"

#include <sqlite3.h>
#include <spdlog/spdlog.h>

#include <stdexcept>

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

private:
    sqlite3_stmt* stmt_;
};

}  // namespace

std::optional<SyncPolicy> parse_sync_policy(std::string_view text) {
    if (text == "normal") return SyncPolicy::normal;
    if (text == "full") return SyncPolicy::full;
    return std::nullopt;
}

Journal::Journal(const std::filesystem::path& dir, SyncPolicy sync) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw std::runtime_error("cannot create the data directory " + dir.string() + ": " + ec.message());
    const std::string path = (dir / "taol.db").string();
    if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) !=
        SQLITE_OK) {
        const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
        sqlite3_close(db_);
        throw std::runtime_error("cannot open the journal " + path + ": " + why);
    }
    sqlite3_busy_timeout(db_, 5000);
    const char* synchronous = sync == SyncPolicy::full ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=NORMAL";
    if (!exec("PRAGMA journal_mode=WAL") || !exec(synchronous) || !exec(kSchema)) {
        const std::string why = sqlite3_errmsg(db_);
        sqlite3_close(db_);
        throw std::runtime_error("cannot use the journal " + path + ": " + why);
    }
    insert_room_ = prepare("INSERT INTO rooms (code, game, options, created, loaded) VALUES (?, ?, ?, ?, 1)");
    insert_event_ = prepare("INSERT INTO events (code, seq, at, wall, rev, kind, body) VALUES (?, ?, ?, ?, ?, ?, ?)");
    last_seq_ = prepare("SELECT COALESCE(MAX(seq), 0) FROM events WHERE code = ?");
    upsert_player_ = prepare(
        "INSERT INTO players (token_hash, id, name, room) VALUES (?, ?, ?, ?) "
        "ON CONFLICT (token_hash) DO UPDATE SET id = excluded.id, name = excluded.name, room = excluded.room");
    leave_player_ = prepare("UPDATE players SET room = '' WHERE id = ? AND room = ?");
    set_loaded_ = prepare("UPDATE rooms SET loaded = ? WHERE code = ?");
    loaded_rooms_ = prepare("SELECT code FROM rooms WHERE loaded = 1 ORDER BY created");
    find_room_ = prepare("SELECT game, options, created FROM rooms WHERE code = ?");
    room_events_ = prepare("SELECT at, wall, rev, kind, body FROM events WHERE code = ? ORDER BY seq");
    find_player_ = prepare("SELECT id, name, room FROM players WHERE token_hash = ?");
}

Journal::~Journal() {
    for (sqlite3_stmt* stmt : statements_) sqlite3_finalize(stmt);
    sqlite3_close(db_);
}

sqlite3_stmt* Journal::prepare(const char* sql) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db_, sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt, nullptr) != SQLITE_OK) {
        throw std::runtime_error(std::string("journal: cannot prepare a statement: ") + sqlite3_errmsg(db_));
    }
    statements_.push_back(stmt);
    return stmt;
}

bool Journal::exec(const char* sql) {
    char* error = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) == SQLITE_OK) return true;
    spdlog::error("journal: {}", error ? error : "unknown error");
    sqlite3_free(error);
    return false;
}

bool Journal::create_room(const std::string& code, const std::string& game, const Json& options, TimeMs created) {
    std::lock_guard lock(mutex_);
    Using insert(insert_room_);
    insert.text(1, code).text(2, game).text(3, options.dump()).integer(4, created);
    if (insert.step() != SQLITE_DONE) {
        spdlog::error("journal: room {} not recorded: {}", code, sqlite3_errmsg(db_));
        return false;
    }
    next_seq_[code] = 1;
    return true;
}

std::int64_t Journal::next_seq_locked(const std::string& code) {
    auto it = next_seq_.find(code);
    if (it != next_seq_.end()) return it->second;
    Using last(last_seq_);
    last.text(1, code);
    const std::int64_t next = last.step() == SQLITE_ROW ? last.column_integer(0) + 1 : 1;
    next_seq_[code] = next;
    return next;
}

bool Journal::append(const std::string& code, const RoomEvent& event) {
    std::lock_guard lock(mutex_);
    const std::int64_t seq = next_seq_locked(code);
    const auto* joined = std::get_if<event::Joined>(&event.body);
    const auto* left = std::get_if<event::Left>(&event.body);
    const bool with_player = (joined && !joined->token_hash.empty()) || left;
    if (with_player && !exec("BEGIN")) return false;
    const auto fail = [&] {
        spdlog::error("journal: event '{}' of room {} not recorded: {}", event_name(event.body), code, sqlite3_errmsg(db_));
        if (with_player) exec("ROLLBACK");
        return false;
    };
    {
        Using insert(insert_event_);
        insert.text(1, code).integer(2, seq).integer(3, event.at).integer(4, event.wall).integer(5, event.rev);
        insert.text(6, event_name(event.body)).text(7, event_body_json(event.body).dump());
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
    if (with_player && !exec("COMMIT")) return fail();
    next_seq_[code] = seq + 1;
    return true;
}

void Journal::set_loaded(const std::string& code, bool loaded) {
    std::lock_guard lock(mutex_);
    Using update(set_loaded_);
    update.integer(1, loaded ? 1 : 0).text(2, code);
    if (update.step() != SQLITE_DONE) spdlog::error("journal: room {}: {}", code, sqlite3_errmsg(db_));
    if (!loaded) next_seq_.erase(code);
}

std::vector<std::string> Journal::loaded_rooms() {
    std::lock_guard lock(mutex_);
    std::vector<std::string> codes;
    Using select(loaded_rooms_);
    while (select.step() == SQLITE_ROW) codes.push_back(select.column_text(0));
    return codes;
}

bool Journal::has_room(const std::string& code) {
    std::lock_guard lock(mutex_);
    Using select(find_room_);
    select.text(1, code);
    return select.step() == SQLITE_ROW;
}

std::optional<StoredRoom> Journal::load(const std::string& code) {
    std::lock_guard lock(mutex_);
    StoredRoom room;
    room.code = code;
    {
        Using select(find_room_);
        select.text(1, code);
        if (select.step() != SQLITE_ROW) return std::nullopt;
        room.game = select.column_text(0);
        room.options = Json::parse(select.column_text(1));
        room.created = select.column_integer(2);
    }
    Using select(room_events_);
    select.text(1, code);
    while (select.step() == SQLITE_ROW) {
        RoomEvent event;
        event.at = select.column_integer(0);
        event.wall = select.column_integer(1);
        event.rev = select.column_integer(2);
        event.body = event_body_from_json(select.column_text(3), Json::parse(select.column_text(4)));
        room.events.push_back(std::move(event));
    }
    return room;
}

std::optional<StoredPlayer> Journal::find_player(const std::string& token_hash) {
    std::lock_guard lock(mutex_);
    Using select(find_player_);
    select.text(1, token_hash);
    if (select.step() != SQLITE_ROW) return std::nullopt;
    return StoredPlayer{select.column_text(0), select.column_text(1), select.column_text(2)};
}

void Journal::refuse_writes(bool refuse) {
    std::lock_guard lock(mutex_);
    exec(refuse ? "PRAGMA query_only=1" : "PRAGMA query_only=0");
}

}  // namespace taol::server
