#include "protocol/snapshot_text.hpp"

#include "protocol/json_text.hpp"
#include "protocol/packed_value.hpp"

#include <stdexcept>

namespace taol::protocol {
namespace {

// `text` is JSON already.
void append_text(std::string& out, std::string_view key, std::string_view text) {
    out += '"';
    out += key;
    out += "\":";
    out += text;
    out += ',';
}

void append_number(std::string& out, std::string_view key, std::int64_t value) {
    out += '"';
    out += key;
    out += "\":";
    out += std::to_string(value);
    out += ',';
}

void append_string(std::string& out, std::string_view key, std::string_view value) {
    out += '"';
    out += key;
    out += "\":";
    append_json_string(out, value);
    out += ',';
}

}  // namespace

std::string encode_snapshot(const SnapshotParts& s, std::optional<std::int64_t> id) {
    std::string out;
    out.reserve(2048);  // most snapshots fit: the string does not grow step by step
    // The keys in the order a Json object (a sorted map) writes them.
    out += '{';
    append_text(out, "actions", s.actions);
    append_text(out, "deadlines", s.deadlines);
    if (id) append_number(out, "id", *id);
    append_text(out, "log", s.log);
    append_text(out, "outcome", s.outcome);
    append_number(out, "rev", s.rev);
    append_string(out, "room", s.room);
    if (s.seat) append_number(out, "seat", *s.seat);
    else out += "\"seat\":null,";
    append_number(out, "server_time", s.server_time);
    append_string(out, "status", s.status);
    out += "\"type\":\"snapshot\",";
    append_text(out, "view", s.view);
    append_text(out, "waiting_for", s.waiting_for);
    out.back() = '}';
    return out;
}

Json baseline_of(const Json& snapshot) {
    Json baseline = snapshot;
    for (const char* key : {"type", "id", "log", "server_time"}) baseline.erase(key);
    return baseline;
}

std::string encode_delta(const DeltaParts& d, std::optional<std::int64_t> id) {
    std::string out;
    out.reserve(256);
    out += '{';
    append_number(out, "from", d.from);
    if (id) append_number(out, "id", *id);
    append_text(out, "log", d.log);
    if (!d.merge.empty()) append_text(out, "merge", d.merge);
    if (!d.patch.empty()) append_text(out, "patch", d.patch);
    append_number(out, "rev", d.rev);
    append_string(out, "room", d.room);
    append_number(out, "server_time", d.server_time);
    out += "\"type\":\"delta\"}";
    return out;
}

void advance_baseline(Json& baseline, const Json& delta) {
    if (baseline.is_null() || delta.at("from") != baseline.at("rev") || delta.at("room") != baseline.at("room")) {
        throw std::runtime_error("a delta that does not follow the snapshot held: " + delta.dump());
    }
    try {
        if (const auto merge = delta.find("merge"); merge != delta.end()) {
            // A merge patch that is not an object would replace the whole baseline.
            if (!merge->is_object()) throw std::runtime_error("a delta's merge that is not an object");
            baseline.merge_patch(*merge);
        }
        // No copy of the document, as patch() makes.
        if (const auto patch = delta.find("patch"); patch != delta.end()) baseline.patch_inplace(*patch);
        baseline["rev"] = delta.at("rev");  // in neither part: it travels beside them
    } catch (...) {
        baseline = nullptr;  // half patched, it is nothing the server sent: only a full snapshot helps
        throw;
    }
}

Json apply_delta(Json& baseline, const Json& delta) {
    advance_baseline(baseline, delta);
    Json snapshot = baseline;
    snapshot["type"] = "snapshot";
    snapshot["log"] = delta.at("log");
    snapshot["server_time"] = delta.at("server_time");
    if (delta.contains("id")) snapshot["id"] = delta.at("id");
    return snapshot;
}

}  // namespace taol::protocol
