// What is SQLite's own in its journal: the file it opens (never replacing one that is not a Taol
// journal), rows that do not read, and how its connections wait for each other's locks. The rest
// is the journal suite's (journal_suite_test.cpp).
#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <thread>
#include <utility>

#include "server/journal/busy_retry.hpp"
#include "server/journal/sqlite_journal.hpp"
#include "tests/server/room_fixture.hpp"
#include "tests/server/journal_writes.hpp"
#include "tests/server/sqlite_tamper.hpp"
#include "tests/server/temp_dir.hpp"

using namespace taol;
using namespace taol::testing;
using server::RoomEvent;
namespace event = server::event;

TEST_CASE("A journal file that is empty, corrupt or another database is reported, never replaced") {
    spdlog::set_level(spdlog::level::off);
    TempDir dir;
    const auto db = dir.path() / "taol.db";
    const auto opening_fails_with = [&](const std::string& words) {
        try {
            server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
            FAIL("the journal opened");
        } catch (const std::runtime_error& e) {
            CHECK(std::string(e.what()).find(words) != std::string::npos);
        }
    };
    std::ofstream(db).close();
    opening_fails_with("empty file");
    CHECK(std::filesystem::file_size(db) == 0);  // left as it was
    std::ofstream(db) << "these are not the rooms you are looking for, not at all";
    opening_fails_with("not an SQLite database");
    std::filesystem::remove(db);
    tamper(db, "CREATE TABLE invoices (id INTEGER)");
    opening_fails_with("another application's tables");
    std::filesystem::remove(db);
    { server::SqliteJournal fresh(dir.path(), server::SyncPolicy::normal); }  // a missing file is created
    { server::SqliteJournal again(dir.path(), server::SyncPolicy::normal); }
}

TEST_CASE("A row that does not read makes its room damaged, and nothing else") {
    spdlog::set_level(spdlog::level::off);
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    REQUIRE(created(journal, "ROOMAAAA", "fake", nullptr, at(0)));
    REQUIRE(created(journal, "ROOMBBBB", "fake", nullptr, at(0)));
    for (const char* code : {"ROOMAAAA", "ROOMBBBB"}) {
        REQUIRE(appended(journal, code, RoomEvent{at(0), at(0), event::Joined{"p1", "Anna", false, ""}, 0}));
        REQUIRE(appended(journal, code, RoomEvent{at(1), at(1), event::Chatted{"p1", "demat"}, 0}));
    }
    tamper(journal.path(), "UPDATE events SET body = '{\"player\": \"p1\", \"te' WHERE code = 'ROOMAAAA' AND seq = 2");
    CHECK_THROWS_AS(journal.load("ROOMAAAA"), server::JournalDamaged);
    tamper(journal.path(), "UPDATE events SET body = '{\"player\": 3}' WHERE code = 'ROOMAAAA' AND seq = 2");
    CHECK_THROWS_AS(journal.load("ROOMAAAA"), server::JournalDamaged);
    tamper(journal.path(), "UPDATE events SET kind = 'teleported' WHERE code = 'ROOMAAAA' AND seq = 2");
    CHECK_THROWS_AS(journal.load("ROOMAAAA"), server::JournalDamaged);
    CHECK(journal.load("ROOMBBBB")->events.size() == 2);
    REQUIRE(appended(journal, "ROOMBBBB", RoomEvent{at(2), at(2), event::Chatted{"p1", "kenavo"}, 0}));
}

// The size of a replay's stored body, and whether SQLite holds it as a blob.
std::pair<std::int64_t, bool> stored_replay(const std::filesystem::path& db) {
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open(db.string().c_str(), &handle) == SQLITE_OK);
    sqlite3_stmt* select = nullptr;
    REQUIRE(sqlite3_prepare_v2(handle, "SELECT length(CAST(body AS BLOB)), typeof(body) FROM replays", -1, &select,
                               nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(select) == SQLITE_ROW);
    const std::pair<std::int64_t, bool> out{sqlite3_column_int64(select, 0),
                                            std::string(reinterpret_cast<const char*>(sqlite3_column_text(select, 1))) == "blob"};
    sqlite3_finalize(select);
    sqlite3_close(handle);
    return out;
}

TEST_CASE("Replays are stored packed, and those stored as text before still read") {
    spdlog::set_level(spdlog::level::off);
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    REQUIRE(created(journal, "ROOMAAAA", "fake", nullptr, at(0)));
    // A replay repeats the spectators' view at every rev: it packs well.
    server::Json replay{{"steps", server::Json::array()}};
    for (int rev = 1; rev <= 200; ++rev) {
        replay["steps"].push_back({{"rev", rev}, {"view", {{"phase", "draw"}, {"turn", rev % 4}, {"pile", 60 - rev / 4}}}});
    }
    REQUIRE(replay_stored(journal, "ROOMAAAA", 1, replay));
    const auto [bytes, blob] = stored_replay(journal.path());
    CHECK(blob);
    CHECK(bytes * 5 < static_cast<std::int64_t>(replay.dump().size()));
    CHECK(journal.load_replay("ROOMAAAA", 1) == replay);

    tamper(journal.path(), "UPDATE replays SET body = '{\"steps\":[]}'");  // as stored before
    CHECK(journal.load_replay("ROOMAAAA", 1) == server::Json{{"steps", server::Json::array()}});
    tamper(journal.path(), "UPDATE replays SET body = x'789c4b'");  // a stream cut short
    CHECK_THROWS_AS(journal.load_replay("ROOMAAAA", 1), server::JournalDamaged);
}

TEST_CASE("The write-ahead log is copied back into the database off the writer's thread, and nothing is lost") {
    spdlog::set_level(spdlog::level::off);
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    const auto db = dir.path() / "taol.db";
    const auto db_size_at_start = std::filesystem::file_size(db);
    // About 6 MB of events: well past the 1,000 pages (4 MB) that make a checkpoint due.
    const Json padded{{"type", "bet"}, {"pad", std::string(3'000, 'x')}};
    const std::vector<std::string> codes{"ROOMAAAA", "ROOMBBBB", "ROOMCCCC"};
    for (const std::string& code : codes) REQUIRE(created(journal, code, "fake", nullptr, at(0)));
    for (int i = 0; i < 700; ++i) {
        for (const std::string& code : codes) {
            REQUIRE(appended(journal, code, RoomEvent{at(i), at(i), event::Acted{0, padded}, i + 1}));
        }
    }
    // The checkpointer's thread copies the log into the database file (which grows to hold it).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while ((journal.checkpoints_made() == 0 || std::filesystem::file_size(db) < 4'000'000) &&
           std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    CHECK(journal.checkpoints_made() > 0);
    CHECK(std::filesystem::file_size(db) > db_size_at_start + 4'000'000);
    for (const std::string& code : codes) {
        const auto stored = journal.load(code);
        REQUIRE(stored);
        REQUIRE(stored->events.size() == 700);
        CHECK(stored->events.back().rev == 700);
        CHECK(std::get<event::Acted>(stored->events.back().body).action == padded);
    }
    REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(800), at(800), event::Chatted{"p1", "kenavo"}, 0}));
}

TEST_CASE("A connection held back by another's lock tries again until the lock is free, and gives up at its limit") {
    TempDir dir;
    const std::string path = (dir.path() / "locks.db").string();
    const auto open = [&] {
        sqlite3* db = nullptr;
        REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
        return db;
    };
    sqlite3* holder = open();
    sqlite3* waiter = open();
    REQUIRE(sqlite3_exec(holder, "PRAGMA journal_mode=WAL; CREATE TABLE t (x)", nullptr, nullptr, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_exec(holder, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr) == SQLITE_OK);

    server::retry_busy_in_small_steps(waiter, std::chrono::milliseconds(50));
    auto start = std::chrono::steady_clock::now();
    CHECK(sqlite3_exec(waiter, "INSERT INTO t VALUES (1)", nullptr, nullptr, nullptr) == SQLITE_BUSY);
    CHECK(std::chrono::steady_clock::now() - start >= std::chrono::milliseconds(50));

    // Freed while the waiter waits: its write goes through, long before its limit.
    server::retry_busy_in_small_steps(waiter, std::chrono::seconds(10));
    std::thread release([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        sqlite3_exec(holder, "COMMIT", nullptr, nullptr, nullptr);
    });
    start = std::chrono::steady_clock::now();
    CHECK(sqlite3_exec(waiter, "INSERT INTO t VALUES (2)", nullptr, nullptr, nullptr) == SQLITE_OK);
    CHECK(std::chrono::steady_clock::now() - start < std::chrono::seconds(10));
    release.join();
    sqlite3_close(waiter);
    sqlite3_close(holder);
}
