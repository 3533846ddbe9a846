#include "server/journal/stored_rows.hpp"

namespace taol::server {

Json parse_stored_json(const std::string& text, const std::string& what) {
    Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) throw JournalDamaged(what + " is not valid JSON");
    return j;
}

StoredEvents::StoredEvents(StoredRoom& room, std::optional<int> game) : room_(room), game_(game) {}

StoredEvents::Next StoredEvents::next(const std::string& kind) {
    if (is_game_start(kind)) ++started_;
    if (!game_) return Next::read;
    if (started_ > *game_) return Next::stop;
    return is_game_event(kind) && started_ < *game_ ? Next::skip : Next::read;
}

void StoredEvents::add(std::int64_t seq, TimeMs at, TimeMs wall, std::int64_t rev, const std::string& kind,
                       const std::string& body) {
    const std::string what = "room " + room_.code + ": event " + std::to_string(seq);
    RoomEvent event;
    event.at = at;
    event.wall = wall;
    event.rev = rev;
    try {
        event.body = event_body_from_json(kind, parse_stored_json(body, what));
    } catch (const JournalDamaged&) {
        throw;
    } catch (const std::exception& e) {
        throw JournalDamaged(what + " does not read: " + e.what());
    }
    room_.events.push_back(std::move(event));
}

}  // namespace taol::server
