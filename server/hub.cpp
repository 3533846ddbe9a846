#include "server/hub.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include "games/core/options.hpp"
#include "games/core/sha256.hpp"
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
    std::string token;  // what the welcome hands back: the token shown, or a new one
    const std::optional<std::string> hash = hello.token ? std::optional(games::sha256_hex(*hello.token)) : std::nullopt;
    // A token the hub has forgotten (or held before a restart) is looked up in the journal, outside
    // the hub's lock: the journal may be waiting for the disk.
    std::optional<StoredPlayer> stored;
    if (hash && config_.journal && !knows_player(*hash)) stored = config_.journal->find_player(*hash);
    {
        std::lock_guard lock(mutex_);
        if (hash) {
            if (auto it = players_.find(*hash); it != players_.end()) {
                player = it->second;
            } else if (stored) {  // the same player, back
                player = std::make_shared<Player>(stored->id, *hash);
                player->room = stored->room;
                players_.emplace(*hash, player);
            }
            if (player) {
                resumed = true;
                token = *hello.token;
            }
        }
        if (!player) {  // a made-up or forgotten token resumes nothing
            std::string new_hash;
            do {
                token = random_token();
                new_hash = games::sha256_hex(token);
            } while (players_.count(new_hash));
            player = std::make_shared<Player>(random_player_id(), new_hash);
            players_.emplace(new_hash, player);
        }
        older = player->connection.lock();
        player->connection = connection;
        player->name = hello.name;
        player->last_seen = config_.clock();
        room = player->room;
    }
    connection->deliver(encode_frame(protocol::welcome_json(player->id, token, resumed), id));
    if (older && older != connection) older->close();
    if (room.empty()) return done();
    auto actor = loaded_room(room);
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
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) {
            connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
            return done();
        }
    }
    const std::shared_ptr<RoomActor> actor = new_room(*game, options.value());
    if (!actor) {
        connection->deliver(error_frame(ErrorCode::storage_error, "the room could not be recorded, so it was not created", id));
        return done();
    }
    std::string name;
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) {  // another create or join of this player got in meanwhile
            connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
            return done();
        }
        player->room = actor->code();
        name = player->name;
    }
    metrics_.rooms_created++;
    spdlog::info("room {}: created by {} for {}", actor->code(), name, game->id());
    enter(actor, connection, player, false, id, std::move(done));
}

void Hub::join(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Join& join,
               std::optional<std::int64_t> id, std::function<void()> done) {
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) {
            connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
            return done();
        }
    }
    const std::shared_ptr<RoomActor> actor = loaded_room(join.room);
    if (!actor) {
        connection->deliver(error_frame(ErrorCode::room_not_found, "no room has the code '" + join.room + "'", id));
        return done();
    }
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) {  // another join of this player got in meanwhile
            connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
            return done();
        }
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
        if (!r.join(Caller{player->id, connection, id, player->token_hash}, name, as_spectator, now)) {
            release(player, r.code());
        }
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
        const Caller caller{player->id, connection, id, player->token_hash};
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
    std::string room;
    {
        std::lock_guard lock(mutex_);
        if (!in_room_locked(*player)) return nullptr;
        room = player->room;
    }
    return loaded_room(room);
}

bool Hub::in_room_locked(Player& player) {
    if (player.room.empty()) return false;
    // With a journal the room is still there when unloaded: it comes back on demand.
    if (config_.journal || rooms_.count(player.room)) return true;
    player.room.clear();  // its room was unloaded
    return false;
}

RoomHooks Hub::hooks_for(const std::string& code) {
    RoomHooks hooks;
    hooks.on_action = [&metrics = metrics_](bool accepted) {
        (accepted ? metrics.actions_accepted : metrics.actions_rejected)++;
    };
    if (config_.journal) {
        hooks.journal = [journal = config_.journal, &metrics = metrics_, code](const RoomEvent& event) {
            if (journal->append(code, event)) return true;
            metrics.journal_failures++;
            return false;
        };
    }
    return hooks;
}

std::shared_ptr<RoomActor> Hub::new_room(const games::Game& game, const Json& options) {
    const TimeMs now = config_.clock();
    std::string code;
    do {
        code = random_room_code();
    } while (find_room(code) || (config_.journal && config_.journal->has_room(code)));
    // Recorded outside the hub's lock (with --sync full the write waits for the disk); the
    // journal's key keeps the code unique meanwhile.
    if (config_.journal && !config_.journal->create_room(code, std::string(game.id()), options, now)) {
        metrics_.journal_failures++;
        return nullptr;
    }
    auto room = std::make_unique<Room>(RoomSetup{code, &game, options, now}, hooks_for(code));
    auto actor = std::make_shared<RoomActor>(executor_, std::move(room), config_.clock);
    std::lock_guard lock(mutex_);
    if (!rooms_.emplace(code, actor).second) return nullptr;  // the same code drawn twice at once (no journal)
    return actor;
}

std::unique_ptr<Room> Hub::rebuild(const std::string& code) {
    if (!config_.journal) return nullptr;
    try {
        std::optional<StoredRoom> stored = config_.journal->load(code);
        if (!stored) return nullptr;
        const games::Game* game = games::find_game(stored->game);
        if (!game) throw std::runtime_error("unknown game '" + stored->game + "'");
        return Room::replay(RoomSetup{code, game, stored->options, stored->created}, stored->events, hooks_for(code));
    } catch (const std::exception& e) {
        spdlog::error("room {}: its journal does not replay: {}", code, e.what());
        return nullptr;
    }
}

std::shared_ptr<RoomActor> Hub::loaded_room(const std::string& code) {
    if (auto actor = find_room(code)) return actor;
    if (!config_.journal || code.size() != protocol::kRoomCodeLength) return nullptr;
    const auto started = std::chrono::steady_clock::now();
    std::unique_ptr<Room> room = rebuild(code);
    if (!room) return nullptr;
    if (!room->mark_everyone_away()) spdlog::error("room {}: could not record that everyone is away", code);
    config_.journal->set_loaded(code, true);
    std::lock_guard lock(mutex_);
    if (auto it = rooms_.find(code); it != rooms_.end()) return it->second;  // loaded meanwhile
    auto actor = std::make_shared<RoomActor>(executor_, std::move(room), config_.clock);
    rooms_.emplace(code, actor);
    metrics_.rooms_loaded++;
    spdlog::info("room {}: loaded from the journal in {} ms", code,
                 std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
    return actor;
}

int Hub::restore() {
    if (!config_.journal) return 0;
    int restored = 0;
    for (const std::string& code : config_.journal->loaded_rooms()) restored += loaded_room(code) ? 1 : 0;
    return restored;
}

std::optional<Json> Hub::summary(const std::string& code) {
    if (auto actor = find_room(code)) return actor->summary();
    if (std::unique_ptr<Room> room = rebuild(code)) return room->summary();
    return std::nullopt;
}

bool Hub::knows_player(const std::string& token_hash) const {
    std::lock_guard lock(mutex_);
    return players_.count(token_hash) > 0;
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
            // With a journal a player in a room can be forgotten too: its token finds it again there.
            const bool idle = p.connection.expired() && (config_.journal || !in_room_locked(p)) &&
                              now - p.last_seen >= config_.idle_unload_ms;
            it = idle ? players_.erase(it) : std::next(it);
        }
    }
    for (const auto& actor : unloaded) {
        actor->close();
        if (config_.journal) config_.journal->set_loaded(actor->code(), false);
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
