#pragma once
// A room as a synchronous core: seats, spectators, the game, its clocks and its arbitration.
// No sockets, no threads and no clock of its own: every call brings the Instant (monotonic and
// wall-clock readings) at which the room took the message, and answers go to the callers' peers.
// The network runs it inside an actor (actor.hpp), one call at a time.
//
// Every change goes through commit(): the event is journaled first, then applied, and only then is
// anything sent. The journal may answer later: meanwhile the room holds the event, what it causes
// and every call after it (writing()). Calls that waited together may be taken as a group, applied
// at once and written together, nothing they cause sent before that (groups.cpp). Replaying the
// journal (replay()) rebuilds the same room.
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "games/core/game.hpp"
#include "protocol/baseline.hpp"
#include "protocol/messages.hpp"
#include "server/rooms/history.hpp"
#include "server/rooms/peer.hpp"
#include "server/rooms/room_log.hpp"
#include "server/rooms/clock.hpp"
#include "server/rooms/events.hpp"
#include "server/rooms/turn_clock.hpp"

namespace taol::server {

enum class RoomStatus { waiting, playing, finished };
const char* to_string(RoomStatus status);

// Who sent a message to the room.
struct Caller {
    std::string player;               // public player id
    PeerPtr peer;                     // where the answer goes
    std::optional<std::int64_t> id;   // the message's id, echoed in its answer
    std::string token_hash;           // SHA-256 of its token, journaled when it joins
    std::string name;                 // its name (a spectator coming back is seated by it)
    std::optional<Timing> timing = std::nullopt;  // an action's own stamp, when its connection measures its clock
};

struct RoomHooks {
    // Records every event before it takes effect and before anything is sent, and answers through
    // `done`, during the call or later from any thread (the room then hears of it where it runs:
    // answer_later_through). An event that is not written does not happen (the caller gets
    // storage_error; a deadline is retried a little later).
    std::function<void(const RoomEvent&, WriteDone done)> journal;
    // The seed of each new game; the system's CSPRNG when empty.
    std::function<std::uint64_t()> new_seed;
    // Told of every action a player sent, accepted or refused.
    std::function<void(bool accepted)> on_action;
    // Told when game number `index` (1-based, rematches included) has just finished (once
    // written).
    std::function<void(int index)> on_finished;
    // Records a group's events (begin_group) in one write, all of them or none, answered as
    // `journal` answers. Without it the room takes no group.
    std::function<void(std::vector<RoomEvent>, WriteDone done)> journal_all;
};

// Limits of a room that are not rules of its game.
struct RoomLimits {
    double chat_per_second = 1;       // chat lines a member may send, on average
    double chat_burst = 5;
    TimeMs spectators_every_ms = 1000;  // spectator counts are broadcast at most this often
};

class Room {
public:
    explicit Room(RoomSetup setup, RoomHooks hooks = {}, RoomLimits limits = {});

    // Sees the room after each replayed event.
    using ReplayObserver = std::function<void(const Room&, const RoomEvent&)>;

    // The room that `setup` and `events` describe, with no live connection. Its clock stands at the
    // last event's time until a call brings it on. A game begun under other rules than the game's
    // current rules_version() is not replayed: the room comes back with that game interrupted.
    // Games before the last one are not played again: only their revs and the room's seats count.
    // Throws when the events do not replay (a journal that does not belong to this game).
    static std::unique_ptr<Room> replay(RoomSetup setup, const std::vector<RoomEvent>& events,
                                        RoomHooks hooks = {}, const ReplayObserver& observer = {},
                                        RoomLimits limits = {});

    // After a restart nobody is connected any more. Records it as of the last event, so that the
    // room stays suspended and the time the server was down does not count: deadlines resume with
    // the time they had left when a seated player reconnects. What cannot be recorded now is owed
    // and retried (next_tick); meanwhile nobody is shown as connected.
    void mark_everyone_away(Instant now);
    // The first half of it, without the journal: from now on nobody shows as connected.
    void owe_everyone_away();

    // --- Messages. Each stamps the call with the room clock, applies the deadlines due by then,
    // and answers the caller (with its id) and the room. Once the room is no longer writing(),
    // is_member() says whether the caller is in the room afterwards. ---

    void join(const Caller& caller, const std::string& name, bool as_spectator, Instant now);
    void leave(const Caller& caller, Instant now);
    void start(const Caller& caller, const Json& options, Instant now);
    void rematch(const Caller& caller, const Json& options, Instant now);
    void act(const Caller& caller, const Json& action, std::optional<std::int64_t> rev, Instant now);
    void chat(const Caller& caller, const std::string& text, Instant now);
    // The caller's full snapshot (a client that cannot apply a delta asks for it).
    void resync(const Caller& caller, Instant now);
    // The host changes the room's own options (chat, spectators) at any time.
    void configure(const Caller& caller, const Json& options, Instant now);
    // Bots (bots.cpp): before the start the host fills the next seat with one or takes one away;
    // during a game a seat whose player is away is handed to one (by the host, or by a vote).
    void add_bot(const Caller& caller, Instant now);
    void remove_bot(const Caller& caller, Seat seat, Instant now);
    void bot_for(const Caller& caller, Seat seat, Instant now);
    // The caller's connection measured its delay again (Peer::delay; fair races): once the round
    // trip shown on its seat has really moved, everyone is sent the room again.
    void measured(const Caller& caller, Instant now);

    // A member's new connection: it gets `room` and, when a game exists, its `snapshot`. A spectator
    // who had left with its connection is seated among the spectators again.
    void reconnect(const Caller& caller, Instant now);
    // A member's connection closed; ignored when the member has a newer one. A spectator leaves.
    // Every other connection of the room that has ended (Peer::gone) goes with it, told once.
    void disconnect(const std::string& player, const Peer* peer, Instant now);
    // Applies every deadline due by `now`, retries what is owed to the journal, sends what waits.
    void tick(Instant now);
    // The room is served by another node from now on (taken over, or handed over as this node
    // stops): every member's connection is told where (PROTOCOL.md, `moved`; "": anywhere).
    // Returns those connections, for the caller to close.
    std::vector<PeerPtr> moved_away(const std::string& url);
    // When tick() should next run (monotonic clock); nullopt while nothing is due.
    std::optional<TimeMs> next_tick(Instant now) const;

    // An event (or a group's) is with the journal, unanswered: the room takes no call until it is
    // answered.
    bool writing() const { return pending_ || (group_ && group_->writing); }

    // --- Groups (groups.cpp): calls that came while the room waited for the journal, taken
    // together, their events written in one write instead of one write each in turn. ---
    // Whether the calls about to run may be taken as a group: the room writes nothing, owes the
    // journal nothing and holds no race.
    bool can_group() const;
    // Until end_group(), every event is applied as soon as it is taken, and what it causes is held
    // (every frame, a finished game's replay); the room as it stands now is kept to come back to.
    // The snapshots wait for the group's last call: each viewer gets one for them all, and each
    // caller its answer (that snapshot, with its id). Only `act` calls are taken in a group.
    void begin_group();
    // Hands the group's events to the journal in one write (writing() until it answers). Written:
    // what was held goes out, in order. Not written: the room is back as it stood at begin_group(),
    // nothing held is sent, and every call of the group is refused with storage_error. A group
    // with no event sends what it held at once.
    void end_group(Instant now);  // `now`: the group's last call's
    // Where an answer of the journal that comes after its call is handled (the actor's strand):
    // `run` runs the closure there. Without it, such an answer is handled where it is given.
    using Dispatch = std::function<void(std::function<void()>)>;
    void answer_later_through(Dispatch run) { dispatch_ = std::move(run); }

    // --- Observers ---
    const std::string& code() const { return setup_.code; }
    const games::Game& game() const { return *setup_.game; }
    RoomStatus status() const { return status_; }
    std::int64_t rev() const { return rev_; }
    int host() const { return host_; }
    bool suspended() const { return clock_.suspended(); }
    // The last game was stopped because the server's rules changed since it began.
    bool interrupted() const { return interrupted_; }
    TimeMs room_time(TimeMs mono) const { return clock_.room_time(mono); }
    std::uint64_t seed() const { return seed_; }
    const games::GameState* state() const { return state_.get(); }
    const Json& options() const { return options_; }
    int games_started() const { return games_started_; }
    bool is_member(const std::string& player) const { return members_.count(player) > 0; }
    // A member, or a seat's holder who left a running game: its join is a return, not a newcomer.
    bool belongs(const std::string& player) const { return is_member(player) || seat_held_by(player).has_value(); }
    std::optional<Seat> seat_of(const std::string& player) const;
    // Members with a live connection.
    int connected_count() const;
    int spectator_count() const;
    protocol::RoomInfo info() const;
    // The public summary of the room (GET /api/rooms/<code>): game, status, players, outcome.
    Json summary() const;
    // What summary() is made of, packed into a string: equal keys, equal summaries. Far cheaper to
    // build than the summary, which is then rebuilt only when it changed.
    std::string summary_key() const;
    // The log of the current game; `at` on the wall clock.
    const RoomLog& log() const { return log_; }
    // Every running timer, the game's and the room's ("turn", "absent"), on the room clock.
    std::vector<games::Deadline> deadlines() const;
    const History& history() const { return history_; }

private:
    // What to do once an event is answered: whether it was written (and applied).
    using Then = std::function<void(bool written)>;
    // What to do once the call's due deadlines are applied, with the call's stamp.
    using Stamped = std::function<void(TimeMs stamp)>;

    // A bot playing a seat, stepped through that seat's snapshots (games/core/bot.hpp).
    struct SeatBot {
        explicit SeatBot(std::uint64_t s) : seed(s) {}
        std::uint64_t seed = 0;
        Json memory;                 // what its steps built, from its seat's snapshots alone
        std::size_t log_seen = 0;    // log entries it has been handed
        std::optional<TimeMs> due;   // room clock: when it acts, or looks again
        std::optional<Json> action;  // what it does then (nothing: it looks again)
    };
    struct SeatHolder {
        std::string player;     // empty for a bot's own seat
        std::string name;
        bool present = true;    // still in the room (a running game keeps the seat of who left)
        bool connected = true;
        TimeMs away_since = 0;  // room clock, when it last disconnected or left
        std::optional<SeatBot> bot;       // a bot plays the seat
        std::set<std::string> bot_votes;  // players who asked that a bot play it
        bool person() const { return !player.empty(); }
    };
    // Whether a seat is shown as connected: never without a connection, even while that is not
    // yet recorded; never for a bot's.
    bool shown_connected(const SeatHolder& holder) const;
    // Someone in the room now: a seat holder or a spectator.
    struct Member {
        std::string name;
        std::optional<Seat> seat;
        bool connected = true;
        PeerPtr peer;                // the live connection (not part of the room's events)
        std::size_t log_sent = 0;    // log entries this connection has had
        std::int64_t rev_sent = -1;  // rev of the last snapshot sent to this connection
        // The connection holds baseline `synced_seq` of its viewer (deltas; viewers.cpp).
        const Peer* synced_peer = nullptr;
        std::uint64_t synced_seq = 0;
        double chat_tokens = -1;     // chat rate (a token bucket on the monotonic clock; -1: full)
        TimeMs chat_at = 0;
        // Fair races: the round trip last shown, and when (room time) its last snapshots left.
        std::optional<int> rtt_shown = std::nullopt;
        std::deque<std::pair<std::int64_t, TimeMs>> sent = {};  // (rev, room time), the last few
    };
    struct Due {
        games::Deadline deadline;
        // A bot looking again (nothing happens but its step), the game's own deadline (expire), the
        // room's (a default action) or a bot's move; on equal times they come in this order.
        enum Source { bot_look, game, room, bot_move } source = game;
    };
    enum class Answer { none, room, snapshot };
    struct Flushed {
        bool room = false;
        bool snapshots = false;
    };

    // room.cpp: messages
    void begin_game(const Caller& caller, const Json& options, TimeMs at, Instant now, bool rematch);
    // Records the caller's arrival (checking there is room), then `then(admitted)`.
    void admit(const Caller& caller, const std::string& name, bool as_spectator, TimeMs at, Instant now, Then then);
    void join_at(const Caller& caller, const std::string& name, bool as_spectator, TimeMs at, Instant now);
    // What a contested action's stamp is in a room with fair races (fair_races.cpp).
    struct FairClaim {
        TimeMs at = 0;          // the stamp it is ordered by
        TimeMs arrived = 0;     // when the room took it
        bool compensated = false;
    };
    void act_at(const Caller& caller, const Json& action, std::optional<std::int64_t> rev, TimeMs at, Instant now,
                const std::optional<FairClaim>& claim);
    void chat_at(const Caller& caller, const std::string& text, TimeMs at, Instant now);
    void configure_at(const Caller& caller, const Json& options, TimeMs at, Instant now);
    void reconnect_at(const Caller& caller, TimeMs at, Instant now);
    // The caller's connection is the member's now: it is told where the room stands.
    void attach(const Caller& caller, TimeMs at, Instant now);
    void refuse(const Caller& caller, const protocol::ErrorInfo& error, Instant now);
    void refuse(const Caller& caller, protocol::ErrorCode code, std::string message, Instant now);
    // Why a refused action was refused, as the client should hear it (a lost race, a duplicate...).
    protocol::ErrorInfo judge_refusal(Seat seat, const Json& action, std::int64_t rev, TimeMs at,
                                      const games::RuleError& error, bool compensated) const;
    bool take_chat_token(Member& m, TimeMs mono);

    // info.cpp: members and seats
    Member* member(const std::string& player);
    std::optional<Seat> seat_held_by(const std::string& player) const;
    bool spectators_chat() const;
    int spectators_max() const;

    // apply.cpp: the one path by which anything changes
    void commit(TimeMs at, TimeMs wall, EventBody body, std::optional<games::Applied> applied, Then then);
    void answered(WriteResult result);
    void apply(const RoomEvent& event, std::optional<games::Applied> applied);
    void apply_joined(const event::Joined& e, TimeMs at);
    void apply_left(const event::Left& e, TimeMs at);
    void apply_connection(const std::string& player, bool connected, TimeMs at);
    void apply_started(const event::Started& e, const RoomEvent& event);
    void install(games::Applied applied, const RoomEvent& event, std::optional<Seat> mover);
    void record_change(std::optional<Seat> actor, const Json* action);
    void update_suspension();
    // A game event of a game that is not replayed (an earlier one, or begun under other rules):
    // only its rev counts.
    bool skipped_game_event(const RoomEvent& event);

    // bots.cpp: the room's bots
    void add_bot_at(const Caller& caller, TimeMs at, Instant now);
    void remove_bot_at(const Caller& caller, Seat seat, TimeMs at, Instant now);
    void bot_for_at(const Caller& caller, Seat seat, TimeMs at, Instant now);
    void apply_bot_seated(const event::BotSeated& e, TimeMs at);
    void apply_bot_asked(const event::BotAsked& e, TimeMs at);
    // The seat's player is back: it plays again, and a vote for its seat is dropped.
    void seat_back(SeatHolder& holder);
    // Frees seat `s` before the start: the seats after it close up, and the host stays a person.
    void close_seat(Seat s);
    // Every bot sees the change just made (at room time `at`), and decides.
    void step_bots(TimeMs at);
    void step_bot(Seat seat, TimeMs at);
    // What `seat` is sent now, as a bot reads it: the snapshot's text, times on the room clock.
    Json bot_snapshot(Seat seat, SeatBot& bot, TimeMs at);
    std::optional<Due> next_bot_due() const;
    // The bots' looks due by room time `at`, as a replay makes them between two events.
    void bots_look_until(TimeMs at);
    std::string next_bot_name() const;

    // fair_races.cpp: contested actions ordered by their compensated stamps (PROTOCOL.md)
    bool fair_races() const;
    static bool fair_races_in(const Json& options) { return options.value("fair_races", false); }
    // How long every contested action, and whatever is due, waits for a compensated one that may
    // still come before it: the longest compensation any seated connection may get now (0: none).
    TimeMs hold_ms() const;
    // The stamp of `action` if it is contested in a room that holds races; nullopt otherwise.
    std::optional<FairClaim> contested_claim(const Caller& caller, const Json& action,
                                             std::optional<std::int64_t> rev, TimeMs arrived) const;
    void hold_call(TimeMs at, Stamped run);
    // Runs the earliest held call once nothing can come before it; false when none is ready.
    bool release_held(Instant now);
    // Remembers when (room time) `m` was sent the current rev: nobody acts on a snapshot before it arrives.
    void note_sent(Member& m);

    // timers.cpp: deadlines, stamps, what is owed to the journal
    // Stamps the call, applies every deadline due by then, one event at a time, then goes on.
    void take(Instant now, Stamped then);
    // After a change, or at a tick: applies what is due by now (with fair races, by now less the
    // hold), then goes on. Never held: what a change causes is sent at once.
    void settle_then(Instant now, std::function<void()> then);
    void apply_due(TimeMs stamp, Instant now, std::function<void()> then);
    void apply_deadlines(TimeMs stamp, Instant now, std::function<void()> then);
    void journal_trouble(Instant now);
    // commit() within a loop of events: the answer when it came during the call, else nullopt and
    // `later(written)` once it comes.
    std::optional<bool> commit_step(TimeMs at, TimeMs wall, EventBody body, std::optional<games::Applied> applied,
                                    Then later);
    // Records what is owed of presence, one event at a time; `then(all recorded)`.
    void settle_owed_presence(Then then);
    std::optional<Due> next_due() const;
    std::vector<games::Deadline> room_deadlines() const;
    void update_turn_clocks(TimeMs at, std::optional<Seat> mover);

    // send.cpp: what goes out
    // The `room` message as `m` receives it: with "you", its own seat (null for a spectator).
    Json room_for(const Member& m) const;
    Flushed flush(const Caller* caller, Answer answer, Instant now);
    void broadcast_room(const Caller* except);
    // What every viewer's snapshot of this change shares, written once per change: as text for the
    // full snapshots, and packed for the baselines once one is needed (packed_parts).
    struct SharedParts {
        Instant now;
        std::string deadlines;
        std::string waiting_for;
        std::string outcome;
        std::vector<std::uint8_t> packed_deadlines;  // empty until packed
        std::vector<std::uint8_t> packed_waiting_for;
        std::vector<std::uint8_t> packed_outcome;
    };
    SharedParts shared_parts(Instant now) const;
    // A baseline's parts: `shared`'s (packed the first time), a viewer's `view` and `actions`.
    protocol::PackedParts packed_parts(SharedParts& shared, const std::vector<std::uint8_t>& view,
                                       const std::vector<std::uint8_t>& actions) const;
    void write_deadlines(Instant now, games::JsonSink& out) const;  // as clients read them: wall-clock times
    void write_waiting_for(games::JsonSink& out) const;
    void write_outcome(games::JsonSink& out) const;
    // viewers.cpp: each viewer's snapshot of a change, full or as a delta
    struct ViewerOut;
    // Each viewer's snapshot of one change, and the views written for it, as text and packed:
    // one for every viewer the game says sees the same (GameState::same_view_as), by viewer key.
    struct ViewerOuts {
        std::map<int, ViewerOut> by_viewer;
        std::map<int, std::string> views;
        std::map<int, std::vector<std::uint8_t>> packed_views;
    };
    // Everyone's snapshot of the change just made; those `answering` get theirs last, in order,
    // each with its id.
    void send_snapshots(std::span<const Caller> answering, Instant now);
    // The change to everyone (send_snapshots) if the game changed, else to those `answering` only,
    // each its snapshot as it stands; whether the game had changed.
    bool send_change(std::span<const Caller> answering, Instant now);
    ViewerOut& viewer_out(ViewerOuts& viewers, std::optional<Seat> seat, SharedParts& shared);
    protocol::SnapshotParts snapshot_parts(std::optional<Seat> seat, const SharedParts& shared) const;
    std::string log_since(std::size_t from, std::optional<Seat> seat) const { return log_.visible_since(from, seat); }
    Frame frame_for(Member& m, const Peer& peer, ViewerOut& v, std::optional<std::int64_t> id = std::nullopt);
    // The member's full snapshot between two changes (it joined, came back, asked for it).
    Frame snapshot_now(Member& m, Instant now, std::optional<std::int64_t> id = std::nullopt);
    void send_snapshot(const std::string& player, Instant now);
    // What `seat` is offered now, as text (cached until the next change), or written into `out`
    // (an empty array when no game is being played).
    std::string_view listed(Seat seat) const;
    void write_listed(std::optional<Seat> seat, games::JsonSink& out) const;
    std::vector<std::uint8_t> packed_listed(std::optional<Seat> seat) const;  // as a baseline holds it

    RoomSetup setup_;
    RoomHooks hooks_;
    RoomLimits limits_;
    RoomClock clock_;
    Instant now_;                       // the call being handled
    TimeMs last_stamp_ = 0;
    bool replaying_ = false;

    RoomStatus status_ = RoomStatus::waiting;
    Json options_;                      // the room's options, as the next game will use them
    bool fair_races_ = false;           // options_'s "fair_races", asked several times per action
    std::vector<SeatHolder> seats_;
    int host_ = 0;
    std::map<std::string, Member> members_;

    std::shared_ptr<const games::GameState> state_;
    // The current game's turn and absent clocks, read from its options once at its start (they are
    // asked at every event).
    TimeMs turn_ms_ = 0;
    TimeMs absent_ms_ = 0;
    std::uint64_t seed_ = 0;
    std::int64_t rev_ = 0;
    History history_;
    // Each seat's actions at rev_ as text, once asked. A cache, and a large one (Carambouille's
    // offers): a copy of the room (a group's, groups.cpp) starts without it and asks again.
    struct ListedCache {
        std::vector<std::optional<std::string>> seats;
        ListedCache() = default;
        ListedCache(const ListedCache&) {}
        ListedCache(ListedCache&&) = default;
        ListedCache& operator=(const ListedCache&) {
            seats.clear();
            return *this;
        }
        ListedCache& operator=(ListedCache&&) = default;
    };
    mutable ListedCache listed_;
    RoomLog log_;
    TurnClocks turn_clocks_;
    std::set<Seat> stuck_;              // seats whose default action the game refused at this rev
    bool interrupted_ = false;
    bool skipping_game_ = false;        // replaying a game that is not played again
    int replayed_game_ = 0;             // while replaying: the one game played again (the last)

    int games_started_ = 0;             // rematches included
    TimeMs last_wall_ = 0;              // wall time of the last event
    // A due deadline or a change of presence could not be recorded: nothing else may happen
    // before it, and it is tried again at this monotonic time.
    std::optional<TimeMs> retry_at_;
    // Connections that came or went but could not be recorded yet, by player.
    struct Presence {
        bool connected = false;
        TimeMs at = 0;
        TimeMs wall = 0;
    };
    std::map<std::string, Presence> owed_presence_;

    // The event with the journal, and what it leads to once answered (shared: a room is copied
    // for a group while it writes nothing).
    struct Pending {
        RoomEvent event;
        std::optional<games::Applied> applied;
        Then then;
    };
    std::shared_ptr<Pending> pending_;
    Dispatch dispatch_;
    // The journal's answer, during the call that asked (handled once that call returns) or later
    // (through dispatch_): `handle` runs once, after both.
    void on_answer(std::function<void(WriteDone)> ask, std::function<void(WriteResult)> handle);

    // The calls taken as one group (groups.cpp), from begin_group() until its write is answered.
    struct Group {
        std::shared_ptr<const Room> before;                   // the room at begin_group()
        std::vector<RoomEvent> events;                        // applied, to be written
        std::vector<std::pair<PeerPtr, Frame>> frames;        // held until they are
        std::vector<int> finished;                            // games finished meanwhile
        std::vector<Caller> callers;                          // refused if the write fails
        std::vector<Caller> answers;                          // owed a snapshot by end_group()
        bool writing = false;
    };
    std::shared_ptr<Group> group_;
    void group_answered(WriteResult result);
    // Every frame a room sends goes through here: held during a group, delivered otherwise.
    void send_to(const PeerPtr& peer, Frame frame);

    // Calls waiting for the races before them to settle (fair races), in the order of their stamps.
    struct Held {
        TimeMs at = 0;
        std::uint64_t seq = 0;
        Stamped run;
    };
    std::vector<Held> held_;
    std::uint64_t held_seq_ = 0;

    bool room_changed_ = false;         // a `room` message is owed to everyone
    bool spectators_changed_ = false;   // only the spectator count changed: sent at most every second
    TimeMs spectators_sent_at_ = std::numeric_limits<TimeMs>::min() / 2;  // monotonic
    bool game_changed_ = false;         // a `snapshot` is owed to everyone

    // What the connections that take deltas hold, one per viewer (seat, or -1: every spectator).
    struct Baseline {
        std::uint64_t seq = 0;
        std::int64_t rev = 0;
        protocol::PackedBaseline packed;
    };
    std::map<int, Baseline> baselines_;
    std::uint64_t baseline_seq_ = 0;
};

}  // namespace taol::server
