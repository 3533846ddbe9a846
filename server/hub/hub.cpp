#include "server/hub/hub.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include <boost/asio/post.hpp>

#include "games/core/options.hpp"
#include "games/core/sha256.hpp"
#include "games/registry.hpp"
#include "server/rooms/frames.hpp"
#include "server/rooms/random_ids.hpp"

namespace taol::server {

using protocol::ErrorCode;

namespace {

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

Frame damaged_frame(const std::string& code, std::optional<std::int64_t> id) {
    return error_frame(ErrorCode::room_damaged,
                       "the record of room " + code + " is damaged and it cannot be opened (the server's log says why)",
                       id);
}

}  // namespace

Hub::Hub(boost::asio::any_io_executor executor, Metrics& metrics, HubConfig config)
    : executor_(std::move(executor)),
      metrics_(metrics),
      config_(std::move(config)),
      shared_journal_(config_.journal && config_.journal->ownership().has_value()),
      load_(config_.load, config_.load_clock) {
    if (config_.journal) {
        config_.journal->on_room_lost([this](const std::string& code, const std::string& url) { room_lost(code, url); });
    }
    // Once per change, not per refusal: a busy spell may refuse thousands.
    load_.on_change([&metrics = metrics_](const LoadGauge::Readings& now) {
        metrics.busy = now.busy ? 1 : 0;
        if (now.busy) {
            spdlog::warn("busy: refusing new rooms and newcomers to rooms (event loop {} ms late, journal writes "
                         "waiting {} ms, actions answered in {} ms on average); every room already open goes on",
                         now.loop_lag, now.journal_wait, now.action);
        } else {
            spdlog::info("no longer busy: new rooms and newcomers are welcome again");
        }
    });
}

Hub::~Hub() {
    if (config_.journal) config_.journal->on_room_lost({});
}

Frame Hub::missing_room_frame(const std::string& code, const Lookup& lookup, std::optional<std::int64_t> id) {
    if (lookup.moved_to) return moved_frame(code, *lookup.moved_to, id);
    if (lookup.damaged) return damaged_frame(code, id);
    if (lookup.unavailable) {
        return error_frame(ErrorCode::storage_error, "room " + code + " cannot be opened right now; try again in a moment", id);
    }
    return error_frame(ErrorCode::room_not_found, "no room has the code '" + code + "'", id);
}

Frame Hub::busy_refusal(const std::string& what, std::optional<std::int64_t> id) {
    metrics_.busy_refusals++;
    return error_frame(ErrorCode::server_busy, "the server is too busy to " + what + " right now; try again in a minute",
                       id);
}

void Hub::in_background(std::function<void()> work) {
    boost::asio::post(config_.background ? *config_.background : executor_, std::move(work));
}

void Hub::in_chores(std::function<void()> work) {
    if (!config_.chores) return in_background(std::move(work));
    boost::asio::post(*config_.chores, std::move(work));
}

void Hub::handle(const ConnectionPtr& connection, PlayerPtr player, protocol::ClientMessage message, Done done) {
    const auto id = message.id;
    if (const auto* m = std::get_if<protocol::Hello>(&message.body)) return hello(connection, player, *m, id, std::move(done));
    if (!player) {
        connection->deliver(error_frame(ErrorCode::not_hello, "say hello first", id));
        return done(player);
    }
    std::visit(Overloaded{
                   [&](const protocol::Ping& m) {
                       connection->deliver(encode_frame(protocol::pong_json(m.t, config_.clock().wall), id));
                       done(player);
                   },
                   [&](const protocol::ClockAnswer&) { done(player); },  // a late answer: its probe is forgotten
                   [&](const protocol::Create& m) { create(connection, player, m, id, std::move(done)); },
                   [&](const protocol::Join& m) { join(connection, player, m, id, std::move(done)); },
                   [&](const auto&) { to_room(connection, player, message.body, id, std::move(done)); },
               },
               message.body);
}

void Hub::hello(const ConnectionPtr& connection, PlayerPtr player, const protocol::Hello& hello,
                std::optional<std::int64_t> id, Done done) {
    if (player) {
        connection->deliver(error_frame(ErrorCode::bad_request, "this connection has already said hello", id));
        return done(player);
    }
    connection->want_deltas(hello.deltas);  // before anything of a room reaches it
    const std::optional<std::string> hash = hello.token ? std::optional(games::sha256_hex(*hello.token)) : std::nullopt;
    // A journal shared with other nodes knows best which room a player is in (it may have joined
    // one through another node since this one last saw it).
    if (!hash || !config_.journal || (knows_player(*hash) && !shared_journal_)) {
        return welcome(connection, hello, hash, std::nullopt, id, std::move(done));
    }
    // A token the hub has forgotten (or held before a restart) is looked up in the journal.
    in_background([this, connection, hello, hash, id, done = std::move(done)]() mutable {
        std::optional<StoredPlayer> stored;
        try {
            stored = config_.journal->find_player(*hash);
        } catch (const std::exception& e) {
            spdlog::error("journal: a player could not be looked up: {}", e.what());
        }
        welcome(connection, hello, hash, stored, id, std::move(done));
    });
}

void Hub::welcome(const ConnectionPtr& connection, const protocol::Hello& hello, const std::optional<std::string>& hash,
                  const std::optional<StoredPlayer>& stored, std::optional<std::int64_t> id, Done done) {
    PlayerPtr player;
    bool resumed = false;
    ConnectionPtr older;
    std::string room;
    std::string token;  // what the welcome hands back: the token shown, or a new one
    {
        std::lock_guard lock(mutex_);
        if (hash) {
            if (auto it = players_.find(*hash); it != players_.end()) {
                player = it->second;
                if (stored) player->room = stored->room;  // a shared journal's word is the latest
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
        player->last_seen = config_.clock().mono;
        room = player->room;
        // Under the lock, so that of two hellos with one token the first's welcome is queued before
        // the second closes it: a replaced connection is always greeted, then closed.
        connection->deliver(encode_frame(protocol::welcome_json(player->id, token, resumed), id));
    }
    if (older && older != connection) older->close();
    if (room.empty()) return done(player);
    with_room(room, [this, connection, player, room, name = hello.name, done = std::move(done)](
                        std::shared_ptr<RoomActor> actor, const Lookup& lookup) mutable {
        if (!actor) {
            // Served by another node: the client goes there with its token, and is seated there.
            if (lookup.moved_to) connection->deliver(moved_frame(room, *lookup.moved_to, std::nullopt));
            if (!lookup.unavailable) release(player, room);
            return done(player);
        }
        auto current = std::make_shared<bool>(false);
        actor->post(
            [this, connection, player, name, current](Room& r, Instant now) {
                // Two hellos with one token at once: only the connection that holds the player now
                // takes the seat (the other is being closed), whatever order they reach the room in.
                *current = is_current(player, connection);
                if (*current) r.reconnect(Caller{player->id, connection, std::nullopt, player->token_hash, name}, now);
            },
            [this, player, current, done = std::move(done)](Room& r) {
                if (*current) return settled(r, player, done);
                done(player);
            });
    });
}

bool Hub::is_current(const PlayerPtr& player, const ConnectionPtr& connection) const {
    std::lock_guard lock(mutex_);
    return player->connection.lock() == connection;
}

void Hub::create(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Create& create,
                 std::optional<std::int64_t> id, Done done) {
    const games::Game* game = games::find_game(create.game);
    if (!game) {
        connection->deliver(error_frame(ErrorCode::bad_request, "unknown game '" + create.game + "'", id));
        return done(player);
    }
    auto options = options_for_some_count(*game, create.options);
    if (!options.ok()) {
        connection->deliver(error_frame(ErrorCode::bad_options, options.error().message, id));
        return done(player);
    }
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) {
            connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
            return done(player);
        }
    }
    if (!load_.admit_room()) {
        connection->deliver(busy_refusal("open a new table", id));
        return done(player);
    }
    new_room(*game, options.value(), 0,
             [this, connection, player, id, game, done = std::move(done)](const std::shared_ptr<RoomActor>& actor) mutable {
                 if (!actor) {
                     connection->deliver(
                         error_frame(ErrorCode::storage_error, "the room could not be recorded, so it was not created", id));
                     return done(player);
                 }
                 std::string name;
                 {
                     std::lock_guard lock(mutex_);
                     if (in_room_locked(*player)) {  // another create or join of this player got in meanwhile
                         connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
                         return done(player);
                     }
                     player->room = actor->code();
                     name = player->name;
                 }
                 metrics_.rooms_created++;
                 spdlog::info("room {}: created by {} for {}", actor->code(), name, game->id());
                 enter(actor, connection, player, false, id, std::move(done), false);
             });
}

void Hub::join(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::Join& join,
               std::optional<std::int64_t> id, Done done) {
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) {
            connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
            return done(player);
        }
    }
    with_room(join.room, [this, connection, player, join, id, done = std::move(done)](std::shared_ptr<RoomActor> actor,
                                                                                      const Lookup& lookup) mutable {
        if (!actor) {
            connection->deliver(missing_room_frame(join.room, lookup, id));
            return done(player);
        }
        {
            std::lock_guard lock(mutex_);
            if (in_room_locked(*player)) {  // another join of this player got in meanwhile
                connection->deliver(error_frame(ErrorCode::already_in_room, "leave your room first", id));
                return done(player);
            }
            player->room = join.room;  // reserved: a second join waits behind this one
        }
        enter(actor, connection, player, join.as_spectator, id, std::move(done), true);
    });
}

void Hub::enter(const std::shared_ptr<RoomActor>& actor, const ConnectionPtr& connection, const PlayerPtr& player,
                bool as_spectator, std::optional<std::int64_t> id, Done done, bool newcomers_refused_when_busy) {
    std::string name;
    {
        std::lock_guard lock(mutex_);
        name = player->name;
    }
    actor->post(
        [this, connection, player, name, as_spectator, id, newcomers_refused_when_busy](Room& r, Instant now) {
            // Asked on the room's strand, where who belongs to it is known: a seated player coming
            // back is no newcomer, and a busy server still serves the rooms it has.
            if (newcomers_refused_when_busy && !r.belongs(player->id) && load_.busy()) {
                return connection->deliver(busy_refusal("let anyone new join a table", id));
            }
            r.join(Caller{player->id, connection, id, player->token_hash, name}, name, as_spectator, now);
        },
        [this, player, done = std::move(done)](Room& r) { settled(r, player, done); });
}

void Hub::to_room(const ConnectionPtr& connection, const PlayerPtr& player, const protocol::ClientBody& body,
                  std::optional<std::int64_t> id, Done done) {
    std::string code;
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) code = player->room;
    }
    if (code.empty()) {
        connection->deliver(error_frame(ErrorCode::not_in_room, "you are not in a room", id));
        return done(player);
    }
    const auto taken = std::chrono::steady_clock::now();
    const TimeMs taken_ms = load_.now();  // on the load gauge's clock, which tests drive by hand
    // An action's own stamp is put on the server's clock now, by the connection that measured it.
    const auto* act = std::get_if<protocol::Act>(&body);
    const std::optional<Timing> timing = act && act->t ? connection->timing_of(*act->t) : std::nullopt;
    with_room(code, [this, connection, player, body, id, taken, taken_ms, code, timing, done = std::move(done)](
                        std::shared_ptr<RoomActor> actor, const Lookup& lookup) mutable {
        if (!actor) {
            const bool gone = !lookup.damaged && !lookup.unavailable && !lookup.moved_to;
            if (gone) release(player, code);
            connection->deliver(gone ? error_frame(ErrorCode::not_in_room, "you are not in a room", id)
                                     : missing_room_frame(code, lookup, id));
            return done(player);
        }
        const bool leaving = std::holds_alternative<protocol::Leave>(body);
        const bool acting = std::holds_alternative<protocol::Act>(body);
        actor->post(
            [connection, player, body, id, timing](Room& r, Instant now) {
                const Caller caller{player->id, connection, id, player->token_hash, "", timing};
                std::visit(Overloaded{
                               [&](const protocol::Leave&) { r.leave(caller, now); },
                               [&](const protocol::Start& m) { r.start(caller, m.options, now); },
                               [&](const protocol::Rematch& m) { r.rematch(caller, m.options, now); },
                               [&](const protocol::Act& m) { r.act(caller, m.action, m.rev, now); },
                               [&](const protocol::Chat& m) { r.chat(caller, m.text, now); },
                               [&](const protocol::Configure& m) { r.configure(caller, m.options, now); },
                               [&](const protocol::Resync&) { r.resync(caller, now); },
                               [&](const protocol::AddBot&) { r.add_bot(caller, now); },
                               [&](const protocol::RemoveBot& m) { r.remove_bot(caller, m.seat, now); },
                               [&](const protocol::BotFor& m) { r.bot_for(caller, m.seat, now); },
                               [&](const auto&) {},  // hello, create, join, ping: answered by the hub
                           },
                           body);
            },
            [this, player, leaving, acting, taken, taken_ms, done = std::move(done)](Room& r) {
                if (acting) {
                    metrics_.observe_action_latency(std::chrono::steady_clock::now() - taken);
                    load_.action_took(load_.now() - taken_ms);
                }
                if (leaving) return settled(r, player, done);
                done(player);
            },
            acting);
    });
}

void Hub::measured(const ConnectionPtr& connection, const PlayerPtr& player) {
    if (!player) return;
    std::string code;
    {
        std::lock_guard lock(mutex_);
        if (in_room_locked(*player)) code = player->room;
    }
    const std::shared_ptr<RoomActor> actor = code.empty() ? nullptr : find_room(code);
    if (!actor) return;  // not in a room: one it joins reads the figures from the connection
    actor->post([connection, player](Room& r, Instant now) {
        r.measured(Caller{player->id, connection, std::nullopt, "", ""}, now);
    });
}

void Hub::settled(const Room& room, const PlayerPtr& player, const Done& done) {
    if (!room.is_member(player->id)) release(player, room.code());
    done(player);
}

void Hub::closed(const ConnectionPtr& connection, const PlayerPtr& player) {
    if (!player) return;
    std::string room;
    {
        std::lock_guard lock(mutex_);
        if (player->connection.lock() == connection) player->connection.reset();
        player->last_seen = config_.clock().mono;
        room = player->room;
    }
    if (auto actor = room.empty() ? nullptr : find_room(room)) {
        actor->post([connection, pid = player->id](Room& r, Instant now) { r.disconnect(pid, connection.get(), now); });
    }
}

void Hub::release(const PlayerPtr& player, const std::string& code) {
    std::lock_guard lock(mutex_);
    if (player->room == code) player->room.clear();
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
    hooks.new_seed = config_.new_seed;
    hooks.on_action = [&metrics = metrics_](bool accepted) {
        (accepted ? metrics.actions_accepted : metrics.actions_rejected)++;
    };
    if (config_.journal) {
        // Each write is watched by the load gauge, and counted when it fails.
        const auto watched = [&metrics = metrics_, &load = load_](WriteDone done) {
            return load.watch([&metrics, done = std::move(done)](WriteResult result) {
                if (result != WriteResult::written) metrics.journal_failures++;
                done(result);
            });
        };
        hooks.journal = [journal = config_.journal, watched, code](const RoomEvent& event, WriteDone done) {
            journal->append(code, event, watched(std::move(done)));
        };
        hooks.journal_all = [journal = config_.journal, watched, code](std::vector<RoomEvent> events, WriteDone done) {
            journal->append_all(code, std::move(events), watched(std::move(done)));
        };
        // Stored while the rules that played it are the server's: it survives a change of rules.
        hooks.on_finished = [this, code](int index) {
            in_chores([this, code, index] { keep_replay(code, index); });
        };
    }
    return hooks;
}

void Hub::new_room(const games::Game& game, const Json& options, int attempt, NewRoom then) {
    // Codes are 40 random bits: a second draw is for a code in use (here or in the journal).
    if (attempt == 3) return then(nullptr);
    const Instant now = config_.clock();
    const std::string code = random_room_code();
    if (find_room(code)) return new_room(game, options, attempt + 1, std::move(then));
    const auto open = [this, &game, options, code, now] {
        auto room = std::make_unique<Room>(RoomSetup{code, &game, options, now.wall}, hooks_for(code), config_.room_limits);
        auto actor = std::make_shared<RoomActor>(executor_, std::move(room), config_.clock);
        std::lock_guard lock(mutex_);
        return rooms_.emplace(code, actor).second ? actor : nullptr;  // null: the same code drawn twice at once
    };
    if (!config_.journal) {
        auto actor = open();
        return actor ? then(actor) : new_room(game, options, attempt + 1, std::move(then));
    }
    // Recorded outside the hub's lock (with --sync full the write waits for the disk).
    config_.journal->create_room(code, std::string(game.id()), options, now.wall,
                                 load_.watch([this, &game, options, attempt, open, then = std::move(then)](WriteResult result) {
                                     if (result == WriteResult::failed) metrics_.journal_failures++;
                                     if (result != WriteResult::written) return new_room(game, options, attempt + 1, then);
                                     auto actor = open();
                                     actor ? then(actor) : new_room(game, options, attempt + 1, then);
                                 }));
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
