#include "games/core/ids.hpp"

#include "games/core/sha256.hpp"

namespace taol::games {
namespace {

constexpr std::uint64_t rotl(std::uint64_t x, int b) { return (x << b) | (x >> (64 - b)); }

struct Sip {
    std::uint64_t v0, v1, v2, v3;
    void round() {
        v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32);
        v2 += v3; v3 = rotl(v3, 16); v3 ^= v2;
        v0 += v3; v3 = rotl(v3, 21); v3 ^= v0;
        v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32);
    }
    void absorb(std::uint64_t m) {
        v3 ^= m;
        round();
        round();
        v0 ^= m;
    }
};

// Crockford's base 32: digits and capitals without I, L, O, U (no look-alikes).
constexpr std::string_view kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

std::uint64_t little_endian(const Sha256Digest& digest, std::size_t from) {
    std::uint64_t word = 0;
    for (std::size_t i = 0; i < 8; ++i) word |= std::uint64_t(digest[from + i]) << (8 * i);
    return word;
}

}  // namespace

IdMaker::IdMaker(std::string_view label, std::uint64_t seed) {
    std::string input = "taol ids\n";
    input.append(label);
    input.push_back('\n');
    for (int i = 0; i < 8; ++i) input.push_back(static_cast<char>((seed >> (8 * i)) & 0xff));
    const Sha256Digest digest = sha256(input);
    k0_ = little_endian(digest, 0);
    k1_ = little_endian(digest, 8);
}

std::string IdMaker::next() { return encode_id(siphash24(k0_, k1_, counter_++)); }

std::uint64_t siphash24(std::uint64_t k0, std::uint64_t k1, std::uint64_t message) {
    Sip s{k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL, k0 ^ 0x6c7967656e657261ULL,
          k1 ^ 0x7465646279746573ULL};
    s.absorb(message);
    s.absorb(8ULL << 56);  // the final block holds the message length
    s.v2 ^= 0xff;
    for (int i = 0; i < 4; ++i) s.round();
    return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

std::string encode_id(std::uint64_t value) {
    std::string id(kIdLength, '0');
    for (char& c : id) {
        c = kAlphabet[value & 31];
        value >>= 5;
    }
    return id;
}

std::optional<std::uint64_t> decode_id(std::string_view text) {
    if (text.size() != kIdLength) return std::nullopt;
    std::uint64_t value = 0;
    for (std::size_t i = kIdLength; i-- > 0;) {
        const auto symbol = kAlphabet.find(text[i]);
        if (symbol == std::string_view::npos) return std::nullopt;
        value = (value << 5) | symbol;
    }
    return value;
}

}  // namespace taol::games
