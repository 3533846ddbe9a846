#pragma once
// permessage-deflate (RFC 7692) without context takeover either way: every message is compressed
// on its own. A frame the room shares between recipients is then compressed once for all of them,
// and a connection holds no compression state: the deflate and inflate streams belong to the
// thread, reset between messages.
#include <optional>
#include <string>
#include <string_view>

namespace taol::server::ws {

struct DeflateTerms {
    int window_bits = 15;  // the largest window the client's inflater takes from the server
    std::string response;  // the Sec-WebSocket-Extensions the server answers with
};

// The terms for a client's Sec-WebSocket-Extensions header, if it offers permessage-deflate in a
// form the server takes (its first such offer that is well formed); nullopt otherwise.
std::optional<DeflateTerms> negotiate_deflate(std::string_view extensions);

// The compressed payload of one message (RSV1 set), or an empty string when compressing would
// not make it smaller.
std::string deflate_message(std::string_view text, int window_bits = 15);

// What a client's compressed message says, or nullopt when it is not valid deflate data or would
// be longer than `max_bytes` (then `too_large` is set).
std::optional<std::string> inflate_message(std::string_view compressed, std::size_t max_bytes, bool& too_large);

}  // namespace taol::server::ws
