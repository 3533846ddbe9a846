#include "server/rooms/random_ids.hpp"

#include <sys/random.h>

#include <array>
#include <cerrno>
#include <system_error>

#include "protocol/messages.hpp"

namespace taol::server {
namespace {

void fill_random(void* data, std::size_t size) {
    auto* bytes = static_cast<unsigned char*>(data);
    while (size > 0) {
        const ssize_t n = ::getrandom(bytes, size, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::system_error(errno, std::generic_category(), "getrandom");
        }
        bytes += n;
        size -= static_cast<std::size_t>(n);
    }
}

std::string hex(const unsigned char* bytes, std::size_t size) {
    static constexpr char kDigits[] = "0123456789abcdef";
    std::string out;
    out.reserve(size * 2);
    for (std::size_t i = 0; i < size; ++i) {
        out.push_back(kDigits[bytes[i] >> 4]);
        out.push_back(kDigits[bytes[i] & 0xF]);
    }
    return out;
}

}  // namespace

std::string random_token() {
    std::array<unsigned char, 16> bytes{};
    fill_random(bytes.data(), bytes.size());
    return hex(bytes.data(), bytes.size());
}

std::string random_player_id() {
    std::array<unsigned char, 8> bytes{};
    fill_random(bytes.data(), bytes.size());
    return "p" + hex(bytes.data(), bytes.size());
}

std::string random_room_code() {
    std::array<unsigned char, protocol::kRoomCodeLength> bytes{};
    std::string code;
    while (code.size() < protocol::kRoomCodeLength) {
        fill_random(bytes.data(), bytes.size());
        for (unsigned char b : bytes) {
            // Rejection sampling keeps every symbol equally likely whatever the alphabet's size.
            const std::size_t n = protocol::kRoomCodeAlphabet.size();
            if (static_cast<std::size_t>(b) >= 256 - 256 % n) continue;
            if (code.size() < protocol::kRoomCodeLength) code.push_back(protocol::kRoomCodeAlphabet[b % n]);
        }
    }
    return code;
}

std::uint64_t random_seed() {
    std::uint64_t seed = 0;
    fill_random(&seed, sizeof seed);
    return seed;
}

}  // namespace taol::server
