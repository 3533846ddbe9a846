#pragma once
// The hub: who is who (players and their tokens) and where the rooms are (codes). Thread-safe.
// It answers hello, create, join and ping itself and hands every other message to the room actor
// of the sender's room.
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include <boost/asio/any_io_executor.hpp>

#include "protocol/messages.hpp"
#include "server/journal.hpp"
#include "server/metrics.hpp"
#include "server/peer.hpp"
#include "server/room_actor.hpp"

namespace taol::server {

struct Player {
    Player(std::string id_, std::string token_hash_) : id(std::move(id_)), token_hash(std::move(token_hash_)) {}
    const std::string id;          // public
    const std::string token_hash;  // SHA-256 of its secret token: whoever shows the token is this player
    // Guarded by the hub's mutex.
    std::string name;
    std::string room;                       // its room's code, "" when in none
    std::weak_ptr<Connection> connection;   // its live connection, if any
    TimeMs last_seen = 0;
};

using PlayerPtr = std::shared_ptr<Player>;

struct HubConfig {
    TimeMs idle_unload_ms = 30 * 60 * 1000;  // a room nobody is connected to leaves memory after this
    WallClock clock = system_wall_clock;
    Journal* journal = nullptr;              // where rooms are kept; none: rooms live in memory only
};

class Hub {
public:
    Hub(boost::asio::any_io_executor executor, Metrics& metrics, HubConfig config = {});

    // One parsed message from `connection`. `player` is the connection's player (null before
    // hello; hello sets it). `done` runs once the message is fully handled, maybe on another thread.
    void handle(const ConnectionPtr& connection, PlayerPtr& player, protocol::ClientMessage message,
                std::function<void()> done);

    // `connection`, belonging to `player` (maybe null), closed.
    void closed(const ConnectionPtr& connection, const PlayerPtr& player);

    // Unloads rooms nobody has been connected to for idle_unload_ms; forgets players with no
    // connection and no room for as long.
    void sweep();

    // Stops every room's timer (shutdown).
    void close_rooms();

    // Brings back every room that was in memory when the server stopped (or crashed), suspended
    // until a seated player reconnects. Returns how many.
    int restore();

    // The public summary of a room (Room::summary), loaded or not; nullopt for an unknown code.
    std::optional<Json> summary(const std::string& code);

    RoomCounts room_counts() const;
    std::size_t player_count() const;
    std::shared_ptr<RoomActor> find_room(const std::string& code) const;

private:
    void hello(const ConnectionPtr& connection, PlayerPtr& player, const protocol::Hello& hello,
               std::optional<std::int64_t> id, std::function<void()> done);
    void create(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Create& create,
                std::optional<std::int64_t> id, std::function<void()> done);
    void join(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Join& join,
              std::optional<std::int64_t> id, std::function<void()> done);
    // Hands a message for the player's room to its actor (not_in_room when it has none).
    void to_room(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::ClientBody& body,
                 std::optional<std::int64_t> id, std::function<void()> done);
    // Joins `actor`'s room; forgets the player's reservation of it when the room refuses.
    void enter(const std::shared_ptr<RoomActor>& actor, const ConnectionPtr& connection, const PlayerPtr& player,
               bool as_spectator, std::optional<std::int64_t> id, std::function<void()> done);
    // The player is no longer in room `code` (if that is still its room).
    void release(const PlayerPtr& player, const std::string& code);
    std::shared_ptr<RoomActor> room_of(const PlayerPtr& player);
    // Whether the player is in a room (without a journal: one still loaded; forgets it when not).
    // Requires mutex_.
    bool in_room_locked(Player& player);
    // A new room with a fresh code, recorded in the journal; null when it cannot be recorded.
    // Takes the hub's lock itself: call it without.
    std::shared_ptr<RoomActor> new_room(const games::Game& game, const Json& options);
    // Room `code` in memory, loading it from the journal when it is only there; null when unknown.
    std::shared_ptr<RoomActor> loaded_room(const std::string& code);
    // Room `code` rebuilt from the journal (not added to the hub); null when unknown or broken.
    std::unique_ptr<Room> rebuild(const std::string& code);
    RoomHooks hooks_for(const std::string& code);
    bool knows_player(const std::string& token_hash) const;

    boost::asio::any_io_executor executor_;
    Metrics& metrics_;
    HubConfig config_;

    mutable std::mutex mutex_;
    std::unordered_map<std::string, PlayerPtr> players_;  // by token
    std::unordered_map<std::string, std::shared_ptr<RoomActor>> rooms_;  // by code
};

}  // namespace taol::server
