#include "server/rooms/room.hpp"

#include <algorithm>
#include <cmath>

#include <spdlog/spdlog.h>

#include "games/core/options.hpp"
#include "server/rooms/frames.hpp"
#include "server/rooms/random_ids.hpp"

namespace taol::server {

using protocol::ErrorCode;

const char* to_string(RoomStatus status) {
    switch (status) {
        case RoomStatus::waiting: return "waiting";
        case RoomStatus::playing: return "playing";
        case RoomStatus::finished: return "finished";
    }
    return "waiting";
}

namespace {

ErrorCode error_code(games::RuleCode code) {
    switch (code) {
        case games::RuleCode::not_your_turn: return ErrorCode::not_your_turn;
        case games::RuleCode::illegal_action: return ErrorCode::illegal_action;
        case games::RuleCode::game_over: return ErrorCode::game_over;
    }
    return ErrorCode::illegal_action;
}

// The room's own options, which the host may change at any time (configure).
constexpr const char* kRoomOptions[] = {"spectators_chat", "spectators_max", "fair_races", "fair_races_cap_ms"};

bool is_room_option(const std::string& name) {
    return std::any_of(std::begin(kRoomOptions), std::end(kRoomOptions), [&](const char* o) { return name == o; });
}

}  // namespace

Room::Room(RoomSetup setup, RoomHooks hooks, RoomLimits limits)
    : setup_(std::move(setup)),
      hooks_(std::move(hooks)),
      limits_(limits),
      clock_(setup_.wall),  // nobody seated yet: suspended
      last_stamp_(setup_.wall),
      options_(setup_.options),
      fair_races_(fair_races_in(options_)) {}

std::unique_ptr<Room> Room::replay(RoomSetup setup, const std::vector<RoomEvent>& events, RoomHooks hooks,
                                   const ReplayObserver& observer, RoomLimits limits) {
    auto room = std::make_unique<Room>(std::move(setup), std::move(hooks), limits);
    room->replaying_ = true;
    // Only the last game decides what the room is now: earlier ones are not played again (their
    // events only move the rev), or a room's restore and each replay would grow with its evening.
    room->replayed_game_ = static_cast<int>(std::count_if(events.begin(), events.end(), [](const RoomEvent& e) {
        return std::holds_alternative<event::Started>(e.body);
    }));
    for (const RoomEvent& event : events) {
        room->bots_look_until(event.at);  // the bots' looks between two events, at their times
        room->apply(event, std::nullopt);
        if (observer) observer(*room, event);
    }
    room->replaying_ = false;
    room->skipping_game_ = false;
    room->clock_.freeze_at(room->last_stamp_);  // goes on from its last journaled time
    room->room_changed_ = room->game_changed_ = room->spectators_changed_ = false;
    return room;
}

void Room::owe_everyone_away() {
    for (auto& [player, m] : members_) {
        if (m.connected && !m.peer) owed_presence_[player] = {false, last_stamp_, std::max(last_wall_, setup_.wall)};
    }
}

void Room::mark_everyone_away(Instant now) {
    now_ = now;
    owe_everyone_away();
    settle_owed_presence([this, now](bool recorded) {
        if (recorded) return;
        retry_at_ = now.mono;  // tried again at the room's next tick
        spdlog::error("room {}: could not record yet that everyone is away", setup_.code);
    });
    room_changed_ = game_changed_ = spectators_changed_ = false;  // nobody to tell
}

// Each message is stamped as the room takes it (take), whenever its due deadlines are answered.
void Room::join(const Caller& caller, const std::string& name, bool as_spectator, Instant now) {
    take(now, [=, this](TimeMs at) { join_at(caller, name, as_spectator, at, now); });
}

void Room::join_at(const Caller& caller, const std::string& name, bool as_spectator, TimeMs at, Instant now) {
    if (is_member(caller.player)) return refuse(caller, ErrorCode::already_in_room, "you are already in this room", now);
    admit(caller, name, as_spectator, at, now, [this, caller, now](bool admitted) {
        if (!admitted) return;
        members_.at(caller.player).peer = caller.peer;
        update_suspension();
        const Flushed sent = flush(&caller, Answer::room, now);
        if (!sent.snapshots) send_snapshot(caller.player, now);
    });
}

void Room::admit(const Caller& caller, const std::string& name, bool as_spectator, TimeMs at, Instant now, Then then) {
    const bool seated_again = !as_spectator && seat_held_by(caller.player);
    if (!as_spectator && !seated_again) {
        if (status_ != RoomStatus::waiting) {
            refuse(caller, ErrorCode::already_started, "the game has started: you may join as a spectator", now);
            return then(false);
        }
        if (static_cast<int>(seats_.size()) >= game().max_players()) {
            refuse(caller, ErrorCode::room_full, "every seat is taken: you may join as a spectator", now);
            return then(false);
        }
    }
    if (as_spectator && spectator_count() >= spectators_max()) {
        refuse(caller, ErrorCode::room_full,
               "this room already has its " + std::to_string(spectators_max()) + " spectators", now);
        return then(false);
    }
    commit(at, now.wall, event::Joined{caller.player, name, as_spectator, caller.token_hash}, std::nullopt,
           [this, caller, now, then = std::move(then)](bool written) {
               if (!written) refuse(caller, ErrorCode::storage_error, "the room could not record your arrival", now);
               then(written);
           });
}

void Room::leave(const Caller& caller, Instant now) {
    take(now, [=, this](TimeMs at) {
        if (!is_member(caller.player)) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
        commit(at, now.wall, event::Left{caller.player}, std::nullopt, [this, caller, now](bool written) {
            if (!written) return refuse(caller, ErrorCode::storage_error, "the room could not record your leaving", now);
            owed_presence_.erase(caller.player);
            update_suspension();
            flush(&caller, Answer::room, now);
        });
    });
}

void Room::start(const Caller& caller, const Json& options, Instant now) {
    take(now, [=, this](TimeMs at) { begin_game(caller, options, at, now, false); });
}

void Room::rematch(const Caller& caller, const Json& options, Instant now) {
    take(now, [=, this](TimeMs at) { begin_game(caller, options, at, now, true); });
}

void Room::begin_game(const Caller& caller, const Json& options, TimeMs at, Instant now, bool rematch) {
    if (!is_member(caller.player)) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
    if (seats_.empty() || seat_of(caller.player) != host_) {
        return refuse(caller, ErrorCode::not_host, "only the host may start the game", now);
    }
    if (rematch && status_ == RoomStatus::waiting) {
        return refuse(caller, ErrorCode::not_started, "no game has been played yet: use start", now);
    }
    if (rematch ? status_ == RoomStatus::playing : status_ != RoomStatus::waiting) {
        return refuse(caller, ErrorCode::already_started,
                      rematch ? "the game is still running" : "the game has already started (after the end: rematch)",
                      now);
    }
    const int players = static_cast<int>(seats_.size());
    if (players < game().min_players()) {
        return refuse(caller, ErrorCode::not_enough_players,
                      "this game needs at least " + std::to_string(game().min_players()) + " players", now);
    }
    // Given options change the room's current ones; what is not given stays.
    Json merged = options_;
    if (options.is_object()) merged.update(options);
    auto complete = games::complete_options(game(), merged, players);
    if (!complete.ok()) return refuse(caller, ErrorCode::bad_options, complete.error().message, now);

    const std::uint64_t seed = hooks_.new_seed ? hooks_.new_seed() : random_seed();
    commit(at, now.wall, event::Started{complete.value(), seed, game().rules_version()}, std::nullopt,
           [this, caller, now](bool written) {
               if (!written) {
                   return refuse(caller, ErrorCode::storage_error, "the game could not be recorded, so it did not start", now);
               }
               // Defaults of absent seats are due at once.
               settle_then(now, [this, caller, now] { flush(&caller, Answer::snapshot, now); });
           });
}

void Room::act(const Caller& caller, const Json& action, std::optional<std::int64_t> rev, Instant now) {
    if (group_) group_->callers.push_back(caller);  // answered by storage_error if the group is not written
    if (hold_ms() > 0) {
        now_ = now;
        clock_.observe(now);
        const TimeMs arrived = std::max(clock_.room_time(now.mono), last_stamp_);
        // A race waits for the compensated actions that may still come before it (fair_races.cpp).
        if (auto claim = contested_claim(caller, action, rev, arrived)) {
            return hold_call(claim->at, [=, this](TimeMs at) { act_at(caller, action, rev, at, now_, claim); });
        }
    }
    take(now, [=, this](TimeMs at) { act_at(caller, action, rev, at, now, std::nullopt); });
}

void Room::act_at(const Caller& caller, const Json& action, std::optional<std::int64_t> rev, TimeMs at, Instant now,
                  const std::optional<FairClaim>& claim) {
    Member* m = member(caller.player);
    if (!m) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
    if (!m->seat) return refuse(caller, ErrorCode::not_a_player, "spectators cannot act", now);
    if (status_ == RoomStatus::waiting) return refuse(caller, ErrorCode::not_started, "the game has not started", now);
    if (interrupted_) {
        return refuse(caller, ErrorCode::game_over,
                      "this game was interrupted by a server update: the host can start a new one", now);
    }
    if (status_ == RoomStatus::finished) return refuse(caller, ErrorCode::game_over, "the game is over", now);

    const Seat seat = *m->seat;
    std::optional<games::Result<games::Applied>> tried;
    try {
        tried.emplace(state_->apply(seat, action, at));
    } catch (const std::exception&) {  // a game choking on odd input: refuse, change nothing
        tried.emplace(games::illegal("this action could not be understood"));
    }
    auto& result = *tried;
    if (hooks_.on_action) hooks_.on_action(result.ok());
    const bool compensated = claim && claim->compensated;
    if (!result.ok()) {
        return refuse(caller, judge_refusal(seat, action, rev.value_or(m->rev_sent), at, result.error(), compensated), now);
    }
    const std::optional<TimeMs> arrived = compensated ? std::optional(std::max(claim->arrived, at)) : std::nullopt;
    commit(at, now.wall, event::Acted{seat, action, arrived}, std::move(result.value()), [this, caller, now](bool written) {
        if (!written) return refuse(caller, ErrorCode::storage_error, "your action could not be recorded, so it did not happen", now);
        // Defaults of absent seats the game now waits for are due at once.
        settle_then(now, [this, caller, now] { flush(&caller, Answer::snapshot, now); });
    });
}

protocol::ErrorInfo Room::judge_refusal(Seat seat, const Json& action, std::int64_t rev, TimeMs at,
                                        const games::RuleError& error, bool compensated) const {
    if (auto loss = history_.lost_race(seat, action, rev)) {
        if (loss->same_action) {
            return error_info(ErrorCode::duplicate, "you already did this: it was accepted the first time");
        }
        if (loss->winner != seat) {  // the seat's own earlier move is no race: the game says why
            protocol::ErrorInfo out = error_info(ErrorCode::too_late, "");
            out.has_winner = true;
            out.winner = loss->winner;
            const TimeMs margin = std::max<TimeMs>(0, at - loss->at);
            out.margin_ms = margin;
            out.compensated = compensated;
            out.message = loss->winner ? "too late: seat " + std::to_string(*loss->winner) + " was first, by " +
                                             std::to_string(margin) + " ms"
                                       : "too late: time ran out " + std::to_string(margin) + " ms before";
            if (compensated) out.message += " (network delay compensated)";
            return out;
        }
    }
    return error_info(error_code(error.code), error.message);
}

void Room::resync(const Caller& caller, Instant now) {
    take(now, [=, this](TimeMs) {
        Member* m = member(caller.player);
        if (!m) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
        // Whatever it holds, its answer is a full snapshot with the whole log, like a first one.
        m->synced_peer = nullptr;
        m->log_sent = 0;
        flush(&caller, state_ ? Answer::snapshot : Answer::room, now);
    });
}

void Room::chat(const Caller& caller, const std::string& text, Instant now) {
    take(now, [=, this](TimeMs at) { chat_at(caller, text, at, now); });
}

void Room::chat_at(const Caller& caller, const std::string& text, TimeMs at, Instant now) {
    Member* m = member(caller.player);
    if (!m) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
    if (!m->seat && !spectators_chat()) {
        return refuse(caller, ErrorCode::not_a_player, "the host has turned spectators' chat off", now);
    }
    if (!take_chat_token(*m, now.mono)) {
        return refuse(caller, ErrorCode::rate_limited, "you are chatting too fast: wait a moment", now);
    }
    commit(at, now.wall, event::Chatted{caller.player, text}, std::nullopt, [this, caller, text, now](bool written) {
        if (!written) return refuse(caller, ErrorCode::storage_error, "your message could not be recorded, so it was not sent", now);
        flush(nullptr, Answer::none, now);
        const Member* m = member(caller.player);
        const Json message = protocol::chat_json(m->name, m->seat, text, now.wall);
        const Frame frame = encode_frame(message);
        for (const auto& [player, other] : members_) {
            if (other.peer && other.peer != caller.peer) send_to(other.peer, frame);
        }
        if (caller.peer) send_to(caller.peer, encode_frame(message, caller.id));
    });
}

bool Room::take_chat_token(Member& m, TimeMs mono) {
    if (m.chat_tokens < 0) {
        m.chat_tokens = limits_.chat_burst;
    } else {
        const double refill = static_cast<double>(std::max<TimeMs>(0, mono - m.chat_at)) / 1000.0 * limits_.chat_per_second;
        m.chat_tokens = std::min(limits_.chat_burst, m.chat_tokens + refill);
    }
    m.chat_at = mono;
    if (m.chat_tokens < 1.0) return false;
    m.chat_tokens -= 1.0;
    return true;
}

void Room::configure(const Caller& caller, const Json& options, Instant now) {
    take(now, [=, this](TimeMs at) { configure_at(caller, options, at, now); });
}

void Room::configure_at(const Caller& caller, const Json& options, TimeMs at, Instant now) {
    if (!is_member(caller.player)) return refuse(caller, ErrorCode::not_in_room, "you are not in this room", now);
    if (seats_.empty() || seat_of(caller.player) != host_) {
        return refuse(caller, ErrorCode::not_host, "only the host may change the room's settings", now);
    }
    for (const auto& [name, value] : options.items()) {
        if (!is_room_option(name)) {
            return refuse(caller, ErrorCode::bad_options,
                          "option '" + name + "' belongs to the game: change it at start or rematch", now);
        }
    }
    Json merged = options_;
    merged.update(options);
    auto complete = games::complete_options(game(), merged, std::max<int>(game().min_players(), static_cast<int>(seats_.size())));
    if (!complete.ok()) return refuse(caller, ErrorCode::bad_options, complete.error().message, now);
    commit(at, now.wall, event::Configured{options}, std::nullopt, [this, caller, now](bool written) {
        if (!written) return refuse(caller, ErrorCode::storage_error, "the settings could not be recorded, so they did not change", now);
        flush(&caller, Answer::room, now);
    });
}

void Room::reconnect(const Caller& caller, Instant now) {
    take(now, [=, this](TimeMs at) { reconnect_at(caller, at, now); });
}

void Room::reconnect_at(const Caller& caller, TimeMs at, Instant now) {
    if (member(caller.player)) return attach(caller, at, now);
    // A spectator whose connection closed left the member list: it comes back among them. A
    // seat holder who left a running game comes back with join.
    if (seat_held_by(caller.player)) return;
    admit(caller, caller.name, true, at, now, [this, caller, at, now](bool admitted) {
        if (admitted) attach(caller, at, now);
    });
}

void Room::attach(const Caller& caller, TimeMs at, Instant now) {
    Member* m = member(caller.player);
    m->peer = caller.peer;
    m->log_sent = 0;  // a new connection gets the whole log
    m->rev_sent = -1;
    m->sent.clear();
    const auto tell = [this, caller, now](bool) {
        update_suspension();
        const Flushed sent = flush(nullptr, Answer::none, now);
        const Member* m = member(caller.player);
        if (!m) return;
        if (!sent.room && m->peer) send_to(m->peer, encode_frame(room_for(*m)));
        if (!sent.snapshots) send_snapshot(caller.player, now);
    };
    if (!m->connected || owed_presence_.count(caller.player)) {
        owed_presence_[caller.player] = {true, at, now.wall};
        return settle_owed_presence(tell);  // what is not recorded stays owed
    }
    tell(true);
}

void Room::disconnect(const std::string& player, const Peer* peer, Instant now) {
    Member* m = member(player);
    if (!m || m->peer.get() != peer) return;
    take(now, [this, player, peer, now](TimeMs at) {
        Member* m = member(player);
        if (!m || m->peer.get() != peer) return;  // a deadline meanwhile changed who is here
        // Every other connection of the room that has ended by now goes with this one: when many
        // close at once (a proxy restarting), the room tells the rest once, not once per
        // departure, and builds nothing more for connections already gone (their own calls then
        // find nothing to do).
        bool owed = false;
        for (auto& [id, other] : members_) {
            if (!other.peer || (&other != m && !other.peer->gone())) continue;
            other.peer.reset();
            if (other.connected || owed_presence_.count(id)) {
                owed_presence_[id] = {false, at, now.wall};
                owed = true;
            }
        }
        const auto tell = [this, now](bool) {
            update_suspension();
            flush(nullptr, Answer::none, now);
        };
        if (owed) return settle_owed_presence(tell);  // what is not recorded stays owed
        tell(true);
    });
}

void Room::tick(Instant now) {
    now_ = now;
    clock_.observe(now);
    if (release_held(now)) return;
    settle_then(now, [this, now] { flush(nullptr, Answer::none, now); });
}

std::vector<PeerPtr> Room::moved_away(const std::string& url) {
    const Frame moved = encode_frame(protocol::moved_json(setup_.code, url));
    std::vector<PeerPtr> told;
    for (auto& [player, m] : members_) {
        if (!m.peer) continue;
        send_to(m.peer, moved);
        told.push_back(m.peer);
    }
    return told;
}

void Room::refuse(const Caller& caller, protocol::ErrorCode code, std::string message, Instant now) {
    refuse(caller, error_info(code, std::move(message)), now);
}

void Room::refuse(const Caller& caller, const protocol::ErrorInfo& error, Instant now) {
    flush(nullptr, Answer::none, now);  // what deadlines changed meanwhile comes first
    if (caller.peer) {
        send_to(caller.peer, error_frame(error, caller.id));
    }
}

}  // namespace taol::server
