#pragma once
// Large texts the journal keeps but seldom reads (finished games' replays: the spectators' whole
// view at every rev, about 100 KB a game), kept as zlib streams: such JSON shrinks about 17 times,
// so the writer that every room's events wait on writes that much less.
#include <optional>
#include <string>
#include <string_view>

namespace taol::server {

std::string pack_text(std::string_view text);
// Null when `packed` is not a whole zlib stream.
std::optional<std::string> unpack_text(std::string_view packed);

}  // namespace taol::server
