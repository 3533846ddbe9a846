#pragma once
// A viewer's baseline as a room keeps it between two changes: the snapshot it was last sent,
// without what travels beside a patch (snapshot_text.hpp, baseline_of) and without its rev, packed
// (packed_value.hpp) so that it costs about as much memory as its text and no tree. The next change's
// delta is what turns it into the new snapshot's parts (json_diff.hpp).
#include <cstdint>
#include <string>
#include <vector>

#include "games/core/game.hpp"
#include "protocol/json_diff.hpp"
#include "protocol/snapshot_text.hpp"

namespace taol::protocol {

using PackedBaseline = std::vector<std::uint8_t>;

// The baseline of a snapshot with these parts (log and server_time are not part of it), its view
// the one `state` writes for the snapshot's seat, packed as it is written: no tree is built.
PackedBaseline pack_baseline(const SnapshotParts& snapshot, const games::GameState& state);
// The same, its view packed already (pack_view): one view packed for every viewer that shares it.
PackedBaseline pack_baseline(const SnapshotParts& snapshot, Packed view);
// What `state` shows `viewer`, packed as a baseline holds it.
std::vector<std::uint8_t> pack_view(const games::GameState& state, games::Viewer viewer);

// What turns baseline `before` into `after`: only what changed, key by key, never the whole
// baseline.
Change change_between(const PackedBaseline& before, const PackedBaseline& after);

}  // namespace taol::protocol
