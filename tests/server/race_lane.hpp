#pragma once
// One table at which two players race, each on a link of its own (a DelayProxy): for the tests of
// fair races and their benchmark. The table replays a RaceSpot in a new room, then both racers
// send their contested action at moments the caller chooses, each stamped on its own clock.
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"
#include "tests/support/delay_proxy.hpp"
#include "tests/support/race_spot.hpp"

namespace taol::testing {

class RaceLane {
public:
    using Clock = std::chrono::steady_clock;

    // The spot's seat `slow_seat` connects through `slow`, its other racer through `fast`, every
    // other seat straight to the server. `slow_sim` is how the slow racer keeps its clock (a
    // cheat delays its answers); every racer's clock is far from the server's.
    RaceLane(unsigned short server_port, RaceSpot spot, const DelayProxy& fast, const DelayProxy& slow,
             games::Seat slow_seat, WsClient::ClockSim slow_sim = {})
        : spot_(std::move(spot)), slow_seat_(slow_seat) {
        fast_seat_ = slow_seat == spot_.a ? spot_.b : spot_.a;
        for (int s = 0; s < spot_.players; ++s) {
            const bool racer = s == slow_seat_ || s == fast_seat_;
            auto client = std::make_unique<WsClient>(s == slow_seat_ ? slow.port() : s == fast_seat_ ? fast.port() : server_port);
            if (racer) {
                WsClient::ClockSim sim = s == slow_seat_ ? slow_sim : WsClient::ClockSim{};
                sim.offset_ms += 1'000'000.0 * (s + 1);
                client->simulate_clock(sim);
            }
            client->hello("seat" + std::to_string(s), std::nullopt, false, racer);
            seats_.push_back(std::move(client));
        }
    }

    WsClient& slow() { return *seats_[static_cast<std::size_t>(slow_seat_)]; }
    WsClient& fast() { return *seats_[static_cast<std::size_t>(fast_seat_)]; }
    games::Seat slow_seat() const { return slow_seat_; }
    games::Seat fast_seat() const { return fast_seat_; }

    // A new room of the spot's game (fair races on or off, compensation capped at `cap_ms`), every seat taken, the game started and
    // the spot's prefix played: both racers have been sent the snapshot that offers the race, and
    // (with `fair`) the room has measured both links. Returns that snapshot's rev.
    std::int64_t set_up(bool fair, int cap_ms = 100) {
        for (auto& c : seats_) mark_[c.get()] = c->count();
        if (!code_.empty()) {
            for (auto& c : seats_) c->request({{"type", "leave"}});
        }
        games::Json options = spot_.options;
        options["fair_races"] = fair;
        options["fair_races_cap_ms"] = cap_ms;
        const Json room = host().request({{"type", "create"}, {"game", spot_.game}, {"options", options}});
        code_ = room.at("room");
        for (std::size_t s = 1; s < seats_.size(); ++s) seats_[s]->request(join_message(code_, "player"));
        std::int64_t rev = host().request({{"type", "start"}}).at("rev");
        for (const auto& [seat, action] : spot_.prefix) {
            const Json answer = act(*seats_[static_cast<std::size_t>(seat)], action, rev);
            if (answer.at("type") != "snapshot") throw std::runtime_error("the spot's prefix was refused: " + answer.dump());
            rev = answer.at("rev");
        }
        slow().snapshot(rev);
        fast().snapshot(rev);
        if (fair) wait_measured();
        return rev;
    }

    // The racer's action, stamped now on its clock, or `early_ms` before (a forged stamp).
    void send(WsClient& racer, std::int64_t rev, double early_ms = 0) {
        const bool slow_one = &racer == &slow();
        const Json action = (slow_one ? slow_seat_ : fast_seat_) == spot_.a ? spot_.action_a : spot_.action_b;
        racer.send({{"type", "act"}, {"id", kRaceId}, {"action", action}, {"rev", rev}, {"t", racer.client_now() - early_ms}});
    }

    // Once both racers are answered: whether the slow one won, and the loser's error.
    struct Outcome {
        bool slow_won = false;
        Json loser_error;
    };
    Outcome outcome() {
        const Json to_slow = answer(slow());
        const Json to_fast = answer(fast());
        const bool slow_won = to_slow.at("type") == "snapshot";
        if (slow_won == (to_fast.at("type") == "snapshot")) {
            throw std::runtime_error("not one winner: " + to_slow.dump() + " / " + to_fast.dump());
        }
        return {slow_won, slow_won ? to_fast : to_slow};
    }

private:
    static constexpr std::int64_t kRaceId = 424242;

    WsClient& host() { return *seats_.front(); }

    Json answer(WsClient& racer) {
        return racer.wait_for([](const Json& m) { return m.value("id", std::int64_t{0}) == kRaceId; }, mark_[&racer]);
    }

    // The room shows both racers' round trips once it compensates them.
    void wait_measured() {
        host().wait_for(
            [&](const Json& m) {
                if (m.at("type") != "room" || m.value("room", "") != code_) return false;
                const Json& seats = m.at("seats");
                const auto measured = [&](games::Seat s) {
                    return static_cast<std::size_t>(s) < seats.size() && seats[static_cast<std::size_t>(s)].contains("rtt_ms");
                };
                return measured(slow_seat_) && measured(fast_seat_);
            },
            mark_[&host()]);
    }

    RaceSpot spot_;
    games::Seat slow_seat_ = 0;
    games::Seat fast_seat_ = 0;
    std::vector<std::unique_ptr<WsClient>> seats_;
    std::map<WsClient*, std::size_t> mark_;  // where this race's messages begin, per client
    std::string code_;
};

}  // namespace taol::testing
