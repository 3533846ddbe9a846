// The PostgreSQL journal's own part, beyond the suite every journal passes: one owner per room
// through leases with an epoch, takeovers once a lease lapses, and the fencing that keeps a node
// that lost a room from adding a single event to it.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>

#include "server/journal/pg_journal.hpp"
#include "tests/server/journal_writes.hpp"
#include "tests/server/pg_cluster.hpp"
#include "tests/server/room_fixture.hpp"

using namespace taol;
using namespace taol::testing;
using server::Claim;
using server::RoomEvent;
namespace event = server::event;

namespace {

// A node on database `db` whose leases last `lease_ms` and are renewed only by hand.
std::unique_ptr<server::PgJournal> node(const std::string& db, const std::string& name, server::TimeMs lease_ms) {
    server::PgJournalConfig config{db, name, "ws://" + name + ".test/ws", server::SyncPolicy::normal, lease_ms, false};
    return std::make_unique<server::PgJournal>(config);
}

RoomEvent chat(int i) { return RoomEvent{at(i), at(i), event::Chatted{"p1", "line " + std::to_string(i)}, 0}; }

// Not a chat line: those are pruned to the last kChatLinesKept.
RoomEvent expired(int i) { return RoomEvent{at(i), at(i), event::Expired{}, i}; }

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

// What a node's journal reported lost.
struct Losses {
    std::mutex mutex;
    std::vector<std::pair<std::string, std::string>> lost;
    server::Journal::RoomLost hook() {
        return [this](const std::string& code, const std::string& url) {
            std::lock_guard lock(mutex);
            lost.emplace_back(code, url);
        };
    }
};

}  // namespace

TEST_CASE("A room has one owner: other nodes learn where it is, and take it over only once its lease lapsed") {
    spdlog::set_level(spdlog::level::off);
    const std::string db = PgCluster::shared().new_database();
    auto a = node(db, "node-a", 300);
    auto b = node(db, "node-b", 300);
    Losses losses;
    a->on_room_lost(losses.hook());

    REQUIRE(created(*a, "ROOMAAAA", "fake", nullptr, at(0)));
    for (int i = 0; i < 3; ++i) REQUIRE(appended(*a, "ROOMAAAA", chat(i)));
    CHECK(a->leases_held() == 1);

    Claim elsewhere = b->claim("ROOMAAAA");
    CHECK(elsewhere.result == Claim::Result::elsewhere);
    CHECK(elsewhere.owner_url == "ws://node-a.test/ws");
    CHECK(b->claim("ZZZZZZZZ").result == Claim::Result::unknown);
    CHECK(create_room(*b, "ROOMAAAA", "fake", nullptr, at(1)) == server::WriteResult::owned_elsewhere);
    // A node may not write a room it does not hold.
    CHECK(answer_of([&](server::WriteDone done) { b->append("ROOMAAAA", chat(9), std::move(done)); }) ==
          server::WriteResult::owned_elsewhere);

    sleep_ms(150);
    a->renew_now();  // renewed: still a's after its first 300 ms
    sleep_ms(200);
    CHECK(b->claim("ROOMAAAA").result == Claim::Result::elsewhere);

    sleep_ms(350);  // lapsed
    CHECK(b->claim("ROOMAAAA").result == Claim::Result::ours);
    CHECK(b->takeovers() == 1);
    CHECK(answer_of([&](server::WriteDone done) { a->append("ROOMAAAA", chat(3), std::move(done)); }) ==
          server::WriteResult::owned_elsewhere);
    {
        std::lock_guard lock(losses.mutex);
        REQUIRE(losses.lost.size() == 1);
        CHECK(losses.lost[0] == std::pair<std::string, std::string>{"ROOMAAAA", "ws://node-b.test/ws"});
    }
    CHECK(a->leases_held() == 0);
    CHECK(b->load("ROOMAAAA")->events.size() == 3);
    REQUIRE(appended(*b, "ROOMAAAA", chat(4)));
    const auto events = b->load("ROOMAAAA")->events;
    REQUIRE(events.size() == 4);
    CHECK(std::get<event::Chatted>(events.back().body).text == "line 4");
    CHECK(a->claim("ROOMAAAA").owner_url == "ws://node-b.test/ws");
}

TEST_CASE("A node that renews its leases keeps its rooms, and the keeper reports a room taken while it was away") {
    spdlog::set_level(spdlog::level::off);
    const std::string db = PgCluster::shared().new_database();
    server::PgJournalConfig renewing{db, "node-a", "ws://node-a.test/ws", server::SyncPolicy::normal, 300, true};
    auto a = std::make_unique<server::PgJournal>(renewing);
    auto b = node(db, "node-b", 300);
    REQUIRE(created(*a, "ROOMAAAA", "fake", nullptr, at(0)));
    sleep_ms(800);
    CHECK(b->claim("ROOMAAAA").result == Claim::Result::elsewhere);

    // A node paused past its lease (here: one that renews only by hand) finds out at its next renewal.
    auto paused = node(db, "node-c", 200);
    Losses losses;
    paused->on_room_lost(losses.hook());
    REQUIRE(created(*paused, "ROOMCCCC", "fake", nullptr, at(0)));
    sleep_ms(300);
    REQUIRE(b->claim("ROOMCCCC").result == Claim::Result::ours);
    paused->renew_now();
    std::lock_guard lock(losses.mutex);
    REQUIRE(losses.lost.size() == 1);
    CHECK(losses.lost[0] == std::pair<std::string, std::string>{"ROOMCCCC", "ws://node-b.test/ws"});
    CHECK(paused->leases_held() == 0);
}

TEST_CASE("A takeover in the middle of a burst: every write the old owner was told is written is read by the new one") {
    spdlog::set_level(spdlog::level::off);
    const std::string db = PgCluster::shared().new_database();
    auto a = node(db, "node-a", 150);
    auto b = node(db, "node-b", 150);
    REQUIRE(created(*a, "ROOMAAAA", "fake", nullptr, at(0)));
    std::atomic<int> written{0};
    std::atomic<int> refused{0};
    std::atomic<bool> refused_then_written{false};
    std::atomic<bool> taken{false};
    std::atomic<int> sent{0};
    std::thread burst([&] {
        // Writes go on until well after the takeover, however slow the machine is.
        for (int i = 0, after = 0; after < 400 && i < 200000; ++i) {
            if (taken) ++after;
            sent++;
            a->append("ROOMAAAA", expired(i), [&](server::WriteResult r) {
                if (r == server::WriteResult::written) {
                    if (refused > 0) refused_then_written = true;
                    written++;
                } else {
                    refused++;
                }
            });
            if (i % 200 == 0) sleep_ms(10);
        }
    });
    sleep_ms(200);
    while (b->claim("ROOMAAAA").result != Claim::Result::ours) sleep_ms(20);
    const std::size_t seen_by_b = b->load("ROOMAAAA")->events.size();
    taken = true;
    burst.join();
    a->drain();
    CHECK(written + refused == sent);
    CHECK(refused > 0);                    // the takeover came during the burst
    CHECK_FALSE(refused_then_written);     // once refused, never written again
    CHECK(static_cast<int>(seen_by_b) == written.load());
    REQUIRE(appended(*b, "ROOMAAAA", chat(5000)));
    CHECK(static_cast<int>(b->load("ROOMAAAA")->events.size()) == written + 1);
}

TEST_CASE("A restarted node takes back the rooms it held, and a room let go is anyone's at once") {
    spdlog::set_level(spdlog::level::off);
    const std::string db = PgCluster::shared().new_database();
    {
        auto a = node(db, "node-a", 60'000);
        REQUIRE(created(*a, "ROOMAAAA", "fake", nullptr, at(0)));
        REQUIRE(created(*a, "ROOMBBBB", "fake", nullptr, at(1)));
        REQUIRE(loaded_set(*a, "ROOMBBBB", false));  // unloaded: its lease is released
        CHECK(a->leases_held() == 1);
    }
    auto b = node(db, "node-b", 60'000);
    CHECK(b->claim("ROOMBBBB").result == Claim::Result::ours);
    CHECK(b->claim("ROOMAAAA").result == Claim::Result::elsewhere);  // its lease has a minute to run
    REQUIRE(loaded_set(*b, "ROOMBBBB", true));
    CHECK(b->loaded_rooms() == std::vector<std::string>{"ROOMBBBB"});

    auto again = node(db, "node-a", 60'000);  // the same node, started again
    CHECK(again->loaded_rooms() == std::vector<std::string>{"ROOMAAAA"});
    CHECK(again->claim("ROOMAAAA").result == Claim::Result::ours);
    CHECK(again->takeovers() == 0);  // its own
    REQUIRE(appended(*again, "ROOMAAAA", chat(1)));
}

// load_bench --nodes 1 (200 rooms) met PostgreSQL's deadlock detector when the keeper renewed on a
// connection of its own; this lighter case did not, but keeps the renewals under writes honest.
TEST_CASE("Leases renewed while many rooms write: every write is made, every lease kept") {
    spdlog::set_level(spdlog::level::off);
    const std::string db = PgCluster::shared().new_database();
    // Renewed every 20 ms while 200 rooms write, each batch holding many leases under share locks.
    server::PgJournalConfig busy{db, "node-a", "ws://node-a.test/ws", server::SyncPolicy::normal, 60, true};
    server::PgJournal a(busy);
    constexpr int kRooms = 200;
    for (int r = 0; r < kRooms; ++r) REQUIRE(created(a, "ROOM" + std::to_string(1000 + r), "fake", nullptr, at(0)));
    std::atomic<int> failed{0};
    // Rooms in a scattered order, a few at a time: each batch locks another set of leases.
    constexpr int kWrites = 6000;
    for (int i = 0; i < kWrites; ++i) {
        a.append("ROOM" + std::to_string(1000 + (i * 7919) % kRooms), expired(i), [&](server::WriteResult result) {
            if (result != server::WriteResult::written) failed++;
        });
        if (i % 20 == 0) std::this_thread::sleep_for(std::chrono::microseconds(500));
    }
    a.drain();
    CHECK(failed == 0);
    CHECK(a.leases_held() == kRooms);
    CHECK(a.load("ROOM1000")->events.size() == kWrites / kRooms);
}
