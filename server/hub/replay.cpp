#include "server/hub/replay.hpp"

#include "server/rooms/room.hpp"

namespace taol::server {

ApiReply api_error(int status, const char* code, std::string message) {
    return {status, Json{{"error", code}, {"message", std::move(message)}}};
}

ApiReply replay_reply(const StoredRoom& stored, const games::Game& game, int index) {
    int games = 0;
    for (const RoomEvent& e : stored.events) games += std::holds_alternative<event::Started>(e.body) ? 1 : 0;
    if (games == 0) return api_error(404, "no_game", "no game has been played in this room yet");
    if (index == 0) index = games;
    if (index < 1 || index > games) {
        return api_error(400, "bad_request", "this room has played " + std::to_string(games) + " game(s)");
    }

    Json steps = Json::array();
    Json players = Json::array();
    Json options;
    int game_number = 0;
    std::size_t log_seen = 0;
    const Room::ReplayObserver observe = [&](const Room& room, const RoomEvent& event) {
        if (std::holds_alternative<event::Started>(event.body)) {
            ++game_number;
            log_seen = 0;
            if (game_number == index) {
                options = room.options();
                for (const auto& seat : room.info().seats) players.push_back({{"seat", seat.seat}, {"name", seat.name}});
            }
        }
        const bool game_changed = steps.empty() || steps.back().at("rev") != room.rev();
        if (game_number != index || !room.state() || !game_changed) return;
        Json log = Json::parse(room.log().visible_since(log_seen, std::nullopt));
        log_seen = room.log().size();
        const auto* acted = std::get_if<event::Acted>(&event.body);
        Json waiting_for = Json::array();
        if (!room.state()->finished()) {
            for (games::Seat seat : room.state()->waiting_for()) waiting_for.push_back(seat);
        }
        // Key by key: an initializer list would copy the view, the largest part.
        Json& step = steps.emplace_back(Json::object());
        step["rev"] = room.rev();
        step["at"] = event.wall;
        step["seat"] = acted ? Json(acted->seat) : Json(nullptr);
        step["view"] = room.state()->view(std::nullopt);
        step["waiting_for"] = std::move(waiting_for);
        step["log"] = std::move(log);
    };
    // Only the events up to the next game's start matter.
    std::vector<RoomEvent> events;
    int started = 0;
    for (const RoomEvent& e : stored.events) {
        if (std::holds_alternative<event::Started>(e.body) && ++started > index) break;
        events.push_back(e);
    }
    const auto room = Room::replay(RoomSetup{stored.code, &game, stored.options, stored.created}, events, {}, observe);
    if (room->interrupted()) {
        return api_error(410, "replay_lost",
                         "this game was played under rules this server no longer has, and its replay was not kept");
    }
    if (!room->state()->finished()) {
        return api_error(409, "not_finished", "the game is still running: its replay opens once it is over");
    }
    return {200, Json{{"room", stored.code},
                      {"game", stored.game},
                      {"games", games},
                      {"index", index},
                      {"options", options},
                      {"players", players},
                      {"finished", true},
                      {"outcome", room->state()->outcome()},
                      {"steps", std::move(steps)}}};
}

}  // namespace taol::server
