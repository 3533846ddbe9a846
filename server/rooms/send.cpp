// What a room sends: `room` to everyone when seats, spectators or status change, and each viewer's
// own `snapshot` (redacted view, its actions, new log entries it may read) when the game changes
// (viewers.cpp: full snapshots and deltas).
#include "protocol/json_text.hpp"
#include "protocol/packed_value.hpp"
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
        send_to(caller->peer, encode_frame(m ? room_for(*m) : protocol::room_json(info()), caller->id));
    }
    const bool answer_snapshot = caller && answer == Answer::snapshot;
    if (group_) {  // the snapshots wait for the group's last call (end_group)
        if (answer_snapshot) group_->answers.push_back(*caller);
        return sent;
    }
    sent.snapshots = send_change(answer_snapshot ? std::span(caller, 1) : std::span<const Caller>(), now);
    return sent;
}

bool Room::send_change(std::span<const Caller> answering, Instant now) {
    if (!state_) return false;
    if (game_changed_) {
        send_snapshots(answering, now);
        game_changed_ = false;
        return true;
    }
    for (const Caller& caller : answering) {  // nothing changed: each its snapshot as it stands
        Member* m = member(caller.player);
        if (m && caller.peer) send_to(caller.peer, snapshot_now(*m, now, caller.id));
    }
    return false;
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
            send_to(m.peer, encode_frame(room));
            continue;
        }
        if (!spectators) {
            room["you"] = nullptr;
            spectators = encode_frame(room);
        }
        send_to(m.peer, spectators);
    }
}

Json Room::room_for(const Member& m) const {
    Json room = protocol::room_json(info());
    room["you"] = m.seat ? Json(*m.seat) : Json(nullptr);
    return room;
}

void Room::send_snapshot(const std::string& player, Instant now) {
    Member* m = member(player);
    if (state_ && m && m->peer) send_to(m->peer, snapshot_now(*m, now));
}

void Room::write_listed(std::optional<Seat> seat, games::JsonSink& out) const {
    if (state_ && status_ == RoomStatus::playing && seat && *seat >= 0) return state_->write_actions(*seat, out);
    out.begin_array();
    out.end_array();
}

std::string_view Room::listed(Seat seat) const {
    if (!state_ || status_ != RoomStatus::playing || seat < 0) return "[]";
    if (listed_.seats.size() < seats_.size()) listed_.seats.resize(seats_.size());
    std::optional<std::string>& cached = listed_.seats[static_cast<std::size_t>(seat)];
    if (!cached) {
        cached.emplace();
        protocol::TextSink sink(*cached);
        write_listed(seat, sink);
    }
    return *cached;
}

std::vector<std::uint8_t> Room::packed_listed(std::optional<Seat> seat) const {
    std::vector<std::uint8_t> out;
    protocol::PackSink sink(out);
    write_listed(seat, sink);
    return out;
}

Room::SharedParts Room::shared_parts(Instant now) const {
    SharedParts shared;
    shared.now = now;
    {
        protocol::TextSink sink(shared.deadlines);
        write_deadlines(now, sink);
    }
    {
        protocol::TextSink sink(shared.waiting_for);
        write_waiting_for(sink);
    }
    protocol::TextSink sink(shared.outcome);
    write_outcome(sink);
    return shared;
}

protocol::PackedParts Room::packed_parts(SharedParts& shared, const std::vector<std::uint8_t>& view,
                                         const std::vector<std::uint8_t>& actions) const {
    if (shared.packed_deadlines.empty()) {
        protocol::PackSink deadlines(shared.packed_deadlines);
        write_deadlines(shared.now, deadlines);
        protocol::PackSink waiting_for(shared.packed_waiting_for);
        write_waiting_for(waiting_for);
        protocol::PackSink outcome(shared.packed_outcome);
        write_outcome(outcome);
    }
    return {protocol::packed_whole(actions), protocol::packed_whole(shared.packed_deadlines),
            protocol::packed_whole(shared.packed_outcome), protocol::packed_whole(view),
            protocol::packed_whole(shared.packed_waiting_for)};
}

void Room::write_deadlines(Instant now, games::JsonSink& out) const {
    out.begin_array();
    for (const games::Deadline& d : deadlines()) {
        out.begin_object();
        out.field("at", clock_.to_wall(d.at, now));
        out.field("kind", d.kind);
        out.field("seat", d.seat);
        out.end_object();
    }
    out.end_array();
}

void Room::write_waiting_for(games::JsonSink& out) const {
    out.begin_array();
    if (status_ == RoomStatus::playing) {
        for (Seat seat : state_->waiting_for()) out.integer(seat);
    }
    out.end_array();
}

void Room::write_outcome(games::JsonSink& out) const {
    if (status_ == RoomStatus::finished) out.value(state_->outcome());
    else out.null();
}

}  // namespace taol::server
