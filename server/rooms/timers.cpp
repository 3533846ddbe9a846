// Time in a room: stamps, the game's deadlines and the room's own clocks (turn and absent), all in
// one order (PROTOCOL.md, "Arbitration and time"), and what is owed to the journal.
#include <spdlog/spdlog.h>

#include "server/rooms/room.hpp"

namespace taol::server {
namespace {

// A game whose deadlines keep coming due without end is broken; stop rather than spin.
constexpr int kMaxDuePerCall = 10000;
// How long something that could not be recorded waits before it is tried again.
constexpr TimeMs kJournalRetryMs = 1000;

}  // namespace

void Room::take(Instant now, Stamped then) {
    now_ = now;
    clock_.observe(now);
    const TimeMs stamp = std::max(clock_.room_time(now.mono), last_stamp_);
    // With fair races, a call behind held races or a due deadline waits its turn (fair_races.cpp).
    if (hold_ms() > 0) {
        const std::optional<Due> due = next_due();
        if (!held_.empty() || (due && due->deadline.at <= stamp)) return hold_call(stamp, std::move(then));
    }
    apply_due(stamp, now, [then = std::move(then), stamp] { then(stamp); });
}

void Room::settle_then(Instant now, std::function<void()> then) {
    now_ = now;
    clock_.observe(now);
    // With fair races, what is due waits the hold: a compensated action may still come before it.
    const TimeMs settled = std::max(clock_.room_time(now.mono) - hold_ms(), last_stamp_);
    apply_due(settled, now, std::move(then));
}

// Each of these loops records one event at a time (commit_step): an answer during the call goes
// round the loop again, an answer after it comes back in through `later`.
std::optional<bool> Room::commit_step(TimeMs at, TimeMs wall, EventBody body, std::optional<games::Applied> applied,
                                      Then later) {
    auto during = std::make_shared<std::optional<bool>>();
    auto returned = std::make_shared<bool>(false);
    commit(at, wall, std::move(body), std::move(applied), [during, returned, later = std::move(later)](bool written) {
        if (*returned) return later(written);
        *during = written;
    });
    *returned = true;
    return *during;
}

void Room::settle_owed_presence(Then then) {
    for (auto it = owed_presence_.begin(); it != owed_presence_.end();) {
        const auto& [player, owed] = *it;
        const Member* m = member(player);
        if (!m || m->connected == owed.connected) {  // gone, or the journal already agrees
            it = owed_presence_.erase(it);
            continue;
        }
        const TimeMs at = std::max(owed.at, last_stamp_);
        const EventBody body = owed.connected ? EventBody(event::Connected{player}) : EventBody(event::Disconnected{player});
        const std::optional<bool> written =
            commit_step(at, std::max(owed.wall, last_wall_), body, std::nullopt, [this, player = player, then](bool ok) {
                if (!ok) return then(false);
                owed_presence_.erase(player);
                settle_owed_presence(then);
            });
        if (!written) return;  // answered later
        if (!*written) return then(false);
        owed_presence_.erase(it);
        it = owed_presence_.begin();
    }
    then(true);
}

void Room::journal_trouble(Instant now) {
    retry_at_ = now.mono + kJournalRetryMs;
    spdlog::error("room {}: an event could not be recorded; trying again in {} ms", setup_.code, kJournalRetryMs);
}

void Room::apply_due(TimeMs stamp, Instant now, std::function<void()> then) {
    // What could not be recorded stays owed: the room tries again, and meanwhile refuses
    // everything else (nothing may be stamped after a deadline that has not happened yet).
    retry_at_.reset();
    settle_owed_presence([this, stamp, now, then = std::move(then)](bool recorded) {
        if (!recorded) {
            journal_trouble(now);
            return then();
        }
        apply_deadlines(stamp, now, then);
    });
}

void Room::apply_deadlines(TimeMs stamp, Instant now, std::function<void()> then) {
    for (int step = 0; step < kMaxDuePerCall; ++step) {
        const std::optional<Due> due = next_due();
        if (!due || due->deadline.at > stamp) return then();
        // Each deadline is stamped with its own time (never before what is already done).
        const TimeMs at = std::max(due->deadline.at, last_stamp_);
        const TimeMs at_wall = clock_.to_wall(at, now);
        std::optional<EventBody> body;
        std::optional<games::Applied> applied;
        if (due->source == Due::bot_look) {
            step_bot(*due->deadline.seat, at);  // nothing happens but the bot's look
            continue;
        }
        if (due->source == Due::bot_move) {
            const Seat seat = *due->deadline.seat;
            SeatBot& bot = *seats_[static_cast<std::size_t>(seat)].bot;
            const Json action = std::move(*bot.action);
            bot.due.reset();
            bot.action.reset();
            auto result = state_->apply(seat, action, at);
            if (!result.ok()) {  // it looks again at the next change; meanwhile its absent clock runs
                spdlog::warn("room {}: the bot of seat {} was refused: {}", setup_.code, seat, result.error().message);
                continue;
            }
            body = event::Acted{seat, action};
            applied = std::move(result.value());
        } else if (due->source == Due::game) {
            body = event::Expired{};
        } else {
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
            body = event::Defaulted{seat, due->deadline.kind, *action};
            applied = std::move(result.value());
        }
        const std::optional<bool> written =
            commit_step(at, at_wall, std::move(*body), std::move(applied), [this, stamp, now, then](bool ok) {
                if (!ok) {
                    journal_trouble(now);
                    return then();
                }
                apply_deadlines(stamp, now, then);
            });
        if (!written) return;  // answered later
        if (!*written) {
            journal_trouble(now);
            return then();
        }
    }
    spdlog::error("room {}: deadlines keep coming due; stopped", setup_.code);
    then();
}

std::optional<Room::Due> Room::next_due() const {
    if (!state_ || status_ != RoomStatus::playing || clock_.suspended()) return std::nullopt;
    std::optional<Due> best = next_bot_due();
    const auto before_best = [&](TimeMs at, Due::Source source) {
        return !best || at < best->deadline.at || (at == best->deadline.at && source < best->source);
    };
    // Earlier wins; on a tie, in the order of Due::Source, then seats in order.
    for (const games::Deadline& d : state_->deadlines()) {
        if (before_best(d.at, Due::game)) best = Due{d, Due::game};
    }
    for (const games::Deadline& d : room_deadlines()) {
        if (before_best(d.at, Due::room)) best = Due{d, Due::room};
    }
    return best;
}

void Room::update_turn_clocks(TimeMs at, std::optional<Seat> mover) {
    std::set<Seat> waiting;
    std::set<Seat> running;
    if (state_ && status_ == RoomStatus::playing) {
        for (Seat s : state_->waiting_for()) waiting.insert(s);
        running = waiting;
        // A seat waited on through a game deadline of its own (a bid window) gets no turn clock on top.
        for (const games::Deadline& d : state_->deadlines()) {
            if (d.seat) running.erase(*d.seat);
        }
    }
    turn_clocks_.update(at, waiting, running, mover);
}

std::vector<games::Deadline> Room::room_deadlines() const {
    std::vector<games::Deadline> out;
    if (status_ != RoomStatus::playing) return out;
    for (Seat seat = 0; seat < static_cast<Seat>(seats_.size()); ++seat) {
        const std::optional<TimeMs> since = turn_clocks_.waiting_since(seat);
        if (!since || stuck_.count(seat)) continue;
        if (turn_ms_ > 0) {
            if (auto runs_out = turn_clocks_.runs_out(seat, turn_ms_)) out.push_back({"turn", *runs_out, seat});
        }
        const SeatHolder& holder = seats_[static_cast<std::size_t>(seat)];
        if (holder.bot) {
            // A bot plays it; only a bot with nothing in mind is played for, as an absent seat.
            if (!holder.bot->due) out.push_back({"absent", *since + absent_ms_, seat});
        } else if (!holder.connected) {
            out.push_back({"absent", std::max(holder.away_since + absent_ms_, *since), seat});
        }
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

std::optional<TimeMs> Room::next_tick(Instant now) const {
    std::optional<TimeMs> next;
    const auto earliest = [&](TimeMs t) { next = next ? std::min(*next, t) : t; };
    const TimeMs hold = hold_ms();
    if (const std::optional<Due> due = next_due()) earliest(clock_.to_mono(due->deadline.at + hold, now));
    if (!held_.empty()) earliest(clock_.to_mono(held_.front().at + hold, now));
    if (retry_at_) next = next ? std::max(*next, *retry_at_) : *retry_at_;
    if (spectators_changed_) earliest(spectators_sent_at_ + limits_.spectators_every_ms);
    return next;
}

}  // namespace taol::server
