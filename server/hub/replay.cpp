#include "server/hub/replay.hpp"

#include "protocol/json_text.hpp"
#include "server/rooms/room.hpp"

namespace taol::server {

ApiReply api_error(int status, const char* code, std::string message) {
    return {status, Json{{"error", code}, {"message", std::move(message)}}};
}

BuiltReplay build_replay(const StoredRoom& stored, const games::Game& game, int index) {
    int games = 0;
    for (const RoomEvent& e : stored.events) games += std::holds_alternative<event::Started>(e.body) ? 1 : 0;
    if (games == 0) return {api_error(404, "no_game", "no game has been played in this room yet"), {}};
    if (index == 0) index = games;
    if (index < 1 || index > games) {
        return {api_error(400, "bad_request", "this room has played " + std::to_string(games) + " game(s)"), {}};
    }

    std::string steps;
    protocol::TextSink steps_out(steps);
    steps_out.begin_array();
    Json players = Json::array();
    Json options;
    int game_number = 0;
    std::size_t log_seen = 0;
    std::optional<std::int64_t> last_rev;
    const Room::ReplayObserver observe = [&](const Room& room, const RoomEvent& event) {
        if (std::holds_alternative<event::Started>(event.body)) {
            ++game_number;
            log_seen = 0;
            if (game_number == index) {
                options = room.options();
                for (const auto& seat : room.info().seats) players.push_back({{"seat", seat.seat}, {"name", seat.name}});
            }
        }
        if (game_number != index || !room.state() || last_rev == room.rev()) return;
        last_rev = room.rev();
        const auto* acted = std::get_if<event::Acted>(&event.body);
        // Keys in ascending order (games/core/json_sink.hpp).
        steps_out.begin_object();
        steps_out.field("at", event.wall);
        steps_out.key("log");
        steps_out.text(room.log().visible_since(log_seen, std::nullopt));
        log_seen = room.log().size();
        steps_out.field("rev", room.rev());
        steps_out.key("seat");
        if (acted) steps_out.integer(acted->seat);
        else steps_out.null();
        steps_out.key("view");
        room.state()->write_view(std::nullopt, steps_out);
        steps_out.key("waiting_for");
        steps_out.begin_array();
        if (!room.state()->finished()) {
            for (games::Seat seat : room.state()->waiting_for()) steps_out.integer(seat);
        }
        steps_out.end_array();
        steps_out.end_object();
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
        return {api_error(410, "replay_lost",
                          "this game was played under rules this server no longer has, and its replay was not kept"),
                {}};
    }
    if (!room->state()->finished()) {
        return {api_error(409, "not_finished", "the game is still running: its replay opens once it is over"), {}};
    }
    steps_out.end_array();
    BuiltReplay built;
    protocol::TextSink out(built.text);
    out.begin_object();
    out.field("finished", true);
    out.field("game", stored.game);
    out.field("games", games);
    out.field("index", index);
    out.field("options", options);
    out.field("outcome", room->state()->outcome());
    out.field("players", players);
    out.field("room", stored.code);
    out.key("steps");
    out.text(steps);
    out.end_object();
    return built;
}

ApiReply replay_answer(BuiltReplay built) {
    if (built.refused) return std::move(*built.refused);
    return {200, Json::parse(built.text)};
}

ApiReply replay_reply(const StoredRoom& stored, const games::Game& game, int index) {
    return replay_answer(build_replay(stored, game, index));
}

}  // namespace taol::server
