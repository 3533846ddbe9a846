#pragma once
// SHA-256 (FIPS 180-4), for storing players' tokens as hashes: the journal can tell a returning
// player by its token without keeping the token itself.
#include <string>
#include <string_view>

namespace taol::server {

// The digest of `data` as 64 lowercase hex digits.
std::string sha256_hex(std::string_view data);

}  // namespace taol::server
