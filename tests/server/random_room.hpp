#pragma once
// A room of a real game driven at random, the way a table of players would drive it: listed
// actions from the seats the game waits for (and now and then from others), time passing so that
// deadlines fire, connections dropping and coming back, chat. Deterministic for a seed.
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "games/core/rng.hpp"
#include "server/rooms/room.hpp"
#include "tests/server/room_fixture.hpp"

namespace taol::testing {

// Who sees what in a RandomRoom: every frame each member is sent, and whether its connections
// take deltas.
struct RoomWatch {
    bool deltas = false;
    std::function<void(const std::string& who, const server::Frame& frame)> seen;
};

class RandomRoom {
public:
    using Watch = RoomWatch;

    // Seats `players` players (or players_for(game, seed) when 0) and a spectator, and starts with
    // the default options (options_for).
    RandomRoom(const games::Game& game, const std::string& code, server::RoomHooks hooks, std::uint64_t seed,
               int players = 0, Watch watch = {});
    static int players_for(const games::Game& game, std::uint64_t seed);
    static Json options_for(const games::Game& game, int players);
    // "p3", "R12": built by appending (GCC 12 warns wrongly about "p" + std::to_string(n)).
    static std::string numbered(std::string prefix, long long n) { return prefix.append(std::to_string(n)); }
    RandomRoom(const RandomRoom&) = delete;  // its hooks hold `this`
    RandomRoom& operator=(const RandomRoom&) = delete;

    // One random thing happens. Returns whether the game changed (its rev).
    bool step();
    // A new game at the same table once this one is over.
    void rematch();
    // `seat`'s connection drops; it comes back with a new one (step() does both, a moment apart).
    void drop(int seat);
    void come_back(int seat);

    server::Room& room() { return *room_; }
    int players() const { return players_; }
    games::TimeMs now() const { return now_; }
    const Json& options() const { return options_; }

private:
    server::Caller caller(const std::string& who);
    std::shared_ptr<FakePeer> new_peer(const std::string& who);
    static std::string seat_player(int seat) { return numbered("p", seat); }

    games::Rng rng_;
    Watch watch_;
    int players_;
    Json options_;
    std::unique_ptr<server::Room> room_;
    std::map<std::string, std::shared_ptr<FakePeer>> peers_;
    std::int64_t id_ = 0;
    games::TimeMs now_ = kT0;
};

}  // namespace taol::testing
