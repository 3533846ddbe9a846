// Calls taken as a group (Room::begin_group, RoomActor): the actions that came while their room
// waited for the journal, or that reached it idle in one pass of the event loop, are applied
// together and written in one write; nothing they cause is sent before that write is answered,
// each member then gets one snapshot for them all, and a group that is not written leaves the
// room as it stood.
#include <catch2/catch.hpp>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "server/rooms/actor.hpp"
#include "tests/server/room_fixture.hpp"

using namespace taol;
using namespace taol::testing;
using server::RoomEvent;
using server::WriteResult;

namespace {

// A room of three players and a spectator on its actor, its game started and the prize grabbed (the
// fake game: turns follow, a, b, c), with a journal the test answers by hand while `hold` is on,
// and a clock that stands still.
struct GroupTable {
    explicit GroupTable(bool groups) {
        spdlog::set_level(spdlog::level::off);  // a group not written is logged
        server::RoomHooks hooks;
        hooks.new_seed = [] { return 7; };
        hooks.journal = [this](const RoomEvent& e, server::WriteDone done) { write({e}, std::move(done)); };
        if (groups) {
            hooks.journal_all = [this](std::vector<RoomEvent> events, server::WriteDone done) {
                write(std::move(events), std::move(done));
            };
        }
        actor = std::make_shared<server::RoomActor>(
            ioc.get_executor(),
            std::make_unique<server::Room>(server::RoomSetup{"ABCDEFGH", &fake_game(), fake_options(), kT0}, hooks),
            [] { return when(5); });
        for (const char* who : {"a", "b", "c", "s"}) {
            peers[who] = std::make_shared<FakePeer>();
            const server::Caller caller = caller_of(who);
            actor->post([caller](server::Room& r, server::Instant at) { r.join(caller, caller.name, caller.player == "s", at); });
        }
        const server::Caller host = caller_of("a");
        actor->post([host](server::Room& r, server::Instant at) { r.start(host, Json::object(), at); });
        act("a", Json{{"type", "grab"}});
        run();
    }
    ~GroupTable() {
        actor->close();
        run();
    }

    server::Caller caller_of(const std::string& who) { return server::Caller{who, peers[who], ++id, "", who}; }
    // An `act` as the hub posts it: it may be taken in a group. Returns its message's id.
    std::int64_t act(const std::string& who, Json action) {
        const server::Caller caller = caller_of(who);
        actor->post([caller, action](server::Room& r, server::Instant at) { r.act(caller, action, std::nullopt, at); }, {},
                    true);
        return caller.id.value();
    }
    // a, b and c bet in turn, then b again, out of turn; all in one pass of the event loop when
    // `together`, else the last three once a's bet is with the journal (they wait for its write).
    std::vector<std::int64_t> bet_all(bool together = false) {
        hold = true;
        std::vector<std::int64_t> ids;
        for (const char* who : {"a", "b", "c", "b"}) {
            ids.push_back(act(who, Json{{"type", "bet"}, {"amount", 1}}));
            if (!together && ids.size() == 1) run();
        }
        run();
        return ids;
    }
    // The snapshots `who` got from its `from`th frame on.
    std::vector<Json> snapshots_since(const std::string& who, std::size_t from) const {
        std::vector<Json> out;
        const auto& frames = peers.at(who)->frames;
        for (std::size_t i = from; i < frames.size(); ++i) {
            if (frames[i].at("type") == "snapshot") out.push_back(frames[i]);
        }
        return out;
    }
    void write(std::vector<RoomEvent> events, server::WriteDone done) {
        writes.push_back(std::move(events));
        if (hold) held.push_back(std::move(done));
        else done(WriteResult::written);
    }
    // Answers the oldest write held, then lets the room go on.
    void answer(WriteResult result) {
        REQUIRE(!held.empty());
        server::WriteDone done = std::move(held.front());
        held.erase(held.begin());
        done(result);
        run();
    }
    void run() {
        ioc.restart();
        ioc.poll();
    }
    std::int64_t rev() { return rev_and_view(0).first; }
    // The room's rev, and its game's view as seat `seat` sees it.
    std::pair<std::int64_t, Json> rev_and_view(games::Seat seat) {
        std::pair<std::int64_t, Json> out;
        actor->post([&out, seat](server::Room& r, server::Instant) { out = {r.rev(), r.state()->view(seat)}; });
        run();
        return out;
    }
    // Whether `who` has had an answer to message `id` (a snapshot or an error echoing it).
    bool answered(const std::string& who, std::int64_t message) const {
        for (const Json& frame : peers.at(who)->frames) {
            if (frame.value("id", Json()) == message) return true;
        }
        return false;
    }

    boost::asio::io_context ioc;
    const boost::asio::executor_work_guard<boost::asio::io_context::executor_type> keep =
        boost::asio::make_work_guard(ioc);
    std::map<std::string, std::shared_ptr<FakePeer>> peers;
    std::shared_ptr<server::RoomActor> actor;
    std::vector<std::vector<RoomEvent>> writes;  // every write handed to the journal, in order
    std::vector<server::WriteDone> held;
    bool hold = false;
    std::int64_t id = 0;
};

}  // namespace

TEST_CASE("Actions that wait for their room's write are written together, and answered together once written") {
    GroupTable one_by_one(false);
    GroupTable grouped(true);
    one_by_one.bet_all();
    const std::vector<std::int64_t> ids = grouped.bet_all();
    // a's bet is with the journal; the other three wait for it.
    const std::size_t before = grouped.writes.size();
    CHECK(grouped.held.size() == 1);
    grouped.answer(WriteResult::written);
    // Then they are taken together: one write of b's and c's bets (b's second is refused), and no
    // answer to any of them until it is answered.
    REQUIRE(grouped.writes.size() == before + 1);
    CHECK(grouped.writes.back().size() == 2);
    for (std::size_t i = 1; i < ids.size(); ++i) CHECK_FALSE(grouped.answered(i == 2 ? "c" : "b", ids[i]));
    std::map<std::string, std::size_t> frames_before;
    for (const auto& [who, peer] : grouped.peers) frames_before[who] = peer->frames.size();
    grouped.answer(WriteResult::written);
    for (std::size_t i = 1; i < ids.size(); ++i) CHECK(grouped.answered(i == 2 ? "c" : "b", ids[i]));
    // b's second bet is judged on the rev b was last sent, before its first bet's answer: the same
    // bet again, already accepted (one by one, b was sent that answer first: not its turn).
    const Json refusal = grouped.peers["b"]->last("error");
    CHECK(refusal.at("id") == ids[3]);
    CHECK(refusal.at("code") == "duplicate");

    // One snapshot per member for the whole group: a and the spectator one without id, b and c
    // their answers, each as the last of one by one, with every log entry those carried.
    while (!one_by_one.held.empty()) one_by_one.answer(WriteResult::written);
    CHECK(one_by_one.writes.size() == before + 2);
    CHECK(grouped.rev() == one_by_one.rev());
    const std::map<std::string, std::optional<std::int64_t>> answer_of = {
        {"a", std::nullopt}, {"b", ids[1]}, {"c", ids[2]}, {"s", std::nullopt}};
    for (const auto& [who, id] : answer_of) {
        INFO(who);
        const std::vector<Json> snapshots = grouped.snapshots_since(who, frames_before[who]);
        REQUIRE(snapshots.size() == 1);
        const Json& got = snapshots[0];
        CHECK(got.value("id", Json()) == (id ? Json(*id) : Json()));
        const Json expected = one_by_one.peers[who]->last("snapshot");
        for (const char* part : {"rev", "view", "actions", "waiting_for", "deadlines"}) CHECK(got.at(part) == expected.at(part));
        Json log = Json::array();
        const auto& alone = one_by_one.peers[who]->frames;
        for (std::size_t i = frames_before[who]; i < alone.size(); ++i) {
            if (alone[i].at("type") == "snapshot") log.insert(log.end(), alone[i].at("log").begin(), alone[i].at("log").end());
        }
        CHECK(got.at("log") == log);
    }

    // What was written replays to the same room.
    std::vector<RoomEvent> events;
    for (const auto& write : grouped.writes) events.insert(events.end(), write.begin(), write.end());
    auto replayed = server::Room::replay(server::RoomSetup{"ABCDEFGH", &fake_game(), fake_options(), kT0}, events);
    CHECK(replayed->rev() == grouped.rev());
    CHECK(replayed->state()->view(0) == grouped.rev_and_view(0).second);
}

TEST_CASE("Actions that reach an idle room in one pass are taken together, with one write and one snapshot each") {
    GroupTable table(true);
    std::map<std::string, std::size_t> frames_before;
    for (const auto& [who, peer] : table.peers) frames_before[who] = peer->frames.size();
    const std::int64_t rev = table.rev();
    const std::vector<std::int64_t> ids = table.bet_all(true);
    // a's bet waited one hop for the others: the three bets are one write (b's second is refused).
    REQUIRE(table.held.size() == 1);
    CHECK(table.writes.back().size() == 3);
    for (std::size_t i = 0; i < ids.size(); ++i) CHECK_FALSE(table.answered(i == 2 ? "c" : i == 0 ? "a" : "b", ids[i]));
    table.answer(WriteResult::written);
    CHECK(table.rev() == rev + 3);
    const std::map<std::string, std::optional<std::int64_t>> answer_of = {
        {"a", ids[0]}, {"b", ids[1]}, {"c", ids[2]}, {"s", std::nullopt}};
    for (const auto& [who, id] : answer_of) {
        INFO(who);
        const std::vector<Json> snapshots = table.snapshots_since(who, frames_before[who]);
        REQUIRE(snapshots.size() == 1);
        CHECK(snapshots[0].value("id", Json()) == (id ? Json(*id) : Json()));
        CHECK(snapshots[0].at("rev") == rev + 3);
    }
    CHECK(table.peers["b"]->last("error").at("id") == ids[3]);
}

TEST_CASE("A group that cannot be written leaves its room as it stood, and every call in it is refused") {
    GroupTable table(true);
    const std::vector<std::int64_t> ids = table.bet_all();
    table.answer(WriteResult::written);
    const auto [rev, view] = table.rev_and_view(1);
    std::map<std::string, std::size_t> frames_before;
    for (const auto& [who, peer] : table.peers) frames_before[who] = peer->frames.size();
    REQUIRE(table.held.size() == 1);
    REQUIRE(table.writes.back().size() == 2);

    table.answer(WriteResult::failed);
    CHECK(table.rev_and_view(1) == std::pair(rev, view));
    // Each call of the group gets one answer, the refusal, with its message's id; nothing else of
    // the group is sent.
    CHECK(table.peers["b"]->frames.size() == frames_before["b"] + 2);
    CHECK(table.peers["c"]->frames.size() == frames_before["c"] + 1);
    for (std::size_t i = 1; i < ids.size(); ++i) {
        const Json& refusal = table.peers[i == 2 ? "c" : "b"]->frames.at(frames_before[i == 2 ? "c" : "b"] + (i == 3));
        CHECK(refusal.at("code") == "storage_error");
        CHECK(refusal.at("id") == ids[i]);
    }
    CHECK(table.peers["a"]->frames.size() == frames_before["a"]);
    CHECK(table.peers["s"]->frames.size() == frames_before["s"]);

    // The room goes on from where it stood: b bets again, alone, and it is written and sent.
    table.hold = false;
    const std::int64_t again = table.act("b", Json{{"type", "bet"}, {"amount", 1}});
    table.run();
    CHECK(table.rev_and_view(1).first == rev + 1);
    CHECK(table.answered("b", again));
    CHECK(table.writes.back().size() == 1);
}
