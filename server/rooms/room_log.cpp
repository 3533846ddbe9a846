#include "server/rooms/room_log.hpp"

#include "protocol/json_text.hpp"

namespace taol::server {

void RoomLog::add(const games::LogEntry& entry) {
    // Written as a snapshot writes any tree (snapshot_text.cpp): bad UTF-8 replaced, never thrown.
    entries_.push_back({protocol::json_text(entry.to_json()), entry.audience});
}

std::string RoomLog::visible_since(std::size_t from, games::Viewer viewer) const {
    std::string out = "[";
    for (std::size_t i = from; i < entries_.size(); ++i) {
        const Entry& e = entries_[i];
        if (!games::audience_includes(e.audience, viewer)) continue;
        if (out.size() > 1) out += ',';
        out += e.text;
    }
    out += ']';
    return out;
}

std::vector<games::LogEntry> RoomLog::entries() const {
    std::vector<games::LogEntry> out;
    for (const Entry& e : entries_) {
        const games::Json j = games::Json::parse(e.text);
        out.push_back({j.at("at").get<games::TimeMs>(), j.at("text_key").get<std::string>(), j.at("params"), e.audience});
    }
    return out;
}

}  // namespace taol::server
