// Time in a room: stamps, the game's deadlines and the room's own clocks (turn and absent), all in
// one order (PROTOCOL.md, "Arbitration and time").
#include <spdlog/spdlog.h>

#include "server/room.hpp"

namespace taol::server {
namespace {

// A game whose deadlines keep coming due without end is broken; stop rather than spin.
constexpr int kMaxDuePerCall = 10000;
// How long a deadline whose journal write failed waits before it is tried again.
constexpr TimeMs kJournalRetryMs = 1000;

TimeMs seconds_option(const Json& options, const char* name, TimeMs fallback) {
    auto it = options.find(name);
    return (it != options.end() && it->is_number_integer()) ? it->get<TimeMs>() * 1000 : fallback * 1000;
}

}  // namespace

TimeMs Room::take(TimeMs wall) {
    const TimeMs stamp = std::max(clock_.room_time(wall), last_stamp_);
    apply_due(stamp, wall);
    return stamp;
}

void Room::apply_due(TimeMs stamp, TimeMs wall) {
    // A deadline that could not be recorded stays due: the room tries again, and meanwhile refuses
    // everything else (nothing may be stamped after a deadline that has not happened yet).
    const auto unrecorded = [&] {
        retry_at_ = wall + kJournalRetryMs;
        spdlog::error("room {}: a deadline could not be recorded; trying again in {} ms", setup_.code, kJournalRetryMs);
    };
    retry_at_.reset();
    for (int step = 0; step < kMaxDuePerCall; ++step) {
        const std::optional<Due> due = next_due();
        if (!due || due->deadline.at > stamp) return;
        // Each deadline is stamped with its own time (never before what is already done).
        const TimeMs at = std::max(due->deadline.at, last_stamp_);
        const TimeMs at_wall = clock_.to_wall(at, wall);
        if (due->from_game) {
            if (!commit(at, at_wall, event::Expired{})) return unrecorded();
            continue;
        }
        const Seat seat = *due->deadline.seat;
        std::optional<Json> action = state_->default_action(seat);
        auto result = action ? state_->apply(seat, *action, at)
                             : games::Result<games::Applied>(games::illegal("no default action"));
        if (!result.ok()) {
            spdlog::error("room {}: the default action of seat {} was refused: {}", setup_.code, seat,
                          result.error().message);
            stuck_.insert(seat);
            continue;
        }
        if (!commit(at, at_wall, event::Defaulted{seat, due->deadline.kind, *action}, std::move(result.value()))) {
            return unrecorded();
        }
    }
    spdlog::error("room {}: deadlines keep coming due; stopped", setup_.code);
}

std::optional<Room::Due> Room::next_due() const {
    if (!state_ || status_ != RoomStatus::playing || clock_.suspended()) return std::nullopt;
    std::optional<Due> best;
    // Strictly earlier wins: on a tie the game's deadlines come first, then seats in order.
    for (const games::Deadline& d : state_->deadlines()) {
        if (!best || d.at < best->deadline.at) best = Due{d, true};
    }
    for (const games::Deadline& d : room_deadlines()) {
        if (!best || d.at < best->deadline.at) best = Due{d, false};
    }
    return best;
}

std::vector<games::Deadline> Room::room_deadlines() const {
    std::vector<games::Deadline> out;
    if (status_ != RoomStatus::playing) return out;
    const TimeMs turn = seconds_option(game_options_, "turn_seconds", 0);
    const TimeMs absent = seconds_option(game_options_, "absent_seconds", 60);
    for (const auto& [seat, since] : waiting_since_) {
        if (stuck_.count(seat)) continue;
        if (turn > 0) out.push_back({"turn", since + turn, seat});
        const SeatHolder& holder = seats_.at(static_cast<std::size_t>(seat));
        if (!holder.connected) out.push_back({"absent", std::max(holder.away_since + absent, since), seat});
    }
    return out;
}

std::vector<games::Deadline> Room::deadlines() const {
    std::vector<games::Deadline> all;
    if (!state_ || status_ != RoomStatus::playing) return all;
    all = state_->deadlines();
    for (games::Deadline& d : room_deadlines()) all.push_back(std::move(d));
    return all;
}

std::optional<TimeMs> Room::next_tick(TimeMs wall) const {
    const std::optional<Due> due = next_due();
    if (!due) return std::nullopt;
    const TimeMs at = clock_.to_wall(due->deadline.at, wall);
    return retry_at_ ? std::max(at, *retry_at_) : at;
}

}  // namespace taol::server
