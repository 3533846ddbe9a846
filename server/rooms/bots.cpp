// The room's bots (PROTOCOL.md, "Bots"). A bot is handed its seat's snapshot after every change,
// encoded by the same code as a player's (its times on the room clock, so that a replay hands it
// the very same text), and its move goes after its think time like a deadline, in the room's one
// order. Its moves are journaled as a player's; a replay re-applies them and only steps the bots
// again to rebuild their memory, making the looks they made between two events at their times.
#include <spdlog/spdlog.h>

#include "protocol/json_text.hpp"
#include "protocol/snapshot_text.hpp"
#include "server/rooms/random_ids.hpp"
#include "server/rooms/room.hpp"

namespace taol::server {
namespace {

using protocol::ErrorCode;

constexpr const char* kBotNames[] = {"Katell", "Yann", "Maïwenn", "Erwan", "Soazig", "Tangi", "Gwenola", "Loïc"};
// A person never moves at once: a bot's move waits at least this long after what it answers.
constexpr TimeMs kMinThinkMs = 300;

}  // namespace

void Room::add_bot(const Caller& caller, Instant now) {
    take(now, [=, this](TimeMs at) { add_bot_at(caller, at, now); });
}

void Room::remove_bot(const Caller& caller, Seat seat, Instant now) {
    take(now, [=, this](TimeMs at) { remove_bot_at(caller, seat, at, now); });
}

void Room::bot_for(const Caller& caller, Seat seat, Instant now) {
    take(now, [=, this](TimeMs at) { bot_for_at(caller, seat, at, now); });
}

void Room::add_bot_at(const Caller& caller, TimeMs at, Instant now) {
    if (!is_member(caller.player)) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
    if (seat_of(caller.player) != host_) return refuse(caller, ErrorCode::not_host, "only the host may add a bot", now);
    if (status_ != RoomStatus::waiting) {
        return refuse(caller, ErrorCode::already_started, "bots take free seats before the start", now);
    }
    if (static_cast<int>(seats_.size()) >= game().max_players()) {
        return refuse(caller, ErrorCode::room_full, "every seat is taken", now);
    }
    const std::uint64_t seed = hooks_.new_seed ? hooks_.new_seed() : random_seed();
    commit(at, now.wall, event::BotSeated{next_bot_name(), seed}, std::nullopt, [this, caller, now](bool written) {
        if (!written) return refuse(caller, ErrorCode::storage_error, "the bot could not be recorded, so it did not sit", now);
        flush(&caller, Answer::room, now);
    });
}

void Room::remove_bot_at(const Caller& caller, Seat seat, TimeMs at, Instant now) {
    if (!is_member(caller.player)) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
    if (seat_of(caller.player) != host_) return refuse(caller, ErrorCode::not_host, "only the host may remove a bot", now);
    if (status_ != RoomStatus::waiting) {
        return refuse(caller, ErrorCode::already_started, "a bot at a game that has begun plays it to the end", now);
    }
    if (seat < 0 || seat >= static_cast<Seat>(seats_.size()) || seats_[static_cast<std::size_t>(seat)].person()) {
        return refuse(caller, ErrorCode::bad_request, "seat " + std::to_string(seat) + " is not a bot's", now);
    }
    commit(at, now.wall, event::BotRemoved{seat}, std::nullopt, [this, caller, now](bool written) {
        if (!written) return refuse(caller, ErrorCode::storage_error, "the change could not be recorded, so the bot stays", now);
        flush(&caller, Answer::room, now);
    });
}

void Room::bot_for_at(const Caller& caller, Seat seat, TimeMs at, Instant now) {
    const Member* m = member(caller.player);
    if (!m) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
    if (!m->seat) return refuse(caller, ErrorCode::not_a_player, "only the players may hand a seat to a bot", now);
    if (status_ == RoomStatus::waiting) {
        return refuse(caller, ErrorCode::not_started, "before the start, the host adds bots to free seats", now);
    }
    if (seat < 0 || seat >= static_cast<Seat>(seats_.size())) {
        return refuse(caller, ErrorCode::bad_request, "there is no seat " + std::to_string(seat), now);
    }
    const SeatHolder& holder = seats_[static_cast<std::size_t>(seat)];
    if (holder.bot) return refuse(caller, ErrorCode::bad_request, "a bot already plays seat " + std::to_string(seat), now);
    auto owed = owed_presence_.find(holder.player);
    const bool connected = owed != owed_presence_.end() ? owed->second.connected : holder.connected;
    if (connected) {
        return refuse(caller, ErrorCode::bad_request, holder.name + " is here: only an away player's seat goes to a bot", now);
    }
    if (holder.bot_votes.count(caller.player)) {  // asked already
        flush(&caller, Answer::room, now);
        return;
    }
    const std::uint64_t seed = hooks_.new_seed ? hooks_.new_seed() : random_seed();
    commit(at, now.wall, event::BotAsked{caller.player, seat, seed}, std::nullopt, [this, caller, now](bool written) {
        if (!written) return refuse(caller, ErrorCode::storage_error, "your request could not be recorded", now);
        flush(&caller, Answer::room, now);
    });
}

std::string Room::next_bot_name() const {
    for (const char* first : kBotNames) {
        const std::string name = std::string("Bot ") + first;
        if (std::none_of(seats_.begin(), seats_.end(), [&](const SeatHolder& h) { return h.name == name; })) return name;
    }
    return "Bot " + std::to_string(seats_.size() + 1);
}

void Room::apply_bot_seated(const event::BotSeated& e, TimeMs at) {
    SeatHolder holder{"", e.name, true, false, at, SeatBot(e.seed), {}};
    seats_.push_back(std::move(holder));
    room_changed_ = true;
}

void Room::apply_bot_asked(const event::BotAsked& e, TimeMs at) {
    SeatHolder& holder = seats_.at(static_cast<std::size_t>(e.seat));
    if (holder.bot || holder.connected) return;
    holder.bot_votes.insert(e.player);
    room_changed_ = true;
    // The host hands it at once; else more than half of the players here (the away one aside).
    int here = 0;
    int asked = 0;
    for (const auto& [player, m] : members_) {
        if (!m.seat || *m.seat == e.seat || !m.connected) continue;
        ++here;
        asked += holder.bot_votes.count(player) ? 1 : 0;
    }
    const bool by_host = host_ >= 0 && host_ < static_cast<int>(seats_.size()) && seats_[host_].player == e.player;
    if (!by_host && 2 * asked <= here) return;
    holder.bot = SeatBot(e.seed);
    holder.bot_votes.clear();
    game_changed_ = true;  // its absent clock stops: everyone's snapshot shows it (same rev)
    if (!replaying_) spdlog::info("room {}: a bot plays seat {} for {}", setup_.code, e.seat, holder.name);
    if (state_ && status_ == RoomStatus::playing && !skipping_game_) step_bot(e.seat, at);
}

void Room::seat_back(SeatHolder& holder) {
    if (holder.bot || !holder.bot_votes.empty()) room_changed_ = true;
    if (holder.bot) game_changed_ = true;
    holder.bot.reset();
    holder.bot_votes.clear();
}

void Room::close_seat(Seat s) {
    seats_.erase(seats_.begin() + s);
    for (auto& [player, m] : members_) {
        if (m.seat && *m.seat > s) --*m.seat;
    }
    // The host is a person: the next one in table order inherits it. Without any, the bots go too.
    const bool was_host = host_ == s;
    if (host_ > s) --host_;
    const int n = static_cast<int>(seats_.size());
    if (!was_host && host_ < n && seats_[host_].person()) return;
    for (int step = 0; step < n; ++step) {
        const int next = (s + step) % n;
        if (seats_[next].person()) {
            host_ = next;
            return;
        }
    }
    seats_.clear();
    host_ = 0;
}

void Room::step_bots(TimeMs at) {
    for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s) {
        if (seats_[static_cast<std::size_t>(s)].bot) step_bot(s, at);
    }
}

void Room::step_bot(Seat seat, TimeMs at) {
    SeatBot& bot = *seats_[static_cast<std::size_t>(seat)].bot;
    if (!state_ || status_ != RoomStatus::playing) {
        bot.due.reset();
        bot.action.reset();
        return;
    }
    const Json snapshot = bot_snapshot(seat, bot, at);
    games::Rng rng = games::bot_rng(bot.seed, rev_, at);
    games::BotTurn turn;
    try {
        turn = game().bot().step(bot.memory, snapshot, rng);
    } catch (const std::exception& e) {  // a bot's bug must not take the room down: its clock plays for it
        spdlog::error("room {}: the bot of seat {} failed: {}", setup_.code, seat, e.what());
        bot.due.reset();
        bot.action.reset();
        return;
    }
    bot.memory = std::move(turn.memory);
    if (turn.action) {
        // The same decision as before keeps its time: a person does not start thinking again
        // because someone else moved.
        if (bot.due && bot.action == turn.action) return;
        bot.due = at + std::max(kMinThinkMs, turn.think_ms);
        bot.action = std::move(turn.action);
    } else if (turn.think_ms > 0) {
        bot.due = at + turn.think_ms;
        bot.action.reset();
    } else {
        bot.due.reset();
        bot.action.reset();
    }
}

Json Room::bot_snapshot(Seat seat, SeatBot& bot, TimeMs at) {
    const std::string view = protocol::json_text(state_->view(seat));
    Json deadlines = Json::array();  // in room time, which is the bot's
    for (const games::Deadline& d : this->deadlines()) {
        deadlines.push_back(Json{{"kind", d.kind}, {"at", d.at}, {"seat", d.seat ? Json(*d.seat) : Json(nullptr)}});
    }
    const std::string deadlines_text = protocol::json_text(deadlines);
    const std::string waiting_for = protocol::json_text(state_->waiting_for());
    const std::string log = log_since(bot.log_seen, seat);
    bot.log_seen = log_.size();
    protocol::SnapshotParts s;
    s.room = setup_.code;
    s.rev = rev_;
    s.status = to_string(status_);
    s.server_time = at;
    s.seat = seat;
    s.view = view;
    s.actions = listed(seat);
    s.deadlines = deadlines_text;
    s.waiting_for = waiting_for;
    s.log = log;  // and no outcome: a finished game has no bot to step
    return Json::parse(protocol::encode_snapshot(s));
}

std::optional<Room::Due> Room::next_bot_due() const {
    std::optional<Due> best;
    for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s) {
        const std::optional<SeatBot>& bot = seats_[static_cast<std::size_t>(s)].bot;
        if (!bot || !bot->due) continue;
        const Due::Source source = bot->action ? Due::bot_move : Due::bot_look;
        if (!best || *bot->due < best->deadline.at || (*bot->due == best->deadline.at && source < best->source)) {
            best = Due{{"bot", *bot->due, s}, source};
        }
    }
    return best;
}

void Room::bots_look_until(TimeMs at) {
    if (!state_ || status_ != RoomStatus::playing || skipping_game_) return;
    for (;;) {
        std::optional<Due> due = next_bot_due();
        if (!due || due->deadline.at > at) return;
        if (due->source == Due::bot_look) {
            step_bot(*due->deadline.seat, std::max(due->deadline.at, last_stamp_));
            continue;
        }
        // A move due before the next event that is not in the journal was refused there: it is
        // set aside here too, and the looks after it still come. One due at the event's time is
        // that event, or comes after it.
        if (due->deadline.at >= at) return;
        SeatBot& bot = *seats_[static_cast<std::size_t>(*due->deadline.seat)].bot;
        bot.due.reset();
        bot.action.reset();
    }
}

}  // namespace taol::server
