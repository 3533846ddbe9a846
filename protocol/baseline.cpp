#include "protocol/baseline.hpp"

#include "protocol/json_diff.hpp"
#include "protocol/packed_value.hpp"

#include <string>
#include <string_view>

namespace taol::protocol {
namespace {

constexpr std::uint8_t kParts = 8;

void put_key(PackedBaseline& out, std::string_view key) {
    out.push_back(static_cast<std::uint8_t>(0xa0 | key.size()));  // fixstr: every key is short
    out.insert(out.end(), key.begin(), key.end());
}

}  // namespace

PackedBaseline pack_baseline(const SnapshotParts& s, const games::GameState& state) {
    // A MessagePack map written part by part, so that no tree of the whole is built. Not `rev`: it
    // changes with nearly every delta and travels beside the patch, as the delta's own `rev`.
    PackedBaseline out;
    out.reserve(1024);
    out.push_back(static_cast<std::uint8_t>(0x80 | kParts));  // fixmap
    const auto part = [&](std::string_view key, const Json& value) {
        put_key(out, key);
        pack_into(out, value);
    };
    part("actions", s.actions_or_empty());
    part("deadlines", s.deadlines_or_empty());
    part("outcome", s.outcome_or_null());
    part("room", Json(s.room));
    part("seat", s.seat ? Json(*s.seat) : Json(nullptr));
    part("status", Json(s.status));
    put_key(out, "view");
    PackSink view(out);
    state.write_view(s.seat, view);
    part("waiting_for", s.waiting_for_or_empty());
    return out;
}

Change change_between(const PackedBaseline& before, const PackedBaseline& after) {
    return change_between(packed_whole(before), packed_whole(after));
}

}  // namespace taol::protocol
