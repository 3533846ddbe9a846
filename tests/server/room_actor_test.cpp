// A room on its actor (actor.hpp): a real io_context and timer, a journal that answers later, and
// a clock the test moves.
#include <catch2/catch.hpp>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/rooms/actor.hpp"
#include "tests/server/room_fixture.hpp"

using namespace taol;
using namespace taol::testing;

TEST_CASE("A deadline due while the room waits for the journal is run once answered, without spinning meanwhile") {
    boost::asio::io_context ioc;
    const auto keep_running = boost::asio::make_work_guard(ioc);  // run_for must not end for lack of work
    std::vector<server::WriteDone> held;
    bool hold = false;
    server::RoomHooks hooks;
    hooks.journal = [&](const server::RoomEvent&, server::WriteDone done) {
        if (hold) return held.push_back(std::move(done));
        done(server::WriteResult::written);
    };
    server::RoomLimits limits;
    limits.spectators_every_ms = 30;  // a deadline that comes soon
    auto room = std::make_unique<server::Room>(server::RoomSetup{"ABCDEFGH", &fake_game(), fake_options(), kT0}, hooks,
                                               limits);
    TimeMs now = kT0;
    int clock_reads = 0;
    auto actor = std::make_shared<server::RoomActor>(ioc.get_executor(), std::move(room), [&] {
        ++clock_reads;
        return instant(now);
    });
    std::map<std::string, std::shared_ptr<FakePeer>> peers;
    const auto join = [&](const std::string& player, bool spectator) {
        peers[player] = std::make_shared<FakePeer>();
        server::Caller caller{player, peers[player], 1, "", player};
        actor->post([caller, spectator](server::Room& r, server::Instant at) { r.join(caller, caller.name, spectator, at); });
    };
    join("a", false);
    join("s", true);
    join("r", true);  // within the 30 ms: the count is due at kT0 + 30 ms, its timer armed
    // Then, in line, the room's clock moves past that, and b's arrival waits for the journal.
    actor->post([&](server::Room&, server::Instant) {
        hold = true;
        now = kT0 + 2'000;
    });
    join("b", false);
    ioc.run_for(std::chrono::milliseconds(100));
    REQUIRE(held.size() == 1);
    CHECK(peers["a"]->last("room").at("spectators") == 1);
    const int reads_while_writing = clock_reads;
    ioc.run_for(std::chrono::milliseconds(100));
    // The due deadline fired at most once: it waits its turn behind the write, as calls do, rather
    // than re-arming at once, over and over, for as long as the journal takes.
    CHECK(clock_reads - reads_while_writing <= 2);

    hold = false;
    server::WriteDone done = std::move(held.front());
    held.clear();
    done(server::WriteResult::written);
    ioc.run_for(std::chrono::milliseconds(50));
    CHECK(peers["a"]->last("room").at("spectators") == 2);
    CHECK(peers["a"]->last("room").at("seats").size() == 2);
    actor->close();
    ioc.run_for(std::chrono::milliseconds(10));
}
