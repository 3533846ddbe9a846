#pragma once
// One room of a live server with its people: every client says hello, the first player creates
// the room, the other players take their seats in order, then the spectators come in; each step
// is checked on the way.
#include <catch2/catch.hpp>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"

namespace taol::testing {

class LiveTable {
public:
    // `options` null: the create message carries none, and the game's defaults apply.
    LiveTable(unsigned short port, const std::string& game, const Json& options, const std::vector<std::string>& players,
              const std::vector<std::string>& spectators = {})
        : port_(port), players_(players.size()) {
        for (const auto& names : {players, spectators}) {
            // Each offers permessage-deflate, as browsers do: a server started with --deflate on
            // compresses what it sends them.
            for (const std::string& name : names) people_.push_back({name, nullptr, std::make_unique<WsClient>(port, "/ws", true)});
        }
        // Every other person takes deltas (as the web client does), so both kinds of connection
        // play every game.
        for (std::size_t i = 0; i < people_.size(); ++i) {
            people_[i].welcome = people_[i].client->hello(people_[i].name, std::nullopt, takes_deltas(i));
        }

        Json create{{"type", "create"}, {"game", game}};
        if (!options.is_null()) create["options"] = options;
        const Json room = player(0).request(create);
        REQUIRE(room.at("type") == "room");
        code_ = room.at("room");
        for (std::size_t i = 1; i < people_.size(); ++i) {
            const bool seated = i < players_;
            const Json joined = client(i).request(join_message(code_, seated ? "player" : "spectator"));
            REQUIRE(joined.at("type") == "room");
            if (seated) {
                REQUIRE(joined.at("you") == i);
            } else {
                REQUIRE(joined.at("spectators") == i - players_ + 1);
            }
        }
    }

    const std::string& code() const { return code_; }
    WsClient& player(std::size_t seat) { return client(seat); }
    WsClient& spectator(std::size_t i = 0) { return client(players_ + i); }

    // Everyone by index: the players by seat, then the spectators in the order they came in.
    std::size_t size() const { return people_.size(); }
    WsClient& client(std::size_t i) { return *people_.at(i).client; }
    const std::string& name(std::size_t i) const { return people_.at(i).name; }
    // The answer to the hello (the person's player id and token).
    const Json& welcome(std::size_t i) const { return people_.at(i).welcome; }

    std::vector<WsClient*> players() const { return first(players_); }
    std::vector<WsClient*> everyone() const { return first(people_.size()); }

    // The first player starts the game; returns the first snapshot.
    Json start() {
        const Json started = player(0).request({{"type", "start"}});
        REQUIRE(started.at("type") == "snapshot");
        return started;
    }

    // Every client has reached this rev, and nothing newer.
    void check_same_rev(std::int64_t rev) const {
        for (WsClient* c : everyone()) CHECK(c->snapshot(rev).at("rev") == rev);
    }

    static bool takes_deltas(std::size_t i) { return i % 2 == 1; }
    // How many deltas everyone was sent.
    std::size_t deltas_received() const {
        std::size_t n = 0;
        for (const Person& p : people_) n += p.client ? p.client->deltas_received() : 0;
        return n;
    }

    // A connection goes; reconnect opens a new one in its place, which has yet to say hello.
    void drop(std::size_t i) { people_.at(i).client.reset(); }
    WsClient& reconnect(std::size_t i) {
        people_.at(i).client = std::make_unique<WsClient>(port_);
        return client(i);
    }

private:
    struct Person {
        std::string name;
        Json welcome;
        std::unique_ptr<WsClient> client;
    };

    std::vector<WsClient*> first(std::size_t n) const {
        std::vector<WsClient*> out;
        for (std::size_t i = 0; i < n; ++i) out.push_back(people_[i].client.get());
        return out;
    }

    unsigned short port_;
    std::size_t players_;  // the first people, seated in order
    std::vector<Person> people_;
    std::string code_;
};

}  // namespace taol::testing
