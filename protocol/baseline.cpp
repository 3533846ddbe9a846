#include "protocol/baseline.hpp"

#include "protocol/json_diff.hpp"
#include "protocol/packed_value.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace taol::protocol {
namespace {

// Calls `each(key, value)` for every part of the baseline, in one order. Not `rev`: it changes
// with nearly every delta and travels beside the patch, as the delta's own `rev`.
template <class Each>
void for_each_part(const SnapshotParts& s, Each&& each) {
    each("actions", s.actions_or_empty());
    each("deadlines", s.deadlines_or_empty());
    each("outcome", s.outcome_or_null());
    each("room", Json(s.room));
    each("seat", s.seat ? Json(*s.seat) : Json(nullptr));
    each("status", Json(s.status));
    each("view", s.view_or_empty());
    each("waiting_for", s.waiting_for_or_empty());
}

constexpr std::uint8_t kParts = 8;

}  // namespace

PackedBaseline pack_baseline(const SnapshotParts& snapshot) {
    if (!snapshot.view && !snapshot.view_text.empty()) throw std::logic_error("a baseline packed from a view's text");
    // A MessagePack map written part by part, so that no tree of the whole is built.
    PackedBaseline out;
    out.reserve(1024);
    out.push_back(static_cast<std::uint8_t>(0x80 | kParts));  // fixmap
    for_each_part(snapshot, [&](std::string_view key, const Json& value) {
        out.push_back(static_cast<std::uint8_t>(0xa0 | key.size()));  // fixstr: every key is short
        out.insert(out.end(), key.begin(), key.end());
        pack_into(out, value);
    });
    return out;
}

Change change_between(const PackedBaseline& before, const PackedBaseline& after) {
    return change_between(packed_whole(before), packed_whole(after));
}

}  // namespace taol::protocol
