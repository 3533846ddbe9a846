#include "games/castors/ids.hpp"

namespace taol::games::castors {
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

constexpr char kAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";

}  // namespace

std::uint64_t siphash24(std::uint64_t k0, std::uint64_t k1, std::uint64_t message) {
    Sip s{k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL, k0 ^ 0x6c7967656e657261ULL,
          k1 ^ 0x7465646279746573ULL};
    s.absorb(message);
    s.absorb(8ULL << 56);  // the final block holds the message length
    s.v2 ^= 0xff;
    for (int i = 0; i < 4; ++i) s.round();
    return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

std::string IdMaker::next() {
    std::uint64_t h = siphash24(k0_, k1_, counter_++);
    std::string id(8, '0');
    for (char& c : id) {
        c = kAlphabet[h & 31];
        h >>= 5;
    }
    return id;
}

}  // namespace taol::games::castors
