#pragma once
// The WebSocket wire format (RFC 6455, section 5), as the server reads and writes it: a client's
// frames arrive masked and may be fragmented, with control frames between the fragments; the
// server's go out unmasked, one frame per message.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace taol::server::ws {

enum class Opcode : std::uint8_t { continuation = 0x0, text = 0x1, binary = 0x2, close = 0x8, ping = 0x9, pong = 0xA };

inline bool is_control(Opcode op) { return (static_cast<std::uint8_t>(op) & 0x8) != 0; }

// Close codes the server sends (RFC 6455, section 7.4.1).
enum class CloseCode : std::uint16_t {
    normal = 1000,
    going_away = 1001,
    protocol_error = 1002,
    bad_payload = 1007,
    policy_error = 1008,
    too_big = 1009,
};

struct FrameHeader {
    bool fin = false;
    bool rsv1 = false;  // permessage-deflate: the message is compressed (first frame only)
    Opcode op = Opcode::text;
    std::uint64_t length = 0;
    std::array<std::uint8_t, 4> mask{};
    std::size_t size = 0;  // bytes of the header itself
};

enum class HeaderRead { ok, need_more, bad };

// A frame's payload length, from the start of its header in `bytes`: 7 bits of its second byte,
// or 126 or 127 there and then 2 or 8 bytes. Returns how many bytes of the header that took (2, 4
// or 10; the mask key, if any, follows), or 0 when they are not all in `bytes` yet.
std::size_t read_length(std::string_view bytes, std::uint64_t& length);

// Reads the header of a client's frame from the start of `bytes`. `bad`: reserved bits the
// connection did not negotiate, an unknown opcode, an unmasked frame, a fragmented or oversized
// control frame, a length that does not fit 63 bits.
HeaderRead read_header(std::string_view bytes, bool deflate_negotiated, FrameHeader& out);

// Unmasks `n` bytes of payload in place; `offset` is their position in the frame's payload.
void unmask(char* data, std::size_t n, const std::array<std::uint8_t, 4>& mask, std::uint64_t offset);

// The header of one unfragmented, unmasked server frame of `length` bytes: at most 10 bytes.
struct ServerHeader {
    std::array<std::uint8_t, 10> bytes{};
    std::size_t size = 0;
};
ServerHeader server_header(Opcode op, std::uint64_t length, bool compressed = false);

// A whole control frame from the server (payload at most 125 bytes).
std::string control_frame(Opcode op, std::string_view payload);
std::string close_frame(CloseCode code);

}  // namespace taol::server::ws
