// permessage-deflate (on unless --deflate off): clients that offer it, as browsers do, get each frame
// compressed on its own (once for all its recipients) and play as any other; the others, and every
// client of a server started with --deflate off, get plain frames.
#include <catch2/catch.hpp>

#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http.hpp>

#include "games/core/rng.hpp"
#include "server/net/ws_deflate.hpp"
#include "tests/server/live_play.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"

using namespace taol::testing;

TEST_CASE("Clients that offer permessage-deflate play a game through compressed frames") {
    LiveServer live;
    LiveTable room(live.port(), "castors", nullptr, {"Anna", "Bleuenn", "Corentin"}, {"Soizic"});
    for (WsClient* p : room.players()) CHECK(p->extensions().find("permessage-deflate") != std::string::npos);
    CHECK(room.spectator().extensions().find("permessage-deflate") != std::string::npos);

    // A watcher that does not offer it reads the same table uncompressed.
    WsClient plain(live.port());
    CHECK(plain.extensions().empty());
    plain.hello("Plain");
    REQUIRE(plain.request(join_message(room.code(), "spectator")).at("type") == "room");

    std::int64_t rev = room.start().at("rev");
    taol::games::Rng rng(7);
    rev = play(room.players(), rev, 60, rng);
    REQUIRE(rev > 30);
    // Every connection, compressed or not, deltas or not, holds the same table at the end.
    room.check_same_rev(rev);
    CHECK(plain.snapshot(rev).at("view") == room.spectator().snapshot(rev).at("view"));
}

TEST_CASE("With --deflate off, a client that offers permessage-deflate gets plain frames") {
    taol::server::ServerConfig config;
    config.deflate = false;
    LiveServer live(config);
    WsClient offering(live.port(), "/ws", true);
    CHECK(offering.extensions().empty());
    CHECK(offering.hello("Anna").at("type") == "welcome");
}

namespace {

// A client written byte by byte over a socket: what the server's frames really look like.
class WireClient {
public:
    WireClient(unsigned short port, const std::string& extensions) : socket_(ioc_) {
        socket_.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
        namespace http = boost::beast::http;
        http::request<http::empty_body> request(http::verb::get, "/ws", 11);
        request.set(http::field::host, "127.0.0.1");
        request.set(http::field::upgrade, "websocket");
        request.set(http::field::connection, "Upgrade");
        request.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
        request.set(http::field::sec_websocket_version, "13");
        request.set(http::field::sec_websocket_extensions, extensions);
        http::write(socket_, request);
        http::response<http::empty_body> response;
        http::read(socket_, in_, response);
        REQUIRE(response.result() == http::status::switching_protocols);
        extensions_ = std::string(response[http::field::sec_websocket_extensions]);
    }
    const std::string& extensions() const { return extensions_; }

    // Sends `text` as one masked text frame, compressed or not.
    void send(const std::string& payload, bool compressed = false) {
        std::string frame;
        frame += static_cast<char>(compressed ? 0xC1 : 0x81);
        REQUIRE(payload.size() < 126);
        frame += static_cast<char>(0x80 | payload.size());
        const char mask[4] = {0x0A, 0x1B, 0x2C, 0x3D};
        frame.append(mask, 4);
        for (std::size_t i = 0; i < payload.size(); ++i) frame += static_cast<char>(payload[i] ^ mask[i % 4]);
        boost::asio::write(socket_, boost::asio::buffer(frame));
    }

    struct Received {
        bool compressed = false;
        std::string payload;
    };
    // The next frame as it came.
    Received receive() {
        const auto need = [this](std::size_t n) {
            if (in_.size() < n) in_.commit(boost::asio::read(socket_, in_.prepare(n - in_.size())));
            return static_cast<const unsigned char*>(in_.data().data());
        };
        const unsigned char* b = need(2);
        Received r;
        r.compressed = (b[0] & 0x40) != 0;
        std::size_t length = b[1] & 0x7F, header = 2;
        if (length == 126) {
            b = need(4);
            length = static_cast<std::size_t>(b[2] << 8 | b[3]);
            header = 4;
        }
        REQUIRE(length < 65536);
        b = need(header + length);
        r.payload.assign(reinterpret_cast<const char*>(b) + header, length);
        in_.consume(header + length);
        return r;
    }
    Json receive_json() {
        const Received r = receive();
        if (!r.compressed) return Json::parse(r.payload);
        bool too_large = false;
        const auto text = taol::server::ws::inflate_message(r.payload, 1 << 20, too_large);
        REQUIRE(text);
        return Json::parse(*text);
    }

private:
    boost::asio::io_context ioc_;
    boost::asio::ip::tcp::socket socket_;
    boost::beast::flat_buffer in_;
    std::string extensions_;
};

}  // namespace

TEST_CASE("Each frame goes compressed on its own, and a client's compressed message is read") {
    LiveServer live;
    WireClient c(live.port(), "permessage-deflate; client_max_window_bits");
    CHECK(c.extensions() == "permessage-deflate; server_no_context_takeover; client_no_context_takeover");
    c.send(R"({"type":"hello","name":"Anna","id":1})");
    const WireClient::Received welcome = c.receive();
    CHECK(welcome.compressed);
    bool too_large = false;
    const auto text = taol::server::ws::inflate_message(welcome.payload, 1 << 20, too_large);
    REQUIRE(text);
    CHECK(text->size() > welcome.payload.size());
    CHECK(Json::parse(*text).at("type") == "welcome");

    // A client's compressed message (RSV1, deflate data without its flush tail).
    const std::string spaces(60, ' ');  // enough to be worth compressing
    std::string create = taol::server::ws::deflate_message(R"({"type":"create","game":"castors","id":2)" + spaces + "}");
    REQUIRE_FALSE(create.empty());
    c.send(create, true);
    Json answer = c.receive_json();
    CHECK(answer.at("id") == 2);
    CHECK(answer.at("type") == "room");
}
