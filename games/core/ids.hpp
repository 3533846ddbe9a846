#pragma once
// Opaque identifiers for what a game sends (card ids), made by one maker for every game. Never
// drawn from the game's generator: xoshiro outputs can be inverted to its state, so ids drawn from
// it would let a client predict the deck. An id is SipHash-2-4 of a counter under a 128-bit key
// that SHA-256 derives from the game's seed: it depends on nothing but the seed and how many ids
// were made before it, costs no draw of the generator, and leads back to neither.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace taol::games {

// An id's length: symbols of 5 bits, so 60 bits of the hash (collisions are out of reach).
constexpr std::size_t kIdLength = 12;

class IdMaker {
public:
    IdMaker() = default;
    // `label` names the game, so that two games on one seed share no ids.
    IdMaker(std::string_view label, std::uint64_t seed);

    // A fresh identifier of kIdLength symbols.
    std::string next();

    bool operator==(const IdMaker&) const = default;

private:
    std::uint64_t k0_ = 0;
    std::uint64_t k1_ = 0;
    std::uint64_t counter_ = 0;
};

// SipHash-2-4 of one 64-bit word (the reference algorithm, message of 8 bytes).
std::uint64_t siphash24(std::uint64_t k0, std::uint64_t k1, std::uint64_t message);

// The id that writes the low 60 bits of `value`, and back (nullopt when `text` is not an id):
// tests use them to check that no id is a draw of a generator.
std::string encode_id(std::uint64_t value);
std::optional<std::uint64_t> decode_id(std::string_view text);

}  // namespace taol::games
