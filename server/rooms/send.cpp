// What a room sends: `room` to everyone when seats, spectators or status change, and each viewer's
// own `snapshot` (redacted view, its actions, new log entries it may read) when the game changes.
// Each distinct frame is encoded once: spectators share theirs.
#include "server/rooms/frames.hpp"
#include "server/rooms/room.hpp"

namespace taol::server {

Room::Flushed Room::flush(const Caller* caller, Answer answer, Instant now) {
    Flushed sent;
    const bool answer_room = caller && answer == Answer::room;
    // A crowd of spectators coming and going is told at most every spectators_every_ms.
    const bool spectators_due =
        spectators_changed_ && now.mono >= spectators_sent_at_ + limits_.spectators_every_ms;
    if (room_changed_ || spectators_due) {
        broadcast_room(answer_room ? caller : nullptr);
        sent.room = true;
        if (spectators_changed_) spectators_sent_at_ = now.mono;
        room_changed_ = spectators_changed_ = false;
    }
    if (answer_room && caller->peer) {
        const Member* m = member(caller->player);
        caller->peer->deliver(encode_frame(m ? room_for(*m) : protocol::room_json(info()), caller->id));
    }
    const bool answer_snapshot = caller && answer == Answer::snapshot;
    const SharedParts shared = state_ && (game_changed_ || answer_snapshot) ? shared_parts(now) : SharedParts{};
    if (state_ && game_changed_) {
        // Spectators with the same log position see the same snapshot: encode it once.
        std::map<std::size_t, Frame> spectator_frames;
        for (auto& [player, m] : members_) {
            if (!m.peer || (answer_snapshot && player == caller->player)) continue;
            if (m.seat) {
                m.peer->deliver(snapshot_for(m, shared, now));
                continue;
            }
            Frame& frame = spectator_frames[m.log_sent];
            if (!frame) frame = snapshot_for(m, shared, now);
            else {
                m.log_sent = log_.size();
                m.rev_sent = rev_;
            }
            m.peer->deliver(frame);
        }
        sent.snapshots = true;
        game_changed_ = false;
    }
    if (answer_snapshot && state_ && caller->peer) {
        if (Member* m = member(caller->player)) caller->peer->deliver(snapshot_for(*m, shared, now, caller->id));
    }
    return sent;
}

void Room::broadcast_room(const Caller* except) {
    // Players' frames differ only in "you"; every spectator gets the same one.
    Json room = protocol::room_json(info());
    room["you"] = nullptr;
    Frame spectators;
    for (const auto& [player, m] : members_) {
        if (!m.peer || (except && m.peer == except->peer)) continue;
        if (m.seat) {
            room["you"] = *m.seat;
            m.peer->deliver(encode_frame(room));
            continue;
        }
        if (!spectators) {
            room["you"] = nullptr;
            spectators = encode_frame(room);
        }
        m.peer->deliver(spectators);
    }
}

Json Room::room_for(const Member& m) const {
    Json room = protocol::room_json(info());
    room["you"] = m.seat ? Json(*m.seat) : Json(nullptr);
    return room;
}

void Room::send_snapshot(const std::string& player, Instant now) {
    Member* m = member(player);
    if (state_ && m && m->peer) m->peer->deliver(snapshot_for(*m, shared_parts(now), now));
}

const Json& Room::listed(Seat seat) const {
    static const Json kNothing = Json::array();
    if (!state_ || status_ != RoomStatus::playing || seat < 0) return kNothing;
    if (listed_.size() < seats_.size()) listed_.resize(seats_.size());
    std::optional<Json>& cached = listed_[static_cast<std::size_t>(seat)];
    if (!cached) cached = state_->actions(seat);
    return *cached;
}

Room::SharedParts Room::shared_parts(Instant now) const {
    SharedParts shared;
    shared.deadlines = wire_deadlines(now);
    shared.waiting_for = Json::array();
    if (status_ == RoomStatus::playing) {
        for (Seat seat : state_->waiting_for()) shared.waiting_for.push_back(seat);
    }
    shared.outcome = status_ == RoomStatus::finished ? state_->outcome() : Json(nullptr);
    return shared;
}

Frame Room::snapshot_for(Member& m, const SharedParts& shared, Instant now, std::optional<std::int64_t> id) {
    const Json view = state_->view(m.seat);
    Json log = Json::array();
    for (std::size_t i = m.log_sent; i < log_.size(); ++i) {
        if (log_[i].visible_to(m.seat)) log.push_back(log_[i].to_json());
    }
    protocol::SnapshotParts s;
    s.room = setup_.code;
    s.rev = rev_;
    s.status = to_string(status_);
    s.server_time = now.wall;
    s.seat = m.seat;
    s.view = &view;
    if (m.seat) s.actions = &listed(*m.seat);
    s.deadlines = &shared.deadlines;
    s.log = &log;
    s.waiting_for = &shared.waiting_for;
    s.outcome = &shared.outcome;
    m.log_sent = log_.size();
    m.rev_sent = rev_;
    return make_frame(protocol::encode_snapshot(s, id));
}

Json Room::wire_deadlines(Instant now) const {
    Json out = Json::array();
    for (const games::Deadline& d : deadlines()) {
        out.push_back(Json{{"kind", d.kind},
                           {"at", clock_.to_wall(d.at, now)},
                           {"seat", d.seat ? Json(*d.seat) : Json(nullptr)}});
    }
    return out;
}

}  // namespace taol::server
