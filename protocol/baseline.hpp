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
// A baseline's parts as a baseline holds them, packed (packed_value.hpp) by whoever has them: the
// view (pack_view) and listed actions (GameState::write_actions into a PackSink) from the game, the
// parts every viewer of a change shares once for all of them.
struct PackedParts {
    Packed actions;
    Packed deadlines;
    Packed outcome;
    Packed view;
    Packed waiting_for;
};
// The baseline of a snapshot: its room, seat and status, and those parts (its log, server_time
// and rev are not part of it).
PackedBaseline pack_baseline(const SnapshotParts& snapshot, const PackedParts& packed);

// What turns baseline `before` into `after`: only what changed, key by key, never the whole
// baseline.
Change change_between(const PackedBaseline& before, const PackedBaseline& after);

}  // namespace taol::protocol
