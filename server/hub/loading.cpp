// The hub and the journal: rooms rebuilt from it (at start, on demand after an unload, for the
// rooms API), damaged records, idle rooms unloaded, summaries and replays answered from it. Its
// reads run on the background thread, never on one that serves players.
#include <spdlog/spdlog.h>

#include <chrono>

#include "games/registry.hpp"
#include "server/hub/hub.hpp"
#include "server/hub/replay.hpp"
#include "server/rooms/frames.hpp"

namespace taol::server {
namespace {

// Closes each connection once what was queued for it is sent.
void close_all(const std::vector<PeerPtr>& peers) {
    for (const PeerPtr& peer : peers) {
        if (auto connection = std::dynamic_pointer_cast<Connection>(peer)) connection->close();
    }
}

}  // namespace

std::unique_ptr<Room> Hub::rebuild(const std::string& code) {
    if (!config_.journal) return nullptr;
    std::optional<StoredRoom> stored = config_.journal->load(code);
    if (!stored) return nullptr;
    const games::Game* game = games::find_game(stored->game);
    if (!game) throw JournalDamaged("room " + code + ": unknown game '" + stored->game + "'");
    try {
        return Room::replay(RoomSetup{code, game, stored->options, stored->created}, stored->events, hooks_for(code), {},
                            config_.room_limits);
    } catch (const std::exception& e) {
        throw JournalDamaged(std::string("its events do not replay: ") + e.what());
    }
}

void Hub::mark_damaged(const std::string& code, const std::string& why) {
    {
        std::lock_guard lock(mutex_);
        if (!damaged_.insert(code).second) return;
    }
    metrics_.rooms_damaged++;
    spdlog::error("room {}: its record is damaged, the room cannot be opened: {}", code, why);
}

bool Hub::is_damaged(const std::string& code) const {
    std::lock_guard lock(mutex_);
    return damaged_.count(code) > 0;
}

std::shared_ptr<RoomActor> Hub::load_room(const std::string& code, std::optional<std::string>* moved_to) {
    if (auto actor = find_room(code)) return actor;
    if (!config_.journal || code.size() != protocol::kRoomCodeLength || is_damaged(code)) return nullptr;
    const auto started = std::chrono::steady_clock::now();
    // Claimed before it is read: once claimed, no other node can add to what is read.
    const Claim claim = config_.journal->claim(code);
    if (claim.result == Claim::Result::elsewhere) {
        if (moved_to) *moved_to = claim.owner_url;
        return nullptr;
    }
    if (claim.result == Claim::Result::unknown) return nullptr;
    std::unique_ptr<Room> room = rebuild(code);
    if (!room) return nullptr;
    room->owe_everyone_away();  // shown at once; recorded by the actor's first call
    config_.journal->set_loaded(code, true, {});
    std::shared_ptr<RoomActor> actor;
    {
        std::lock_guard lock(mutex_);
        if (auto it = rooms_.find(code); it != rooms_.end()) return it->second;  // loaded meanwhile
        actor = std::make_shared<RoomActor>(executor_, std::move(room), config_.clock);
        rooms_.emplace(code, actor);
    }
    // Nobody is connected any more; what cannot be recorded now is retried by the room.
    actor->post([](Room& r, Instant now) { r.mark_everyone_away(now); });
    metrics_.rooms_loaded++;
    spdlog::info("room {}: loaded from the journal in {} ms", code,
                 std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count());
    return actor;
}

void Hub::room_lost(const std::string& code, const std::string& url) {
    std::shared_ptr<RoomActor> actor;
    {
        std::lock_guard lock(mutex_);
        auto it = rooms_.find(code);
        if (it == rooms_.end()) return;
        actor = it->second;
        rooms_.erase(it);
    }
    metrics_.moved_clients += static_cast<std::uint64_t>(actor->connected());
    spdlog::warn("room {}: taken over by another node ({}): its clients are sent there", code, url.empty() ? "?" : url);
    // Told where it went, then closed: nothing of the room comes from here any more.
    actor->post([url](Room& r, Instant) { close_all(r.moved_away(url)); });
    actor->close();
}

std::size_t Hub::hand_over_rooms() {
    std::unordered_map<std::string, std::shared_ptr<RoomActor>> rooms;
    {
        std::lock_guard lock(mutex_);
        rooms.swap(rooms_);
    }
    for (const auto& [code, actor] : rooms) {
        metrics_.moved_clients += static_cast<std::uint64_t>(actor->connected());
        // From the room's strand, after what it wrote: the release comes last in its journal, and
        // its people are sent on once it is made, so that the next node can take the room at once.
        actor->post([journal = config_.journal, code = code, actor = actor](Room&, Instant) {
            journal->set_loaded(code, false, [actor](WriteResult) {
                actor->post([](Room& r, Instant) { close_all(r.moved_away("")); });
            });
        });
        actor->close();
    }
    return rooms.size();
}

Frame Hub::moved_frame(const std::string& code, const std::string& url, std::optional<std::int64_t> id) {
    metrics_.moved_clients++;
    return encode_frame(protocol::moved_json(code, url), id);
}

void Hub::with_room(const std::string& code, WithRoom then) {
    if (auto actor = find_room(code)) return then(actor, {});
    if (!config_.journal) return then(nullptr, {});
    in_background([this, code, then = std::move(then)] {
        Lookup lookup;
        std::shared_ptr<RoomActor> actor;
        try {
            actor = load_room(code, &lookup.moved_to);
            lookup.damaged = is_damaged(code);
        } catch (const JournalDamaged& e) {
            mark_damaged(code, e.what());
            lookup.damaged = true;
        } catch (const std::exception& e) {  // the journal cannot be reached: nothing is damaged
            spdlog::error("room {}: cannot be opened now: {}", code, e.what());
            lookup.unavailable = true;
        }
        then(actor, lookup);
    });
}

int Hub::restore() {
    if (!config_.journal) return 0;
    int restored = 0;
    for (const std::string& code : config_.journal->loaded_rooms()) {
        try {
            restored += load_room(code) ? 1 : 0;
        } catch (const std::exception& e) {
            mark_damaged(code, e.what());
        }
    }
    return restored;
}

void Hub::summary(const std::string& code, std::function<void(ApiReply)> reply) {
    if (auto actor = find_room(code)) {
        return actor->read_summary([reply = std::move(reply)](Json summary) { reply({200, std::move(summary)}); });
    }
    const auto not_found = [&] { return api_error(404, "room_not_found", "no room has the code '" + code + "'"); };
    if (!config_.journal) return reply(not_found());
    in_background([this, code, not_found, reply = std::move(reply)] {
        try {
            if (is_damaged(code)) throw JournalDamaged("known to be damaged");
            // A shared journal's room may be playing on another node: its stored summary is old.
            if (std::optional<Json> stored = shared_journal_ ? std::nullopt : config_.journal->load_summary(code)) {
                return reply({200, std::move(*stored)});
            }
            std::unique_ptr<Room> room = rebuild(code);
            if (!room) return reply(not_found());
            Json summary = room->summary();
            config_.journal->store_summary(code, summary, {});
            reply({200, std::move(summary)});
        } catch (const std::exception& e) {
            mark_damaged(code, e.what());
            reply(api_error(500, "room_damaged", "this room's record is damaged: it cannot be read"));
        }
    });
}

void Hub::replay(const std::string& code, int index, std::function<void(ApiReply)> reply) {
    if (!config_.journal) return reply(api_error(404, "room_not_found", "no room has the code '" + code + "'"));
    in_background([this, code, index, reply = std::move(reply)] { reply(compute_replay(code, index)); });
}

ApiReply Hub::compute_replay(const std::string& code, int index) {
    try {
        if (is_damaged(code)) throw JournalDamaged("known to be damaged");
        const std::optional<int> games = config_.journal->games_started(code);
        if (!games) return api_error(404, "room_not_found", "no room has the code '" + code + "'");
        if (*games == 0) return api_error(404, "no_game", "no game has been played in this room yet");
        if (index == 0) index = *games;
        if (index < 1 || index > *games) {
            return api_error(400, "bad_request", "this room has played " + std::to_string(*games) + " game(s)");
        }
        if (std::optional<Json> stored = config_.journal->load_replay(code, index)) {
            (*stored)["games"] = *games;
            return {200, std::move(*stored)};
        }
        ApiReply reply = replay_answer(replay_from_events(code, index));
        if (reply.status == 200) reply.body["games"] = *games;  // it counts only the games it read
        return reply;
    } catch (const std::exception& e) {
        mark_damaged(code, e.what());
        return api_error(500, "room_damaged", "this room's record is damaged: its replay cannot be read");
    }
}

BuiltReplay Hub::replay_from_events(const std::string& code, int index) {
    std::optional<StoredRoom> stored = config_.journal->load_for_replay(code, index);
    if (!stored) return {api_error(404, "room_not_found", "no room has the code '" + code + "'"), {}};
    const games::Game* game = games::find_game(stored->game);
    if (!game) throw JournalDamaged("unknown game '" + stored->game + "'");
    BuiltReplay built = build_replay(*stored, *game, index);
    if (!built.refused) config_.journal->store_replay(code, index, built.text, {});
    return built;
}

void Hub::keep_replay(const std::string& code, int index) {
    // Just finished: not stored yet, and its index is known.
    try {
        if (!is_damaged(code)) replay_from_events(code, index);
    } catch (const std::exception& e) {
        mark_damaged(code, e.what());
    }
}

void Hub::sweep() {
    const TimeMs now = config_.clock().mono;
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
        metrics_.rooms_unloaded++;
        spdlog::info("room {}: unloaded (nobody connected for {} s)", actor->code(), config_.idle_unload_ms / 1000);
    }
    if (!config_.journal || unloaded.empty()) return;
    // Its summary stays answerable without replaying it.
    in_background([this, unloaded] {
        for (const auto& actor : unloaded) {
            config_.journal->store_summary(actor->code(), actor->summary(), {});
            config_.journal->set_loaded(actor->code(), false, {});
        }
    });
}

}  // namespace taol::server
