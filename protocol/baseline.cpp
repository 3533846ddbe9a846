#include "protocol/baseline.hpp"

#include "protocol/json_diff.hpp"
#include "protocol/packed_value.hpp"

namespace taol::protocol {

PackedBaseline pack_baseline(const SnapshotParts& s, const PackedParts& packed) {
    // Written part by part into one sink, so that no tree of the whole is built. Not `rev`: it
    // changes with nearly every delta and travels beside the patch, as the delta's own `rev`.
    PackedBaseline out;
    out.reserve(1024);
    PackSink sink(out);
    sink.begin_object();
    sink.key("actions");
    sink.packed(packed.actions);
    sink.key("deadlines");
    sink.packed(packed.deadlines);
    sink.key("outcome");
    sink.packed(packed.outcome);
    sink.field("room", s.room);
    sink.field("seat", s.seat);
    sink.field("status", s.status);
    sink.key("view");
    sink.packed(packed.view);
    sink.key("waiting_for");
    sink.packed(packed.waiting_for);
    sink.end_object();
    return out;
}

std::vector<std::uint8_t> pack_view(const games::GameState& state, games::Viewer viewer) {
    std::vector<std::uint8_t> out;
    out.reserve(1024);
    PackSink sink(out);
    state.write_view(viewer, sink);
    return out;
}

Change change_between(const PackedBaseline& before, const PackedBaseline& after) {
    return change_between(packed_whole(before), packed_whole(after));
}

}  // namespace taol::protocol
