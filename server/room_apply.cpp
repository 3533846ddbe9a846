// The one path by which a room changes: commit() journals an event, then apply() performs it.
#include <spdlog/spdlog.h>

#include <stdexcept>

#include "server/frames.hpp"
#include "server/room.hpp"

namespace taol::server {
namespace {

// The replayed effect of an action: a journal that no longer applies cannot be trusted further.
games::Applied must_apply(const games::GameState& state, Seat seat, const Json& action, TimeMs at) {
    auto result = state.apply(seat, action, at);
    if (!result.ok()) throw std::runtime_error("journal does not replay: " + result.error().message);
    return std::move(result.value());
}

}  // namespace

bool Room::commit(TimeMs at, TimeMs wall, EventBody body, std::optional<games::Applied> applied) {
    const bool deadline = std::holds_alternative<event::Expired>(body) || std::holds_alternative<event::Defaulted>(body);
    if (retry_at_ && !deadline) return false;  // a deadline waits to be recorded: it comes first
    const bool changes_game = deadline || std::holds_alternative<event::Acted>(body) ||
                              std::holds_alternative<event::Started>(body);
    RoomEvent event{at, wall, std::move(body), rev_ + (changes_game ? 1 : 0)};
    if (hooks_.journal && !hooks_.journal(event)) {
        spdlog::error("room {}: could not record event '{}'", setup_.code, event_name(event.body));
        return false;
    }
    apply(event, std::move(applied));
    return true;
}

void Room::apply(const RoomEvent& event, std::optional<games::Applied> applied) {
    const TimeMs at = event.at;
    last_stamp_ = std::max(last_stamp_, at);
    last_wall_ = std::max(last_wall_, event.wall);
    std::visit(Overloaded{
                   [&](const event::Joined& e) { apply_joined(e, at); },
                   [&](const event::Left& e) { apply_left(e, at); },
                   [&](const event::Connected& e) { apply_connection(e.player, true, at); },
                   [&](const event::Disconnected& e) { apply_connection(e.player, false, at); },
                   [&](const event::Started& e) { apply_started(e, at); },
                   [&](const event::Acted& e) {
                       if (!applied) applied = must_apply(*state_, e.seat, e.action, at);
                       install(std::move(*applied), at, e.seat, e.seat);
                   },
                   [&](const event::Expired&) { install(state_->expire(at), at, std::nullopt, std::nullopt); },
                   [&](const event::Defaulted& e) {
                       if (!applied) applied = must_apply(*state_, e.seat, e.action, at);
                       install(std::move(*applied), at, std::nullopt, e.seat);
                   },
                   [&](const event::Chatted&) {},
               },
               event.body);
    update_suspension(event.wall);
}

void Room::apply_joined(const event::Joined& e, TimeMs at) {
    Member member{e.name, std::nullopt, true, nullptr, 0, -1};
    if (!e.spectator) {
        if (auto held = seat_held_by(e.player)) {  // back to a seat kept for it
            seats_[*held].present = true;
            seats_[*held].connected = true;
            member.seat = held;
            if (!replaying_) spdlog::info("room {}: {} is back at seat {}", setup_.code, e.name, *held);
        } else {
            seats_.push_back(SeatHolder{e.player, e.name, true, true, at});
            member.seat = static_cast<Seat>(seats_.size() - 1);
        }
        if (seats_.size() == 1) host_ = 0;
    }
    members_[e.player] = std::move(member);
    room_changed_ = true;
}

void Room::apply_left(const event::Left& e, TimeMs at) {
    auto it = members_.find(e.player);
    if (it == members_.end()) return;
    const std::optional<Seat> seat = it->second.seat;
    members_.erase(it);
    room_changed_ = true;
    if (!seat) return;
    const Seat s = *seat;
    const int n = static_cast<int>(seats_.size());
    if (status_ == RoomStatus::waiting) {
        // The seats close up, in the same order; the next seated player inherits the host.
        seats_.erase(seats_.begin() + s);
        for (auto& [player, m] : members_) {
            if (m.seat && *m.seat > s) --*m.seat;
        }
        if (host_ > s) --host_;
        else if (host_ == s && s >= static_cast<int>(seats_.size())) host_ = 0;
        return;
    }
    // A running game keeps the seat, played for as absent.
    seats_[s].present = false;
    seats_[s].connected = false;
    seats_[s].away_since = at;
    if (!replaying_) spdlog::info("room {}: {} left seat {}", setup_.code, seats_[s].name, s);
    if (host_ == s) {
        for (int step = 1; step < n; ++step) {
            const int next = (s + step) % n;
            if (seats_[next].present) {
                host_ = next;
                break;
            }
        }
    }
}

void Room::apply_connection(const std::string& player, bool connected, TimeMs at) {
    auto it = members_.find(player);
    if (it == members_.end()) return;
    it->second.connected = connected;
    room_changed_ = true;
    if (!it->second.seat) return;
    SeatHolder& holder = seats_[*it->second.seat];
    holder.connected = connected;
    if (!connected) holder.away_since = at;
    // The "absent" countdown starts or stops: everyone's snapshot shows it (same rev).
    if (state_ && status_ == RoomStatus::playing) game_changed_ = true;
    if (!replaying_) {
        spdlog::info("room {}: {} (seat {}) {}", setup_.code, holder.name, *it->second.seat,
                     connected ? "resumed" : "dropped");
    }
}

void Room::apply_started(const event::Started& e, TimeMs at) {
    const int players = static_cast<int>(seats_.size());
    state_ = game().setup(e.options, players, e.seed, at);
    options_ = game_options_ = e.options;
    seed_ = e.seed;
    ++games_started_;
    ++rev_;
    history_.clear();
    history_.push({rev_, at, std::nullopt, state_});
    log_.clear();
    for (auto& [player, m] : members_) m.log_sent = 0;  // a new game, a new log
    waiting_since_.clear();
    for (Seat s : state_->waiting_for()) waiting_since_[s] = at;
    stuck_.clear();
    status_ = state_->finished() ? RoomStatus::finished : RoomStatus::playing;
    room_changed_ = game_changed_ = true;
    if (!replaying_) {
        spdlog::info("room {}: {} started with {} players (seed {})", setup_.code, game().id(), players, e.seed);
    }
}

void Room::install(games::Applied applied, TimeMs at, std::optional<Seat> actor, std::optional<Seat> mover) {
    state_ = std::move(applied.state);
    ++rev_;
    history_.push({rev_, at, actor, state_});
    // Games only see room time; the log is kept on the wall clock (no change happens while suspended).
    for (games::LogEntry& entry : applied.log) {
        entry.at += clock_.offset();
        log_.push_back(std::move(entry));
    }
    // A seat waits from when it started waiting, or from its own last move.
    std::map<Seat, TimeMs> waiting;
    for (Seat s : state_->waiting_for()) {
        auto before = waiting_since_.find(s);
        waiting[s] = (before == waiting_since_.end() || mover == s) ? at : before->second;
    }
    waiting_since_ = std::move(waiting);
    stuck_.clear();
    game_changed_ = true;
    if (state_->finished() && status_ == RoomStatus::playing) {
        status_ = RoomStatus::finished;
        room_changed_ = true;
        if (!replaying_) spdlog::info("room {}: game finished: {}", setup_.code, state_->outcome().dump());
    }
}

void Room::update_suspension(TimeMs wall) {
    const bool anyone = std::any_of(seats_.begin(), seats_.end(), [](const SeatHolder& h) { return h.connected; });
    if (anyone) clock_.resume(wall);
    else clock_.suspend(wall);
}

}  // namespace taol::server
