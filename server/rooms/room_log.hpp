#pragma once
// The current game's log as a room keeps it. A connection's first snapshot carries the whole log
// so far, so the room keeps every entry of the game: all of them written out as JSON text in one
// string, comma-separated as a snapshot's array has them, with where each ends, and who may see
// those few that not everyone may. As trees the entries were most of a playing room's memory, and
// one string per entry still cost more in headers and allocations than the text itself.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/core/game.hpp"

namespace taol::server {

class RoomLog {
public:
    void clear();
    // `entry.at` already on the wall clock.
    void add(const games::LogEntry& entry);
    std::size_t size() const { return ends_.size(); }

    // The entries from `from` on that `viewer` may see, as a JSON array's text.
    std::string visible_since(std::size_t from, games::Viewer viewer) const;
    // Every entry read back (tests).
    std::vector<games::LogEntry> entries() const;

private:
    std::size_t begin_of(std::size_t i) const { return i == 0 ? 0 : ends_[i - 1] + 1; }  // past the comma
    std::string_view text_of(std::size_t i) const {
        return std::string_view(text_).substr(begin_of(i), ends_[i] - begin_of(i));
    }
    const std::vector<games::Seat>* audience_of(std::size_t i) const;

    std::string text_;                 // every entry's {at, params, text_key}, comma-separated
    std::vector<std::uint32_t> ends_;  // where each entry's text ends in text_ (a game's log is far below 4 GB)
    std::vector<std::pair<std::size_t, std::vector<games::Seat>>> restricted_;  // entry, audience; by entry
};

}  // namespace taol::server
