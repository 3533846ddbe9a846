#include "server/journal/stored_rows.hpp"

#include <algorithm>
#include <iterator>

namespace taol::server {
namespace {

template <class Event>
std::string name_of() {
    return event_name(EventBody(std::in_place_type<Event>));
}

// The names the rows carry (events.cpp's), for the kinds a replay's reading looks at.
const std::string kStarted = name_of<event::Started>();
const std::string kGameEvents[] = {name_of<event::Acted>(), name_of<event::Expired>(), name_of<event::Defaulted>()};

}  // namespace

Json parse_stored_json(const std::string& text, const std::string& what) {
    Json j = Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) throw JournalDamaged(what + " is not valid JSON");
    return j;
}

StoredEvents::StoredEvents(StoredRoom& room, std::optional<int> game) : room_(room), game_(game) {}

StoredEvents::Next StoredEvents::next(const std::string& kind) {
    if (kind == kStarted) ++started_;
    if (!game_) return Next::read;
    if (started_ > *game_) return Next::stop;
    const bool game_event = std::find(std::begin(kGameEvents), std::end(kGameEvents), kind) != std::end(kGameEvents);
    return game_event && started_ < *game_ ? Next::skip : Next::read;
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
