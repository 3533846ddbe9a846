#pragma once
// Opaque card identifiers. The generator's outputs can be inverted to its state, so an id
// drawn straight from it would let a client predict the deck: ids are SipHash-2-4 of a counter
// under a key that only the state holds. They depend on nothing but how many were made before.
#include <cstdint>
#include <string>

#include "games/core/rng.hpp"

namespace taol::games::castors {

class IdMaker {
public:
    IdMaker() = default;
    explicit IdMaker(Rng& rng) : k0_(rng.next()), k1_(rng.next()) {}

    // A fresh identifier: 8 characters of a 32-symbol alphabet.
    std::string next();

    bool operator==(const IdMaker&) const = default;

private:
    std::uint64_t k0_ = 0;
    std::uint64_t k1_ = 0;
    std::uint64_t counter_ = 0;
};

// SipHash-2-4 of one 64-bit word (the reference algorithm, message of 8 bytes).
std::uint64_t siphash24(std::uint64_t k0, std::uint64_t k1, std::uint64_t message);

}  // namespace taol::games::castors
