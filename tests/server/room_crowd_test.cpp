// A crowd in a room: spectators share their frames, leave with their connection, are capped by
// the host, and chat within a rate the host may turn off for them.
#include <catch2/catch.hpp>

#include "tests/server/room_fixture.hpp"

using namespace taol::testing;

namespace {

std::string spectator(int i) { return "s" + std::to_string(i); }

}  // namespace

TEST_CASE("Spectators share one encoded frame per change, and the room keeps no ghosts") {
    Table t(Json{{"spectators_max", 1000}});
    t.seat_and_start(2, at(0), Json{{"window_seconds", 10}});
    for (int i = 0; i < 300; ++i) REQUIRE(t.join(spectator(i), at(1 + i), true));
    CHECK(t.room().spectator_count() == 300);
    for (int i = 0; i < 300; ++i) t.peer(spectator(i))->clear();
    t.act("a", grab(), at(1'000));
    // One snapshot for them all, the same buffer.
    const taol::server::Frame shared = t.peer(spectator(0))->raw.at(0);
    for (int i = 0; i < 300; ++i) {
        REQUIRE(t.peer(spectator(i))->raw.size() == 1);
        CHECK(t.peer(spectator(i))->raw.at(0) == shared);
    }
    CHECK(t.peer("a")->raw.back() != shared);  // players see their own

    // Spectators whose connection closes leave the member list: 300 go, none stays behind.
    for (int i = 0; i < 300; ++i) t.room().disconnect(spectator(i), t.peer(spectator(i)).get(), when(2'000 + i));
    CHECK(t.room().spectator_count() == 0);
    CHECK_FALSE(t.room().is_member(spectator(0)));
    t.room().tick(when(5'000));
    CHECK(t.peer("a")->last("room").at("spectators") == 0);
    // One comes back (its token found the room): among the spectators again.
    auto back = t.new_peer(spectator(7));
    t.room().reconnect(t.connection(spectator(7), back), when(6'000));
    CHECK(t.room().is_member(spectator(7)));
    CHECK(t.room().is_member(spectator(7)));
    CHECK(back->last("room").at("you").is_null());
    CHECK(back->last("snapshot").at("seat").is_null());
}

TEST_CASE("Room broadcasts for a crowd of spectators are coalesced, each member's frame made once") {
    Table t(Json{{"spectators_max", 1000}});
    t.join("a", at(0));
    t.join("b", at(0));
    for (int i = 0; i < 200; ++i) t.join(spectator(i), at(100), true);
    // The players heard of the first arrival at once, and of the 199 others in one frame.
    CHECK(t.peer("a")->last("room").at("spectators") == 1);
    const std::size_t rooms_before = t.peer("a")->of_type("room").size();
    t.room().tick(when(1'100));
    CHECK(t.peer("a")->of_type("room").size() == rooms_before + 1);
    CHECK(t.peer("a")->last("room").at("spectators") == 200);
    CHECK(t.peer(spectator(0))->last("room").at("spectators") == 200);
    const taol::server::Frame shared = t.peer(spectator(0))->raw.back();
    for (int i = 0; i < 200; ++i) CHECK(t.peer(spectator(i))->raw.back() == shared);
}

TEST_CASE("The host caps the spectators, and past the cap a spectator is told so") {
    Table t(Json{{"spectators_max", 2}});
    t.join("a", at(0));
    CHECK(t.join("s1", at(1), true));
    CHECK(t.join("s2", at(2), true));
    CHECK_FALSE(t.join("s3", at(3), true));
    CHECK(t.peer("s3")->last_error() == "room_full");
    CHECK(t.peer("s3")->frames.back().at("message").get<std::string>().find("2 spectators") != std::string::npos);
    CHECK(t.join("b", at(4)));  // seats are not spectators
    t.room().disconnect("s1", t.peer("s1").get(), when(5));
    CHECK(t.join("s3", at(6), true));
}

TEST_CASE("Chat keeps to a rate, and the host may turn the spectators' chat off and on") {
    Table t;
    t.join("a", at(0));
    t.join("s", at(0), true);
    for (int i = 0; i < 5; ++i) {
        t.room().chat(t.caller("a"), "line", when(10));
        REQUIRE(t.peer("a")->frames.back().at("type") == "chat");
    }
    t.room().chat(t.caller("a"), "one too many", when(10));
    CHECK(t.peer("a")->last_error() == "rate_limited");
    t.room().chat(t.caller("a"), "a second later", when(1'010));
    CHECK(t.peer("a")->frames.back().at("type") == "chat");

    t.room().configure(t.caller("s"), Json{{"spectators_chat", false}}, when(1'100));
    CHECK(t.peer("s")->last_error() == "not_host");
    t.room().configure(t.caller("a"), Json{{"turns", 3}}, when(1'100));
    CHECK(t.peer("a")->last_error() == "bad_options");
    t.room().configure(t.caller("a"), Json{{"spectators_chat", "no"}}, when(1'100));
    CHECK(t.peer("a")->last_error() == "bad_options");
    t.room().configure(t.caller("a"), Json{{"spectators_chat", false}}, when(1'200));
    const Json answer = t.peer("a")->frames.back();
    CHECK(answer.at("type") == "room");
    CHECK(answer.at("options").at("spectators_chat") == false);
    CHECK(t.peer("s")->last("room").at("options").at("spectators_chat") == false);
    t.room().chat(t.caller("s"), "hello?", when(1'300));
    CHECK(t.peer("s")->last_error() == "not_a_player");
    t.room().chat(t.caller("a"), "players still talk", when(3'000));
    CHECK(t.peer("a")->frames.back().at("type") == "chat");
    t.room().configure(t.caller("a"), Json{{"spectators_chat", true}}, when(3'100));
    t.room().chat(t.caller("s"), "merci", when(3'200));
    CHECK(t.peer("s")->frames.back().at("type") == "chat");
    // The setting is an event: a rebuilt room has it.
    auto again = taol::server::Room::replay(taol::server::RoomSetup{"ABCDEFGH", &fake_game(), fake_options(), kT0},
                                            t.journal());
    CHECK(again->options().at("spectators_chat") == true);
}
