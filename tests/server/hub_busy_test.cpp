// A journal that answers too slowly makes the server busy: no new room, nobody new into a room,
// while the game already running goes on (its actions answered later), a seated player who
// reconnects or comes back is served, and once the journal keeps up again and a calm second has
// passed, rooms open again. The writes' waits are measured on a hand-driven clock that the journal
// moves on as it answers late, so nothing here depends on the machine's speed.
#include <catch2/catch.hpp>

#include <atomic>

#include "server/journal/sqlite_journal.hpp"
#include "tests/server/faulty_journal.hpp"
#include "tests/server/hub_fixture.hpp"
#include "tests/server/temp_dir.hpp"

using namespace taol;
using namespace taol::testing;

namespace {

const Json* last_snapshot(const HubFixture::Client& client) {
    const auto& frames = client.connection->frames;
    for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
        if (it->at("type") == "snapshot") return &*it;
    }
    return nullptr;
}

// The first action listed to whichever of `clients` may act, its choices filled with the first
// value allowed; sent, and its answer returned.
Json act_for_whoever_may(HubFixture& f, std::vector<HubFixture::Client*> clients) {
    for (HubFixture::Client* client : clients) {
        const Json* snapshot = last_snapshot(*client);
        if (!snapshot || snapshot->at("actions").empty()) continue;
        Json action = snapshot->at("actions").at(0);
        if (action.contains("choose")) {
            for (const auto& [key, rule] : action.at("choose").items()) {
                if (rule.contains("one_of")) action[key] = rule.at("one_of").at(0);
                else if (rule.contains("range")) action[key] = rule.at("range").at(0);
                else FAIL("a choice this test does not fill: " << rule.dump());
            }
            action.erase("choose");
        }
        return f.send(*client, Json{{"type", "act"}, {"action", action}, {"id", 7}}.dump());
    }
    FAIL("nobody may act");
    return nullptr;
}

bool has_frame(const HubFixture::Client& client, const std::string& type) {
    for (const Json& frame : client.connection->frames) {
        if (frame.at("type") == type) return true;
    }
    return false;
}

// A hub on a journal that can be made to answer late, with the load gauge on a hand-driven clock
// that the journal moves on as it answers; `limits` are the gauge's.
struct SlowJournalHub {
    explicit SlowJournalHub(server::LoadLimits limits)
        : sqlite(dir.path(), server::SyncPolicy::normal),
          journal(sqlite),
          // The journal moves the clock on from the first write the hub makes.
          f((journal.clock = &clock, &journal), [this, limits](server::HubConfig& c) {
              c.load = limits;
              c.load_clock = [this] { return clock.load(); };
          }) {}
    TempDir dir;
    server::SqliteJournal sqlite;
    FaultyJournal journal;
    std::atomic<server::TimeMs> clock{1'000'000};
    HubFixture f;
};

}  // namespace

TEST_CASE("A busy server refuses new rooms and newcomers, and goes on serving the rooms it has") {
    spdlog::set_level(spdlog::level::off);
    server::LoadLimits limits;
    limits.journal_wait_ms = 20;  // a write answered 30 ms late is too late
    limits.loop_lag_ms = 0;       // no event loop is probed here
    limits.action_ms = 0;         // the journal's wait alone
    SlowJournalHub hub(limits);
    HubFixture& f = hub.f;
    FaultyJournal& journal = hub.journal;
    std::atomic<server::TimeMs>& clock = hub.clock;

    HubFixture::Client anna, bleuenn, corentin, dewi;
    f.hello(anna, "Anna");
    const std::string bleuenn_token = f.hello(bleuenn, "Bleuenn").at("token");
    f.hello(corentin, "Corentin");
    f.hello(dewi, "Dewi");

    // While the journal keeps up: a game between Anna and Bleuenn, and Dewi's table waiting.
    const std::string playing = f.send(anna, kCreate).at("room");
    REQUIRE(f.send(bleuenn, join(playing)).at("type") == "room");
    REQUIRE(f.send(anna, R"({"type":"start","id":4})").at("type") == "snapshot");
    const std::string waiting = f.send(dewi, kCreate).at("room");
    CHECK_FALSE(f.hub().load().busy());

    // The journal falls behind: the running game's move is answered, later, and the server is busy.
    journal.answer_after_ms = 30;
    CHECK(act_for_whoever_may(f, {&anna, &bleuenn}).at("type") == "snapshot");
    REQUIRE(f.hub().load().busy());
    CHECK(f.metrics().render({}).find("\ntaol_busy 1\n") != std::string::npos);

    // Nothing new: no room, no newcomer as a player or as a spectator.
    const Json refused = f.send(corentin, kCreate);
    CHECK(refused.at("code") == "server_busy");
    CHECK(refused.at("message") == "the server is too busy to open a new table right now; try again in a minute");
    CHECK(f.send(corentin, join(waiting)).at("code") == "server_busy");
    CHECK(f.send(corentin, join(playing, "spectator")).at("code") == "server_busy");
    CHECK(f.metrics().busy_refusals == 3);

    // The room it has goes on: moves and chat are answered.
    CHECK(act_for_whoever_may(f, {&anna, &bleuenn}).at("type") == "snapshot");
    CHECK(f.send(anna, R"({"type":"chat","text":"demat","id":5})").at("type") == "chat");

    // Bleuenn's connection drops; she comes back with her token, to her seat and her game.
    f.close(bleuenn);
    HubFixture::Client bleuenn_again;
    CHECK(f.hello(bleuenn_again, "Bleuenn", bleuenn_token).at("resumed") == true);
    CHECK(has_frame(bleuenn_again, "room"));
    REQUIRE(last_snapshot(bleuenn_again));
    CHECK(last_snapshot(bleuenn_again)->at("room") == playing);
    CHECK(last_snapshot(bleuenn_again)->at("seat") == 1);

    // Anna leaves the running game and joins it back: her seat was kept, she is no newcomer.
    CHECK(f.send(anna, R"({"type":"leave","id":6})").at("type") == "room");
    const Json back = f.send(anna, join(playing));
    CHECK(back.at("type") == "room");
    CHECK(back.at("you") == 0);
    CHECK(f.metrics().busy_refusals == 3);

    // The journal keeps up again: still busy for a calm second, then rooms open again.
    journal.answer_after_ms = 0;
    CHECK(f.send(corentin, kCreate).at("code") == "server_busy");
    clock += 1000;
    CHECK(f.send(corentin, kCreate).at("type") == "room");
    CHECK_FALSE(f.hub().load().busy());
    CHECK(f.metrics().render({}).find("\ntaol_busy 0\n") != std::string::npos);
    CHECK(f.metrics().busy_refusals == 4);
    HubFixture::Client erwan;
    f.hello(erwan, "Erwan");
    CHECK(f.send(erwan, join(waiting)).at("type") == "room");
}

TEST_CASE("A server whose actions are answered too late on average is busy, whatever the reason") {
    spdlog::set_level(spdlog::level::off);
    server::LoadLimits limits;
    limits.journal_wait_ms = 0;  // not watched: only the actions' time is
    limits.loop_lag_ms = 0;
    limits.action_ms = 20;
    SlowJournalHub hub(limits);
    HubFixture& f = hub.f;
    FaultyJournal& journal = hub.journal;
    std::atomic<server::TimeMs>& clock = hub.clock;
    HubFixture::Client anna, bleuenn, corentin;
    f.hello(anna, "Anna");
    f.hello(bleuenn, "Bleuenn");
    f.hello(corentin, "Corentin");
    const std::string playing = f.send(anna, kCreate).at("room");
    REQUIRE(f.send(bleuenn, join(playing)).at("type") == "room");
    REQUIRE(f.send(anna, R"({"type":"start","id":4})").at("type") == "snapshot");

    journal.answer_after_ms = 15;  // actions answered in 15 ms are in time
    CHECK(act_for_whoever_may(f, {&anna, &bleuenn}).at("type") == "snapshot");
    CHECK_FALSE(f.hub().load().busy());
    // In 30 ms, too late: the average passes 20 ms within a few actions (15, 16.9, 18.5, 19.9,
    // 21.2); then nobody new, and the game goes on.
    journal.answer_after_ms = 30;
    int late = 0;
    while (!f.hub().load().busy() && late < 10) {
        CHECK(act_for_whoever_may(f, {&anna, &bleuenn}).at("type") == "snapshot");
        ++late;
    }
    CHECK(late == 4);
    CHECK(f.hub().load().readings().action > 20);
    CHECK(f.send(corentin, kCreate).at("code") == "server_busy");
    CHECK(act_for_whoever_may(f, {&anna, &bleuenn}).at("type") == "snapshot");

    journal.answer_after_ms = 0;
    clock += 1000;
    CHECK(f.send(corentin, kCreate).at("type") == "room");
}
