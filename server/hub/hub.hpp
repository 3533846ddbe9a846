#pragma once
// The hub: who is who (players and their tokens) and where the rooms are (codes). Thread-safe.
// It answers hello, create, join and ping itself and hands every other message to the room actor
// of the sender's room. What reads the journal (a room loaded back, a token it has forgotten, the
// rooms API) runs on the background executor, never on the threads that serve players.
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <unordered_map>

#include <boost/asio/any_io_executor.hpp>

#include "protocol/messages.hpp"
#include "server/journal/journal.hpp"
#include "server/hub/load_gauge.hpp"
#include "server/hub/metrics.hpp"
#include "server/rooms/peer.hpp"
#include "server/hub/replay.hpp"
#include "server/rooms/actor.hpp"

namespace taol::server {

struct Player {
    Player(std::string id_, std::string token_hash_) : id(std::move(id_)), token_hash(std::move(token_hash_)) {}
    const std::string id;          // public
    const std::string token_hash;  // SHA-256 of its secret token: whoever shows the token is this player
    // Guarded by the hub's mutex.
    std::string name;
    std::string room;                       // its room's code, "" when in none
    std::weak_ptr<Connection> connection;   // its live connection, if any
    TimeMs last_seen = 0;                   // monotonic
};

using PlayerPtr = std::shared_ptr<Player>;

struct HubConfig {
    TimeMs idle_unload_ms = 30 * 60 * 1000;  // a room nobody is connected to leaves memory after this
    Clock clock = system_now;
    Journal* journal = nullptr;              // where rooms are kept; none: rooms live in memory only
    // Where journal reads and the writes nobody waits for (summaries) run: one thread or a strand,
    // so that its work keeps its order; the hub's own executor when empty.
    std::optional<boost::asio::any_io_executor> background;
    // Where a finished game's replay is built and kept: work nobody waits for, at a lower priority
    // than the threads that serve players (thread_role.hpp); `background` when empty.
    std::optional<boost::asio::any_io_executor> chores;
    RoomLimits room_limits;
    // When the process is too far behind to take anyone new (README, "Security and limits").
    LoadLimits load;
    LoadGauge::MonoClock load_clock = steady_ms;
    // Each new game's seed; the system's CSPRNG when empty (tests replay chosen games).
    std::function<std::uint64_t()> new_seed;
};

class Hub {
public:
    Hub(boost::asio::any_io_executor executor, Metrics& metrics, HubConfig config = {});
    ~Hub();
    Hub(const Hub&) = delete;
    Hub& operator=(const Hub&) = delete;

    // One parsed message from `connection`, whose player is `player` (null before hello). `done`
    // runs once the message is fully handled, maybe on another thread, with the connection's player
    // afterwards (hello gives it one).
    using Done = std::function<void(PlayerPtr)>;
    void handle(const ConnectionPtr& connection, PlayerPtr player, protocol::ClientMessage message, Done done);

    // `connection`, belonging to `player` (maybe null), closed.
    void closed(const ConnectionPtr& connection, const PlayerPtr& player);

    // `connection` measured its delay again (Peer::delay; fair races): its room hears of it.
    void measured(const ConnectionPtr& connection, const PlayerPtr& player);

    // Unloads rooms nobody has been connected to for idle_unload_ms; forgets players with no
    // connection and no room for as long.
    void sweep();

    // Stops every room's timer (shutdown).
    void close_rooms();
    // A node of several that stops: every room leaves memory, its lease let go for another node
    // to take, and its people are told to go there (`moved`). Returns how many.
    std::size_t hand_over_rooms();

    // Brings back every room that was in memory when the server stopped (or crashed), suspended
    // until a seated player reconnects. Returns how many. Runs before the server serves anyone.
    int restore();

    // GET /api/rooms/<code>: the public summary of a room, loaded or not. GET
    // /api/rooms/<code>/replay: game `index` (0: the last), as spectators saw it, computed once
    // and stored. The answer comes through `reply`, maybe on another thread.
    void summary(const std::string& code, std::function<void(ApiReply)> reply);
    void replay(const std::string& code, int index, std::function<void(ApiReply)> reply);

    RoomCounts room_counts() const;
    std::size_t player_count() const;
    std::shared_ptr<RoomActor> find_room(const std::string& code) const;
    // Whether the process keeps up; the server feeds it the event loop's lag.
    LoadGauge& load() { return load_; }

private:
    // What looking a room up found besides the room: its record damaged, or the room served by
    // another node (a shared journal), at `moved_to`.
    struct Lookup {
        bool damaged = false;
        bool unavailable = false;  // the journal could not be read (not reachable): try again later
        std::optional<std::string> moved_to;
    };
    using WithRoom = std::function<void(std::shared_ptr<RoomActor>, const Lookup&)>;

    void hello(const ConnectionPtr& connection, PlayerPtr player, const protocol::Hello& hello,
               std::optional<std::int64_t> id, Done done);
    void welcome(const ConnectionPtr& connection, const protocol::Hello& hello, const std::optional<std::string>& hash,
                 const std::optional<StoredPlayer>& stored, std::optional<std::int64_t> id, Done done);
    void create(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Create& create,
                std::optional<std::int64_t> id, Done done);
    void join(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Join& join,
              std::optional<std::int64_t> id, Done done);
    // Hands a message for the player's room to its actor (not_in_room when it has none).
    void to_room(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::ClientBody& body,
                 std::optional<std::int64_t> id, Done done);
    // Joins `actor`'s room; forgets the player's reservation of it when the room refuses.
    // `newcomers_refused_when_busy`: a join, where only those who belong to the room get in while
    // the server is busy.
    void enter(const std::shared_ptr<RoomActor>& actor, const ConnectionPtr& connection, const PlayerPtr& player,
               bool as_spectator, std::optional<std::int64_t> id, Done done, bool newcomers_refused_when_busy);
    // Why a room could not be had: moved, room_damaged, storage_error or room_not_found.
    Frame missing_room_frame(const std::string& code, const Lookup& lookup, std::optional<std::int64_t> id);
    // server_busy, counted: the server is too far behind to let anyone new in.
    Frame busy_refusal(const std::string& what, std::optional<std::int64_t> id);
    // A call of the player's has been answered: the hub forgets the player's room when it is not in
    // it afterwards (refused, or left); then the player's next message may come.
    void settled(const Room& room, const PlayerPtr& player, const Done& done);
    // The player is no longer in room `code` (if that is still its room).
    void release(const PlayerPtr& player, const std::string& code);
    // Whether `connection` is still the player's connection (a newer hello may have taken over).
    bool is_current(const PlayerPtr& player, const ConnectionPtr& connection) const;
    // Whether the player is in a room (without a journal: one still loaded; forgets it when not).
    // Requires mutex_.
    bool in_room_locked(Player& player);
    // A new room with a fresh code, recorded in the journal, given to `then` (null when it cannot
    // be recorded), possibly on a thread of the journal's.
    using NewRoom = std::function<void(const std::shared_ptr<RoomActor>&)>;
    void new_room(const games::Game& game, const Json& options, int attempt, NewRoom then);
    // Calls `then` with room `code`, loading it from the journal (in the background) when it is
    // only there; null when unknown, damaged or served by another node.
    void with_room(const std::string& code, WithRoom then);
    // Room `code` in memory, claimed and loaded from the journal when it is only there (call it in
    // the background). Null when unknown, or held by another node (then `moved_to` says where);
    // throws JournalDamaged when its record does not read.
    std::shared_ptr<RoomActor> load_room(const std::string& code, std::optional<std::string>* moved_to = nullptr);
    // Another node took room `code` over: its members are told where it went (their connections
    // closed), and it leaves memory.
    void room_lost(const std::string& code, const std::string& url);
    // `moved`, counted: the room is served by another node.
    Frame moved_frame(const std::string& code, const std::string& url, std::optional<std::int64_t> id);
    // Room `code` rebuilt from the journal (not added to the hub); null when unknown.
    std::unique_ptr<Room> rebuild(const std::string& code);
    void mark_damaged(const std::string& code, const std::string& why);
    bool is_damaged(const std::string& code) const;
    // Game `index` of the room's replay, as stored, or computed from its journal and stored (background).
    ApiReply compute_replay(const std::string& code, int index);
    // Replays game `index` from the journal's events (only those it needs: its `games` counts the
    // games up to it), and stores it.
    BuiltReplay replay_from_events(const std::string& code, int index);
    // Stores the replay of a game that just finished.
    void keep_replay(const std::string& code, int index);
    RoomHooks hooks_for(const std::string& code);
    bool knows_player(const std::string& token_hash) const;
    void in_background(std::function<void()> work);
    void in_chores(std::function<void()> work);

    boost::asio::any_io_executor executor_;
    Metrics& metrics_;
    HubConfig config_;
    const bool shared_journal_;  // the journal is shared with other nodes (it has owners)
    LoadGauge load_;

    mutable std::mutex mutex_;
    std::unordered_map<std::string, PlayerPtr> players_;  // by token
    std::unordered_map<std::string, std::shared_ptr<RoomActor>> rooms_;  // by code
    std::set<std::string> damaged_;                       // rooms whose record does not read
};

}  // namespace taol::server
