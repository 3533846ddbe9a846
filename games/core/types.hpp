#pragma once
// Basic vocabulary shared by every game module.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace taol::games {

using Json = nlohmann::json;

// Milliseconds on the room's clock. Games never read a clock: time enters only as `now`.
using TimeMs = std::int64_t;

// Seats are numbered from 0 in table order (clockwise = increasing number).
using Seat = int;

// Who looks at the game: a seat, or a spectator (std::nullopt).
using Viewer = std::optional<Seat>;

// A value that may be absent, as the wire says it: the value, or null.
template <class T>
Json or_null(const std::optional<T>& value) { return value ? Json(*value) : Json(nullptr); }

// A running timer: the room arms it and calls expire() once `at` is reached.
struct Deadline {
    std::string kind;           // "peek", "teut", "bid", "trading", ...
    TimeMs at = 0;
    std::optional<Seat> seat;   // the seat it waits for, if a single one
};

// Whether a log entry for `audience` (empty: everyone) may be read by `viewer`.
bool audience_includes(const std::vector<Seat>& audience, Viewer viewer);

// One entry of the game log. Entries are public unless `audience` names the only seats that may
// read them; spectators read public entries only. Never put a hidden value in a public entry.
struct LogEntry {
    TimeMs at = 0;
    std::string text_key;       // e.g. "fishfish.bet": the client renders it in its language
    Json params = Json::object();
    std::vector<Seat> audience; // empty = everyone

    bool visible_to(Viewer viewer) const { return audience_includes(audience, viewer); }
    Json to_json() const;       // {at, text_key, params}
};

}  // namespace taol::games
