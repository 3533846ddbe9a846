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

// What `state` shows `viewer`, packed as a baseline holds it, written straight from the game: no
// tree is built. One view is packed for every viewer that shares it (GameState::same_view_as).
std::vector<std::uint8_t> pack_view(const games::GameState& state, games::Viewer viewer);
// The baseline of a snapshot with these parts (log and server_time are not part of it; nor are its
// actions as text), its seat's view packed by pack_view(), and its listed actions packed the same
// way (GameState::write_actions into a PackSink).
PackedBaseline pack_baseline(const SnapshotParts& snapshot, Packed view, Packed actions);

// What turns baseline `before` into `after`: only what changed, key by key, never the whole
// baseline.
Change change_between(const PackedBaseline& before, const PackedBaseline& after);

}  // namespace taol::protocol
