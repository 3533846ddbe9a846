// Each viewer's snapshots, full or as deltas (PROTOCOL.md, "Deltas"). A viewer is a seat, or every
// spectator at once: what it may see is built once per change, however many connections see it
// (and once for all the viewers the game says see the same: GameState::same_view_as), and each
// frame is encoded once per log position. A connection that asked for deltas and holds
// its viewer's baseline gets the change from it; any other gets the full snapshot, which becomes
// its baseline. The room keeps one packed baseline per viewer, never a tree per connection.
#include <algorithm>

#include "protocol/baseline.hpp"
#include "protocol/json_text.hpp"
#include "protocol/snapshot_text.hpp"
#include "server/rooms/room.hpp"

namespace taol::server {
namespace {

constexpr int kSpectators = -1;  // the viewer key of every spectator
int viewer_key(std::optional<Seat> seat) { return seat ? *seat : kSpectators; }

// What `seat` may see, written straight from the game as the text a full snapshot carries.
std::string view_text(const games::GameState& state, std::optional<Seat> seat) {
    std::string text;
    text.reserve(2048);  // most views fit: written without growing
    protocol::TextSink sink(text);
    state.write_view(seat, sink);
    return text;
}

}  // namespace

// What one viewer is sent for one change.
struct Room::ViewerOut {
    const Room* room = nullptr;
    SharedParts* shared = nullptr;  // what every viewer of the change shares
    const games::GameState* state = nullptr;
    std::optional<Seat> seat;
    std::optional<Seat> twin;      // whose view it is given (GameState::same_view_as)
    ViewerOuts* outs = nullptr;    // every viewer's of this change, and the views they share
    protocol::SnapshotParts parts;      // points into the room's cached actions and `shared`, not the view
    const Baseline* before = nullptr;   // the baseline this change moves on from, if any
    std::optional<protocol::Change> change;  // from `before`, once a connection in step with it needs it
    std::optional<protocol::PackedBaseline> packed;  // this change's baseline, once needed
    std::uint64_t seq = 0;              // the baseline this change makes
    bool takes_deltas = false;          // a connection of this viewer takes deltas: keep its baseline
    std::map<std::size_t, Frame> full;  // by log position, without id
    std::map<std::size_t, Frame> delta;

    // The view written straight from the game, once needed and once for the viewers that share
    // it: as text for full snapshots, packed for a baseline.
    std::string_view text() {
        if (view.empty()) {
            auto [it, fresh] = outs->views.try_emplace(viewer_key(twin));
            if (fresh) it->second = view_text(*state, twin);
            view = it->second;
        }
        return view;
    }
    protocol::PackedBaseline& baseline() {
        if (!packed) {
            auto [it, fresh] = outs->packed_views.try_emplace(viewer_key(twin));
            if (fresh) it->second = protocol::pack_view(*state, twin);
            packed = protocol::pack_baseline(parts, room->packed_parts(*shared, it->second, room->packed_listed(seat)));
        }
        return *packed;
    }

private:
    std::string_view view;  // in outs->views
};

Room::ViewerOut& Room::viewer_out(ViewerOuts& viewers, std::optional<Seat> seat, SharedParts& shared) {
    auto [it, fresh] = viewers.by_viewer.try_emplace(viewer_key(seat));
    ViewerOut& v = it->second;
    if (!fresh) return v;
    v.room = this;
    v.shared = &shared;
    v.state = state_.get();
    v.seat = seat;
    v.twin = state_->same_view_as(seat);
    v.outs = &viewers;
    v.parts = snapshot_parts(seat, shared);
    auto baseline = baselines_.find(it->first);
    if (baseline != baselines_.end()) v.before = &baseline->second;
    v.seq = ++baseline_seq_;
    return v;
}

protocol::SnapshotParts Room::snapshot_parts(std::optional<Seat> seat, const SharedParts& shared) const {
    protocol::SnapshotParts s;
    s.room = setup_.code;
    s.rev = rev_;
    s.status = to_string(status_);
    s.server_time = shared.now.wall;
    s.seat = seat;
    if (seat) s.actions = listed(*seat);
    s.deadlines = shared.deadlines;
    s.waiting_for = shared.waiting_for;
    s.outcome = shared.outcome;
    return s;
}

Frame Room::frame_for(Member& m, const Peer& peer, ViewerOut& v, std::optional<std::int64_t> id) {
    const bool deltas = peer.wants_deltas();
    const bool in_step = deltas && v.before && m.synced_peer == &peer && m.synced_seq == v.before->seq;
    if (deltas) {
        v.takes_deltas = true;
        m.synced_peer = &peer;
        m.synced_seq = v.seq;
    }
    const std::size_t from = m.log_sent;
    m.log_sent = log_.size();
    m.rev_sent = rev_;
    note_sent(m);
    std::map<std::size_t, Frame>& shared_frames = in_step ? v.delta : v.full;
    if (!id) {
        if (auto it = shared_frames.find(from); it != shared_frames.end()) return it->second;
    }
    const std::string log = log_since(from, m.seat);
    Frame frame;
    if (in_step) {
        if (!v.change) v.change = protocol::change_between(v.before->packed, v.baseline());
        protocol::DeltaParts d;
        d.room = setup_.code;
        d.from = v.before->rev;
        d.rev = rev_;
        d.server_time = v.parts.server_time;
        d.merge = v.change->merge;
        d.patch = v.change->patch;
        d.log = log;
        frame = make_frame(protocol::encode_delta(d, id));
    } else {
        protocol::SnapshotParts s = v.parts;
        s.view = v.text();
        s.log = log;
        frame = make_frame(protocol::encode_snapshot(s, id));
    }
    if (!id) shared_frames[from] = frame;
    return frame;
}

void Room::send_snapshots(std::span<const Caller> answering, Instant now) {
    SharedParts shared = shared_parts(now);
    ViewerOuts viewers;
    for (auto& [player, m] : members_) {
        const bool answered = std::any_of(answering.begin(), answering.end(),
                                          [&](const Caller& c) { return c.player == player; });
        if (!m.peer || answered) continue;
        send_to(m.peer, frame_for(m, *m.peer, viewer_out(viewers, m.seat, shared)));
    }
    // The answers last, as they always were: by then everyone else has the change too.
    for (const Caller& caller : answering) {
        if (!caller.peer) continue;
        if (Member* m = member(caller.player)) {
            send_to(caller.peer, frame_for(*m, *caller.peer, viewer_out(viewers, m->seat, shared), caller.id));
        }
    }
    // The viewers whose connections take deltas move on to the baseline they have now.
    for (auto& [key, v] : viewers.by_viewer) {
        if (v.takes_deltas) baselines_[key] = Baseline{v.seq, rev_, std::move(v.baseline())};
    }
}

Frame Room::snapshot_now(Member& m, Instant now, std::optional<std::int64_t> id) {
    SharedParts shared = shared_parts(now);
    protocol::SnapshotParts s = snapshot_parts(m.seat, shared);
    const std::string view = view_text(*state_, m.seat);
    s.view = view;
    const std::string log = log_since(m.log_sent, m.seat);
    s.log = log;
    m.log_sent = log_.size();
    m.rev_sent = rev_;
    note_sent(m);
    // Between two changes: it becomes its viewer's baseline only if that viewer has none yet; else
    // its next snapshot is a full one (a baseline must be exactly what the client holds).
    m.synced_peer = nullptr;
    if (m.peer && m.peer->wants_deltas() && !baselines_.count(viewer_key(m.seat))) {
        baselines_[viewer_key(m.seat)] =
            Baseline{++baseline_seq_, rev_,
                     protocol::pack_baseline(s, packed_parts(shared, protocol::pack_view(*state_, m.seat),
                                                             packed_listed(m.seat)))};
        m.synced_peer = m.peer.get();
        m.synced_seq = baseline_seq_;
    }
    return make_frame(protocol::encode_snapshot(s, id));
}

}  // namespace taol::server
