// The room without sockets: seats, spectators, host, start and rematch, chat, snapshots and errors.
#include <catch2/catch.hpp>

#include "tests/server/room_fixture.hpp"

using namespace taol::testing;
using taol::server::RoomStatus;

namespace {

std::vector<std::string> seat_names(const Json& room) {
    std::vector<std::string> names;
    for (const Json& s : room.at("seats")) names.push_back(s.at("name"));
    return names;
}

}  // namespace

TEST_CASE("Players take seats in order, the first is the host, and everyone hears of each arrival") {
    Table t;
    REQUIRE(t.join("a", at(0)));
    const Json answer = t.peer("a")->frames.back();
    CHECK(answer.at("type") == "room");
    CHECK(answer.at("id") == t.last_id());
    CHECK(answer.at("host") == 0);
    CHECK(answer.at("status") == "waiting");
    CHECK(answer.at("game") == "fake");
    CHECK(answer.at("options").at("turns") == 2);
    REQUIRE(t.join("b", at(1)));
    const Json heard = t.peer("a")->frames.back();
    CHECK(heard.at("type") == "room");
    CHECK_FALSE(heard.contains("id"));
    CHECK(seat_names(heard) == std::vector<std::string>{"a", "b"});
    CHECK(heard.at("seats").at(1).at("connected") == true);
    CHECK(t.peer("b")->of_type("snapshot").empty());  // no game yet

    REQUIRE(t.join("s", at(2), /*spectator=*/true));
    CHECK(t.peer("a")->frames.back().at("spectators") == 1);
    CHECK(t.room().seat_of("s") == std::nullopt);
    // Each copy of `room` names the receiver's own seat.
    CHECK(t.peer("a")->frames.back().at("you") == 0);
    CHECK(t.peer("b")->frames.back().at("you") == 1);
    CHECK(t.peer("s")->frames.back().at("you").is_null());
}

TEST_CASE("room_full, already_in_room, and joining a running game as a spectator only") {
    Table t;
    for (const char* p : {"a", "b", "c", "d"}) REQUIRE(t.join(p, at(0)));
    CHECK_FALSE(t.join("e", at(1)));
    CHECK(t.peer("e")->last_error() == "room_full");
    CHECK(t.peer("e")->frames.back().at("id") == t.last_id());
    CHECK(t.join("a", at(1)));
    CHECK(t.peer("a")->last_error() == "already_in_room");
    CHECK(t.join("e", at(2), true));

    t.room().start(t.caller("a"), nullptr, when(3));
    CHECK_FALSE(t.join("f", at(4)));
    CHECK(t.peer("f")->last_error() == "already_started");
    REQUIRE(t.join("f", at(5), true));
    // A spectator arriving in a running game gets the room, then a snapshot with no seat/actions.
    const auto& frames = t.peer("f")->frames;
    REQUIRE(frames.size() >= 2);
    CHECK(frames.at(frames.size() - 2).at("type") == "room");
    const Json snap = frames.back();
    CHECK(snap.at("type") == "snapshot");
    CHECK(snap.at("seat").is_null());
    CHECK(snap.at("actions").empty());
    CHECK_FALSE(snap.at("view").contains("secret"));
}

TEST_CASE("start: host only, enough players, options checked, only once") {
    Table t;
    t.join("a", at(0));
    t.room().start(t.caller("a"), nullptr, when(1));
    CHECK(t.peer("a")->last_error() == "not_enough_players");
    t.join("b", at(2));
    t.join("s", at(2), true);
    t.room().start(t.caller("b"), nullptr, when(3));
    CHECK(t.peer("b")->last_error() == "not_host");
    t.room().start(t.caller("s"), nullptr, when(3));
    CHECK(t.peer("s")->last_error() == "not_host");
    t.room().start(t.caller("a"), Json{{"turns", 999}}, when(4));
    CHECK(t.peer("a")->last_error() == "bad_options");
    CHECK(t.peer("a")->frames.back().at("message").get<std::string>().find("turns") != std::string::npos);
    t.room().start(t.caller("a"), Json{{"colour", "red"}}, when(4));
    CHECK(t.peer("a")->last_error() == "bad_options");
    t.room().start(t.caller("z"), nullptr, when(4));
    CHECK(t.peer("z")->last_error() == "not_in_room");
    CHECK(t.room().status() == RoomStatus::waiting);
    CHECK(t.room().rev() == 0);

    t.room().start(t.caller("a"), Json{{"turns", 1}, {"turn_seconds", 30}}, when(5));
    CHECK(t.room().status() == RoomStatus::playing);
    const Json answer = t.peer("a")->frames.back();
    CHECK(answer.at("type") == "snapshot");
    CHECK(answer.at("id") == t.last_id());
    CHECK(answer.at("seat") == 0);
    CHECK(answer.at("rev") == 1);
    CHECK(answer.at("server_time") == at(5));
    CHECK(t.peer("b")->frames.back().at("type") == "snapshot");
    CHECK_FALSE(t.peer("b")->frames.back().contains("id"));
    CHECK(t.peer("b")->last("room").at("status") == "playing");
    CHECK(t.peer("b")->last("room").at("options").at("turn_seconds") == 30);
    CHECK(t.peer("b")->last("room").at("options").at("window_seconds") == 10);  // kept from the room

    t.room().start(t.caller("a"), nullptr, when(6));
    CHECK(t.peer("a")->last_error() == "already_started");
}

TEST_CASE("Leaving a waiting room closes up the seats and passes the host on") {
    Table t;
    for (const char* p : {"a", "b", "c"}) t.join(p, at(0));
    t.room().leave(t.caller("a"), when(1));
    CHECK_FALSE(t.room().is_member("a"));
    const Json answer = t.peer("a")->frames.back();
    CHECK(answer.at("type") == "room");
    CHECK(answer.at("id") == t.last_id());
    CHECK(seat_names(answer) == std::vector<std::string>{"b", "c"});
    CHECK(answer.at("host") == 0);  // b, next after a, now seat 0
    CHECK(t.room().seat_of("c") == 1);
    CHECK(t.peer("c")->frames.back().at("seats").size() == 2);

    t.join("d", at(2));
    CHECK(t.room().seat_of("d") == 2);
    t.room().leave(t.caller("c"), when(3));
    CHECK_FALSE(t.room().is_member("c"));  // not the host: host stays b
    CHECK(t.room().host() == 0);
    CHECK(t.room().seat_of("d") == 1);
    t.room().leave(t.caller("c"), when(4));
    CHECK_FALSE(t.room().is_member("c"));
    CHECK(t.peer("c")->last_error() == "not_in_room");

    // The host at the last seat leaving: the host wraps to seat 0.
    Table u;
    for (const char* p : {"a", "b", "c"}) u.join(p, at(0));
    u.room().leave(u.caller("a"), when(1));  // b hosts at seat 0, c at seat 1
    u.room().leave(u.caller("c"), when(2));
    CHECK(u.room().host() == 0);
    u.join("d", at(3));
    u.room().leave(u.caller("b"), when(4));  // host b leaves: d, next, hosts
    CHECK(u.room().host() == 0);
    CHECK(u.room().seat_of("d") == 0);
}

TEST_CASE("Leaving a running game keeps the seat as absent, and joining back retakes it") {
    Table t;
    t.seat_and_start(3, at(0));
    t.room().leave(t.caller("a"), when(10));
    CHECK_FALSE(t.room().is_member("a"));
    CHECK(t.room().host() == 1);  // next seated player
    const Json room = t.peer("b")->last("room");
    CHECK(seat_names(room) == std::vector<std::string>{"a", "b", "c"});
    CHECK(room.at("seats").at(0).at("connected") == false);
    CHECK(room.at("host") == 1);
    CHECK_FALSE(t.room().is_member("a"));

    t.peer("a")->clear();
    REQUIRE(t.join("a", at(20)));
    CHECK(t.room().seat_of("a") == 0);
    CHECK(t.peer("a")->frames.at(0).at("type") == "room");
    const Json snap = t.peer("a")->frames.back();
    CHECK(snap.at("type") == "snapshot");
    CHECK(snap.at("seat") == 0);
    CHECK(t.peer("b")->last("room").at("seats").at(0).at("connected") == true);
    CHECK(t.room().host() == 1);  // the host stays who it became
}

TEST_CASE("Acting: every refusal names its reason and changes nothing") {
    Table t;
    t.join("a", at(0));
    t.join("b", at(0));
    t.join("s", at(0), true);
    t.act("a", pass(), at(1));
    CHECK(t.peer("a")->last_error() == "not_started");
    t.room().start(t.caller("a"), Json{{"window_seconds", 0}, {"turns", 1}}, when(2));
    const auto rev = t.room().rev();
    t.act("s", pass(), at(3));
    CHECK(t.peer("s")->last_error() == "not_a_player");
    t.act("z", pass(), at(3));
    CHECK(t.peer("z")->last_error() == "not_in_room");
    t.act("b", pass(), at(3));
    CHECK(t.peer("b")->last_error() == "not_your_turn");
    CHECK(t.peer("b")->frames.back().at("id") == t.last_id());
    t.act("a", bet(7), at(3));
    CHECK(t.peer("a")->last_error() == "illegal_action");
    t.act("a", Json{{"type", "dance"}}, at(3));
    CHECK(t.peer("a")->last_error() == "illegal_action");
    CHECK(t.room().rev() == rev);

    t.act("a", bet(2), at(4));
    CHECK(t.peer("a")->frames.back().at("type") == "snapshot");
    CHECK(t.peer("a")->frames.back().at("id") == t.last_id());
    t.act("b", pass(), at(5));
    CHECK(t.room().status() == RoomStatus::finished);
    const Json end = t.peer("s")->last("snapshot");
    CHECK(end.at("status") == "finished");
    CHECK(end.at("outcome").at("scores") == Json::array({2, 0}));
    CHECK(end.at("outcome").at("winners") == Json::array({0}));
    CHECK(t.peer("s")->last("room").at("status") == "finished");
    t.act("b", pass(), at(6));
    CHECK(t.peer("b")->last_error() == "game_over");
}

TEST_CASE("Rematch: host only, after the end, same seats, a new game") {
    Table t;
    t.join("a", at(0));
    t.join("b", at(0));
    t.room().rematch(t.caller("a"), nullptr, when(1));
    CHECK(t.peer("a")->last_error() == "not_started");
    t.room().start(t.caller("a"), Json{{"window_seconds", 0}, {"turns", 1}}, when(2));
    t.room().rematch(t.caller("a"), nullptr, when(3));
    CHECK(t.peer("a")->last_error() == "already_started");
    t.act("a", pass(), at(4));
    t.act("b", pass(), at(5));
    REQUIRE(t.room().status() == RoomStatus::finished);
    t.room().rematch(t.caller("b"), nullptr, when(6));
    CHECK(t.peer("b")->last_error() == "not_host");
    t.room().rematch(t.caller("a"), Json{{"turns", 0}}, when(6));
    CHECK(t.peer("a")->last_error() == "bad_options");

    const auto rev = t.room().rev();
    t.set_seed(7);
    t.room().rematch(t.caller("a"), Json{{"turns", 2}}, when(7));
    CHECK(t.room().status() == RoomStatus::playing);
    CHECK(t.room().seed() == 7);
    CHECK(t.room().rev() == rev + 1);  // revs keep increasing across games
    const Json answer = t.peer("a")->frames.back();
    CHECK(answer.at("type") == "snapshot");
    CHECK(answer.at("id") == t.last_id());
    CHECK(answer.at("view").at("turns_left") == 4);
    CHECK(answer.at("log").empty());  // a new game, a new log
    CHECK(t.room().seat_of("b") == 1);
    CHECK(t.peer("b")->last("room").at("options").at("turns") == 2);
}

TEST_CASE("Chat reaches players and spectators, and the sender copy carries the id") {
    Table t;
    t.join("a", at(0));
    t.join("s", at(0), true);
    t.room().chat(t.caller("s"), "bonjour", when(5));
    const Json own = t.peer("s")->frames.back();
    CHECK(own.at("type") == "chat");
    CHECK(own.at("id") == t.last_id());
    CHECK(own.at("from") == "s");
    CHECK(own.at("seat").is_null());
    CHECK(own.at("server_time") == at(5));
    const Json heard = t.peer("a")->frames.back();
    CHECK(heard.at("text") == "bonjour");
    CHECK_FALSE(heard.contains("id"));
    t.room().chat(t.caller("a"), "salut", when(6));
    CHECK(t.peer("s")->frames.back().at("seat") == 0);
    t.room().chat(t.caller("z"), "hi", when(7));
    CHECK(t.peer("z")->last_error() == "not_in_room");
}

TEST_CASE("Snapshots: the whole redacted log first, then only what is new") {
    Table t;
    t.join("a", at(0));
    t.join("b", at(0));
    t.join("s", at(0), true);
    t.room().start(t.caller("a"), Json{{"window_seconds", 0}, {"turns", 3}}, when(1));
    t.act("a", bet(1), at(2));
    t.act("b", bet(2), at(3));
    const std::string secret_a = fake_secret_text(*t.room().state(), 0);
    const std::string secret_b = fake_secret_text(*t.room().state(), 1);

    // b saw a's bet (public) but not a's private note; the spectator saw neither note.
    const Json b_last = t.peer("b")->frames.back();
    CHECK(b_last.at("log").size() == 2);  // its own bet and its own note
    for (const auto& [who, peer] : {std::pair{"b", t.peer("b")}, std::pair{"s", t.peer("s")}}) {
        for (const Json& frame : peer->frames) {
            CHECK(frame.dump().find(secret_a) == std::string::npos);
        }
    }
    for (const Json& frame : t.peer("s")->frames) CHECK(frame.dump().find(secret_b) == std::string::npos);
    CHECK(t.peer("s")->frames.back().at("log").size() == 1);  // b's public bet only

    // A new connection of b gets the whole log it may read, then only new entries.
    auto fresh = t.new_peer("b");
    t.room().reconnect(t.connection("b", fresh), when(4));
    REQUIRE(fresh->frames.size() == 2);
    CHECK(fresh->frames.at(0).at("type") == "room");
    const Json first = fresh->frames.at(1);
    CHECK(first.at("type") == "snapshot");
    CHECK(first.at("log").size() == 3);  // a's bet, b's bet, b's note
    CHECK(first.at("log").at(0).at("text_key") == "fake.bet");
    CHECK(first.at("log").at(0).at("at") == at(2));
    t.act("a", pass(), at(5));
    CHECK(fresh->frames.back().at("log").size() == 1);
    CHECK(fresh->frames.back().at("rev") == t.room().rev());
}

TEST_CASE("A dropped connection shows as disconnected, and an old connection closing is ignored") {
    Table t;
    t.seat_and_start(2, at(0));
    auto old_peer = t.peer("b");
    auto fresh = t.new_peer("b");
    t.room().reconnect(t.connection("b", fresh), when(1));
    t.room().disconnect("b", old_peer.get(), when(2));  // the replaced connection closing
    CHECK(t.room().info().seats.at(1).connected);
    t.room().disconnect("b", fresh.get(), when(3));
    CHECK_FALSE(t.room().info().seats.at(1).connected);
    CHECK(t.peer("a")->last("room").at("seats").at(1).at("connected") == false);
    CHECK(t.room().connected_count() == 1);
    auto back = t.new_peer("b");
    t.room().reconnect(t.connection("b", back), when(4));
    CHECK(t.peer("a")->last("room").at("seats").at(1).at("connected") == true);
    CHECK(back->frames.size() == 2);
    CHECK(back->frames.at(1).at("seat") == 1);
}

TEST_CASE("Connections that all end at once are recorded with the first departure, and the room tells the rest once") {
    Table t;
    t.seat_and_start(3, at(0));
    REQUIRE(t.join("s", at(1), true));
    // b, c and the spectator lose their connections in the same moment (a proxy restarting);
    // the room hears of c's first.
    for (const char* p : {"b", "c", "s"}) t.peer(p)->mark_gone();
    const std::size_t recorded = t.journal().size();
    for (const char* p : {"a", "b", "c", "s"}) t.peer(p)->clear();
    t.room().disconnect("c", t.peer("c").get(), when(2));
    // Each departure is an event of its own, all recorded before anyone is told.
    std::vector<std::string> events;
    for (std::size_t i = recorded; i < t.journal().size(); ++i) events.push_back(taol::server::event_name(t.journal()[i].body));
    CHECK(events == std::vector<std::string>{"disconnected", "disconnected", "disconnected"});
    CHECK_FALSE(t.room().info().seats.at(1).connected);
    CHECK_FALSE(t.room().info().seats.at(2).connected);
    CHECK_FALSE(t.room().is_member("s"));
    // The one still connected hears it once: one `room`, one snapshot (the absent clocks).
    CHECK(t.peer("a")->of_type("room").size() == 1);
    CHECK(t.peer("a")->of_type("snapshot").size() == 1);
    CHECK(t.peer("a")->last("room").at("spectators") == 0);
    // Nothing more was sent to the connections already gone.
    for (const char* p : {"b", "c", "s"}) CHECK(t.peer(p)->frames.empty());
    // Their own calls, coming later, find nothing left to do.
    t.room().disconnect("b", t.peer("b").get(), when(3));
    t.room().disconnect("s", t.peer("s").get(), when(3));
    CHECK(t.journal().size() == recorded + 3);
    CHECK(t.peer("a")->frames.size() == 2);
    // And b comes back as usual.
    auto back = t.new_peer("b");
    t.room().reconnect(t.connection("b", back), when(4));
    CHECK(t.room().info().seats.at(1).connected);
    CHECK(t.peer("a")->last("room").at("seats").at(1).at("connected") == true);
}

TEST_CASE("Spectators coming and going are counted in room broadcasts, at most once a second") {
    Table t;
    t.join("a", at(0));
    t.join("s", at(1), true);
    CHECK(t.peer("a")->last("room").at("spectators") == 1);  // the first change goes at once
    t.join("r", at(2), true);
    CHECK(t.peer("r")->last("room").at("spectators") == 2);  // the newcomer hears the count
    CHECK(t.peer("a")->last("room").at("spectators") == 1);  // the others within the second
    CHECK(t.room().next_tick(when(2)) == at(1'001));
    t.room().tick(when(1'001));
    CHECK(t.peer("a")->last("room").at("spectators") == 2);
    // A spectator whose connection closes leaves; one who says leave too.
    t.room().disconnect("s", t.peer("s").get(), when(3'000));
    CHECK(t.peer("a")->last("room").at("spectators") == 1);
    CHECK_FALSE(t.room().is_member("s"));
    t.room().leave(t.caller("r"), when(5'000));
    CHECK(t.peer("a")->last("room").at("spectators") == 0);
}

TEST_CASE("An event that cannot be recorded does not happen: storage_error") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}});
    const auto rev = t.room().rev();
    t.fail_journal(true);
    t.act("a", pass(), at(1));
    CHECK(t.peer("a")->last_error() == "storage_error");
    CHECK(t.room().rev() == rev);
    t.fail_journal(false);
    t.act("a", pass(), at(2));
    CHECK(t.room().rev() == rev + 1);
}
