#pragma once
// What every journal does with the rows it reads back: parse their JSON, and gather a room's events
// in order. For the replay of one game only what that replay uses is kept: the game events
// (actions, expiries, defaults) of the games before it are skipped unparsed, since a replay skips
// them anyway (a room that has played ten games would otherwise parse the nine before at the end
// of its tenth), and the rows after the game are not read.
#include <cstdint>
#include <optional>
#include <string>

#include "server/journal/journal.hpp"  // StoredRoom, JournalDamaged

namespace taol::server {

// `text` as JSON; JournalDamaged naming `what` when it is not.
Json parse_stored_json(const std::string& text, const std::string& what);

class StoredEvents {
public:
    // Events are added to `room`; `game` (from 1): keep only what the replay of that game needs.
    StoredEvents(StoredRoom& room, std::optional<int> game);

    enum class Next { read, skip, stop };
    // What to do with the next row, of kind `kind`: every row, in seq order, is shown here first;
    // `stop`: neither it nor any later row is needed.
    Next next(const std::string& kind);
    // The row `next` said to read.
    void add(std::int64_t seq, TimeMs at, TimeMs wall, std::int64_t rev, const std::string& kind,
             const std::string& body);

private:
    StoredRoom& room_;
    std::optional<int> game_;
    int started_ = 0;  // games started among the rows so far
};

}  // namespace taol::server
