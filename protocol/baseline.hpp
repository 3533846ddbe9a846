#pragma once
// A viewer's baseline as a room keeps it between two changes: the snapshot it was last sent,
// without what travels beside a patch (snapshot_text.hpp, baseline_of), packed as MessagePack so
// that it costs about as much memory as its text and no tree. The next change's delta is the
// JSON Patch (RFC 6902) from it to the new snapshot's parts.
#include <cstdint>
#include <vector>

#include "protocol/snapshot_text.hpp"

namespace taol::protocol {

using PackedBaseline = std::vector<std::uint8_t>;

// The baseline of a snapshot with these parts (log and server_time are not part of it).
PackedBaseline pack_baseline(const SnapshotParts& snapshot);

// The operations that turn `before` into the baseline of `after`: only what changed, key by key
// (json_diff.hpp), never the whole baseline.
Json patch_between(const PackedBaseline& before, const SnapshotParts& after);

// The baseline unpacked (tests, and whoever needs to look at it).
Json unpack_baseline(const PackedBaseline& packed);

}  // namespace taol::protocol
