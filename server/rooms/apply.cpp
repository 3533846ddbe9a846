// The one path by which a room changes: commit() journals an event, then apply() performs it once
// the journal has answered that it is written.
#include <spdlog/spdlog.h>

#include <atomic>
#include <stdexcept>

#include "server/rooms/frames.hpp"
#include "server/rooms/room.hpp"

namespace taol::server {
namespace {

// An option given in seconds (a room clock's length), in milliseconds.
TimeMs seconds_option(const Json& options, const char* name, TimeMs fallback) {
    auto it = options.find(name);
    return (it != options.end() && it->is_number_integer()) ? it->get<TimeMs>() * 1000 : fallback * 1000;
}

// The replayed effect of an action: a journal that no longer applies cannot be trusted further.
games::Applied must_apply(const games::GameState& state, Seat seat, const Json& action, TimeMs at) {
    auto result = state.apply(seat, action, at);
    if (!result.ok()) throw std::runtime_error("journal does not replay: " + result.error().message);
    return std::move(result.value());
}

bool is_presence(const EventBody& body) {
    return std::holds_alternative<event::Connected>(body) || std::holds_alternative<event::Disconnected>(body);
}

}  // namespace

void Room::commit(TimeMs at, TimeMs wall, EventBody body, std::optional<games::Applied> applied, Then then) {
    const bool deadline = std::holds_alternative<event::Expired>(body) || std::holds_alternative<event::Defaulted>(body);
    // Something owed to the journal comes first: a due deadline, or a connection that came or went.
    if (retry_at_ && !deadline && !is_presence(body)) return then(false);
    const bool changes_game = is_game_event(body) || std::holds_alternative<event::Started>(body);
    RoomEvent event{at, wall, std::move(body), rev_ + (changes_game ? 1 : 0)};
    if (group_) group_->events.push_back(event);  // written with the group (groups.cpp)
    if (group_ || !hooks_.journal) {
        apply(event, std::move(applied));
        return then(true);
    }
    pending_ = std::make_shared<Pending>(Pending{event, std::move(applied), std::move(then)});
    on_answer([this](WriteDone done) { hooks_.journal(pending_->event, std::move(done)); },
              [this](WriteResult result) { answered(result); });
}

void Room::on_answer(std::function<void(WriteDone)> ask, std::function<void(WriteResult)> handle) {
    // The answer may come during the call (it is then handled once the call returns, here) or
    // after it, from another thread: whichever side comes second handles it, exactly once.
    struct Answer {
        std::atomic<bool> taken{false};
        WriteResult result = WriteResult::failed;
    };
    auto answer = std::make_shared<Answer>();
    ask([answer, handle, dispatch = dispatch_](WriteResult result) {
        answer->result = result;
        if (!answer->taken.exchange(true)) return;  // still inside the call: handled below
        if (dispatch) dispatch([handle, result] { handle(result); });
        else handle(result);
    });
    if (answer->taken.exchange(true)) handle(answer->result);
}

void Room::answered(WriteResult result) {
    const std::shared_ptr<Pending> done = std::move(pending_);
    const bool written = result == WriteResult::written;
    if (written) {
        apply(done->event, std::move(done->applied));
    } else {
        spdlog::error("room {}: event '{}' not recorded ({})", setup_.code, event_name(done->event.body), to_string(result));
    }
    done->then(written);
}

bool Room::skipped_game_event(const RoomEvent& event) {
    if (!skipping_game_ || !is_game_event(event.body)) return false;
    rev_ = std::max(rev_, event.rev);
    return true;
}

void Room::apply(const RoomEvent& event, std::optional<games::Applied> applied) {
    const TimeMs at = event.at;
    last_stamp_ = std::max(last_stamp_, at);
    last_wall_ = std::max(last_wall_, event.wall);
    if (skipped_game_event(event)) return;
    std::visit(Overloaded{
                   [&](const event::Joined& e) { apply_joined(e, at); },
                   [&](const event::Left& e) { apply_left(e, at); },
                   [&](const event::Connected& e) { apply_connection(e.player, true, at); },
                   [&](const event::Disconnected& e) { apply_connection(e.player, false, at); },
                   [&](const event::Started& e) { apply_started(e, event); },
                   [&](const event::Acted& e) {
                       if (!applied) applied = must_apply(*state_, e.seat, e.action, at);
                       install(std::move(*applied), event, e.seat);
                       if (!replaying_) record_change(e.seat, &e.action);
                   },
                   [&](const event::Expired&) {
                       install(state_->expire(at), event, std::nullopt);
                       if (!replaying_) record_change(std::nullopt, nullptr);
                   },
                   [&](const event::Defaulted& e) {
                       if (!applied) applied = must_apply(*state_, e.seat, e.action, at);
                       // What the room played for a seat says so (its turn clock ran out, or it is away).
                       for (games::LogEntry& entry : applied->log) entry.params["auto"] = e.kind;
                       install(std::move(*applied), event, e.seat);
                       if (!replaying_) record_change(std::nullopt, nullptr);
                   },
                   [&](const event::Chatted&) {},
                   [&](const event::Configured& e) {
                       options_.update(e.options);
                       fair_races_ = fair_races_in(options_);
                       room_changed_ = true;
                   },
                   [&](const event::BotSeated& e) { apply_bot_seated(e, at); },
                   [&](const event::BotRemoved& e) {
                       close_seat(e.seat);
                       room_changed_ = true;
                   },
                   [&](const event::BotAsked& e) { apply_bot_asked(e, at); },
               },
               event.body);
    if (!replaying_) update_suspension();
}

void Room::apply_joined(const event::Joined& e, TimeMs at) {
    Member member{e.name, std::nullopt, true, nullptr, 0, -1};
    if (!e.spectator) {
        if (auto held = seat_held_by(e.player)) {  // back to a seat kept for it
            seats_[*held].present = true;
            seats_[*held].connected = true;
            seat_back(seats_[*held]);
            member.seat = held;
            if (!replaying_) spdlog::info("room {}: {} is back at seat {}", setup_.code, e.name, *held);
        } else {
            seats_.push_back(SeatHolder{e.player, e.name, true, true, at, std::nullopt, {}});
            member.seat = static_cast<Seat>(seats_.size() - 1);
        }
        if (seats_.size() == 1) host_ = 0;
        room_changed_ = true;
    } else {
        spectators_changed_ = true;
    }
    members_[e.player] = std::move(member);
}

void Room::apply_left(const event::Left& e, TimeMs at) {
    auto it = members_.find(e.player);
    if (it == members_.end()) return;
    const std::optional<Seat> seat = it->second.seat;
    members_.erase(it);
    if (!seat) {
        spectators_changed_ = true;
        return;
    }
    room_changed_ = true;
    const Seat s = *seat;
    const int n = static_cast<int>(seats_.size());
    if (status_ == RoomStatus::waiting) return close_seat(s);  // the seats close up, in the same order
    // A running game keeps the seat, played for as absent.
    seats_[s].present = false;
    seats_[s].connected = false;
    seats_[s].away_since = at;
    if (!replaying_) spdlog::info("room {}: {} left seat {}", setup_.code, seats_[s].name, s);
    if (host_ == s) {
        for (int step = 1; step < n; ++step) {
            const int next = (s + step) % n;
            if (seats_[next].present && seats_[next].person()) {
                host_ = next;
                break;
            }
        }
    }
}

void Room::apply_connection(const std::string& player, bool connected, TimeMs at) {
    auto it = members_.find(player);
    if (it == members_.end()) return;
    if (!it->second.seat) {
        // A spectator is in the room while connected: one who goes leaves the member list (its
        // token still finds the room, and it comes back among the spectators).
        if (!connected) {
            members_.erase(it);
            spectators_changed_ = true;
        }
        return;
    }
    it->second.connected = connected;
    room_changed_ = true;
    SeatHolder& holder = seats_[*it->second.seat];
    holder.connected = connected;
    if (!connected) holder.away_since = at;
    else seat_back(holder);
    // The "absent" countdown starts or stops: everyone's snapshot shows it (same rev).
    if (state_ && status_ == RoomStatus::playing) game_changed_ = true;
    if (!replaying_) {
        spdlog::info("room {}: {} (seat {}) {}", setup_.code, holder.name, *it->second.seat,
                     connected ? "resumed" : "dropped");
    }
}

void Room::apply_started(const event::Started& e, const RoomEvent& event) {
    const int players = static_cast<int>(seats_.size());
    options_ = e.options;
    fair_races_ = fair_races_in(options_);
    turn_ms_ = seconds_option(e.options, "turn_seconds", 0);
    absent_ms_ = seconds_option(e.options, "absent_seconds", 60);
    seed_ = e.seed;
    ++games_started_;
    rev_ = std::max(rev_ + 1, event.rev);
    history_.clear();
    baselines_.clear();  // a new game: everyone starts from a full snapshot
    listed_.seats.assign(seats_.size(), std::nullopt);
    log_.clear();
    for (auto& [player, m] : members_) m.log_sent = 0;  // a new game, a new log
    turn_clocks_.clear();
    stuck_.clear();
    for (SeatHolder& holder : seats_) {
        if (holder.bot) holder.bot = SeatBot(holder.bot->seed);  // a new game, a new memory
    }
    room_changed_ = game_changed_ = true;
    // A game begun under other rules cannot be replayed through today's: it is interrupted (the
    // seats, the chat and the earlier games stay; the host may start a new one). A replay skips
    // the games before its last one the same way, without calling them interrupted.
    const bool earlier_game = replaying_ && games_started_ < replayed_game_;
    interrupted_ = !earlier_game && e.rules != game().rules_version();
    skipping_game_ = earlier_game || interrupted_;
    if (skipping_game_) {
        state_.reset();
        status_ = RoomStatus::finished;
        if (interrupted_) {
            spdlog::warn("room {}: its game began under rules version {} ({} now): restored as interrupted",
                         setup_.code, e.rules, game().rules_version());
        }
        return;
    }
    state_ = game().setup(e.options, players, e.seed, event.at);
    status_ = state_->finished() ? RoomStatus::finished : RoomStatus::playing;
    update_turn_clocks(event.at, std::nullopt);
    step_bots(event.at);
    if (!replaying_) {
        record_change(std::nullopt, nullptr);
        spdlog::info("room {}: {} started with {} players (seed {})", setup_.code, game().id(), players, e.seed);
    }
}

void Room::install(games::Applied applied, const RoomEvent& event, std::optional<Seat> mover) {
    state_ = std::move(applied.state);
    ++rev_;
    listed_.seats.assign(seats_.size(), std::nullopt);
    // Games only see room time; the log is kept on the wall clock, as of the event's own wall time.
    for (games::LogEntry& entry : applied.log) {
        entry.at = event.wall + (entry.at - event.at);
        log_.add(entry);
    }
    update_turn_clocks(event.at, mover);
    stuck_.clear();
    game_changed_ = true;
    if (state_->finished() && status_ == RoomStatus::playing) {
        status_ = RoomStatus::finished;
        room_changed_ = true;
        if (!replaying_) {
            spdlog::info("room {}: game finished: {}", setup_.code, state_->outcome().dump());
            if (group_) group_->finished.push_back(games_started_);  // once written
            else if (hooks_.on_finished) hooks_.on_finished(games_started_);
        }
    }
    step_bots(event.at);
}

void Room::record_change(std::optional<Seat> actor, const Json* action) {
    // A finished game takes no action (game_over): what it offered lately is no longer needed.
    if (status_ == RoomStatus::finished) return history_.clear();
    std::vector<std::string_view> offered;
    for (Seat s = 0; s < static_cast<Seat>(seats_.size()); ++s) offered.push_back(listed(s));
    history_.push(rev_, last_stamp_, actor, action, offered);
}

void Room::update_suspension() {
    // Time runs while a seated player is really connected.
    const bool anyone = std::any_of(members_.begin(), members_.end(),
                                    [](const auto& item) { return item.second.seat && item.second.peer; });
    if (anyone && clock_.suspended()) {
        clock_.resume(now_.mono);
        clock_.observe(now_);
    } else if (!anyone && !clock_.suspended()) {
        clock_.freeze_at(std::max(clock_.room_time(now_.mono), last_stamp_));
    }
}

}  // namespace taol::server
