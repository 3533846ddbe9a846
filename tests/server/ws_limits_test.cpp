// The limits a hostile client meets over a real loopback WebSocket: frames of any announced size,
// floods of pings or empty fragments, connections that never say hello or stop reading, too many
// connections from one address, and two hellos racing for one seat.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <thread>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include <boost/asio/connect.hpp>
#include <boost/beast/websocket.hpp>

#include "games/core/rng.hpp"
#include "tests/server/live_play.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"

using namespace taol::testing;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

namespace {

// A client that does only what the test tells it, on the test's thread: it reads only when asked,
// and a read gives up after 10 s (a test must fail, not hang).
class RawClient {
public:
    // `receive_buffer` > 0: the socket's receive buffer, set before connecting (the window the
    // server may fill while the client does not read).
    explicit RawClient(unsigned short port, int receive_buffer = 0) : ws_(ioc_) {
        auto& socket = beast::get_lowest_layer(ws_).socket();
        socket.open(net::ip::tcp::v4());
        if (receive_buffer > 0) socket.set_option(net::socket_base::receive_buffer_size(receive_buffer));
        socket.connect(net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
        ws_.handshake("127.0.0.1", "/ws");
    }
    websocket::stream<beast::tcp_stream>& ws() { return ws_; }
    void send(const std::string& text) { ws_.write(net::buffer(text)); }
    // Starts writing `text` as one message; it goes on while the client reads.
    void send_in_background(std::string text) {
        outgoing_ = std::move(text);
        ws_.async_write(net::buffer(outgoing_), [](beast::error_code, std::size_t) {});
    }
    // Writes raw bytes under the WebSocket layer, as fast as the socket takes them, for up to
    // `seconds` or until the server closes.
    void flood_raw(const std::string& bytes, int seconds) {
        auto& socket = beast::get_lowest_layer(ws_).socket();
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
        beast::error_code ec;
        do {
            net::write(socket, net::buffer(bytes), ec);
        } while (!ec && std::chrono::steady_clock::now() < until);
    }
    // The next text message; null when the connection closed (or nothing came) first.
    Json read() {
        beast::flat_buffer buffer;
        return read_into(buffer) ? Json::parse(beast::buffers_to_string(buffer.data())) : Json(nullptr);
    }
    // Reads until the server closes; false when a read gave up waiting instead.
    bool closed_by_server() {
        for (;;) {
            beast::flat_buffer buffer;
            if (!read_into(buffer)) return !gave_up_;
        }
    }

private:
    bool read_into(beast::flat_buffer& buffer) {
        bool done = false;
        beast::error_code result;
        ws_.async_read(buffer, [&](beast::error_code ec, std::size_t) {
            result = ec;
            done = true;
        });
        ioc_.restart();
        ioc_.run_for(std::chrono::seconds(10));
        gave_up_ = !done;
        if (!done) {
            beast::get_lowest_layer(ws_).cancel();
            ioc_.restart();
            ioc_.run();
            return false;
        }
        return !result;
    }

    net::io_context ioc_;
    websocket::stream<beast::tcp_stream> ws_;
    std::string outgoing_;
    bool gave_up_ = false;
};

using Clock = std::chrono::steady_clock;

// The server runs in this process: finds its end of the connection from `client` and gives it a
// small send buffer, which also stops the kernel from growing it (SO_SNDBUF locks the size).
bool shrink_server_send_buffer(const net::ip::tcp::endpoint& client, int bytes) {
    for (int fd = 3; fd < 4096; ++fd) {
        sockaddr_in peer{};
        socklen_t length = sizeof peer;
        if (::getpeername(fd, reinterpret_cast<sockaddr*>(&peer), &length) != 0 || peer.sin_family != AF_INET) continue;
        if (ntohs(peer.sin_port) != client.port()) continue;
        return ::setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &bytes, sizeof bytes) == 0;
    }
    return false;
}

// The server's count of connections it dropped for `reason`, as /metrics says it.
std::string dropped_line(const char* reason, int count) {
    return std::string("taol_connections_dropped_total{reason=\"") + reason + "\"} " + std::to_string(count) + "\n";
}
bool metrics_say(unsigned short port, const std::string& line) {
    return metrics_with(port, line).find(line) != std::string::npos;
}

}  // namespace

TEST_CASE("A frame of any size past 64 KiB gets too_large, then the connection closes") {
    LiveServer live;
    for (std::size_t size : {std::size_t(1) << 20, std::size_t(20) << 20}) {
        INFO(size << " bytes");
        RawClient c(live.port());
        c.send_in_background(std::string(size, 'x'));  // the server stops reading it midway
        const Json answer = c.read();
        REQUIRE(answer.is_object());
        CHECK(answer.at("code") == "too_large");
        CHECK(c.closed_by_server());
    }
}

TEST_CASE("A flood of pings or of empty fragments is a flood like any other") {
    LiveServer live;
    const auto said_hello = [&](RawClient& c) {
        c.send(Json{{"type", "hello"}, {"name", "Flood"}}.dump());
        REQUIRE(c.read().at("type") == "welcome");
    };
    const auto since = Clock::now();
    {
        RawClient c(live.port());
        said_hello(c);
        beast::error_code ec;
        for (int i = 0; i < 2000 && !ec; ++i) c.ws().ping({}, ec);
        CHECK(c.closed_by_server());
    }
    {
        RawClient c(live.port());
        said_hello(c);
        // A text frame that never ends, then empty continuation frames (masked, as from a client).
        c.flood_raw(std::string("\x01\x80\x11\x22\x33\x44", 6), 0);
        std::string frames;
        while (frames.size() < 60'000) frames += std::string("\x00\x80\x11\x22\x33\x44", 6);
        c.flood_raw(frames, 20);
        CHECK(c.closed_by_server());
    }
    CHECK(Clock::now() - since < std::chrono::seconds(16));  // closed for flooding, not for idling
    CHECK(metrics_say(live.port(), dropped_line("message_flood", 2)));
    CHECK(metrics_say(live.port(), dropped_line("no_pong", 0)));
    // A client at a person's pace is left alone.
    WsClient calm(live.port());
    calm.hello("Calm");
    CHECK(calm.request({{"type", "ping"}, {"t", 1}}).at("type") == "pong");
}

TEST_CASE("A message in fragments, with a ping between them, is read whole and the ping is answered") {
    LiveServer live;
    RawClient c(live.port());
    std::string pong;
    c.ws().control_callback([&pong](websocket::frame_type kind, beast::string_view payload) {
        if (kind == websocket::frame_type::pong) pong = std::string(payload);
    });
    const std::string hello = Json{{"type", "hello"}, {"name", "Anna"}, {"id", 1}}.dump();
    c.ws().text(true);
    c.ws().write_some(false, net::buffer(hello.substr(0, 10)));
    c.ws().ping(websocket::ping_data("between"));
    c.ws().write_some(false, net::buffer(hello.substr(10, 5)));
    c.ws().write_some(true, net::buffer(hello.substr(15)));
    const Json welcome = c.read();
    REQUIRE(welcome.is_object());
    CHECK(welcome.at("type") == "welcome");
    CHECK(welcome.at("id") == 1);
    CHECK(pong == "between");
}

TEST_CASE("A client's close is answered with a close, and a malformed frame closes the connection") {
    LiveServer live;
    {
        RawClient c(live.port());
        beast::error_code ec;
        c.ws().close(websocket::close_code::normal, ec);  // waits for the server's close frame
        CHECK_FALSE(ec);
        CHECK(c.ws().reason().code == websocket::close_code::normal);
    }
    for (const std::string& bad : {std::string("\x81\x02hi", 4),                       // not masked
                                   std::string("\x83\x80\x01\x02\x03\x04", 6),        // opcode 3
                                   std::string("\xC1\x80\x01\x02\x03\x04", 6),        // RSV1, no deflate
                                   std::string("\x80\x80\x01\x02\x03\x04", 6)}) {     // a continuation of nothing
        RawClient c(live.port());
        c.flood_raw(bad, 0);
        CHECK(c.closed_by_server());
    }
    CHECK(metrics_say(live.port(), dropped_line("malformed_frame", 4)));
    // Nothing of it reached anyone else.
    WsClient calm(live.port());
    calm.hello("Calm");
    CHECK(calm.request({{"type", "ping"}, {"t", 1}}).at("type") == "pong");
}

TEST_CASE("A watcher that stops reading for a while then reads gets every frame whole and in order") {
    // Its socket fills: the server's writes stop part-way through frames and finish later.
    taol::server::ServerConfig config;
    config.limits.messages_per_second = 1000;  // the players play fast
    config.limits.burst = 1000;
    LiveServer live(config);
    LiveTable room(live.port(), "castors", nullptr, {"Anna", "Bleuenn"});
    RawClient slow(live.port(), 4096);
    REQUIRE(shrink_server_send_buffer(beast::get_lowest_layer(slow.ws()).socket().local_endpoint(), 4096));
    slow.send(Json{{"type", "hello"}, {"name", "Slow"}}.dump());
    REQUIRE(slow.read().at("type") == "welcome");
    slow.send(join_message(room.code(), "spectator").dump());
    REQUIRE(slow.read().at("type") == "room");
    std::int64_t rev = room.start().at("rev");
    taol::games::Rng rng(11);
    for (int games = 1; rev < 150; ++games) {  // game after game: a short one ends first
        rev = play(room.players(), rev, 150, rng);
        if (rev < 150) rev = room.player(0).request(Json{{"type", "rematch"}}).at("rev");
        REQUIRE(games < 50);
    }
    std::int64_t last = 0;
    while (last < rev) {
        const Json m = slow.read();
        REQUIRE(m.is_object());  // a frame cut or spliced would not parse
        if (m.at("type") != "snapshot") continue;
        CHECK(m.at("rev").get<std::int64_t>() > last);
        last = m.at("rev");
    }
    CHECK(last == rev);
    CHECK(metrics_say(live.port(), dropped_line("too_far_behind", 0)));
}

TEST_CASE("A connection that says no hello in time is closed, one that says hello stays") {
    taol::server::ServerConfig config;
    config.limits.hello_ms = 300;
    LiveServer live(config);
    const auto opened = Clock::now();
    RawClient silent(live.port());
    WsClient polite(live.port());
    polite.hello("Polite");
    CHECK(silent.closed_by_server());
    CHECK(Clock::now() - opened < std::chrono::seconds(10));
    CHECK(metrics_say(live.port(), dropped_line("no_hello", 1)));
    CHECK(polite.request({{"type", "ping"}, {"t", 1}}).at("type") == "pong");
    CHECK_FALSE(polite.closed());
}

TEST_CASE("A client that stops reading loses its seat's presence within the idle time") {
    taol::server::ServerConfig config;
    config.limits.idle_ms = 1500;
    LiveServer live(config);
    WsClient anna(live.port());
    anna.hello("Anna");
    const std::string code = anna.request({{"type", "create"}, {"game", "fishfish"}}).at("room");
    RawClient bleuenn(live.port());
    bleuenn.send(Json{{"type", "hello"}, {"name", "Bleuenn"}}.dump());
    REQUIRE(bleuenn.read().at("type") == "welcome");
    bleuenn.send(Json{{"type", "join"}, {"room", code}, {"id", 2}}.dump());
    // From here on Bleuenn reads nothing: no pong answers the server's pings.
    const auto since = Clock::now();
    const auto shown = [](bool connected) {
        return [connected](const Json& m) {
            return m.at("type") == "room" && m.at("seats").size() == 2 && m.at("seats").at(1).at("connected") == connected;
        };
    };
    const std::size_t joined = anna.count();
    anna.wait_for(shown(true));
    anna.wait_for(shown(false), joined);
    CHECK(Clock::now() - since < std::chrono::seconds(10));
}

TEST_CASE("One address holds a limited number of connections") {
    taol::server::ServerConfig config;
    config.limits.max_per_address = 3;
    config.limits.limit_loopback = true;
    LiveServer live(config);
    std::vector<std::unique_ptr<WsClient>> held;
    for (int i = 0; i < 3; ++i) {
        held.push_back(std::make_unique<WsClient>(live.port()));
        held.back()->hello("P" + std::to_string(i));
    }
    CHECK_THROWS(RawClient(live.port()));  // refused before the handshake
    held.pop_back();
    // The slot comes back once a connection is gone.
    bool connected = false;
    for (int attempt = 0; attempt < 50 && !connected; ++attempt) {
        try {
            RawClient again(live.port());
            connected = true;
        } catch (const std::exception&) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    CHECK(connected);
}

TEST_CASE("A trusted proxy's address holds any number of connections, another address does not") {
    const auto proxy = net::ip::make_address("10.0.0.2");
    const auto client = net::ip::make_address("10.0.0.9");
    taol::server::AddressLimits limits(2, 5, 20, {proxy});
    CHECK(limits.is_proxy(proxy));
    CHECK(limits.is_proxy(net::ip::make_address("127.0.0.1")));
    CHECK_FALSE(limits.is_proxy(client));
    std::vector<taol::server::AddressSlot> slots;
    for (int i = 0; i < 10; ++i) slots.push_back(limits.connect(proxy));
    CHECK(std::all_of(slots.begin(), slots.end(), [](const auto& slot) { return slot != nullptr; }));
    slots.push_back(limits.connect(client));
    slots.push_back(limits.connect(client));
    CHECK(slots.back() != nullptr);
    CHECK(limits.connect(client) == nullptr);
}

TEST_CASE("The rooms API is rate-limited per client, and takes codes in any case") {
    LiveServer live;
    const LiveTable room(live.port(), "bharg", nullptr, {"Anna"});
    const std::string& code = room.code();
    std::string lower = code;
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const HttpReply summary = http_get(live.port(), "/api/rooms/" + lower);
    CHECK(summary.status == 200);
    CHECK(Json::parse(summary.body).at("room") == code);
    int refused = 0;
    for (int i = 0; i < 60; ++i) refused += http_get(live.port(), "/api/rooms/" + code).status == 429 ? 1 : 0;
    CHECK(refused > 0);
    const HttpReply limited = http_get(live.port(), "/api/rooms/" + code + "/replay");
    CHECK(limited.status == 429);
    CHECK(Json::parse(limited.body).at("error") == "rate_limited");
    CHECK(http_get(live.port(), "/healthz").status == 200);  // the rest of the site is not limited
}

TEST_CASE("Two hellos with one token at the same moment: exactly one connection holds the seat") {
    LiveServer live(machine_speed());
    constexpr int kTries = 60;
    int stayed_connected = 0;
    for (int round = 0; round < kTries; ++round) {
        LiveTable room(live.port(), "fishfish", nullptr, {"Anna", "Bleuenn"});
        const std::string token = room.welcome(0).at("token");
        room.drop(0);
        WsClient& bleuenn = room.player(1);
        WsClient one(live.port());
        WsClient two(live.port());
        std::thread first([&] { one.hello("Anna", token); });
        std::thread second([&] { two.hello("Anna", token); });
        first.join();
        second.join();
        // The hub closes the one that lost; the other is the seat's.
        const auto deadline = Clock::now() + std::chrono::seconds(10);
        while (!one.closed() && !two.closed() && Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(2));
        REQUIRE(one.closed() != two.closed());
        WsClient& winner = one.closed() ? two : one;
        // Once the loser's closing has reached the room, the seat is still the winner's.
        const std::size_t from = winner.count();
        REQUIRE(bleuenn.request({{"type", "chat"}, {"text", "still there?"}}).at("type") == "chat");
        REQUIRE(winner.request({{"type", "ping"}, {"t", round}}).at("type") == "pong");
        REQUIRE(bleuenn.request({{"type", "chat"}, {"text", "ok"}}).at("type") == "chat");
        winner.wait_for([](const Json& m) { return m.at("type") == "chat" && m.at("text") == "ok"; }, from);
        Json last_room;
        for (const Json& m : bleuenn.received()) {
            if (m.at("type") == "room") last_room = m;
        }
        stayed_connected += last_room.at("seats").at(0).at("connected") == true ? 1 : 0;
        CHECK_FALSE(winner.closed());
    }
    CHECK(stayed_connected == kTries);
}
