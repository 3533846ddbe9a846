// What a room sends: `room` to everyone when seats, spectators or status change, and each viewer's
// own `snapshot` (redacted view, its actions, new log entries it may read) when the game changes.
#include "server/frames.hpp"
#include "server/room.hpp"

namespace taol::server {

Room::Flushed Room::flush(const Caller* caller, Answer answer, TimeMs wall) {
    Flushed sent;
    const bool answer_room = caller && answer == Answer::room;
    if (room_changed_ || answer_room) {
        if (room_changed_) {
            for (const auto& [player, m] : members_) {
                if (m.peer && !(answer_room && m.peer == caller->peer)) m.peer->deliver(encode_frame(room_for(m)));
            }
            sent.room = true;
            room_changed_ = false;
        }
        if (answer_room && caller->peer) {
            const Member* m = member(caller->player);
            caller->peer->deliver(encode_frame(m ? room_for(*m) : protocol::room_json(info()), caller->id));
        }
    }
    const bool answer_snapshot = caller && answer == Answer::snapshot;
    if (state_ && game_changed_) {
        // Spectators with the same log position see the same snapshot: encode it once.
        std::map<std::size_t, Frame> spectator_frames;
        for (auto& [player, m] : members_) {
            if (!m.peer || (answer_snapshot && player == caller->player)) continue;
            if (m.seat) {
                m.peer->deliver(encode_frame(snapshot_for(m, wall)));
                continue;
            }
            Frame& frame = spectator_frames[m.log_sent];
            if (!frame) frame = encode_frame(snapshot_for(m, wall));
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
        if (Member* m = member(caller->player)) {
            caller->peer->deliver(encode_frame(snapshot_for(*m, wall), caller->id));
        }
    }
    return sent;
}

Json Room::room_for(const Member& m) const {
    Json room = protocol::room_json(info());
    room["you"] = m.seat ? Json(*m.seat) : Json(nullptr);
    return room;
}

void Room::send_snapshot(const std::string& player, TimeMs wall) {
    Member* m = member(player);
    if (state_ && m && m->peer) m->peer->deliver(encode_frame(snapshot_for(*m, wall)));
}

Json Room::snapshot_for(Member& m, TimeMs wall) {
    protocol::SnapshotInfo s;
    s.room = setup_.code;
    s.rev = rev_;
    s.status = to_string(status_);
    s.server_time = wall;
    s.seat = m.seat;
    s.view = state_->view(m.seat);
    s.actions = (m.seat && status_ == RoomStatus::playing) ? state_->actions(*m.seat) : Json::array();
    s.deadlines = wire_deadlines(wall);
    s.log = Json::array();
    for (std::size_t i = m.log_sent; i < log_.size(); ++i) {
        if (log_[i].visible_to(m.seat)) s.log.push_back(log_[i].to_json());
    }
    s.waiting_for = Json::array();
    if (status_ == RoomStatus::playing) {
        for (Seat seat : state_->waiting_for()) s.waiting_for.push_back(seat);
    }
    s.outcome = status_ == RoomStatus::finished ? state_->outcome() : Json(nullptr);
    m.log_sent = log_.size();
    m.rev_sent = rev_;
    return protocol::snapshot_json(s);
}

Json Room::wire_deadlines(TimeMs wall) const {
    Json out = Json::array();
    for (const games::Deadline& d : deadlines()) {
        out.push_back(Json{{"kind", d.kind},
                           {"at", clock_.to_wall(d.at, wall)},
                           {"seat", d.seat ? Json(*d.seat) : Json(nullptr)}});
    }
    return out;
}

}  // namespace taol::server
