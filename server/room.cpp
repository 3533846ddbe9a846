#include "server/room.hpp"

#include "games/core/options.hpp"
#include "server/frames.hpp"
#include "server/random_ids.hpp"

namespace taol::server {

using protocol::ErrorCode;

const char* to_string(RoomStatus status) {
    switch (status) {
        case RoomStatus::waiting: return "waiting";
        case RoomStatus::playing: return "playing";
        case RoomStatus::finished: return "finished";
    }
    return "waiting";
}

namespace {

ErrorCode error_code(games::RuleCode code) {
    switch (code) {
        case games::RuleCode::not_your_turn: return ErrorCode::not_your_turn;
        case games::RuleCode::illegal_action: return ErrorCode::illegal_action;
        case games::RuleCode::game_over: return ErrorCode::game_over;
    }
    return ErrorCode::illegal_action;
}

}  // namespace

Room::Room(RoomSetup setup, RoomHooks hooks)
    : setup_(std::move(setup)), hooks_(std::move(hooks)), last_stamp_(setup_.wall), options_(setup_.options) {
    clock_.suspend(setup_.wall);  // nobody seated yet
}

std::unique_ptr<Room> Room::replay(RoomSetup setup, const std::vector<RoomEvent>& events, RoomHooks hooks,
                                   const ReplayObserver& observer) {
    auto room = std::make_unique<Room>(std::move(setup), std::move(hooks));
    room->replaying_ = true;
    for (const RoomEvent& event : events) {
        room->apply(event, std::nullopt);
        if (observer) observer(*room, event);
    }
    room->replaying_ = false;
    room->room_changed_ = room->game_changed_ = false;
    return room;
}

bool Room::mark_everyone_away() {
    for (auto& [player, m] : members_) {
        if (m.connected && !commit(last_stamp_, std::max(last_wall_, setup_.wall), event::Disconnected{player})) {
            return false;
        }
    }
    room_changed_ = game_changed_ = false;  // nobody to tell
    return true;
}

bool Room::join(const Caller& caller, const std::string& name, bool as_spectator, TimeMs wall) {
    const TimeMs at = take(wall);
    if (is_member(caller.player)) {
        refuse(caller, ErrorCode::already_in_room, "you are already in this room", wall);
        return true;
    }
    if (!as_spectator && !seat_held_by(caller.player)) {
        if (status_ != RoomStatus::waiting) {
            refuse(caller, ErrorCode::already_started, "the game has started: you may join as a spectator", wall);
            return false;
        }
        if (static_cast<int>(seats_.size()) >= game().max_players()) {
            refuse(caller, ErrorCode::room_full, "every seat is taken: you may join as a spectator", wall);
            return false;
        }
    }
    if (!commit(at, wall, event::Joined{caller.player, name, as_spectator, caller.token_hash})) {
        refuse(caller, ErrorCode::storage_error, "the room could not record your arrival", wall);
        return false;
    }
    members_.at(caller.player).peer = caller.peer;
    const Flushed sent = flush(&caller, Answer::room, wall);
    if (!sent.snapshots) send_snapshot(caller.player, wall);
    return true;
}

bool Room::leave(const Caller& caller, TimeMs wall) {
    const TimeMs at = take(wall);
    if (!is_member(caller.player)) {
        refuse(caller, ErrorCode::not_in_room, "you are not in this room", wall);
        return false;
    }
    if (!commit(at, wall, event::Left{caller.player})) {
        refuse(caller, ErrorCode::storage_error, "the room could not record your leaving", wall);
        return true;
    }
    flush(&caller, Answer::room, wall);
    return false;
}

void Room::start(const Caller& caller, const Json& options, TimeMs wall) {
    begin_game(caller, options, wall, false);
}

void Room::rematch(const Caller& caller, const Json& options, TimeMs wall) {
    begin_game(caller, options, wall, true);
}

void Room::begin_game(const Caller& caller, const Json& options, TimeMs wall, bool rematch) {
    const TimeMs at = take(wall);
    if (!is_member(caller.player)) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", wall);
    if (seats_.empty() || seat_of(caller.player) != host_) {
        return refuse(caller, ErrorCode::not_host, "only the host may start the game", wall);
    }
    if (rematch && status_ == RoomStatus::waiting) {
        return refuse(caller, ErrorCode::not_started, "no game has been played yet: use start", wall);
    }
    if (rematch ? status_ == RoomStatus::playing : status_ != RoomStatus::waiting) {
        return refuse(caller, ErrorCode::already_started,
                      rematch ? "the game is still running" : "the game has already started (after the end: rematch)",
                      wall);
    }
    const int players = static_cast<int>(seats_.size());
    if (players < game().min_players()) {
        return refuse(caller, ErrorCode::not_enough_players,
                      "this game needs at least " + std::to_string(game().min_players()) + " players", wall);
    }
    // Given options change the room's current ones; what is not given stays.
    Json merged = options_;
    if (options.is_object()) merged.update(options);
    auto complete = games::complete_options(game(), merged, players);
    if (!complete.ok()) return refuse(caller, ErrorCode::bad_options, complete.error().message, wall);

    const std::uint64_t seed = hooks_.new_seed ? hooks_.new_seed() : random_seed();
    if (!commit(at, wall, event::Started{complete.value(), seed})) {
        return refuse(caller, ErrorCode::storage_error, "the game could not be recorded, so it did not start", wall);
    }
    take(wall);  // defaults of absent seats, due at once
    flush(&caller, Answer::snapshot, wall);
}

void Room::act(const Caller& caller, const Json& action, std::optional<std::int64_t> rev, TimeMs wall) {
    const TimeMs at = take(wall);
    Member* m = member(caller.player);
    if (!m) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", wall);
    if (!m->seat) return refuse(caller, ErrorCode::not_a_player, "spectators cannot act", wall);
    if (status_ == RoomStatus::waiting) return refuse(caller, ErrorCode::not_started, "the game has not started", wall);
    if (status_ == RoomStatus::finished) return refuse(caller, ErrorCode::game_over, "the game is over", wall);

    const Seat seat = *m->seat;
    std::optional<games::Result<games::Applied>> tried;
    try {
        tried.emplace(state_->apply(seat, action, at));
    } catch (const std::exception&) {  // a game choking on odd input: refuse, change nothing
        tried.emplace(games::illegal("this action could not be understood"));
    }
    auto& result = *tried;
    if (hooks_.on_action) hooks_.on_action(result.ok());
    if (!result.ok()) {
        if (auto loss = history_.lost_race(seat, action, rev.value_or(m->rev_sent))) {
            protocol::ErrorInfo error = error_info(ErrorCode::too_late, "");
            error.has_winner = true;
            error.winner = loss->winner;
            error.margin_ms = at - loss->at;
            error.message = loss->winner
                ? "too late: seat " + std::to_string(*loss->winner) + " was first, by " +
                      std::to_string(at - loss->at) + " ms"
                : "too late: time ran out " + std::to_string(at - loss->at) + " ms before";
            return refuse(caller, error, wall);
        }
        return refuse(caller, error_code(result.error().code), result.error().message, wall);
    }
    if (!commit(at, wall, event::Acted{seat, action}, std::move(result.value()))) {
        return refuse(caller, ErrorCode::storage_error, "your action could not be recorded, so it did not happen", wall);
    }
    take(wall);  // defaults of absent seats the game now waits for, due at once
    flush(&caller, Answer::snapshot, wall);
}

void Room::chat(const Caller& caller, const std::string& text, TimeMs wall) {
    const TimeMs at = take(wall);
    if (!member(caller.player)) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", wall);
    if (!commit(at, wall, event::Chatted{caller.player, text})) {
        return refuse(caller, ErrorCode::storage_error, "your message could not be recorded, so it was not sent", wall);
    }
    flush(nullptr, Answer::none, wall);
    const Member* m = member(caller.player);
    const Json message = protocol::chat_json(m->name, m->seat, text, wall);
    const Frame frame = encode_frame(message);
    for (const auto& [player, other] : members_) {
        if (other.peer && other.peer != caller.peer) other.peer->deliver(frame);
    }
    if (caller.peer) caller.peer->deliver(encode_frame(message, caller.id));
}

void Room::reconnect(const std::string& player, PeerPtr peer, TimeMs wall) {
    const TimeMs at = take(wall);
    Member* m = member(player);
    if (!m) return;
    m->peer = std::move(peer);
    m->log_sent = 0;  // a new connection gets the whole log
    m->rev_sent = -1;
    if (!m->connected) commit(at, wall, event::Connected{player});
    const Flushed sent = flush(nullptr, Answer::none, wall);
    m = member(player);
    if (!sent.room && m->peer) m->peer->deliver(encode_frame(room_for(*m)));
    if (!sent.snapshots) send_snapshot(player, wall);
}

void Room::disconnect(const std::string& player, const Peer* peer, TimeMs wall) {
    Member* m = member(player);
    if (!m || m->peer.get() != peer) return;
    const TimeMs at = take(wall);
    m = member(player);
    m->peer.reset();
    if (m->connected) commit(at, wall, event::Disconnected{player});
    flush(nullptr, Answer::none, wall);
}

void Room::tick(TimeMs wall) {
    take(wall);
    flush(nullptr, Answer::none, wall);
}

void Room::refuse(const Caller& caller, protocol::ErrorCode code, std::string message, TimeMs wall) {
    refuse(caller, error_info(code, std::move(message)), wall);
}

void Room::refuse(const Caller& caller, const protocol::ErrorInfo& error, TimeMs wall) {
    flush(nullptr, Answer::none, wall);  // what deadlines changed meanwhile comes first
    if (caller.peer) {
        caller.peer->deliver(error_frame(error, caller.id));
    }
}

Room::Member* Room::member(const std::string& player) {
    auto it = members_.find(player);
    return it == members_.end() ? nullptr : &it->second;
}

std::optional<Seat> Room::seat_of(const std::string& player) const {
    auto it = members_.find(player);
    return it == members_.end() ? std::nullopt : it->second.seat;
}

std::optional<Seat> Room::seat_held_by(const std::string& player) const {
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        if (seats_[s].player == player) return static_cast<Seat>(s);
    }
    return std::nullopt;
}

int Room::connected_count() const {
    int n = 0;
    for (const auto& [player, m] : members_) n += m.peer ? 1 : 0;
    return n;
}

protocol::RoomInfo Room::info() const {
    protocol::RoomInfo info{setup_.code, std::string(game().id()), options_, host_, to_string(status_), {}, 0};
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        info.seats.push_back({static_cast<int>(s), seats_[s].name, seats_[s].connected});
    }
    for (const auto& [player, m] : members_) info.spectators += (!m.seat && m.connected) ? 1 : 0;
    return info;
}

Json Room::summary() const {
    const protocol::RoomInfo room = info();
    Json players = Json::array();
    for (const auto& seat : room.seats) {
        players.push_back({{"seat", seat.seat}, {"name", seat.name}, {"connected", seat.connected}});
    }
    const bool finished = status_ == RoomStatus::finished && state_;
    return Json{{"room", room.room},          {"game", room.game},         {"status", room.status},
                {"players", players},         {"spectators", room.spectators}, {"games", games_started_},
                {"outcome", finished ? state_->outcome() : Json(nullptr)}};
}

}  // namespace taol::server
