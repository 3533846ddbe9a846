#pragma once
// A room as a synchronous core: seats, spectators, the game, its clocks and its arbitration.
// No sockets, no threads and no clock of its own: every call brings the wall-clock time at which
// the room took the message, and answers go to the callers' peers. The network runs it inside an
// actor (room_actor.hpp), one call at a time.
//
// Every change goes through commit(): the event is journaled first, then applied, and only then is
// anything sent. Replaying the journal (replay()) rebuilds the same room.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "games/core/game.hpp"
#include "protocol/messages.hpp"
#include "server/history.hpp"
#include "server/peer.hpp"
#include "server/room_clock.hpp"
#include "server/room_events.hpp"

namespace taol::server {

enum class RoomStatus { waiting, playing, finished };
const char* to_string(RoomStatus status);

// Who sent a message to the room.
struct Caller {
    std::string player;               // public player id
    PeerPtr peer;                     // where the answer goes
    std::optional<std::int64_t> id;   // the message's id, echoed in its answer
    std::string token_hash;           // SHA-256 of its token, journaled when it joins
};

struct RoomHooks {
    // Sees every event before it takes effect and before anything is sent. Returning false means it
    // could not be recorded, so it does not happen (the caller gets storage_error; a deadline is
    // retried a little later).
    std::function<bool(const RoomEvent&)> journal;
    // The seed of each new game; the system's CSPRNG when empty.
    std::function<std::uint64_t()> new_seed;
    // Told of every action a player sent, accepted or refused.
    std::function<void(bool accepted)> on_action;
};

class Room {
public:
    explicit Room(RoomSetup setup, RoomHooks hooks = {});

    // Sees the room after each replayed event.
    using ReplayObserver = std::function<void(const Room&, const RoomEvent&)>;

    // The room that `setup` and `events` describe, with no live connection. Throws when the
    // events do not replay (a journal that does not belong to this game).
    static std::unique_ptr<Room> replay(RoomSetup setup, const std::vector<RoomEvent>& events,
                                        RoomHooks hooks = {}, const ReplayObserver& observer = {});

    // After a restart nobody is connected any more. Records it as of the last event, so that the
    // room stays suspended and the time the server was down does not count: deadlines resume with
    // the time they had left when a seated player reconnects. Returns false when it could not be
    // recorded.
    bool mark_everyone_away();

    // --- Messages. Each stamps the call with the room clock, applies the deadlines due by then,
    // and answers the caller (with its id) and the room. ---

    // Returns whether the caller is in the room afterwards.
    bool join(const Caller& caller, const std::string& name, bool as_spectator, TimeMs wall);
    // Returns whether the caller is in the room afterwards.
    bool leave(const Caller& caller, TimeMs wall);
    void start(const Caller& caller, const Json& options, TimeMs wall);
    void rematch(const Caller& caller, const Json& options, TimeMs wall);
    void act(const Caller& caller, const Json& action, std::optional<std::int64_t> rev, TimeMs wall);
    void chat(const Caller& caller, const std::string& text, TimeMs wall);

    // A member's new connection: it gets `room` and, when a game exists, its `snapshot`.
    void reconnect(const std::string& player, PeerPtr peer, TimeMs wall);
    // A member's connection closed; ignored when the member has a newer one.
    void disconnect(const std::string& player, const Peer* peer, TimeMs wall);
    // Applies every deadline due by `wall`.
    void tick(TimeMs wall);
    // When tick() should next run (wall clock); nullopt while no deadline runs.
    std::optional<TimeMs> next_tick(TimeMs wall) const;

    // --- Observers ---
    const std::string& code() const { return setup_.code; }
    const games::Game& game() const { return *setup_.game; }
    RoomStatus status() const { return status_; }
    std::int64_t rev() const { return rev_; }
    int host() const { return host_; }
    bool suspended() const { return clock_.suspended(); }
    TimeMs room_time(TimeMs wall) const { return clock_.room_time(wall); }
    std::uint64_t seed() const { return seed_; }
    const games::GameState* state() const { return state_.get(); }
    const Json& options() const { return options_; }
    bool is_member(const std::string& player) const { return members_.count(player) > 0; }
    std::optional<Seat> seat_of(const std::string& player) const;
    int connected_count() const;
    protocol::RoomInfo info() const;
    // The public summary of the room (GET /api/rooms/<code>): game, status, players, outcome.
    Json summary() const;
    // The log of the current game; `at` on the wall clock.
    const std::vector<games::LogEntry>& log() const { return log_; }
    // Every running timer, the game's and the room's ("turn", "absent"), on the room clock.
    std::vector<games::Deadline> deadlines() const;

private:
    struct SeatHolder {
        std::string player;
        std::string name;
        bool present = true;    // still in the room (a running game keeps the seat of who left)
        bool connected = true;
        TimeMs away_since = 0;  // room clock, when it last disconnected or left
    };
    // Someone in the room now: a seat holder or a spectator.
    struct Member {
        std::string name;
        std::optional<Seat> seat;
        bool connected = true;
        PeerPtr peer;                // the live connection (not part of the room's events)
        std::size_t log_sent = 0;    // log entries this connection has had
        std::int64_t rev_sent = -1;  // rev of the last snapshot sent to this connection
    };
    struct Due {
        games::Deadline deadline;
        bool from_game = false;  // the game's own (expire) or the room's (a default action)
    };
    enum class Answer { none, room, snapshot };
    struct Flushed {
        bool room = false;
        bool snapshots = false;
    };

    // room.cpp: messages
    void begin_game(const Caller& caller, const Json& options, TimeMs wall, bool rematch);
    void refuse(const Caller& caller, const protocol::ErrorInfo& error, TimeMs wall);
    void refuse(const Caller& caller, protocol::ErrorCode code, std::string message, TimeMs wall);
    Member* member(const std::string& player);
    // The `room` message as `m` receives it: with "you", its own seat (null for a spectator).
    Json room_for(const Member& m) const;
    std::optional<Seat> seat_held_by(const std::string& player) const;

    // room_apply.cpp: the one path by which anything changes
    bool commit(TimeMs at, TimeMs wall, EventBody body, std::optional<games::Applied> applied = {});
    void apply(const RoomEvent& event, std::optional<games::Applied> applied);
    void apply_joined(const event::Joined& e, TimeMs at);
    void apply_left(const event::Left& e, TimeMs at);
    void apply_connection(const std::string& player, bool connected, TimeMs at);
    void apply_started(const event::Started& e, TimeMs at);
    void install(games::Applied applied, TimeMs at, std::optional<Seat> actor, std::optional<Seat> mover);
    void update_suspension(TimeMs wall);

    // room_timers.cpp: deadlines and stamps
    TimeMs take(TimeMs wall);
    void apply_due(TimeMs stamp, TimeMs wall);
    std::optional<Due> next_due() const;
    std::vector<games::Deadline> room_deadlines() const;

    // room_send.cpp: what goes out
    Flushed flush(const Caller* caller, Answer answer, TimeMs wall);
    Json snapshot_for(Member& member, TimeMs wall);
    Json wire_deadlines(TimeMs wall) const;
    void send_snapshot(const std::string& player, TimeMs wall);

    RoomSetup setup_;
    RoomHooks hooks_;
    RoomClock clock_;
    TimeMs last_stamp_ = 0;
    bool replaying_ = false;

    RoomStatus status_ = RoomStatus::waiting;
    Json options_;                      // the room's options, as the next game will use them
    std::vector<SeatHolder> seats_;
    int host_ = 0;
    std::map<std::string, Member> members_;

    std::shared_ptr<const games::GameState> state_;
    Json game_options_;                 // the options of the current game
    std::uint64_t seed_ = 0;
    std::int64_t rev_ = 0;
    History history_;
    std::vector<games::LogEntry> log_;  // `at` already on the wall clock
    std::map<Seat, TimeMs> waiting_since_;
    std::set<Seat> stuck_;              // seats whose default action the game refused at this rev

    int games_started_ = 0;             // rematches included
    TimeMs last_wall_ = 0;              // wall time of the last event
    // A due deadline could not be recorded: nothing else may happen before it, and it is tried
    // again at this wall time.
    std::optional<TimeMs> retry_at_;

    bool room_changed_ = false;         // a `room` message is owed to everyone
    bool game_changed_ = false;         // a `snapshot` is owed to everyone
};

}  // namespace taol::server
