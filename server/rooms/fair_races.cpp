// Fair races (PROTOCOL.md, "Fair races"): in a room with the option fair_races, a contested action
// is ordered by the moment its player acted, as its client stamps it, rather than by arrival. The
// stamp is trusted only so far: never more than the connection's measured one-way delay before
// arrival, never more than the room's cap, and never before the snapshot that offered the action
// can have reached the client. A contested action therefore waits, as does anything due after it,
// for as long as another seat's compensation could still put an action before it: `hold_ms`.
#include <algorithm>
#include <cstdlib>

#include "server/rooms/room.hpp"

namespace taol::server {
namespace {

constexpr std::size_t kSentKept = 8;      // snapshots remembered per member: a client acts on a recent one
constexpr TimeMs kDefaultCapMs = 100;

// A round trip is shown again once it has really moved (each `room` message goes to everyone).
bool shown_rtt_moved(std::optional<int> shown, int now) {
    return !shown || std::abs(*shown - now) >= std::max(5, *shown / 5);
}

}  // namespace

bool Room::fair_races() const { return fair_races_; }

TimeMs Room::hold_ms() const {
    if (!fair_races() || status_ != RoomStatus::playing) return 0;
    const TimeMs cap = options_.value("fair_races_cap_ms", kDefaultCapMs);
    TimeMs hold = 0;
    for (const auto& [player, m] : members_) {
        if (!m.seat || !m.peer) continue;
        if (const auto one_way = m.peer->one_way_ms()) hold = std::max<TimeMs>(hold, std::min<TimeMs>(cap, *one_way));
    }
    return hold;
}

std::optional<Room::FairClaim> Room::contested_claim(const Caller& caller, const Json& action,
                                                     std::optional<std::int64_t> rev, TimeMs arrived) const {
    const auto it = members_.find(caller.player);
    if (it == members_.end() || !it->second.seat || !state_ || status_ != RoomStatus::playing) return std::nullopt;
    const Member& m = it->second;
    bool contested = false;
    try {
        contested = state_->contested(*m.seat, action);
    } catch (const std::exception&) {  // odd input: not a race; the game refuses it in turn
    }
    if (!contested) return std::nullopt;
    FairClaim claim{arrived, arrived, false};
    if (!caller.timing || !m.peer || !m.peer->rtt_ms()) return claim;  // no stamp: by arrival (still held)
    const Timing& t = *caller.timing;
    const TimeMs allowed = std::min(t.one_way_ms, hold_ms());
    TimeMs at = std::max(clock_.room_time(t.acted_mono), arrived - allowed);
    // Not before the snapshot it acted on can have reached it.
    const std::int64_t acted_on = rev.value_or(m.rev_sent);
    const auto sent = std::find_if(m.sent.rbegin(), m.sent.rend(), [&](const auto& s) { return s.first <= acted_on; });
    if (sent != m.sent.rend()) at = std::max(at, sent->second + t.one_way_ms);
    claim.at = std::clamp(at, last_stamp_, arrived);
    claim.compensated = claim.at < arrived;
    return claim;
}

void Room::hold_call(TimeMs at, Stamped run) {
    Held held{at, ++held_seq_, std::move(run)};
    const auto later = std::upper_bound(held_.begin(), held_.end(), held, [](const Held& a, const Held& b) {
        return a.at < b.at || (a.at == b.at && a.seq < b.seq);
    });
    held_.insert(later, std::move(held));
}

bool Room::release_held(Instant now) {
    if (held_.empty() || held_.front().at > clock_.room_time(now.mono) - hold_ms()) return false;
    Held held = std::move(held_.front());
    held_.erase(held_.begin());
    // What was due before it comes first, at its own time; then the call, in its place.
    const TimeMs at = std::max(held.at, last_stamp_);
    apply_due(at, now, [this, run = std::move(held.run), at] { run(std::max(at, last_stamp_)); });
    return true;
}

void Room::note_sent(Member& m) {
    if (!m.sent.empty() && m.sent.back().first == rev_) return;
    m.sent.emplace_back(rev_, clock_.room_time(now_.mono));
    if (m.sent.size() > kSentKept) m.sent.pop_front();
}

void Room::measured(const Caller& caller, Instant now) {
    Member* m = member(caller.player);
    if (!m || !m->seat || !m->peer || m->peer != caller.peer) return;  // not a seat's live connection
    const auto rtt = m->peer->rtt_ms();
    if (!rtt || !shown_rtt_moved(m->rtt_shown, *rtt)) return;
    m->rtt_shown = *rtt;
    now_ = now;
    room_changed_ = true;
    flush(nullptr, Answer::none, now);
}

}  // namespace taol::server
