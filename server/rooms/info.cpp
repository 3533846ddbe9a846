// What a room is, as others see it: its members and seats, its `room` info and public summary.
#include "server/rooms/room.hpp"

namespace taol::server {

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
        if (!player.empty() && seats_[s].player == player) return static_cast<Seat>(s);
    }
    return std::nullopt;
}

bool Room::spectators_chat() const { return options_.value("spectators_chat", true); }

int Room::spectators_max() const { return options_.value("spectators_max", 200); }

int Room::connected_count() const {
    int n = 0;
    for (const auto& [player, m] : members_) n += m.peer ? 1 : 0;
    return n;
}

int Room::spectator_count() const {
    // Members are the present seat holders and the spectators: count the seats, not the crowd.
    const auto seated =
        std::count_if(seats_.begin(), seats_.end(), [](const SeatHolder& h) { return h.present && h.person(); });
    return static_cast<int>(members_.size()) - static_cast<int>(seated);
}

protocol::RoomInfo Room::info() const {
    protocol::RoomInfo info{setup_.code, std::string(game().id()), options_, host_, to_string(status_), {}, 0};
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const SeatHolder& holder = seats_[s];
        protocol::SeatInfo seat{static_cast<int>(s), holder.name, shown_connected(holder), holder.bot.has_value(), {}};
        for (const std::string& voter : holder.bot_votes) {
            if (auto by = seat_held_by(voter)) seat.bot_votes.push_back(*by);
        }
        std::sort(seat.bot_votes.begin(), seat.bot_votes.end());
        if (auto m = members_.find(holder.player); m != members_.end() && m->second.peer && !holder.bot) {
            seat.rtt_ms = m->second.peer->rtt_ms();
        }
        info.seats.push_back(std::move(seat));
    }
    info.spectators = spectator_count();
    info.interrupted = interrupted_;
    return info;
}

bool Room::shown_connected(const SeatHolder& holder) const {
    auto owed = owed_presence_.find(holder.player);
    const bool connected = owed != owed_presence_.end() ? owed->second.connected : holder.connected;
    return connected && !holder.bot;
}

std::string Room::summary_key() const {
    // Names are length-prefixed, so that no name can make two rooms' keys alike.
    std::string key;
    key.reserve(64);
    key.append(to_string(status_)).append(1, '|').append(std::to_string(games_started_)).append(1, '|');
    key.append(std::to_string(spectator_count())).append(interrupted_ ? "|i" : "|-");
    for (const SeatHolder& holder : seats_) {
        key.append(1, '|').append(std::to_string(holder.name.size())).append(1, ':').append(holder.name);
        key.append(shown_connected(holder) ? "c" : "-").append(holder.bot ? "b" : "-");
    }
    return key;
}

Json Room::summary() const {
    const protocol::RoomInfo room = info();
    Json players = Json::array();
    for (const auto& seat : room.seats) {
        players.push_back({{"seat", seat.seat}, {"name", seat.name}, {"connected", seat.connected}});
        if (seat.bot) players.back()["bot"] = true;
    }
    const bool finished = status_ == RoomStatus::finished && state_;
    Json out{{"room", room.room},          {"game", room.game},             {"status", room.status},
             {"players", players},         {"spectators", room.spectators}, {"games", games_started_},
             {"outcome", finished ? state_->outcome() : Json(nullptr)}};
    if (interrupted_) out["interrupted"] = true;
    return out;
}

}  // namespace taol::server
