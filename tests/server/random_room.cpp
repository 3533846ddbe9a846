#include "tests/server/random_room.hpp"

#include "games/core/options.hpp"
#include "tests/support/game_checks.hpp"

namespace taol::testing {

RandomRoom::RandomRoom(const games::Game& game, const std::string& code, server::RoomHooks hooks,
                       std::uint64_t seed, int players, Watch watch)
    : rng_(seed),
      watch_(std::move(watch)),
      players_(players > 0 ? players : players_for(game, seed)),
      options_(options_for(game, players_)) {
    hooks.new_seed = [this] { return rng_.next(); };
    room_ = std::make_unique<server::Room>(server::RoomSetup{code, &game, options_, now_}, std::move(hooks));
    const server::Instant now{now_, now_};
    for (int p = 0; p < players_; ++p) room_->join(caller(seat_player(p)), numbered("P", p), false, now);
    room_->join(caller("watcher"), "W", true, now);
    room_->start(caller(seat_player(0)), nullptr, now);
}

int RandomRoom::players_for(const games::Game& game, std::uint64_t seed) {
    return game.min_players() + static_cast<int>(seed % static_cast<std::uint64_t>(game.max_players() - game.min_players() + 1));
}

Json RandomRoom::options_for(const games::Game& game, int players) {
    return games::complete_options(game, nullptr, players).value();
}

std::shared_ptr<FakePeer> RandomRoom::new_peer(const std::string& who) {
    auto peer = std::make_shared<FakePeer>();
    peer->want_deltas(watch_.deltas);
    if (watch_.seen) peer->seen = [this, who](const server::Frame& frame) { watch_.seen(who, frame); };
    return peer;
}

server::Caller RandomRoom::caller(const std::string& who) {
    auto& peer = peers_[who];
    if (!peer) peer = new_peer(who);
    peer->clear();  // only the answers to this call matter
    return server::Caller{who, peer, ++id_, "hash-" + who, who};
}

void RandomRoom::rematch() { room_->rematch(caller(seat_player(0)), nullptr, {now_, now_}); }

void RandomRoom::drop(int seat) {
    const std::string who = seat_player(seat);
    room_->disconnect(who, peers_[who].get(), {now_, now_});
}

void RandomRoom::come_back(int seat) {
    const std::string who = seat_player(seat);
    peers_[who] = new_peer(who);
    room_->reconnect(server::Caller{who, peers_[who], std::nullopt, "hash-" + who, who}, {now_, now_});
}

bool RandomRoom::step() {
    server::Room& room = *room_;
    const std::int64_t before = room.rev();
    const auto roll = rng_.below(100);
    if (roll < 3) {  // somebody drops and comes back a little later
        const int seat = static_cast<int>(rng_.below(players_));
        drop(seat);
        now_ += static_cast<games::TimeMs>(rng_.below(3000));
        come_back(seat);
    } else if (roll < 5) {
        room.chat(caller(seat_player(static_cast<int>(rng_.below(players_)))), "trugarez", {now_, now_});
    } else if (roll < 12 || room.state()->waiting_for().empty()) {  // time passes: deadlines fire
        const auto next = room.next_tick({now_, now_});
        now_ = next ? std::max(now_, *next) : now_ + 1000;
        room.tick({now_, now_});
    } else {
        const std::vector<games::Seat> waiting = room.state()->waiting_for();
        const games::Seat seat = rng_.below(4) ? waiting[rng_.below(waiting.size())]
                                               : static_cast<games::Seat>(rng_.below(players_));
        const Json actions = room.state()->actions(seat);
        now_ += static_cast<games::TimeMs>(rng_.below(400));
        if (!actions.empty()) {
            const Json action = fill_template(actions[rng_.below(actions.size())], rng_);
            room.act(caller(seat_player(seat)), action, room.rev(), {now_, now_});
        }
    }
    return room.rev() != before;
}

}  // namespace taol::testing
