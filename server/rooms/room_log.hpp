#pragma once
// The current game's log as a room keeps it. A connection's first snapshot carries the whole log
// so far, so the room keeps every entry of the game; each is kept written out as its JSON text,
// beside who may see it: as a tree an entry took about four times the bytes, and the log was most
// of a playing room's memory.
#include <cstddef>
#include <string>
#include <vector>

#include "games/core/game.hpp"

namespace taol::server {

class RoomLog {
public:
    void clear() { entries_.clear(); }
    // `entry.at` already on the wall clock.
    void add(const games::LogEntry& entry);
    std::size_t size() const { return entries_.size(); }

    // The entries from `from` on that `viewer` may see, as a JSON array's text.
    std::string visible_since(std::size_t from, games::Viewer viewer) const;
    // Every entry read back (tests).
    std::vector<games::LogEntry> entries() const;

private:
    struct Entry {
        std::string text;                 // {at, params, text_key}
        std::vector<games::Seat> audience;  // empty: everyone
    };
    std::vector<Entry> entries_;
};

}  // namespace taol::server
