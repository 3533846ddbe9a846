// HTTP on the WebSocket's port: health, the games list, static files, room links, the web root's
// walls, and the metrics.
#include <catch2/catch.hpp>

#include "games/registry.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/ws_client.hpp"

using namespace taol::testing;

namespace {

// The metrics text once it contains `line` (counters are bumped just after answers go out).
std::string metrics_with(unsigned short port, const std::string& line) {
    const auto give_up = std::chrono::steady_clock::now() + WsClient::kTimeout;
    std::string text;
    do {
        text = http_get(port, "/metrics").body;
        if (text.find(line) != std::string::npos) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    } while (std::chrono::steady_clock::now() < give_up);
    return text;
}

}  // namespace

TEST_CASE("HTTP routes: healthz, api/games, static files, room links, metrics") {
    LiveServer live;
    const auto port = live.port();

    const HttpReply health = http_get(port, "/healthz");
    CHECK(health.status == 200);
    CHECK(health.body == "ok");

    const HttpReply games = http_get(port, "/api/games");
    CHECK(games.status == 200);
    CHECK(games.content_type == "application/json");
    const Json list = Json::parse(games.body);
    REQUIRE(list.size() == taol::games::all_games().size());
    const Json& fishfish = *std::find_if(list.begin(), list.end(), [](const Json& g) { return g.at("id") == "fishfish"; });
    CHECK(fishfish.at("name") == "Fish Fish");
    CHECK(fishfish.at("min_players") == 2);
    CHECK(fishfish.at("max_players") == 8);
    std::vector<std::string> options;
    for (const Json& o : fishfish.at("options")) options.push_back(o.at("name"));
    CHECK(std::count(options.begin(), options.end(), "turn_seconds") == 1);
    CHECK(std::count(options.begin(), options.end(), "absent_seconds") == 1);

    const HttpReply index = http_get(port, "/");
    CHECK(index.status == 200);
    CHECK(index.content_type == "text/html; charset=utf-8");
    CHECK(index.body.find("<title>Taol</title>") != std::string::npos);
    const HttpReply link = http_get(port, "/r/ABCD2345");
    CHECK(link.status == 200);
    CHECK(link.body == index.body);
    const HttpReply script = http_get(port, "/js/app.js?v=3");
    CHECK(script.status == 200);
    CHECK(script.content_type == "text/javascript; charset=utf-8");
    CHECK(script.body == "export const answer = 42;\n");
    CHECK(http_get(port, "/js/missing.js").status == 404);
    CHECK(http_get(port, "/js").status == 404);  // a directory is not a file
    CHECK(http_get(port, "/ws").status == 426);
}

TEST_CASE("No request reaches a file outside the web root") {
    LiveServer live;
    for (const char* target : {"/../outside.txt", "/%2e%2e/outside.txt", "/%2E%2E/outside.txt",
                               "/js/../../outside.txt", "/js/%2e%2e%2f%2e%2e%2foutside.txt", "/..%2foutside.txt",
                               "/js/..%5c..%5coutside.txt", "/%00", "/%zz", "/./js/app.js", "//etc/passwd"}) {
        const HttpReply reply = http_get(live.port(), target);
        INFO(target << " -> " << reply.status);
        CHECK((reply.status == 400 || reply.status == 404));
        CHECK(reply.body.find("SECRET") == std::string::npos);
    }
    // A symlink inside the web root that points out of it is not followed.
    std::filesystem::create_symlink(live.dir() / "outside.txt", live.dir() / "web" / "link.txt");
    const HttpReply linked = http_get(live.port(), "/link.txt");
    CHECK(linked.status == 404);
    CHECK(linked.body.find("SECRET") == std::string::npos);
}

TEST_CASE("Metrics count connections, rooms by status, messages and actions") {
    LiveServer live;
    WsClient a(live.port());
    WsClient b(live.port());
    a.hello("Anna");
    b.hello("Bleuenn");
    const std::string code = a.request({{"type", "create"}, {"game", "fishfish"}}).at("room");
    b.request({{"type", "join"}, {"room", code}, {"as", "player"}});
    a.request({{"type", "start"}});
    b.request({{"type", "act"}, {"action", {{"type", "dance"}}}});  // refused, whoever's turn it is

    const HttpReply metrics = http_get(live.port(), "/metrics");
    CHECK(metrics.status == 200);
    CHECK(metrics.content_type.find("text/plain") == 0);
    const std::string text = metrics_with(live.port(), "taol_action_latency_seconds_count 1\n");
    CHECK(text.find("taol_connections 2\n") != std::string::npos);
    CHECK(text.find("taol_rooms{status=\"playing\"} 1\n") != std::string::npos);
    CHECK(text.find("taol_rooms{status=\"waiting\"} 0\n") != std::string::npos);
    CHECK(text.find("taol_messages_in_total 6\n") != std::string::npos);
    CHECK(text.find("taol_actions_rejected_total 1\n") != std::string::npos);
    CHECK(text.find("taol_action_latency_seconds_count 1\n") != std::string::npos);
    CHECK(text.find("taol_action_latency_seconds_bucket{le=\"+Inf\"} 1\n") != std::string::npos);
}

TEST_CASE("Rooms API: a room's public summary, and its replay only once a game is over") {
    LiveServer live;
    const auto port = live.port();
    WsClient a(port), b(port);
    a.hello("Anna");
    b.hello("Bleuenn");
    const std::string code = a.request({{"type", "create"}, {"game", "castors"}}).at("room");

    const HttpReply waiting = http_get(port, "/api/rooms/" + code);
    CHECK(waiting.status == 200);
    CHECK(waiting.content_type == "application/json");
    const Json summary = Json::parse(waiting.body);
    CHECK(summary.at("room") == code);
    CHECK(summary.at("game") == "castors");
    CHECK(summary.at("status") == "waiting");
    CHECK(summary.at("players") == Json::parse(R"([{"seat":0,"name":"Anna","connected":true}])"));
    CHECK(summary.at("outcome").is_null());
    CHECK(Json::parse(http_get(port, "/api/rooms/" + code + "/replay").body).at("error") == "no_game");

    REQUIRE(b.request({{"type", "join"}, {"room", code}, {"as", "player"}}).at("type") == "room");
    REQUIRE(a.request({{"type", "start"}}).at("type") == "snapshot");
    const HttpReply running = http_get(port, "/api/rooms/" + code + "/replay");
    CHECK(running.status == 409);
    CHECK(Json::parse(running.body).at("error") == "not_finished");
    CHECK(Json::parse(http_get(port, "/api/rooms/" + code).body).at("status") == "playing");
    CHECK(http_get(port, "/api/rooms/" + code + "/replay?game=two").status == 400);
    CHECK(http_get(port, "/api/rooms/" + code + "/replay?game=2").status == 400);

    const HttpReply unknown = http_get(port, "/api/rooms/ZZZZZZZZ");
    CHECK(unknown.status == 404);
    CHECK(Json::parse(unknown.body).at("error") == "room_not_found");
    CHECK(http_get(port, "/api/rooms/ZZZZZZZZ/replay").status == 404);

    // The replay link opens the web client, like an invite link.
    const HttpReply page = http_get(port, "/replay/" + code);
    CHECK(page.status == 200);
    CHECK(page.body.find("<title>Taol</title>") != std::string::npos);
}
