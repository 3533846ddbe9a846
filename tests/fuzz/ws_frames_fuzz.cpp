// Fuzzes the WebSocket layer's readers of what a client sends (server/net/ws_frame.*,
// ws_deflate.*): the bytes after the first are a client's stream, read frame by frame as the
// session reads it, each compressed message inflated under the 64 KiB limit; the whole input is
// also read as a Sec-WebSocket-Extensions header. Checks: no crash; a header taken is consistent
// (its size, a control frame final and short, RSV1 only where deflate was negotiated); unmasking
// twice gives the bytes back; an inflated message is never over the limit, and compressed again
// by the server it inflates to itself; the terms of an offer taken are within range.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "server/net/ws_deflate.hpp"
#include "server/net/ws_frame.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace {

namespace ws = taol::server::ws;
using taol::fuzz::broken;

constexpr std::size_t kMax = 64 * 1024;

void check_inflated(std::string_view compressed) {
    bool too_large = false;
    const auto text = ws::inflate_message(compressed, kMax, too_large);
    if (!text) return;
    if (too_large) broken("a message came back and was also too large");
    if (text->size() > kMax) broken("an inflated message is over the limit");
    const std::string again = ws::deflate_message(*text);
    if (again.empty()) return;  // too short, or not shorter: sent as it is
    const auto back = ws::inflate_message(again, kMax, too_large);
    if (!back || *back != *text) broken("the server's compression does not inflate to its text");
}

void read_stream(std::string_view bytes, bool deflate) {
    while (!bytes.empty()) {
        ws::FrameHeader h;
        const ws::HeaderRead read = ws::read_header(bytes, deflate, h);
        if (read != ws::HeaderRead::ok) return;
        if (h.size != 6 && h.size != 8 && h.size != 14) broken("a header of " + std::to_string(h.size) + " bytes");
        if (ws::is_control(h.op) && (!h.fin || h.length > 125 || h.rsv1)) broken("a control frame taken as it is");
        if (h.rsv1 && !deflate) broken("RSV1 taken without deflate");
        if (h.length > bytes.size() - h.size) return;  // the rest of the frame has not come
        std::string payload(bytes.substr(h.size, static_cast<std::size_t>(h.length)));
        const std::string masked = payload;
        ws::unmask(payload.data(), payload.size(), h.mask, 0);
        std::string twice = payload;
        ws::unmask(twice.data(), twice.size(), h.mask, 0);
        if (twice != masked) broken("unmasking twice does not give the bytes back");
        if (h.rsv1) check_inflated(payload);
        bytes.remove_prefix(h.size + static_cast<std::size_t>(h.length));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    if (const auto terms = ws::negotiate_deflate(input)) {
        if (terms->window_bits < 9 || terms->window_bits > 15) broken("a window of " + std::to_string(terms->window_bits) + " bits");
        if (terms->response.rfind("permessage-deflate", 0) != 0) broken("an answer that is not permessage-deflate");
    }
    if (size == 0) return 0;
    read_stream(input.substr(1), (data[0] & 1) != 0);
    check_inflated(input.substr(1));
    return 0;
}
