// The hub on a journal that answers later, from a thread of its own (as one that commits in
// batches does): rooms are created, joined and played the same, each room waits only for its own
// events, and one room's failing writes fail nobody else's.
#include <catch2/catch.hpp>

#include "server/journal/sqlite_journal.hpp"
#include "tests/server/faulty_journal.hpp"
#include "tests/server/hub_fixture.hpp"
#include "tests/server/temp_dir.hpp"

using namespace taol;
using namespace taol::testing;

namespace {

std::string chat(const std::string& text) { return Json{{"type", "chat"}, {"text", text}, {"id", 5}}.dump(); }

}  // namespace

TEST_CASE("With a journal that answers later, rooms play the same, and a room's failures are its own") {
    spdlog::set_level(spdlog::level::off);  // the refused writes are logged
    TempDir dir;
    server::SqliteJournal sqlite(dir.path(), server::SyncPolicy::normal);
    FaultyJournal journal(sqlite);
    journal.answer_after_ms = 3;
    HubFixture f(&journal);

    HubFixture::Client a, b, c, d;
    f.hello(a, "Anna");
    f.hello(b, "Bleuenn");
    f.hello(c, "Corentin");
    f.hello(d, "Dewi");
    const std::string first = f.send(a, R"({"type":"create","game":"fishfish","id":2})").at("room");
    const std::string second = f.send(c, R"({"type":"create","game":"fishfish","id":2})").at("room");
    REQUIRE(f.send(b, join(first)).at("type") == "room");
    REQUIRE(f.send(d, join(second)).at("type") == "room");
    const Json snapshot = f.send(a, R"({"type":"start","id":4})");
    REQUIRE(snapshot.at("type") == "snapshot");
    CHECK(sqlite.load(first)->events.size() == 3);  // two joins and the start, all written

    journal.refused_rooms.insert(first);
    CHECK(f.send(a, chat("demat")).at("code") == "storage_error");
    CHECK(f.send(b, chat("demat")).at("code") == "storage_error");
    // The other room is not held back by the first one's trouble.
    CHECK(f.send(c, chat("demat")).at("type") == "chat");
    CHECK(f.send(d, R"({"type":"start","id":4})").at("code") == "not_host");
    CHECK(f.send(c, R"({"type":"start","id":4})").at("type") == "snapshot");

    journal.refused_rooms.clear();
    CHECK(f.send(b, chat("kenavo")).at("type") == "chat");
    CHECK(sqlite.load(first)->events.size() == 4);
}
