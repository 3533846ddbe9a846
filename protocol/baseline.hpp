#pragma once
// A viewer's baseline as a room keeps it between two changes: the snapshot it was last sent,
// without what travels beside a patch (snapshot_text.hpp, baseline_of) and without its rev, packed
// as MessagePack so that it costs about as much memory as its text and no tree. The next change's
// delta is what turns it into the new snapshot's parts (json_diff.hpp).
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "games/core/json_sink.hpp"
#include "protocol/json_diff.hpp"
#include "protocol/snapshot_text.hpp"

namespace taol::protocol {

using PackedBaseline = std::vector<std::uint8_t>;

// The baseline of a snapshot with these parts (log and server_time are not part of it).
PackedBaseline pack_baseline(const SnapshotParts& snapshot);
// The same with the view written by `write_view` (GameState::write_view) instead of given as a tree.
PackedBaseline pack_baseline(const SnapshotParts& snapshot, const std::function<void(games::JsonSink&)>& write_view);

// What turns baseline `before` into `after`: only what changed, key by key, never the whole
// baseline.
Change change_between(const PackedBaseline& before, const PackedBaseline& after);

}  // namespace taol::protocol
