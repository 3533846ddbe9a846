#include "server/hub.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "games/core/options.hpp"
#include "games/registry.hpp"
#include "server/frames.hpp"
#include "server/random_ids.hpp"

namespace taol::server {

using protocol::ErrorCode;

namespace {

// Runs `done` however the room call ends, so that the connection always reads on.
class DoneGuard {
public:
    explicit DoneGuard(std::function<void()> done) : done_(std::move(done)) {}
    ~DoneGuard() { done_(); }
    DoneGuard(const DoneGuard&) = delete;
    DoneGuard& operator=(const DoneGuard&) = delete;

private:
    std::function<void()> done_;
};

// Options are checked at creation against every player count the game allows: they must suit at
// least one (the start checks them again against the real count).
games::Result<Json, games::OptionsError> options_for_some_count(const games::Game& game, const Json& given) {
    std::optional<games::OptionsError> first_error;
    for (int n = game.min_players(); n <= game.max_players(); ++n) {
        auto complete = games::complete_options(game, given, n);
        if (complete.ok()) return complete;
        if (!first_error) first_error = complete.error();
    }
    return *first_error;
}

}  // namespace

Hub::Hub(boost::asio::any_io_executor executor, Metrics& metrics, HubConfig config)
    : executor_(std::move(executor)), metrics_(metrics), config_(std::move(config)) {}

void Hub::handle(const ConnectionPtr& connection, PlayerPtr& player, protocol::ClientMessage message,
                 std::function<void()> done) {
    const auto id = message.id;
    std::visit(Overloaded{
                   [&](const protocol::Hello& m) { hello(connection, player, m, id, std::move(done)); },
                   [&](const auto&) {
                       if (!player) {
                           connection->deliver(error_frame(ErrorCode::not_hello, "say hello first", id));
                           return done();
                       }
                       std::visit(Overloaded{
                                      [&](const protocol::Ping& m) {
                                          connection->deliver(encode_frame(protocol::pong_json(m.t, config_.clock()), id));
                                          done();
                                      },
                                      [&](const protocol::Create& m) { create(connection, player, m, id, std::move(done)); },
                                      [&](const protocol::Join& m) { join(connection, player, m, id, std::move(done)); },
                                      [&](const auto&) { to_room(connection, player, message.body, id, std::move(done)); },
                                  },
                                  message.body);
                   },
               },
               message.body);
}

void Hub::hello(const ConnectionPtr& connection, PlayerPtr& player, const protocol::Hello& hello,
                std::optional<std::int64_t> id, std::function<void()> done) {
    if (player) {
        connection->deliver(error_frame(ErrorCode::bad_request, "this connection has already said hello", id));
        return done();
    }
    bool resumed = false;
    ConnectionPtr older;
    std::string room;
    {
        std::lock_guard lock(mutex_);
        if (hello.token) {
            if (auto it = players_.find(*hello.token); it != players_.end()) {
                player = it->second;
                resumed = true;
            }
        }
        if (!player) {  // a made-up or forgotten token resumes nothing
            std::string token = random_token();
            while (players_.count(token)) token = random_token();
            player = std::make_shared<Player>(random_player_id(), token);
            players_.emplace(token, player);
        }
        older = player->connection.lock();
        player->connection = connection;
        player->name = hello.name;
        player->last_seen = config_.clock();
        room = player->room;
    }
    connection->deliver(encode_frame(protocol::welcome_json(player->id, player->token, resumed), id));
    if (older && older != connection) older->close();
    if (room.empty()) return done();
    auto actor = find_room(room);
    if (!actor) {
        release(player, room);
        return done();
    }
    actor->post([connection, pid = player->id, done = std::move(done)](Room& r, TimeMs now) {
        const DoneGuard guard(done);
        r.reconnect(pid, connection, now);
    });
}

void Hub::create(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Create& create,
                 std::optional<std::int64_t> id, std::function<void()> done) {
    const games::Game* game = games::find_game(create.game);
    if (!game) {
        connection->deliver(error_frame(ErrorCode::bad_request, "unknown game '" + create.game + "'", id));
        return done();
    }
    auto options = options_for_some_count(*game, create.options);
    if (!options.ok()) {
        connection->deliver(error_frame(ErrorCode::bad_options, options.error().message, id));
        return done();
    }
    std::shared_ptr<RoomActor> actor;
    std::string name;
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) {
            connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
            return done();
        }
        actor = new_room(*game, options.value());
        player->room = actor->code();
        name = player->name;
    }
    metrics_.rooms_created++;
    spdlog::info("room {}: created by {} for {}", actor->code(), name, game->id());
    enter(actor, connection, player, false, id, std::move(done));
}

void Hub::join(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Join& join,
               std::optional<std::int64_t> id, std::function<void()> done) {
    std::shared_ptr<RoomActor> actor;
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) {
            connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
            return done();
        }
        auto it = rooms_.find(join.room);
        if (it == rooms_.end()) {
            connection->deliver(error_frame(ErrorCode::room_not_found, "no room has the code '" + join.room + "'", id));
            return done();
        }
        actor = it->second;
        player->room = join.room;  // reserved: a second join waits behind this one
    }
    enter(actor, connection, player, join.as_spectator, id, std::move(done));
}

void Hub::enter(const std::shared_ptr<RoomActor>& actor, const ConnectionPtr& connection, const PlayerPtr& player,
                bool as_spectator, std::optional<std::int64_t> id, std::function<void()> done) {
    std::string name;
    {
        std::lock_guard lock(mutex_);
        name = player->name;
    }
    actor->post([this, connection, player, name, as_spectator, id, done = std::move(done)](Room& r, TimeMs now) {
        const DoneGuard guard(done);
        if (!r.join(Caller{player->id, connection, id}, name, as_spectator, now)) release(player, r.code());
    });
}

void Hub::to_room(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::ClientBody& body,
                  std::optional<std::int64_t> id, std::function<void()> done) {
    auto actor = room_of(player);
    if (!actor) {
        connection->deliver(error_frame(ErrorCode::not_in_room, "you are not in a room", id));
        return done();
    }
    const auto taken = std::chrono::steady_clock::now();
    actor->post([this, connection, player, body, id, taken, done = std::move(done)](Room& r, TimeMs now) {
        const DoneGuard guard(done);
        const Caller caller{player->id, connection, id};
        std::visit(Overloaded{
                       [&](const protocol::Leave&) {
                           if (!r.leave(caller, now)) release(player, r.code());
                       },
                       [&](const protocol::Start& m) { r.start(caller, m.options, now); },
                       [&](const protocol::Rematch& m) { r.rematch(caller, m.options, now); },
                       [&](const protocol::Act& m) {
                           r.act(caller, m.action, m.rev, now);
                           metrics_.observe_action_latency(std::chrono::steady_clock::now() - taken);
                       },
                       [&](const protocol::Chat& m) { r.chat(caller, m.text, now); },
                       [&](const auto&) {},  // hello, create, join, ping: answered by the hub
                   },
                   body);
    });
}

void Hub::closed(const ConnectionPtr& connection, const PlayerPtr& player) {
    if (!player) return;
    std::string room;
    {
        std::lock_guard lock(mutex_);
        if (player->connection.lock() == connection) player->connection.reset();
        player->last_seen = config_.clock();
        room = player->room;
    }
    if (auto actor = room.empty() ? nullptr : find_room(room)) {
        actor->post([connection, pid = player->id](Room& r, TimeMs now) { r.disconnect(pid, connection.get(), now); });
    }
}

void Hub::release(const PlayerPtr& player, const std::string& code) {
    std::lock_guard lock(mutex_);
    if (player->room == code) player->room.clear();
}

std::shared_ptr<RoomActor> Hub::room_of(const PlayerPtr& player) {
    std::lock_guard lock(mutex_);
    return in_room_locked(*player) ? rooms_.at(player->room) : nullptr;
}

bool Hub::in_room_locked(Player& player) {
    if (player.room.empty()) return false;
    if (rooms_.count(player.room)) return true;
    player.room.clear();  // its room was unloaded
    return false;
}

std::shared_ptr<RoomActor> Hub::new_room(const games::Game& game, const Json& options) {
    std::string code = random_room_code();
    while (rooms_.count(code)) code = random_room_code();
    RoomHooks hooks;
    hooks.on_action = [&metrics = metrics_](bool accepted) {
        (accepted ? metrics.actions_accepted : metrics.actions_rejected)++;
    };
    auto actor = std::make_shared<RoomActor>(executor_, RoomSetup{code, &game, options, config_.clock()},
                                             std::move(hooks), config_.clock);
    rooms_.emplace(code, actor);
    return actor;
}

std::shared_ptr<RoomActor> Hub::find_room(const std::string& code) const {
    std::lock_guard lock(mutex_);
    auto it = rooms_.find(code);
    return it == rooms_.end() ? nullptr : it->second;
}

void Hub::sweep() {
    const TimeMs now = config_.clock();
    std::vector<std::shared_ptr<RoomActor>> unloaded;
    {
        std::lock_guard lock(mutex_);
        for (auto it = rooms_.begin(); it != rooms_.end();) {
            const auto& actor = it->second;
            if (actor->connected() == 0 && now - actor->idle_since() >= config_.idle_unload_ms) {
                unloaded.push_back(actor);
                it = rooms_.erase(it);
            } else {
                ++it;
            }
        }
        for (auto it = players_.begin(); it != players_.end();) {
            Player& p = *it->second;
            const bool idle = p.connection.expired() && !in_room_locked(p) && now - p.last_seen >= config_.idle_unload_ms;
            it = idle ? players_.erase(it) : std::next(it);
        }
    }
    for (const auto& actor : unloaded) {
        actor->close();
        metrics_.rooms_unloaded++;
        spdlog::info("room {}: unloaded (nobody connected for {} s)", actor->code(), config_.idle_unload_ms / 1000);
    }
}

void Hub::close_rooms() {
    std::lock_guard lock(mutex_);
    for (const auto& [code, actor] : rooms_) actor->close();
}

RoomCounts Hub::room_counts() const {
    RoomCounts counts;
    std::lock_guard lock(mutex_);
    for (const auto& [code, actor] : rooms_) {
        switch (actor->status()) {
            case RoomStatus::waiting: ++counts.waiting; break;
            case RoomStatus::playing: ++counts.playing; break;
            case RoomStatus::finished: ++counts.finished; break;
        }
    }
    return counts;
}

std::size_t Hub::player_count() const {
    std::lock_guard lock(mutex_);
    return players_.size();
}

}  // namespace taol::server
