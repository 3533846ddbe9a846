// HTTP on the WebSocket's port: health, the games list, static files, room links, the web root's
// walls, and the metrics.
#include <catch2/catch.hpp>

#include <brotli/decode.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "games/registry.hpp"
#include "server/hub/metrics.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"
#include "tests/server/ws_client.hpp"

using namespace taol::testing;

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
    LiveTable room(live.port(), "fishfish", nullptr, {"Anna", "Bleuenn"});
    room.start();
    room.player(1).request({{"type", "act"}, {"action", {{"type", "dance"}}}});  // refused, whoever's turn it is

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

TEST_CASE("Metrics: a duration histogram counts each sample once, in cumulative buckets") {
    taol::server::DurationHistogram histogram;
    histogram.observe(std::chrono::microseconds(50));
    histogram.observe(std::chrono::milliseconds(3));
    histogram.observe(std::chrono::seconds(2));  // past every bound: +Inf only
    std::ostringstream out;
    histogram.render(out, "taol_test_seconds", "A test.");
    const std::string text = out.str();
    CHECK(text.find("# TYPE taol_test_seconds histogram\n") != std::string::npos);
    CHECK(text.find("taol_test_seconds_bucket{le=\"0.0001\"} 1\n") != std::string::npos);
    CHECK(text.find("taol_test_seconds_bucket{le=\"0.0025\"} 1\n") != std::string::npos);
    CHECK(text.find("taol_test_seconds_bucket{le=\"0.005\"} 2\n") != std::string::npos);
    CHECK(text.find("taol_test_seconds_bucket{le=\"1\"} 2\n") != std::string::npos);
    CHECK(text.find("taol_test_seconds_bucket{le=\"+Inf\"} 3\n") != std::string::npos);
    CHECK(text.find("taol_test_seconds_count 3\n") != std::string::npos);
    CHECK(text.find("taol_test_seconds_sum 2.00305\n") != std::string::npos);
}

TEST_CASE("Metrics tell how late the event loop runs") {
    LiveServer live;
    // Its probe fires every 100 ms from the start.
    const std::string text = metrics_once(live.port(), [](const std::string& body) {
        return body.find("taol_event_loop_lag_seconds_count 0\n") == std::string::npos;
    });
    CHECK(text.find("# TYPE taol_event_loop_lag_seconds histogram\n") != std::string::npos);
    const std::size_t count_at = text.find("taol_event_loop_lag_seconds_count ");
    REQUIRE(count_at != std::string::npos);
    const long long count = std::stoll(text.substr(count_at + std::string("taol_event_loop_lag_seconds_count ").size()));
    CHECK(count >= 1);
    CHECK(text.find("taol_event_loop_lag_seconds_bucket{le=\"+Inf\"} " + std::to_string(count) + "\n") !=
          std::string::npos);
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

namespace {

std::string gunzip(const std::string& data) {
    z_stream z{};
    REQUIRE(inflateInit2(&z, 15 + 16) == Z_OK);
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    std::string out;
    char chunk[16384];
    int result = Z_OK;
    while (result == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(chunk);
        z.avail_out = sizeof chunk;
        result = inflate(&z, Z_NO_FLUSH);
        out.append(chunk, sizeof chunk - z.avail_out);
    }
    inflateEnd(&z);
    CHECK(result == Z_STREAM_END);
    return out;
}

std::string unbrotli(const std::string& data) {
    BrotliDecoderState* state = BrotliDecoderCreateInstance(nullptr, nullptr, nullptr);
    std::size_t in_left = data.size();
    const auto* in = reinterpret_cast<const std::uint8_t*>(data.data());
    std::string out;
    BrotliDecoderResult result = BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT;
    while (result == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) {
        std::uint8_t chunk[16384];
        std::uint8_t* next = chunk;
        std::size_t out_left = sizeof chunk;
        result = BrotliDecoderDecompressStream(state, &in_left, &in, &out_left, &next, nullptr);
        out.append(reinterpret_cast<char*>(chunk), sizeof chunk - out_left);
    }
    BrotliDecoderDestroyInstance(state);
    CHECK(result == BROTLI_DECODER_RESULT_SUCCESS);
    return out;
}

void write_file(const std::filesystem::path& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// A script that compresses well, like the client's own.
std::string script(int lines) {
    std::string text;
    for (int i = 0; i < lines; ++i) text += "export const line" + std::to_string(i) + " = 'la galette saucisse';\n";
    return text;
}

using Headers = std::vector<std::pair<std::string, std::string>>;

}  // namespace

TEST_CASE("Static files come compressed when the client takes it, with an ETag: a second load is a 304") {
    LiveServer live;
    const auto port = live.port();
    const std::string text = script(400);
    write_file(live.dir() / "web" / "js" / "big.js", text);

    const HttpReply gz = http_request(port, "/js/big.js", Headers{{"Accept-Encoding", "gzip, deflate"}});
    CHECK(gz.status == 200);
    CHECK(gz.content_type == "text/javascript; charset=utf-8");
    CHECK(gz.header("content-encoding") == "gzip");
    CHECK(gz.header("vary") == "Accept-Encoding");
    CHECK(gz.header("cache-control") == "no-cache");
    CHECK(gz.body.size() < text.size() / 4);
    CHECK(gunzip(gz.body) == text);
    const std::string etag = gz.header("etag");
    CHECK(etag.size() > 4);
    CHECK(etag.front() == '"');

    const HttpReply br = http_request(port, "/js/big.js", Headers{{"Accept-Encoding", "gzip, deflate, br"}});
    CHECK(br.header("content-encoding") == "br");
    CHECK(unbrotli(br.body) == text);
    CHECK(br.header("etag") != etag);  // each encoding is its own representation

    const HttpReply plain = http_get(port, "/js/big.js");
    CHECK(plain.header("content-encoding").empty());
    CHECK(plain.header("vary") == "Accept-Encoding");
    CHECK(plain.body == text);
    CHECK(http_request(port, "/js/big.js", Headers{{"Accept-Encoding", "gzip;q=0, br;q=0"}}).body == text);

    // The second load: the browser shows the tag it holds, and gets no body.
    for (const std::string& held : {etag, br.header("etag"), plain.header("etag"), "W/" + etag, "\"other\", " + etag}) {
        INFO(held);
        const HttpReply again = http_request(port, "/js/big.js", Headers{{"Accept-Encoding", "gzip"}, {"If-None-Match", held}});
        CHECK(again.status == 304);
        CHECK(again.body.empty());
        CHECK(again.header("etag") == etag);
        CHECK(again.header("vary") == "Accept-Encoding");
    }
    CHECK(http_request(port, "/js/big.js", Headers{{"If-None-Match", "\"other\""}}).status == 200);

    // HEAD says what GET would send, without the body.
    const HttpReply head = http_request(port, "/js/big.js", Headers{{"Accept-Encoding", "gzip"}}, boost::beast::http::verb::head);
    CHECK(head.status == 200);
    CHECK(head.body.empty());
    CHECK(head.header("content-length") == std::to_string(gz.body.size()));
    CHECK(head.header("content-encoding") == "gzip");
    CHECK(head.header("etag") == etag);
    CHECK(http_request(port, "/js/big.js", Headers{{"If-None-Match", etag}}, boost::beast::http::verb::head).status == 304);

    // A new version of the file: a new tag, and the old one no longer matches.
    write_file(live.dir() / "web" / "js" / "big.js", script(401));
    const HttpReply changed = http_request(port, "/js/big.js", Headers{{"Accept-Encoding", "gzip"}, {"If-None-Match", etag}});
    CHECK(changed.status == 200);
    CHECK(changed.header("etag") != etag);
    CHECK(gunzip(changed.body) == script(401));

    // Room links are the same page, the same tag.
    const HttpReply index = http_get(port, "/");
    CHECK(http_request(port, "/r/ABCD2345", Headers{{"If-None-Match", index.header("etag")}}).status == 304);
}

TEST_CASE("What comes compressed already is never compressed again") {
    LiveServer live;
    std::string image = "\x89PNG\r\n\x1a\n";
    image += std::string(4000, 'A');  // compressible bytes, but a PNG is sent as it is
    write_file(live.dir() / "web" / "logo.png", image);
    const HttpReply png = http_request(live.port(), "/logo.png", Headers{{"Accept-Encoding", "gzip, br"}});
    CHECK(png.status == 200);
    CHECK(png.content_type == "image/png");
    CHECK(png.header("content-encoding").empty());
    CHECK(png.header("vary").empty());
    CHECK(png.body == image);
    CHECK(http_request(live.port(), "/logo.png", Headers{{"If-None-Match", png.header("etag")}}).status == 304);
    // A file too small to gain anything goes as it is too.
    const HttpReply tiny = http_request(live.port(), "/js/app.js", Headers{{"Accept-Encoding", "gzip, br"}});
    CHECK(tiny.header("content-encoding").empty());
    CHECK(tiny.body == "export const answer = 42;\n");
}

TEST_CASE("The games list and each game's entry with its card data, compressed and tagged") {
    LiveServer live;
    const HttpReply list = http_request(live.port(), "/api/games", Headers{{"Accept-Encoding", "gzip"}});
    CHECK(list.status == 200);
    CHECK(list.content_type == "application/json");
    CHECK(list.header("content-encoding") == "gzip");
    const Json games = Json::parse(gunzip(list.body));
    REQUIRE(games.size() == taol::games::all_games().size());
    CHECK(http_request(live.port(), "/api/games", Headers{{"If-None-Match", list.header("etag")}}).status == 304);
    for (const taol::games::Game* game : taol::games::all_games()) {
        INFO(game->id());
        const HttpReply one = http_get(live.port(), "/api/games/" + std::string(game->id()));
        CHECK(one.status == 200);
        Json entry = Json::parse(one.body);
        CHECK(entry.at("cards") == game->cards());
        CHECK(entry.at("cards").is_object());
        entry.erase("cards");
        // Otherwise the same entry as in the list.
        CHECK(std::find(games.begin(), games.end(), entry) != games.end());
    }
    const HttpReply none = http_get(live.port(), "/api/games/dames");
    CHECK(none.status == 404);
    CHECK(Json::parse(none.body).at("error") == "game_not_found");
}
