#pragma once
// SHA-256 (FIPS 180-4): the server stores players' tokens as hashes (the journal can tell a
// returning player by its token without keeping the token itself), and games derive the key of
// their card identifiers from their seed with it (one-way, so ids never lead back to the seed).
#include <array>
#include <cstdint>
#include <string>
#include <string_view>

namespace taol::games {

using Sha256Digest = std::array<std::uint8_t, 32>;

Sha256Digest sha256(std::string_view data);

// The digest of `data` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace taol::games
