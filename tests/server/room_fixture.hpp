#pragma once
// A room on the fake game with recording peers, a journal and a hand-driven clock.
#include <functional>
#include <map>
#include <utility>
#include <memory>
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <spdlog/spdlog.h>

#include "games/core/options.hpp"
#include "server/rooms/room.hpp"
#include "tests/server/fake_game.hpp"

namespace taol::testing {

using games::Json;
using games::TimeMs;

// Records every frame delivered to it.
struct FakePeer : server::Peer {
    std::vector<Json> frames;
    std::vector<server::Frame> raw;  // as delivered: a shared frame is the same buffer
    std::function<void(const server::Frame&)> seen;  // told of every frame (what clear() forgets)
    void deliver(server::Frame frame) override {
        if (seen) seen(frame);
        frames.push_back(Json::parse(frame->text()));
        raw.push_back(std::move(frame));
    }

    std::vector<Json> of_type(const std::string& type) const {
        std::vector<Json> out;
        for (const Json& f : frames) {
            if (f.at("type") == type) out.push_back(f);
        }
        return out;
    }
    // The last frame of that type; null when none.
    Json last(const std::string& type) const {
        for (auto it = frames.rbegin(); it != frames.rend(); ++it) {
            if (it->at("type") == type) return *it;
        }
        return nullptr;
    }
    // The error code of the last frame, or "" when it is not an error.
    std::string last_error() const {
        return !frames.empty() && frames.back().at("type") == "error" ? frames.back().at("code").get<std::string>() : "";
    }
    void clear() {
        frames.clear();
        raw.clear();
    }
};

constexpr TimeMs kT0 = 1'700'000'000'000;
inline TimeMs at(TimeMs ms) { return kT0 + ms; }
// Both clocks at kT0 + ms: in these tests the monotonic and the wall clock agree.
inline server::Instant instant(TimeMs t) { return {t, t}; }
inline server::Instant when(TimeMs ms) { return instant(at(ms)); }

inline Json fake_options(const Json& given = nullptr) {
    return games::complete_options(fake_game(), given, 2).value();
}

class Table {
public:
    explicit Table(const Json& options = nullptr)
        : room_(server::RoomSetup{"ABCDEFGH", &fake_game(), fake_options(options), kT0}, hooks()) {
        spdlog::set_level(spdlog::level::warn);
    }
    // A room of a real game, its options completed for `players`.
    Table(const games::Game& game, int players, const Json& options)
        : room_(server::RoomSetup{"ABCDEFGH", &game, games::complete_options(game, options, players).value(), kT0}, hooks()) {
        spdlog::set_level(spdlog::level::warn);
    }

    server::Room& room() { return room_; }
    std::shared_ptr<FakePeer> peer(const std::string& player) {
        auto& p = peers_[player];
        if (!p) p = std::make_shared<FakePeer>();
        return p;
    }
    // A fresh connection for `player` (the old one is forgotten).
    std::shared_ptr<FakePeer> new_peer(const std::string& player) {
        peers_[player] = std::make_shared<FakePeer>();
        return peers_[player];
    }
    server::Caller caller(const std::string& player) { return {player, peer(player), ++last_id_, "", player}; }
    // `player`'s connection as the hub hands it over after a hello (no id).
    server::Caller connection(const std::string& player, std::shared_ptr<FakePeer> peer) {
        return {player, std::move(peer), std::nullopt, "", player};
    }
    std::int64_t last_id() const { return last_id_; }

    // Whether the player is in the room afterwards.
    bool join(const std::string& player, TimeMs t, bool spectator = false) {
        room_.join(caller(player), player, spectator, instant(t));
        return room_.is_member(player);
    }
    // Players "a", "b", ... seated and a game started at `t` by "a".
    void seat_and_start(int players, TimeMs t, const Json& options = nullptr) {
        for (int i = 0; i < players; ++i) join(std::string(1, static_cast<char>('a' + i)), t);
        room_.start(caller("a"), options, instant(t));
    }
    void act(const std::string& player, const Json& action, TimeMs t, std::optional<std::int64_t> rev = std::nullopt) {
        room_.act(caller(player), action, rev, instant(t));
    }

    std::vector<server::RoomEvent>& journal() { return journal_; }
    void fail_journal(bool fail) { journal_fails_ = fail; }
    // The journal keeps its answers until answer() (as a journal that answers later would).
    void hold_answers(bool hold) { holding_ = hold; }
    std::size_t held() const { return held_.size(); }
    // Answers the oldest held write: recorded when `result` is written.
    void answer(server::WriteResult result = server::WriteResult::written) {
        REQUIRE_FALSE(held_.empty());
        auto [event, done] = std::move(held_.front());
        held_.erase(held_.begin());
        if (result == server::WriteResult::written) journal_.push_back(event);
        done(result);
    }
    void set_seed(std::uint64_t seed) { seed_ = seed; }

private:
    server::RoomHooks hooks() {
        server::RoomHooks h;
        h.journal = [this](const server::RoomEvent& e, server::WriteDone done) {
            if (holding_) {
                held_.emplace_back(e, std::move(done));
                return;
            }
            if (!journal_fails_) journal_.push_back(e);
            done(journal_fails_ ? server::WriteResult::failed : server::WriteResult::written);
        };
        h.new_seed = [this] { return seed_; };
        return h;
    }

    std::vector<server::RoomEvent> journal_;
    bool journal_fails_ = false;
    bool holding_ = false;
    std::vector<std::pair<server::RoomEvent, server::WriteDone>> held_;
    std::uint64_t seed_ = 42;
    std::map<std::string, std::shared_ptr<FakePeer>> peers_;
    std::int64_t last_id_ = 0;
    server::Room room_;
};

inline Json grab() { return Json{{"type", "grab"}}; }
inline Json pass() { return Json{{"type", "pass"}}; }
inline Json bet(int amount) { return Json{{"type", "bet"}, {"amount", amount}}; }

}  // namespace taol::testing
