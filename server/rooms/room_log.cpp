#include "server/rooms/room_log.hpp"

#include <algorithm>

#include "protocol/json_text.hpp"

namespace taol::server {

void RoomLog::clear() {
    text_.clear();
    text_.shrink_to_fit();  // a new game's log starts small, not at the last one's size
    ends_ = {};
    restricted_ = {};
}

void RoomLog::add(const games::LogEntry& entry) {
    if (!ends_.empty()) text_ += ',';
    // LogEntry::to_json() as text, its keys in order, without building that tree (its params
    // copied) for every entry; bad UTF-8 replaced, never thrown, as a snapshot writes any tree.
    {
        protocol::TextSink out(text_);
        out.begin_object();
        out.field("at", entry.at);
        out.field("params", entry.params);
        out.field("text_key", entry.text_key);
        out.end_object();
    }
    if (!entry.audience.empty()) restricted_.emplace_back(ends_.size(), entry.audience);
    ends_.push_back(static_cast<std::uint32_t>(text_.size()));
}

const std::vector<games::Seat>* RoomLog::audience_of(std::size_t i) const {
    auto it = std::lower_bound(restricted_.begin(), restricted_.end(), i,
                               [](const auto& r, std::size_t entry) { return r.first < entry; });
    return it != restricted_.end() && it->first == i ? &it->second : nullptr;
}

std::string RoomLog::visible_since(std::size_t from, games::Viewer viewer) const {
    if (from >= ends_.size()) return "[]";
    std::string out = "[";
    const bool all_visible = std::all_of(restricted_.begin(), restricted_.end(), [&](const auto& r) {
        return r.first < from || games::audience_includes(r.second, viewer);
    });
    if (all_visible) {
        // The usual case: one copy of the whole stretch, commas and all.
        out.append(text_, begin_of(from), ends_.back() - begin_of(from));
    } else {
        for (std::size_t i = from; i < ends_.size(); ++i) {
            if (const auto* audience = audience_of(i); audience && !games::audience_includes(*audience, viewer)) continue;
            if (out.size() > 1) out += ',';
            out += text_of(i);
        }
    }
    out += ']';
    return out;
}

std::vector<games::LogEntry> RoomLog::entries() const {
    std::vector<games::LogEntry> out;
    for (std::size_t i = 0; i < ends_.size(); ++i) {
        const games::Json j = games::Json::parse(text_of(i));
        const auto* audience = audience_of(i);
        out.push_back({j.at("at").get<games::TimeMs>(), j.at("text_key").get<std::string>(), j.at("params"),
                       audience ? *audience : std::vector<games::Seat>{}});
    }
    return out;
}

}  // namespace taol::server
