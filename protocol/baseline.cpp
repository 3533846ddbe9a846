#include "protocol/baseline.hpp"

#include "protocol/json_diff.hpp"

#include <string>
#include <string_view>

namespace taol::protocol {
namespace {

const Json kArray = Json::array();
const Json kObject = Json::object();
const Json kNull = nullptr;

const Json& or_empty(const Json* value, const Json& empty) { return value && !value->is_null() ? *value : empty; }

// Calls `each(key, value)` for every part of the baseline, in one order.
template <class Each>
void for_each_part(const SnapshotParts& s, Each&& each) {
    each("actions", or_empty(s.actions, kArray));
    each("deadlines", or_empty(s.deadlines, kArray));
    each("outcome", or_empty(s.outcome, kNull));
    each("rev", Json(s.rev));
    each("room", Json(s.room));
    each("seat", s.seat ? Json(*s.seat) : Json(nullptr));
    each("status", Json(s.status));
    each("view", or_empty(s.view, kObject));
    each("waiting_for", or_empty(s.waiting_for, kArray));
}

constexpr std::uint8_t kParts = 9;

}  // namespace

PackedBaseline pack_baseline(const SnapshotParts& snapshot) {
    // A MessagePack map written part by part, so that no tree of the whole is built.
    PackedBaseline out;
    out.reserve(1024);
    out.push_back(static_cast<std::uint8_t>(0x80 | kParts));  // fixmap
    for_each_part(snapshot, [&](std::string_view key, const Json& value) {
        out.push_back(static_cast<std::uint8_t>(0xa0 | key.size()));  // fixstr: every key is short
        out.insert(out.end(), key.begin(), key.end());
        Json::to_msgpack(value, out);
    });
    return out;
}

Json unpack_baseline(const PackedBaseline& packed) { return Json::from_msgpack(packed); }

Json patch_between(const PackedBaseline& before, const SnapshotParts& after) {
    const Json old = unpack_baseline(before);
    Json patch = Json::array();
    for_each_part(after, [&](std::string_view key, const Json& value) {
        const std::string path = "/" + std::string(key);  // no key needs escaping
        auto it = old.find(key);
        if (it == old.end()) {
            patch.push_back(Json{{"op", "add"}, {"path", path}, {"value", value}});
            return;
        }
        append_diff(*it, value, path, patch);
    });
    return patch;
}

}  // namespace taol::protocol
