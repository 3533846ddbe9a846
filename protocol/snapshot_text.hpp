#pragma once
// The two messages a room sends most, written straight to text from their parts: a viewer's full
// `snapshot`, and the `delta` that takes a client from the snapshot it has to the next one
// (PROTOCOL.md, "Deltas"). A room writes one per viewer and change, and the trees they carry
// (view, actions) are large: nothing here copies them.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/messages.hpp"

namespace taol::protocol {

// A snapshot's parts, pointed to rather than copied, each already written as JSON text: a room
// writes one snapshot per viewer and change, and writes each part once for every snapshot that
// carries it (the view once for the viewers who share it, the deadlines once for everyone).
struct SnapshotParts {
    std::string_view room;
    std::int64_t rev = 0;
    std::string_view status;
    TimeMs server_time = 0;
    std::optional<int> seat;              // null for a spectator
    std::string_view view = "{}";
    std::string_view actions = "[]";      // array
    std::string_view deadlines = "[]";    // array of {kind, at, seat}
    std::string_view log = "[]";          // array of {at, text_key, params}
    std::string_view waiting_for = "[]";  // array of seats the game waits for (an addition to the contract)
    std::string_view outcome = "null";    // null until finished (an addition to the contract)
};

// The snapshot message as text, with `id` when it answers a request: byte for byte what encode()
// gives of the same message as a tree.
std::string encode_snapshot(const SnapshotParts& snapshot, std::optional<std::int64_t> id = std::nullopt);

// What a delta applies to: a snapshot without what travels beside the patch (type, id, log,
// server_time). A client keeps the last one it had; a delta turns it into the next one.
Json baseline_of(const Json& snapshot);

// A delta: `merge` (RFC 7396) then `patch` (RFC 6902) take the baseline of rev `from` to the one
// of rev `rev`, all but its `rev`, which the client sets from the delta's own; an empty part is
// left out. `log` holds the new log entries, as in a snapshot.
struct DeltaParts {
    std::string_view room;
    std::int64_t from = 0;
    std::int64_t rev = 0;
    TimeMs server_time = 0;
    std::string_view merge;  // an object, as text
    std::string_view patch;  // an array of operations, as text
    std::string_view log = "[]";  // array, as text
};

std::string encode_delta(const DeltaParts& delta, std::optional<std::int64_t> id = std::nullopt);

// What a client does with a delta (the C++ test clients do it; the web client's deltas.js the
// same): `baseline` moves on, and the snapshot the delta stands for is returned. Throws
// std::runtime_error when the delta does not follow `baseline` (left as it was), or when its patch
// does not apply to it (`baseline` is then null); either way a client sends `resync`.
Json apply_delta(Json& baseline, const Json& delta);
// The same, only moving `baseline` on (a client that reads the baseline itself copies nothing).
void advance_baseline(Json& baseline, const Json& delta);

}  // namespace taol::protocol
