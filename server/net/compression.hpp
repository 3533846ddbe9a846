#pragma once
// Compressed copies of what the server sends as it is (the web client's files, the games list):
// gzip through zlib, brotli through libbrotlienc, both from Debian.
#include <optional>
#include <string>
#include <string_view>

namespace taol::server {

// The gzip stream of `data` (best compression), or nullopt if zlib fails.
std::optional<std::string> gzip_compress(std::string_view data);

// The brotli stream of `data` (quality 11: it is done once per version of a file), or nullopt.
std::optional<std::string> brotli_compress(std::string_view data);

}  // namespace taol::server
