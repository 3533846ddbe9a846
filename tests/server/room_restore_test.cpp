// Rooms rebuilt from their journal: a game begun under other rules comes back interrupted (never
// dropped), and what a restart cannot record yet (everyone away) is owed and retried, while
// nobody is shown as connected without a connection.
#include <catch2/catch.hpp>

#include "tests/server/room_fixture.hpp"

using namespace taol::testing;
using taol::server::Room;
using taol::server::RoomEvent;
using taol::server::RoomSetup;
using taol::server::RoomStatus;
namespace event = taol::server::event;

namespace {

RoomSetup setup_for(const taol::games::Game& game) { return RoomSetup{"ABCDEFGH", &game, fake_options(), kT0}; }

// A room of Anna and Bleuenn with a spectator, a game under way and some chat.
Table played_under_old_rules() {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turns", 3}});
    t.join("s", at(10), true);
    t.act("a", bet(2), at(1'000));
    t.room().chat(t.caller("b"), "demat", when(1'500));
    t.act("b", bet(1), at(2'000));
    return t;
}

}  // namespace

TEST_CASE("A game begun under other rules comes back interrupted: seats and chat kept, a rematch offered") {
    Table old = played_under_old_rules();
    REQUIRE(old.room().status() == RoomStatus::playing);
    const std::vector<RoomEvent> journal = old.journal();
    const auto* started = std::get_if<event::Started>(&journal.at(2).body);
    REQUIRE(started);
    CHECK(started->rules == 1);

    std::vector<RoomEvent> recorded;
    taol::server::RoomHooks hooks;
    hooks.journal = [&](const RoomEvent& e, taol::server::WriteDone done) {
        recorded.push_back(e);
        done(taol::server::WriteResult::written);
    };
    hooks.new_seed = [] { return 9; };
    auto room = Room::replay(setup_for(fake_game_with_new_rules()), journal, hooks);
    CHECK(room->interrupted());
    CHECK(room->status() == RoomStatus::finished);
    CHECK(room->state() == nullptr);
    CHECK(room->rev() == old.room().rev());
    REQUIRE(room->info().seats.size() == 2);
    CHECK(room->info().seats[0].name == "a");
    CHECK(taol::protocol::room_json(room->info()).at("interrupted") == true);
    CHECK(room->summary().at("interrupted") == true);
    room->mark_everyone_away(when(5'000));
    CHECK(recorded.size() == 3);  // the absences of Anna, Bleuenn and the spectator, all recorded

    // Anna comes back: she hears why (no game to show), may not act, and may start a new one.
    auto anna = std::make_shared<FakePeer>();
    room->reconnect(taol::server::Caller{"a", anna, std::nullopt, "", "a"}, when(6'000));
    CHECK(anna->last("room").at("interrupted") == true);
    CHECK(anna->of_type("snapshot").empty());
    room->act(taol::server::Caller{"a", anna, 7, "", "a"}, bet(1), std::nullopt, when(6'100));
    CHECK(anna->last_error() == "game_over");
    CHECK(anna->frames.back().at("message").get<std::string>().find("interrupted") != std::string::npos);
    room->rematch(taol::server::Caller{"a", anna, 8, "", "a"}, nullptr, when(6'200));
    CHECK(anna->last("snapshot").at("id") == 8);
    CHECK(room->status() == RoomStatus::playing);
    CHECK_FALSE(room->interrupted());
    CHECK(room->rev() > old.room().rev());
    CHECK(taol::protocol::room_json(room->info()).count("interrupted") == 0);

    // The whole journal, old game and new, replays through today's rules.
    std::vector<RoomEvent> all = journal;
    all.insert(all.end(), recorded.begin(), recorded.end());
    auto again = Room::replay(setup_for(fake_game_with_new_rules()), all);
    CHECK(again->status() == RoomStatus::playing);
    CHECK(again->rev() == room->rev());
    CHECK(again->state()->view(0) == room->state()->view(0));
}

TEST_CASE("A journal written before rules versions reads as version 1") {
    const Json body = taol::server::event_body_json(event::Started{Json::object(), 5, 3});
    CHECK(body.at("rules") == 3);
    Json old = body;
    old.erase("rules");
    const auto read = taol::server::event_body_from_json("started", old);
    CHECK(std::get<event::Started>(read).rules == 1);
}

TEST_CASE("After a restart on a failing journal nobody shows as connected, and the absence is recorded once it can be") {
    Table old;
    old.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turns", 3}, {"absent_seconds", 10}});
    old.act("a", bet(2), at(1'000));  // b's turn; both connected when the server died

    bool failing = true;
    std::vector<RoomEvent> recorded;
    taol::server::RoomHooks hooks;
    hooks.journal = [&](const RoomEvent& e, taol::server::WriteDone done) {
        if (!failing) recorded.push_back(e);
        done(failing ? taol::server::WriteResult::failed : taol::server::WriteResult::written);
    };
    auto room = Room::replay(setup_for(fake_game()), old.journal(), hooks);
    room->mark_everyone_away(when(100'000));
    CHECK(recorded.empty());
    for (const auto& seat : room->info().seats) CHECK_FALSE(seat.connected);
    CHECK(room->connected_count() == 0);
    // It is tried again, and again, for as long as it takes.
    REQUIRE(room->next_tick(when(100'000)));
    room->tick(when(101'000));
    CHECK(recorded.empty());
    REQUIRE(room->next_tick(when(101'000)) == at(102'000));

    failing = false;
    room->tick(when(102'000));
    REQUIRE(recorded.size() == 2);
    for (const RoomEvent& e : recorded) {
        CHECK(std::holds_alternative<event::Disconnected>(e.body));
        CHECK(e.at == at(1'000));  // as of the last event: the time the server was down does not count
    }
    CHECK(room->suspended());

    // Anna comes back: the clock runs, and b, away, is played for after absent_seconds.
    auto anna = std::make_shared<FakePeer>();
    room->reconnect(taol::server::Caller{"a", anna, std::nullopt, "", "a"}, when(200'000));
    CHECK_FALSE(room->suspended());
    CHECK(room->next_tick(when(200'000)) == at(210'000));
    room->tick(when(210'000));
    CHECK(std::holds_alternative<event::Defaulted>(recorded.back().body));
    CHECK(anna->last("snapshot").at("waiting_for") == Json::array({0}));
}

TEST_CASE("A connection that comes or goes while the journal fails is recorded once it can be") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turns", 3}, {"absent_seconds", 10}});
    t.fail_journal(true);
    t.room().disconnect("b", t.peer("b").get(), when(1'000));
    CHECK_FALSE(t.room().info().seats[1].connected);  // shown as it is
    const std::size_t before = t.journal().size();
    t.fail_journal(false);
    t.room().tick(when(2'000));
    REQUIRE(t.journal().size() == before + 1);
    CHECK(std::holds_alternative<event::Disconnected>(t.journal().back().body));
    CHECK(t.journal().back().at == at(1'000));
}

TEST_CASE("Only a room's last game is played again: earlier games cost nothing to restore or to replay") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turns", 1}});
    t.act("a", pass(), at(1'000));
    t.act("b", pass(), at(2'000));
    REQUIRE(t.room().status() == RoomStatus::finished);
    t.room().rematch(t.caller("a"), Json{{"turns", 2}}, when(3'000));
    t.act("a", bet(2), at(4'000));
    REQUIRE(t.room().status() == RoomStatus::playing);

    // The first game's moves are spoiled in the copy: were they played again, the replay would throw.
    std::vector<RoomEvent> journal = t.journal();
    int spoiled = 0;
    for (RoomEvent& e : journal) {
        if (std::holds_alternative<event::Started>(e.body)) ++spoiled;
        if (auto* acted = std::get_if<event::Acted>(&e.body); acted && spoiled == 1) acted->action = bet(99);
    }
    auto again = Room::replay(setup_for(fake_game()), journal);
    CHECK(again->games_started() == 2);
    CHECK(again->status() == RoomStatus::playing);
    CHECK_FALSE(again->interrupted());
    CHECK(again->rev() == t.room().rev());
    CHECK(again->state()->view(0) == t.room().state()->view(0));
    CHECK(again->log().size() == t.room().log().size());
    REQUIRE(again->info().seats.size() == 2);
    CHECK(again->info().seats[1].name == "b");
}
