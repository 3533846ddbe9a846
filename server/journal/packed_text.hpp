#pragma once
// Large texts the journal keeps but seldom reads (finished games' replays: the spectators' whole
// view at every rev, about 100 KB a game), kept as zlib streams: such JSON shrinks about 12 times,
// so the writer that every room's events wait on writes that much less. Packed at zlib's fastest
// level: a castors replay takes 0.25 ms there and 0.9 ms at its default, for 9 KB instead of 6.
#include <optional>
#include <string>
#include <string_view>

namespace taol::server {

std::string pack_text(std::string_view text);
// Null when `packed` is not a whole zlib stream.
std::optional<std::string> unpack_text(std::string_view packed);

}  // namespace taol::server
