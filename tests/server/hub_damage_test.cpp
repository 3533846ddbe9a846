// The hub facing a damaged journal and racing clients: a room whose record does not read is
// reported as damaged and nothing else is touched; a finished game's replay is stored and
// survives a change of rules; two hellos with one token leave exactly one connection in the seat.
#include <catch2/catch.hpp>

#include "games/registry.hpp"
#include "server/journal/sqlite_journal.hpp"
#include "tests/server/faulty_journal.hpp"
#include "tests/server/hub_fixture.hpp"
#include "tests/server/journal_writes.hpp"
#include "tests/server/random_room.hpp"
#include "tests/server/sqlite_tamper.hpp"
#include "tests/server/temp_dir.hpp"

using namespace taol;
using namespace taol::testing;

namespace {

// A game of Fish Fish played to its end in room `code`, journaled.
void play_to_the_end(server::Journal& journal, const std::string& code) {
    const games::Game& game = *games::find_game("fishfish");
    for (std::uint64_t seed = 1;; ++seed) {
        const std::string attempt = code.substr(0, 7) + std::to_string(seed % 10);
        REQUIRE(created(journal, attempt, "fishfish", RandomRoom::options_for(game, 2), kT0));
        server::RoomHooks hooks;
        hooks.journal = appending_to(journal, attempt);
        RandomRoom table(game, attempt, hooks, seed, 2);
        for (int step = 0; step < 6000 && table.room().status() == server::RoomStatus::playing; ++step) table.step();
        if (table.room().status() == server::RoomStatus::finished) {
            REQUIRE(attempt == code);
            return;
        }
        REQUIRE(seed < 9);
    }
}

}  // namespace

TEST_CASE("A room whose record does not read is reported damaged, and the server and other rooms go on") {
    spdlog::set_level(spdlog::level::off);
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    std::string broken;
    std::string sound;
    {
        HubFixture before(&journal);
        HubFixture::Client a, b;
        before.hello(a, "Anna");
        before.hello(b, "Bleuenn");
        broken = before.send(a, R"({"type":"create","game":"fishfish","id":2})").at("room");
        sound = before.send(b, R"({"type":"create","game":"fishfish","id":2})").at("room");
        before.send(a, R"({"type":"chat","text":"demat","id":5})");
    }
    tamper(journal.path(), "UPDATE events SET body = '{oops' WHERE code = '" + broken + "' AND kind = 'chatted'");

    HubFixture f(&journal);
    CHECK(f.hub().restore() == 1);  // the sound room only
    HubFixture::Client c;
    f.hello(c, "Corentin");
    const Json refused = f.send(c, join(broken, "spectator"));
    CHECK(refused.at("code") == "room_damaged");
    CHECK(refused.at("message").get<std::string>().find(broken) != std::string::npos);
    CHECK(f.summary(broken).status == 500);
    CHECK(f.summary(broken).body.at("error") == "room_damaged");
    CHECK(f.replay(broken).body.at("error") == "room_damaged");
    CHECK(f.send(c, join(sound, "spectator")).at("type") == "room");
    CHECK(f.summary(sound).status == 200);
}

TEST_CASE("A finished game's replay is computed once, stored, and survives a change of rules") {
    spdlog::set_level(spdlog::level::off);
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    play_to_the_end(journal, "REPLAY21");
    const std::string code = "REPLAY21";
    HubFixture f(&journal);
    const server::ApiReply first = f.replay(code);
    REQUIRE(first.status == 200);
    CHECK(journal.load_replay(code, 1) == first.body);

    // The rules change under the journal: the game no longer replays, its stored replay remains.
    tamper(journal.path(), "UPDATE events SET body = json_set(body, '$.rules', 0) WHERE code = '" + code +
                               "' AND kind = 'started'");
    HubFixture after(&journal);
    const server::ApiReply again = after.replay(code);
    REQUIRE(again.status == 200);
    CHECK(again.body == first.body);
    tamper(journal.path(), "DELETE FROM replays");
    HubFixture later(&journal);
    CHECK(later.replay(code).status == 410);
    CHECK(later.replay(code).body.at("error") == "replay_lost");
    CHECK(later.summary(code).body.at("interrupted") == true);
}

TEST_CASE("An unloaded room's summary is kept, not rebuilt") {
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    HubFixture f(&journal);
    HubFixture::Client a;
    f.hello(a, "Anna");
    const std::string code = f.send(a, R"({"type":"create","game":"castors","id":2})").at("room");
    f.close(a);
    f.advance(1000);
    f.hub().sweep();
    f.drain();
    REQUIRE(f.hub().find_room(code) == nullptr);
    REQUIRE(journal.load_summary(code));
    CHECK(journal.load_summary(code)->at("status") == "waiting");
    CHECK(f.summary(code).body == *journal.load_summary(code));
    CHECK(f.hub().find_room(code) == nullptr);  // answered without loading it
}

TEST_CASE("Two hellos with one token at once: exactly one connection holds the seat, whatever the order") {
    for (int order = 0; order < 4; ++order) {
        HubFixture f;
        HubFixture::Client a, b;
        const std::string token = f.hello(a, "Anna").at("token");
        f.hello(b, "Bleuenn");
        const std::string code = f.send(a, R"({"type":"create","game":"fishfish","id":2})").at("room");
        f.send(b, join(code));
        f.close(a);

        // Both hellos are taken before anything they cause has run, in either order.
        HubFixture::Client one, two;
        const auto hello = protocol::parse_client_message(Json{{"type", "hello"}, {"name", "Anna"}, {"token", token}}.dump());
        HubFixture::Client& first = order % 2 ? one : two;
        HubFixture::Client& second = order % 2 ? two : one;
        f.hub().handle(first.connection, nullptr, hello.value(), [&](server::PlayerPtr p) { first.player = p; });
        f.hub().handle(second.connection, nullptr, hello.value(), [&](server::PlayerPtr p) { second.player = p; });
        if (order >= 2) f.drain();
        // The one that lost is closed by the hub; its closing reaches the hub in its turn.
        HubFixture::Client& loser = first.connection->closed ? first : second;
        HubFixture::Client& winner = first.connection->closed ? second : first;
        REQUIRE(loser.connection->closed);
        REQUIRE_FALSE(winner.connection->closed);
        f.close(loser);
        f.drain();
        CHECK(b.connection->last().at("type") == "room");
        CHECK(b.connection->last().at("seats").at(0).at("connected") == true);
        // The seat's frames go to the winner.
        f.send(b, R"({"type":"chat","text":"still there?","id":9})");
        CHECK(winner.connection->last().at("type") == "chat");
        CHECK(loser.connection->last().at("type") != "chat");
    }
}

TEST_CASE("A restart while the journal cannot write: nobody shows connected, nobody waits forever") {
    spdlog::set_level(spdlog::level::off);
    TempDir dir;
    server::SqliteJournal disk(dir.path(), server::SyncPolicy::normal);
    FaultyJournal journal(disk);
    std::string code, anna, bleuenn;
    {
        HubFixture before(&journal);
        HubFixture::Client a, b;
        anna = before.hello(a, "Anna").at("token");
        bleuenn = before.hello(b, "Bleuenn").at("token");
        code = before.send(a, R"({"type":"create","game":"fishfish","options":{"absent_seconds":10},"id":2})").at("room");
        before.send(b, join(code));
        REQUIRE(before.send(a, R"({"type":"start","id":4})").at("type") == "snapshot");
        // The server dies with both connected (no close reaches the hub).
    }
    journal.refuse_writes = true;
    HubFixture after(&journal);
    REQUIRE(after.hub().restore() == 1);
    CHECK(after.summary(code).body.at("players").at(0).at("connected") == false);
    CHECK(after.summary(code).body.at("players").at(1).at("connected") == false);

    // Bleuenn comes back while the disk still refuses: she sees Anna away, and the room keeps trying.
    HubFixture::Client b;
    after.hello(b, "Bleuenn", bleuenn);
    CHECK(b.connection->frames.at(1).at("seats").at(0).at("connected") == false);
    journal.refuse_writes = false;
    after.advance(1000);
    after.hub().find_room(code)->post([](server::Room& room, server::Instant now) { room.tick(now); });
    after.drain();
    const auto events = disk.load(code)->events;
    int away = 0;
    for (const auto& e : events) away += std::holds_alternative<server::event::Disconnected>(e.body) ? 1 : 0;
    CHECK(away >= 1);  // Anna's absence is recorded: her absent clock can run
}

namespace {

// Anna's room of Bharg, left and unloaded: the next join claims it and reads it from the journal.
std::string unloaded_room(HubFixture& f) {
    HubFixture::Client a;
    f.hello(a, "Anna");
    const std::string code = f.send(a, R"({"type":"create","game":"bharg","id":2})").at("room");
    f.close(a);
    f.advance(1000);
    f.hub().sweep();
    f.drain();
    return code;
}

}  // namespace

TEST_CASE("A room the journal cannot give is refused with the reason, and the others are served") {
    spdlog::set_level(spdlog::level::off);
    TempDir dir;
    server::SqliteJournal disk(dir.path(), server::SyncPolicy::normal);
    FaultyJournal journal(disk);
    HubFixture f(&journal);
    const std::string code = unloaded_room(f);
    HubFixture::Client c;
    f.hello(c, "Corentin");
    SECTION("its record is damaged: refused by name") {
        journal.damaged.insert(code);
        CHECK(f.send(c, join(code, "spectator")).at("code") == "room_damaged");
        CHECK(f.replay(code).status == 500);
        CHECK(f.send(c, R"({"type":"create","game":"bharg","id":7})").at("type") == "room");
    }
    SECTION("the journal cannot be reached to claim it: refused for now, not called damaged") {
        journal.unreachable = true;
        CHECK(f.send(c, join(code, "spectator")).at("code") == "storage_error");
        journal.unreachable = false;
        CHECK(f.send(c, join(code, "spectator")).at("type") == "room");
    }
}
