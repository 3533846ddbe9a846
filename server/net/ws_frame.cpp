#include "server/net/ws_frame.hpp"

namespace taol::server::ws {

namespace {

bool known(std::uint8_t op) { return op <= 0x2 || (op >= 0x8 && op <= 0xA); }

}  // namespace

std::size_t read_length(std::string_view bytes, std::uint64_t& length) {
    if (bytes.size() < 2) return 0;
    length = static_cast<std::uint8_t>(bytes[1]) & 0x7F;
    const std::size_t extra = length == 126 ? 2 : length == 127 ? 8 : 0;
    if (bytes.size() < 2 + extra) return 0;
    if (extra > 0) {
        length = 0;
        for (std::size_t i = 0; i < extra; ++i) length = (length << 8) | static_cast<std::uint8_t>(bytes[2 + i]);
    }
    return 2 + extra;
}

HeaderRead read_header(std::string_view bytes, bool deflate_negotiated, FrameHeader& out) {
    if (bytes.size() < 2) return HeaderRead::need_more;
    const auto b0 = static_cast<std::uint8_t>(bytes[0]);
    const auto b1 = static_cast<std::uint8_t>(bytes[1]);
    out.fin = (b0 & 0x80) != 0;
    out.rsv1 = (b0 & 0x40) != 0;
    const std::uint8_t op = b0 & 0x0F;
    if ((b0 & 0x30) != 0 || (out.rsv1 && !deflate_negotiated) || !known(op)) return HeaderRead::bad;
    out.op = static_cast<Opcode>(op);
    if ((b1 & 0x80) == 0) return HeaderRead::bad;  // a client masks every frame
    std::uint64_t length = 0;
    const std::size_t size = read_length(bytes, length);
    if (size == 0 || bytes.size() < size + 4) return HeaderRead::need_more;
    if (length >> 63) return HeaderRead::bad;
    if (is_control(out.op) && (!out.fin || length > 125 || out.rsv1)) return HeaderRead::bad;
    for (std::size_t i = 0; i < 4; ++i) out.mask[i] = static_cast<std::uint8_t>(bytes[size + i]);
    out.length = length;
    out.size = size + 4;
    return HeaderRead::ok;
}

void unmask(char* data, std::size_t n, const std::array<std::uint8_t, 4>& mask, std::uint64_t offset) {
    for (std::size_t i = 0; i < n; ++i) data[i] = static_cast<char>(data[i] ^ mask[(offset + i) & 3]);
}

ServerHeader server_header(Opcode op, std::uint64_t length, bool compressed) {
    ServerHeader h;
    h.bytes[0] = static_cast<std::uint8_t>(0x80 | (compressed ? 0x40 : 0) | static_cast<std::uint8_t>(op));
    if (length < 126) {
        h.bytes[1] = static_cast<std::uint8_t>(length);
        h.size = 2;
    } else if (length <= 0xFFFF) {
        h.bytes[1] = 126;
        h.bytes[2] = static_cast<std::uint8_t>(length >> 8);
        h.bytes[3] = static_cast<std::uint8_t>(length);
        h.size = 4;
    } else {
        h.bytes[1] = 127;
        for (int i = 0; i < 8; ++i) h.bytes[2 + i] = static_cast<std::uint8_t>(length >> (8 * (7 - i)));
        h.size = 10;
    }
    return h;
}

std::string control_frame(Opcode op, std::string_view payload) {
    if (payload.size() > 125) payload = payload.substr(0, 125);
    const ServerHeader h = server_header(op, payload.size());
    std::string frame(reinterpret_cast<const char*>(h.bytes.data()), h.size);
    frame += payload;
    return frame;
}

std::string close_frame(CloseCode code) {
    const auto n = static_cast<std::uint16_t>(code);
    const char payload[2] = {static_cast<char>(n >> 8), static_cast<char>(n & 0xFF)};
    return control_frame(Opcode::close, std::string_view(payload, 2));
}

}  // namespace taol::server::ws
