// End to end over a real loopback WebSocket: a full Fish Fish game driven from the snapshots'
// action lists, with a spectator, a dropped and resumed player, and bad inputs along the way.
#include <catch2/catch.hpp>

#include "games/core/rng.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"
#include "tests/support/playout.hpp"

using namespace taol::testing;

namespace {

// What a viewer who is not the Fisher must never receive: the current line's Catch card, the
// Fisher's remaining cards or its action template, the card of a line nobody bet on.
void check_no_hidden_catch(const Json& frame, const std::string& who) {
    INFO(who << " received " << frame.dump());
    const std::string text = frame.dump();
    CHECK(text.find("\"catch_left\"") == std::string::npos);
    CHECK(text.find("\"catch\":{\"one_of\"") == std::string::npos);
    if (frame.at("type") != "snapshot" || frame.at("view").is_null()) return;
    const Json& view = frame.at("view");
    if (!view.at("line").is_null()) CHECK(view.at("line").at("catch").is_null());
    for (const Json& line : view.at("lines")) {
        int tiles = 0;
        for (const Json& bet : line.at("bets")) tiles += bet.at("tiles").get<int>();
        if (tiles == 0) CHECK(line.at("catch").is_null());
    }
}

}  // namespace

TEST_CASE("Three players and a spectator play Fish Fish over WebSocket, whatever others send") {
    LiveServer live;
    const auto port = live.port();
    LiveTable room(port, "fishfish", nullptr, {"Anna", "Bleuenn", "Corentin"}, {"Soizic"});
    WsClient& a = room.player(0);
    WsClient& b = room.player(1);
    WsClient& s = room.spectator();
    const Json& c_welcome = room.welcome(2);
    CHECK(c_welcome.at("resumed") == false);
    CHECK(c_welcome.at("token").get<std::string>().size() == 32);
    const std::string& code = room.code();
    CHECK(code.size() == 8);
    const Json started = room.start();
    CHECK(started.at("seat") == 0);

    std::vector<WsClient*> seats = room.players();
    taol::games::Rng rng(2024);
    std::int64_t rev = started.at("rev");
    int steps = 0;
    bool resumed = false;
    for (;; ++steps) {
        REQUIRE(steps < 400);
        const Json table = s.snapshot(rev);
        if (table.at("status") == "finished") break;
        // One seat at a time, or every seat after a round (each continues).
        REQUIRE_FALSE(table.at("waiting_for").empty());
        const int seat = table.at("waiting_for").at(0);
        WsClient& player = *seats[seat];
        const Json own = player.snapshot(rev);
        REQUIRE(own.at("seat") == seat);
        REQUIRE_FALSE(own.at("actions").empty());

        if (steps == 2) {  // out of turn, and a spectator acting: refused, nothing changes
            WsClient& other = *seats[(seat + 1) % 3];
            const Json err = act(other, {{"type", "bet"}, {"tiles", 0}}, rev);
            CHECK(is_error(err, "not_your_turn"));
            CHECK(is_error(s.request({{"type", "act"}, {"action", own.at("actions").at(0)}}), "not_a_player"));
        }
        if (steps == 4) {  // malformed and unknown messages
            const auto mark = b.count();
            b.send_raw("{\"type\": \"act\", ");
            const Json bad = b.wait_for([](const Json& m) { return m.at("type") == "error"; }, mark);
            CHECK(bad.at("code") == "bad_json");
            CHECK_FALSE(bad.contains("id"));
            CHECK(is_error(b.request({{"type", "teleport"}}), "unknown_type"));
            CHECK(is_error(b.request({{"type", "act"}}), "bad_request"));
            CHECK(is_error(b.request({{"type", "join"}, {"room", code}, {"as", "player"}}), "already_in_room"));
        }
        if (steps == 6) {  // a message larger than 64 KiB: too_large, then the connection closes
            WsClient big(port);
            big.hello("Gwen");
            REQUIRE(big.request(join_message(code, "spectator")).at("type") == "room");
            big.send_raw(std::string(1 << 20, ' '));
            const Json err = big.wait_for([](const Json& m) { return m.at("type") == "error"; });
            CHECK(err.at("code") == "too_large");
            CHECK_FALSE(err.contains("id"));
            CHECK(big.wait_closed() == 1009);
        }
        if (steps == 8) {  // a flood: rate_limited (with its id), then closed
            WsClient flood(port);
            flood.hello("Yann");
            REQUIRE(flood.request(join_message(code, "spectator")).at("type") == "room");
            for (int i = 0; i < 400; ++i) flood.send({{"type", "ping"}, {"t", i}, {"id", i}});
            const Json limited = flood.wait_for([](const Json& m) { return is_error(m, "rate_limited"); });
            CHECK(limited.at("id").is_number_integer());
            CHECK(flood.wait_closed() == 1008);
        }
        if (steps == 10) {  // a player drops, then comes back with its token
            const std::size_t mark = a.count();
            seats[2] = nullptr;
            room.drop(2);
            a.wait_for([](const Json& m) {
                return m.at("type") == "room" && m.at("seats").at(2).at("connected") == false;
            }, mark);
            const std::size_t dropped_mark = a.count();
            WsClient& c = room.reconnect(2);
            const std::string token = c_welcome.at("token");
            const Json again = c.hello("Corentin", token, /*deltas=*/true);
            CHECK(again.at("resumed") == true);
            CHECK(again.at("player") == c_welcome.at("player"));
            CHECK(again.at("token") == token);
            CHECK(c.wait_for([](const Json& m) { return m.at("type") == "room"; }).at("room") == code);
            const Json back = c.snapshot(rev);
            CHECK(back.at("seat") == 2);
            CHECK_FALSE(back.contains("id"));
            CHECK_FALSE(back.at("log").empty());  // the whole log, first
            a.wait_for([](const Json& m) {
                return m.at("type") == "room" && m.at("seats").at(2).at("connected") == true;
            }, dropped_mark);
            seats[2] = &c;
            resumed = true;
            continue;
        }
        const Json entry = own.at("actions").at(rng.below(own.at("actions").size()));
        const Json answer = act(player, fill_template(entry, rng), own.at("rev"));
        REQUIRE(answer.at("type") == "snapshot");
        REQUIRE(answer.at("rev").get<std::int64_t>() > rev);
        rev = answer.at("rev");
    }
    CHECK(resumed);
    CHECK(room.deltas_received() > 0);  // half the table, and Corentin once back, took deltas

    const Json last = s.snapshot(rev);
    CHECK(last.at("outcome").at("scores").size() == 3);
    for (WsClient* p : seats) CHECK(p->snapshot(rev).at("status") == "finished");
    for (const Json& frame : s.received()) check_no_hidden_catch(frame, "the spectator");
    for (int seat = 0; seat < 3; ++seat) {
        for (const Json& frame : seats[seat]->received()) {
            if (frame.at("type") == "snapshot" && frame.at("view").at("fisher") != seat) {
                check_no_hidden_catch(frame, "seat " + std::to_string(seat));
            }
        }
    }
    // The chat still works at the end, for players and spectators.
    const Json said = s.request({{"type", "chat"}, {"text", "trugarez!"}});
    CHECK(said.at("type") == "chat");
    CHECK(said.at("seat").is_null());
    a.wait_for([](const Json& m) { return m.at("type") == "chat" && m.at("text") == "trugarez!"; });
}
