#pragma once
// The rooms' HTTP API, for links and replays:
//   GET /api/rooms/<code>                  the room's public summary
//   GET /api/rooms/<code>/replay[?game=N]  a finished game step by step, as a spectator saw it
#include <optional>
#include <string_view>

#include "server/hub.hpp"
#include "server/replay.hpp"

namespace taol::server {

// The answer for `path` (decoded, without its query) and `query`; nullopt when `path` is not one
// of the rooms API.
std::optional<ApiReply> rooms_api(Hub& hub, Journal* journal, std::string_view path, std::string_view query);

}  // namespace taol::server
