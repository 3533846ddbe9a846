// Groups: the calls that came while a room waited for the journal, taken together once it has
// answered, or that reached it idle in one pass of the event loop (RoomActor::post). Players who
// answer the same snapshot at once (every seat confirming a new round) would otherwise each wait
// one write in turn; in a group their events are applied one after the other as they are taken
// and written in one write, nothing they cause is sent before it is written, and each member then
// gets one snapshot for them all.
// A write that fails takes the room back to where it stood, as if the group had not been.
#include <utility>

#include <spdlog/spdlog.h>

#include "server/rooms/room.hpp"

namespace taol::server {

bool Room::can_group() const {
    return hooks_.journal_all && !pending_ && !group_ && !retry_at_ && owed_presence_.empty() && held_.empty() &&
           hold_ms() == 0;
}

void Room::begin_group() {
    auto group = std::make_shared<Group>();
    group->before = std::make_shared<const Room>(*this);  // before group_ is set: the copy has none
    group_ = std::move(group);
}

void Room::end_group(Instant now) {
    // One snapshot per viewer for the whole group, the callers' answers last (flush held them
    // back): a crowd of confirmations costs each member one frame, not one per confirmation.
    send_change(std::exchange(group_->answers, {}), now);
    if (group_->events.empty()) return group_answered(WriteResult::written);  // nothing to write
    group_->writing = true;
    on_answer([this](WriteDone done) { hooks_.journal_all(group_->events, std::move(done)); },
              [this](WriteResult result) { group_answered(result); });
}

void Room::group_answered(WriteResult result) {
    const std::shared_ptr<Group> group = std::move(group_);
    if (result == WriteResult::written) {
        for (auto& [peer, frame] : group->frames) peer->deliver(std::move(frame));
        if (hooks_.on_finished) {
            for (int index : group->finished) hooks_.on_finished(index);
        }
        return;
    }
    spdlog::error("room {}: {} event(s) taken together not recorded ({})", setup_.code, group->events.size(),
                  to_string(result));
    // Everything as it stood, including what each connection was sent: the held frames never left.
    Room before(*group->before);
    *this = std::move(before);
    for (const Caller& caller : group->callers) {
        refuse(caller, protocol::ErrorCode::storage_error, "your action could not be recorded, so it did not happen", now_);
    }
}

void Room::send_to(const PeerPtr& peer, Frame frame) {
    if (group_) group_->frames.emplace_back(peer, std::move(frame));
    else peer->deliver(std::move(frame));
}

}  // namespace taol::server
