#pragma once
// The rooms' HTTP API, for links and replays:
//   GET /api/rooms/<code>                  the room's public summary
//   GET /api/rooms/<code>/replay[?game=N]  a finished game step by step, as a spectator saw it
// Codes are case-insensitive. Answers may come later, from another thread (the journal is read in
// the background).
#include <functional>
#include <string_view>

#include "server/hub/hub.hpp"
#include "server/hub/replay.hpp"

namespace taol::server {

// Answers `path` (decoded, without its query) and `query` through `reply`; false, and no answer,
// when `path` is not one of the rooms API.
bool rooms_api(Hub& hub, std::string_view path, std::string_view query, std::function<void(ApiReply)> reply);

}  // namespace taol::server
