// The hub with a journal: rooms unloaded for inactivity come back when someone returns, a hub
// started on the same journal (a restarted server) restores the rooms that were loaded, and
// players resume with their tokens even once the hub had forgotten them.
#include <catch2/catch.hpp>

#include "games/core/bot_tools.hpp"
#include "games/registry.hpp"
#include "server/journal/sqlite_journal.hpp"
#include "tests/server/faulty_journal.hpp"
#include "tests/server/hub_fixture.hpp"
#include "tests/server/temp_dir.hpp"

using namespace taol;
using namespace taol::testing;

namespace {

Json last_of(const HubFixture::Client& c, const std::string& type) {
    for (auto it = c.connection->frames.rbegin(); it != c.connection->frames.rend(); ++it) {
        if (it->at("type") == type) return *it;
    }
    return nullptr;
}

// Two players in a Fish Fish room that has started; returns its code and their tokens.
struct Started {
    std::string code;
    std::string anna, bleuenn;
    std::int64_t rev = 0;
    Json anna_view;
};

Started start_a_game(HubFixture& f) {
    HubFixture::Client a, b;
    Started s;
    s.anna = f.hello(a, "Anna").at("token");
    s.bleuenn = f.hello(b, "Bleuenn").at("token");
    s.code = f.send(a, R"({"type":"create","game":"fishfish","id":2})").at("room");
    REQUIRE(f.send(b, join(s.code)).at("type") == "room");
    const Json snapshot = f.send(a, R"({"type":"start","id":4})");
    REQUIRE(snapshot.at("type") == "snapshot");
    s.rev = snapshot.at("rev");
    s.anna_view = snapshot.at("view");
    f.close(a);
    f.close(b);
    return s;
}

}  // namespace

TEST_CASE("An unloaded room comes back from the journal when a player returns or someone joins") {
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    HubFixture f(&journal);
    const Started s = start_a_game(f);
    f.advance(1000);
    f.hub().sweep();
    REQUIRE(f.hub().find_room(s.code) == nullptr);
    CHECK(f.hub().player_count() == 0);  // forgotten by the hub; the journal knows them

    HubFixture::Client a;
    const Json welcome = f.hello(a, "Anna", s.anna);
    CHECK(welcome.at("resumed") == true);
    CHECK(welcome.at("token") == s.anna);
    REQUIRE(f.hub().find_room(s.code) != nullptr);
    CHECK(last_of(a, "room").at("you") == 0);
    CHECK(last_of(a, "snapshot").at("rev") == s.rev);
    CHECK(last_of(a, "snapshot").at("view") == s.anna_view);

    // Unloaded again; a newcomer with the code brings it back to watch.
    f.close(a);
    f.advance(1000);
    f.hub().sweep();
    REQUIRE(f.hub().find_room(s.code) == nullptr);
    HubFixture::Client watcher;
    f.hello(watcher, "Soizic");
    CHECK(f.send(watcher, join(s.code, "spectator")).at("spectators") == 1);
    CHECK(last_of(watcher, "snapshot").at("rev") == s.rev);
    CHECK(f.summary(s.code).body.at("status") == "playing");
}

TEST_CASE("A hub started on the same journal restores the loaded rooms, and players resume by token") {
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    Started s;
    std::string waiting_code;
    {
        HubFixture before(&journal);
        s = start_a_game(before);
        HubFixture::Client c;
        before.hello(c, "Corentin");
        waiting_code = before.send(c, R"({"type":"create","game":"castors","id":2})").at("room");
    }
    HubFixture after(&journal);
    CHECK(after.hub().restore() == 2);
    CHECK(after.hub().room_counts().playing == 1);
    CHECK(after.hub().room_counts().waiting == 1);
    CHECK(after.hub().player_count() == 0);  // nobody is back yet

    HubFixture::Client b;
    CHECK(after.hello(b, "Bleuenn", s.bleuenn).at("resumed") == true);
    CHECK(last_of(b, "room").at("you") == 1);
    CHECK(last_of(b, "snapshot").at("rev") == s.rev);

    // A forged token resumes nobody; an unknown code is still not found.
    HubFixture::Client m;
    CHECK(after.hello(m, "Mallory", std::string(32, '0')).at("resumed") == false);
    CHECK(after.send(m, join("ZZZZZZZZ")).at("code") == "room_not_found");
    CHECK(after.summary(waiting_code).body.at("status") == "waiting");
    CHECK(after.summary("ZZZZZZZZ").status == 404);
}

TEST_CASE("Actions sent at once are written in groups, and the journal gives back the room that was played") {
    TempDir dir;
    server::SqliteJournal sqlite(dir.path(), server::SyncPolicy::normal);
    FaultyJournal journal(sqlite);
    journal.answer_after_ms = 2;  // every write answered later: the actions sent meanwhile wait for it
    HubFixture f(&journal);
    std::vector<HubFixture::Client> clients(4);
    for (std::size_t i = 0; i < clients.size(); ++i) f.hello(clients[i], "Player " + std::to_string(i));
    const std::string code = f.send(clients[0], R"({"type":"create","game":"castors","id":2})").at("room");
    for (std::size_t i = 1; i < clients.size(); ++i) REQUIRE(f.send(clients[i], join(code)).at("type") == "room");
    REQUIRE(f.send(clients[0], R"({"type":"start","id":4})").at("type") == "snapshot");

    // Every player who may act sends one of its listed actions, all at once, round after round.
    games::Rng rng(11);
    std::int64_t id = 100;
    for (int round = 0; round < 80; ++round) {
        for (HubFixture::Client& c : clients) {
            const Json snapshot = last_of(c, "snapshot");
            if (snapshot.at("status") != "playing" || snapshot.at("actions").empty()) continue;
            const Json& actions = snapshot.at("actions");
            const Json action = games::fill_template(actions[rng.below(actions.size())], rng);
            f.hand_over(c, Json{{"type", "act"}, {"action", action}, {"rev", snapshot.at("rev")}, {"id", ++id}}.dump());
        }
        f.drain();
    }
    CHECK(journal.groups > 0);

    // The room rebuilt from what was written is the one every player last saw.
    const std::optional<server::StoredRoom> stored = sqlite.load(code);
    REQUIRE(stored);
    const auto rebuilt = server::Room::replay(
        server::RoomSetup{code, games::find_game("castors"), stored->options, stored->created}, stored->events);
    for (const HubFixture::Client& c : clients) {
        const Json snapshot = last_of(c, "snapshot");
        CHECK(snapshot.at("rev") == rebuilt->rev());
        CHECK(snapshot.at("view") == rebuilt->state()->view(snapshot.at("seat").get<int>()));
    }
}
