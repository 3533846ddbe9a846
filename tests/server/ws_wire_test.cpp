// The server's own WebSocket layer, piece by piece: a client's frame headers (good and hostile),
// the server's headers, the upgrade's answer, permessage-deflate's terms, compression both ways,
// and a shared frame compressed once for all its recipients.
#include <catch2/catch.hpp>

#include <string>

#include <zlib.h>

#include "server/net/ws_deflate.hpp"
#include "server/net/ws_frame.hpp"
#include "server/net/ws_handshake.hpp"
#include "server/rooms/peer.hpp"

namespace ws = taol::server::ws;
namespace http = boost::beast::http;

namespace {

std::string wire_bytes(std::initializer_list<int> list) {
    std::string s;
    for (int b : list) s += static_cast<char>(b);
    return s;
}

ws::HeaderRead header_of(const std::string& b, ws::FrameHeader& h, bool deflate = false) {
    return ws::read_header(b, deflate, h);
}

// A JSON text like a snapshot's, long enough to be worth compressing.
std::string snapshot_like() {
    std::string s = R"({"type":"snapshot","room":"ABCDEFGH","rev":42,"view":{"hands":[)";
    for (int i = 0; i < 30; ++i) s += R"({"card":"castor)" + std::to_string(i % 7) + R"(","face":"down"},)";
    s += R"({"card":"last"}]},"actions":[]})";
    return s;
}

// Deflate data as a client may write it: one final block (Z_FINISH), context dropped.
std::string client_deflate(const std::string& text) {
    z_stream z{};
    REQUIRE(deflateInit2(&z, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string out(deflateBound(&z, static_cast<uLong>(text.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
    z.avail_in = static_cast<uInt>(text.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
    out.resize(z.total_out);
    deflateEnd(&z);
    return out;
}

taol::server::HttpRequest upgrade_request(const std::string& extensions = "") {
    taol::server::HttpRequest r(http::verb::get, "/ws", 11);
    r.set(http::field::host, "localhost");
    r.set(http::field::upgrade, "websocket");
    r.set(http::field::connection, "Upgrade");
    r.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
    r.set(http::field::sec_websocket_version, "13");
    if (!extensions.empty()) r.set(http::field::sec_websocket_extensions, extensions);
    return r;
}

}  // namespace

TEST_CASE("A client's frame headers: lengths of every size, masks, and what needs more bytes") {
    ws::FrameHeader h;
    const std::string small = wire_bytes({0x81, 0x85, 1, 2, 3, 4});
    REQUIRE(header_of(small, h) == ws::HeaderRead::ok);
    CHECK(h.fin);
    CHECK(h.op == ws::Opcode::text);
    CHECK(h.length == 5);
    CHECK(h.size == 6);
    CHECK(h.mask == std::array<std::uint8_t, 4>{1, 2, 3, 4});
    for (std::size_t cut = 0; cut < small.size(); ++cut) CHECK(header_of(small.substr(0, cut), h) == ws::HeaderRead::need_more);

    REQUIRE(header_of(wire_bytes({0x01, 0xFE, 0x01, 0x00, 9, 9, 9, 9}), h) == ws::HeaderRead::ok);
    CHECK_FALSE(h.fin);
    CHECK(h.length == 256);
    CHECK(h.size == 8);
    REQUIRE(header_of(wire_bytes({0x80, 0xFF, 0, 0, 0, 1, 0, 0, 0, 0, 9, 9, 9, 9}), h) == ws::HeaderRead::ok);
    CHECK(h.op == ws::Opcode::continuation);
    CHECK(h.length == (std::uint64_t(1) << 32));
    CHECK(h.size == 14);
}

TEST_CASE("A client's frame headers the server refuses") {
    ws::FrameHeader h;
    CHECK(header_of(wire_bytes({0x81, 0x05, 1, 2, 3, 4}), h) == ws::HeaderRead::bad);           // not masked
    CHECK(header_of(wire_bytes({0xA1, 0x80, 1, 2, 3, 4}), h) == ws::HeaderRead::bad);           // RSV2
    CHECK(header_of(wire_bytes({0xC1, 0x80, 1, 2, 3, 4}), h) == ws::HeaderRead::bad);           // RSV1 without deflate
    CHECK(header_of(wire_bytes({0xC1, 0x80, 1, 2, 3, 4}), h, true) == ws::HeaderRead::ok);      // with it
    CHECK(header_of(wire_bytes({0x83, 0x80, 1, 2, 3, 4}), h) == ws::HeaderRead::bad);           // opcode 3
    CHECK(header_of(wire_bytes({0x8B, 0x80, 1, 2, 3, 4}), h) == ws::HeaderRead::bad);           // opcode 11
    CHECK(header_of(wire_bytes({0x09, 0x80, 1, 2, 3, 4}), h) == ws::HeaderRead::bad);           // a fragmented ping
    CHECK(header_of(wire_bytes({0x89, 0xFE, 0, 126, 1, 2, 3, 4}), h) == ws::HeaderRead::bad);   // a ping of 126 bytes
    CHECK(header_of(wire_bytes({0xC9, 0x80, 1, 2, 3, 4}), h, true) == ws::HeaderRead::bad);     // a compressed ping
    CHECK(header_of(wire_bytes({0x82, 0xFF, 0x80, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4}), h) == ws::HeaderRead::bad);  // 2^63
}

TEST_CASE("Unmasking works from any offset in the payload") {
    const std::array<std::uint8_t, 4> mask{0x11, 0x22, 0x33, 0x44};
    std::string text = "Kenavo!";
    std::string masked = text;
    ws::unmask(masked.data(), masked.size(), mask, 0);
    CHECK(masked != text);
    std::string back = masked;
    ws::unmask(back.data(), 3, mask, 0);
    ws::unmask(back.data() + 3, back.size() - 3, mask, 3);
    CHECK(back == text);
}

TEST_CASE("The server's headers: unmasked, one frame per message, RSV1 when compressed") {
    auto h = ws::server_header(ws::Opcode::text, 5);
    CHECK(h.size == 2);
    CHECK(h.bytes[0] == 0x81);
    CHECK(h.bytes[1] == 5);
    h = ws::server_header(ws::Opcode::text, 1000, true);
    CHECK(h.size == 4);
    CHECK(h.bytes[0] == 0xC1);
    CHECK(h.bytes[1] == 126);
    CHECK((h.bytes[2] << 8 | h.bytes[3]) == 1000);
    h = ws::server_header(ws::Opcode::binary, 70000);
    CHECK(h.size == 10);
    CHECK(h.bytes[1] == 127);
    CHECK(ws::close_frame(ws::CloseCode::too_big) == wire_bytes({0x88, 2, 0x03, 0xF1}));
    CHECK(ws::control_frame(ws::Opcode::pong, "7") == wire_bytes({0x8A, 1, '7'}));
}

TEST_CASE("An upgrade is answered with RFC 6455's accept key, or refused with a reason") {
    const ws::Handshake h = ws::answer_upgrade(upgrade_request(), false);
    CHECK(h.accepted);
    CHECK(h.response.result() == http::status::switching_protocols);
    CHECK(h.response[http::field::sec_websocket_accept] == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");  // the RFC's example
    CHECK(h.response[http::field::sec_websocket_extensions].empty());

    auto old_version = upgrade_request();
    old_version.set(http::field::sec_websocket_version, "8");
    const ws::Handshake v8 = ws::answer_upgrade(old_version, true);
    CHECK_FALSE(v8.accepted);
    CHECK(v8.response.result() == http::status::upgrade_required);
    CHECK(v8.response[http::field::sec_websocket_version] == "13");

    auto no_key = upgrade_request();
    no_key.erase(http::field::sec_websocket_key);
    CHECK(ws::answer_upgrade(no_key, true).response.result() == http::status::bad_request);
    auto bad_key = upgrade_request();
    bad_key.set(http::field::sec_websocket_key, "not a key");
    CHECK_FALSE(ws::answer_upgrade(bad_key, true).accepted);

    // A browser's offer: taken only when the server compresses.
    const std::string chrome = "permessage-deflate; client_max_window_bits";
    CHECK_FALSE(ws::answer_upgrade(upgrade_request(chrome), false).deflate);
    const ws::Handshake d = ws::answer_upgrade(upgrade_request(chrome), true);
    REQUIRE(d.deflate);
    CHECK(d.response[http::field::sec_websocket_extensions] ==
          "permessage-deflate; server_no_context_takeover; client_no_context_takeover");
}

TEST_CASE("permessage-deflate: which offers are taken, and on what terms") {
    auto terms = ws::negotiate_deflate("permessage-deflate");
    REQUIRE(terms);
    CHECK(terms->window_bits == 15);
    terms = ws::negotiate_deflate("permessage-deflate; server_max_window_bits=10; client_no_context_takeover");
    REQUIRE(terms);
    CHECK(terms->window_bits == 10);
    CHECK(terms->response ==
          "permessage-deflate; server_no_context_takeover; client_no_context_takeover; server_max_window_bits=10");
    // A window zlib cannot keep to, an unknown parameter, a repeated one, a bad value: that offer
    // is passed over, and the next one taken if it is good.
    CHECK_FALSE(ws::negotiate_deflate("permessage-deflate; server_max_window_bits=8"));
    CHECK_FALSE(ws::negotiate_deflate("permessage-deflate; colour=blue"));
    CHECK_FALSE(ws::negotiate_deflate("permessage-deflate; server_no_context_takeover; server_no_context_takeover"));
    CHECK_FALSE(ws::negotiate_deflate("permessage-deflate; client_max_window_bits=16"));
    CHECK_FALSE(ws::negotiate_deflate("x-webkit-deflate-frame"));
    CHECK_FALSE(ws::negotiate_deflate(""));
    terms = ws::negotiate_deflate("permessage-deflate; colour=blue, permessage-deflate; server_max_window_bits=12");
    REQUIRE(terms);
    CHECK(terms->window_bits == 12);
    // Names in any case (the comparison fuzz_ws_frames caught reading past its strings).
    CHECK(ws::negotiate_deflate("Permessage-Deflate; Client_Max_Window_Bits"));
}

TEST_CASE("A message compressed by the server inflates back to itself, and short ones go as they are") {
    const std::string text = snapshot_like();
    const std::string compressed = ws::deflate_message(text);
    REQUIRE_FALSE(compressed.empty());
    CHECK(compressed.size() * 3 < text.size());
    bool too_large = true;
    const auto back = ws::inflate_message(compressed, 64 * 1024, too_large);
    REQUIRE(back);
    CHECK(*back == text);
    CHECK_FALSE(too_large);
    // Within a smaller window, too.
    const auto small_window = ws::inflate_message(ws::deflate_message(text, 9), 64 * 1024, too_large);
    REQUIRE(small_window);
    CHECK(*small_window == text);
    CHECK(ws::deflate_message(R"({"type":"pong","t":1})").empty());
}

TEST_CASE("A client's compressed message: flushed or finished, bounded, and refused when not deflate") {
    const std::string text = snapshot_like();
    bool too_large = false;
    const auto finished = ws::inflate_message(client_deflate(text), 64 * 1024, too_large);
    REQUIRE(finished);
    CHECK(*finished == text);

    // A small message that inflates past the limit is refused as too large, without inflating it all.
    const std::string bomb = client_deflate(std::string(10 * 1024 * 1024, ' '));
    CHECK(bomb.size() < 64 * 1024);
    CHECK_FALSE(ws::inflate_message(bomb, 64 * 1024, too_large));
    CHECK(too_large);
    // Exactly at the limit is fine.
    const auto at_limit = ws::inflate_message(client_deflate(std::string(64 * 1024, 'a')), 64 * 1024, too_large);
    REQUIRE(at_limit);
    CHECK(at_limit->size() == 64 * 1024);

    CHECK_FALSE(ws::inflate_message(wire_bytes({0xFF, 0xFF, 0xFF, 0xFF, 0x00}), 64 * 1024, too_large));
    CHECK_FALSE(too_large);
}

TEST_CASE("A shared frame is compressed once, whoever asks and however often") {
    const taol::server::Frame frame = taol::server::make_frame(snapshot_like());
    int made = 0;
    const auto compress = [&made](const std::string& text) {
        ++made;
        return ws::deflate_message(text);
    };
    const std::string& first = frame->compressed(compress);
    const std::string& second = frame->compressed(compress);
    CHECK(made == 1);
    CHECK(&first == &second);
    CHECK(frame->text() == snapshot_like());
}
