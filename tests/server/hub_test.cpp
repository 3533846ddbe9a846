// The hub without sockets: hello and tokens, create/join/leave by code, resuming, unloading.
#include <catch2/catch.hpp>

#include <set>

#include "server/rooms/random_ids.hpp"
#include "tests/server/hub_fixture.hpp"

using namespace taol;
using namespace taol::testing;

TEST_CASE("hello gives a secret token and a public id, and nothing else works before it") {
    HubFixture f;
    HubFixture::Client a, b;
    for (const char* message : {R"({"type":"create","game":"fishfish","id":5})", R"({"type":"join","room":"ABCDEFGH","id":5})",
                                R"({"type":"leave","id":5})", R"({"type":"start","id":5})",
                                R"({"type":"act","action":{"type":"pass"},"id":5})", R"({"type":"chat","text":"hi","id":5})",
                                R"({"type":"ping","t":12,"id":5})"}) {
        const Json answer = f.send(a, message);
        CHECK(answer.at("code") == "not_hello");
        CHECK(answer.at("id") == 5);
    }
    const Json wa = f.hello(a, "Anna");
    CHECK(f.send(a, R"({"type":"ping","t":12,"id":6})") == Json{{"type", "pong"}, {"t", 12}, {"id", 6}, {"server_time", 1'700'000'000'000}});
    const Json wb = f.hello(b, "Bleuenn");
    CHECK(wa.at("type") == "welcome");
    CHECK(wa.at("resumed") == false);
    const std::string token = wa.at("token");
    CHECK(token.size() == 32);
    CHECK(token.find_first_not_of("0123456789abcdef") == std::string::npos);
    CHECK(wa.at("token") != wb.at("token"));
    CHECK(wa.at("player") != wb.at("player"));
    CHECK(wa.at("player").get<std::string>().find(token) == std::string::npos);
    CHECK(f.hello(a, "Anna").at("code") == "bad_request");  // once per connection
}

TEST_CASE("Rooms by code: create, join, leave and their errors") {
    HubFixture f;
    HubFixture::Client a, b, s;
    f.hello(a, "Anna");
    f.hello(b, "Bleuenn");
    f.hello(s, "Soizic");
    CHECK(f.send(a, R"({"type":"create","game":"chess","id":2})").at("code") == "bad_request");
    CHECK(f.send(a, R"({"type":"create","game":"fishfish","options":{"baits":[1,2]},"id":2})").at("code") == "bad_options");
    CHECK(f.send(a, R"({"type":"create","game":"fishfish","options":{"nope":1},"id":2})").at("code") == "bad_options");
    const Json room = f.send(a, kCreate);
    REQUIRE(room.at("type") == "room");
    const std::string code = room.at("room");
    CHECK(code.size() == protocol::kRoomCodeLength);
    CHECK(code.find_first_not_of(std::string(protocol::kRoomCodeAlphabet)) == std::string::npos);
    CHECK(room.at("seats").at(0).at("name") == "Anna");
    CHECK(f.hub().find_room(code) != nullptr);

    CHECK(f.send(a, kCreate).at("code") == "already_in_room");
    CHECK(f.send(a, join(code)).at("code") == "already_in_room");
    CHECK(f.send(b, join("ZZZZZZZZ")).at("code") == "room_not_found");
    CHECK(f.send(b, R"({"type":"leave","id":4})").at("code") == "not_in_room");
    CHECK(f.send(b, R"({"type":"act","action":{"type":"pass"},"id":4})").at("code") == "not_in_room");
    const Json joined = f.send(b, join(code));
    CHECK(joined.at("seats").size() == 2);
    CHECK(f.send(s, join(code, "spectator")).at("spectators") == 1);
    CHECK(a.connection->last().at("spectators") == 1);  // everyone hears of it

    CHECK(f.send(b, R"({"type":"leave","id":4})").at("seats").size() == 1);
    CHECK(f.send(b, R"({"type":"leave","id":4})").at("code") == "not_in_room");
    const Json own = f.send(b, kCreate);  // free again
    CHECK(own.at("type") == "room");
    CHECK(own.at("room") != code);
}

TEST_CASE("hello with a known token resumes the player, closes its older connection, and sends its room") {
    HubFixture f;
    HubFixture::Client a, b;
    const Json wa = f.hello(a, "Anna");
    f.hello(b, "Bleuenn");
    const std::string code = f.send(a, kCreate).at("room");
    f.send(b, join(code));
    REQUIRE(f.send(a, R"({"type":"start","id":7})").at("type") == "snapshot");

    HubFixture::Client again;
    const Json w = f.hello(again, "Anna", wa.at("token"));
    CHECK(w.at("resumed") == true);
    CHECK(w.at("player") == wa.at("player"));
    CHECK(a.connection->closed);
    const auto& frames = again.connection->frames;
    REQUIRE(frames.size() == 3);
    CHECK(frames.at(1).at("type") == "room");
    CHECK(frames.at(1).at("room") == code);
    CHECK(frames.at(2).at("type") == "snapshot");
    CHECK(frames.at(2).at("seat") == 0);
    // The replaced connection closing changes nothing for the player.
    f.close(a);
    CHECK(b.connection->last().at("type") != "room");

    HubFixture::Client stranger;
    const Json made_up = f.hello(stranger, "Mallory", "0123456789abcdef0123456789abcdef");
    CHECK(made_up.at("resumed") == false);
    CHECK(made_up.at("token") != "0123456789abcdef0123456789abcdef");
    CHECK(stranger.connection->frames.size() == 1);
}

TEST_CASE("A room nobody is connected to is unloaded after the idle time") {
    HubFixture f;
    HubFixture::Client a;
    const Json wa = f.hello(a, "Anna");
    const std::string code = f.send(a, kCreate).at("room");
    f.close(a);
    f.advance(999);
    f.hub().sweep();
    CHECK(f.hub().find_room(code) != nullptr);
    f.advance(1);
    f.hub().sweep();
    CHECK(f.hub().find_room(code) == nullptr);
    CHECK(f.hub().room_counts().waiting == 0);

    // The player, with no room and no connection for as long, is forgotten too.
    CHECK(f.hub().player_count() == 0);
    HubFixture::Client back;
    CHECK(f.hello(back, "Anna", wa.at("token")).at("resumed") == false);
    CHECK(back.connection->frames.size() == 1);
    CHECK(f.send(back, kCreate).at("type") == "room");
}

TEST_CASE("Room codes are 8 symbols of the alphabet, and tokens do not repeat") {
    std::set<std::string> codes, tokens;
    for (int i = 0; i < 2000; ++i) {
        const std::string code = server::random_room_code();
        REQUIRE(code.size() == protocol::kRoomCodeLength);
        REQUIRE(code.find_first_not_of(std::string(protocol::kRoomCodeAlphabet)) == std::string::npos);
        codes.insert(code);
        tokens.insert(server::random_token());
    }
    CHECK(codes.size() == 2000);
    CHECK(tokens.size() == 2000);
    std::set<char> symbols;
    for (const std::string& code : codes) symbols.insert(code.begin(), code.end());
    CHECK(symbols.size() == protocol::kRoomCodeAlphabet.size());
}
