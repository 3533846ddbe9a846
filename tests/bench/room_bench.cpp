// Room benchmark (a program that prints figures, not a test): the CPU one accepted action costs the
// room core alone, with no network and no disk, so that what load_bench measures end to end can be
// split into the room's share and the rest (sockets, threads, the journal's thread).
//
//   room_bench [--game castors] [--rooms N] [--players P] [--spectators S] [--actions A] [--seed K]
//              [--deltas] [--deflate]
//
// Defaults: 200 rooms of castors, 4 players + 1 spectator, 200,000 actions. Every room runs on one
// thread; each step picks a room and a seat with listed actions, fills one of them at random (as
// the playout test does) and sends it with the rev of that seat's table, a step of 50 ms later on
// a virtual clock (deadlines fire through tick() as they come due). The journal hook encodes
// each event as a journal would (its body as JSON text) and answers at once. Each member's peer
// only counts what it is sent; with --deltas every member takes deltas (PROTOCOL.md), so the
// figures include computing them. With --deflate every member's connection takes permessage-deflate,
// so each distinct frame is also compressed, once, as the server's sessions do. The figures count
// only the time spent inside the room's calls (thread CPU), not the driver's choice of actions.
#include <time.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "games/core/options.hpp"
#include "games/registry.hpp"
#include "server/net/ws_deflate.hpp"
#include "server/rooms/room.hpp"
#include "tests/support/game_checks.hpp"

namespace {

using taol::games::Json;
using taol::games::TimeMs;
namespace server = taol::server;

struct CountingPeer : server::Peer {
    explicit CountingPeer(bool deflate) : deflate(deflate) {}
    bool deflate;
    long long frames = 0;
    long long bytes = 0;
    long long wire_bytes = 0;  // compressed where it is worth it, as a session sends it
    void deliver(server::Frame frame) override {
        ++frames;
        bytes += static_cast<long long>(frame->size());
        if (!deflate) return;
        const std::string& compressed = frame->compressed([](const std::string& text) {
            return server::ws::deflate_message(text);
        });
        wire_bytes += static_cast<long long>(compressed.empty() ? frame->size() : compressed.size());
    }
};

double thread_cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

struct Settings {
    std::string game = "castors";
    int rooms = 200;
    int players = 4;
    int spectators = 1;
    long long actions = 200'000;
    std::uint64_t seed = 1;
    bool deltas = false;
    bool deflate = false;
};

Settings parse(int argc, char** argv) {
    Settings s;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "room_bench: %s needs a value\n", arg.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (arg == "--deltas") s.deltas = true;
        else if (arg == "--deflate") s.deflate = true;
        else if (arg == "--game") s.game = value();
        else if (arg == "--rooms") s.rooms = std::stoi(value());
        else if (arg == "--players") s.players = std::stoi(value());
        else if (arg == "--spectators") s.spectators = std::stoi(value());
        else if (arg == "--actions") s.actions = std::stoll(value());
        else if (arg == "--seed") s.seed = std::stoull(value());
        else {
            std::fprintf(stderr, "room_bench: unknown argument %s\n", arg.c_str());
            std::exit(2);
        }
    }
    return s;
}

struct Table {
    std::unique_ptr<server::Room> room;
    std::vector<std::shared_ptr<CountingPeer>> peers;  // players first, then spectators
    std::vector<std::string> players;
};

}  // namespace

int main(int argc, char** argv) {
    const Settings s = parse(argc, argv);
    spdlog::set_level(spdlog::level::warn);  // a room says every start and finish
    const taol::games::Game* game = taol::games::find_game(s.game);
    if (!game) {
        std::fprintf(stderr, "room_bench: unknown game %s\n", s.game.c_str());
        return 2;
    }
    auto options = taol::games::complete_options(*game, nullptr, s.players);
    if (!options.ok()) {
        std::fprintf(stderr, "room_bench: %s\n", options.error().message.c_str());
        return 2;
    }
    taol::games::Rng rng(s.seed);
    TimeMs now = 1'700'000'000'000;
    const auto instant = [&] { return server::Instant{now, now}; };
    long long journal_bytes = 0;
    std::uint64_t next_seed = s.seed;

    server::RoomHooks hooks;
    hooks.journal = [&](const server::RoomEvent& e, server::WriteDone done) {
        journal_bytes += static_cast<long long>(server::event_body_json(e.body).dump().size());
        done(server::WriteResult::written);
    };
    hooks.new_seed = [&] { return ++next_seed; };

    std::vector<Table> tables(static_cast<std::size_t>(s.rooms));
    for (int r = 0; r < s.rooms; ++r) {
        Table& t = tables[static_cast<std::size_t>(r)];
        t.room = std::make_unique<server::Room>(server::RoomSetup{"R" + std::to_string(r), game, options.value(), now},
                                                hooks);
        for (int m = 0; m < s.players + s.spectators; ++m) {
            const std::string player = "p" + std::to_string(r) + "_" + std::to_string(m);
            auto peer = std::make_shared<CountingPeer>(s.deflate);
            peer->want_deltas(s.deltas);
            t.players.push_back(player);
            t.peers.push_back(peer);
            t.room->join(server::Caller{player, peer, std::nullopt, "", player}, player, m >= s.players, instant());
        }
        t.room->start(server::Caller{t.players[0], t.peers[0], std::nullopt, "", t.players[0]}, nullptr, instant());
    }
    long long frames_before = 0, bytes_before = 0, wire_before = 0;
    for (const Table& t : tables) {
        for (const auto& p : t.peers) {
            frames_before += p->frames;
            bytes_before += p->bytes;
            wire_before += p->wire_bytes;
        }
    }

    double inside = 0;  // thread CPU inside the room's calls
    long long sent = 0, accepted = 0, games_finished = 0;
    while (sent < s.actions) {
        now += 50 / std::max(1, s.rooms / 100) + 1;
        Table& t = tables[rng.below(tables.size())];
        server::Room& room = *t.room;
        double start = thread_cpu_seconds();
        room.tick(instant());
        inside += thread_cpu_seconds() - start;
        if (room.status() == server::RoomStatus::finished) {
            ++games_finished;
            start = thread_cpu_seconds();
            room.rematch(server::Caller{t.players[0], t.peers[0], std::nullopt, "", t.players[0]}, nullptr, instant());
            inside += thread_cpu_seconds() - start;
            continue;
        }
        if (!room.state()) continue;
        std::vector<int> seats;
        for (int seat = 0; seat < s.players; ++seat) {
            if (!room.state()->actions(seat).empty()) seats.push_back(seat);
        }
        if (seats.empty()) continue;
        const int seat = seats[rng.below(seats.size())];
        const Json listed = room.state()->actions(seat);
        const Json action = taol::testing::fill_template(listed.at(rng.below(listed.size())), rng);
        const std::int64_t rev = room.rev();
        const auto& player = t.players[static_cast<std::size_t>(seat)];
        start = thread_cpu_seconds();
        room.act(server::Caller{player, t.peers[static_cast<std::size_t>(seat)], ++sent, "", player}, action, rev,
                 instant());
        inside += thread_cpu_seconds() - start;
        if (room.rev() > rev) ++accepted;
    }

    long long frames = -frames_before, bytes = -bytes_before, wire = -wire_before;
    for (const Table& t : tables) {
        for (const auto& p : t.peers) {
            frames += p->frames;
            bytes += p->bytes;
            wire += p->wire_bytes;
        }
    }
    std::printf("room_bench: %d rooms of %s, %d players + %d spectators%s, %lld actions sent (%lld accepted), "
                "%lld games finished\n",
                s.rooms, s.game.c_str(), s.players, s.spectators,
                s.deltas ? (s.deflate ? " taking compressed deltas" : " taking deltas") : (s.deflate ? " compressing" : ""), sent, accepted,
                games_finished);
    std::printf("  CPU inside the room per accepted action   %8.1f µs\n", inside * 1e6 / std::max(1LL, accepted));
    std::printf("  frames sent per accepted action           %8.2f\n", static_cast<double>(frames) / std::max(1LL, accepted));
    std::printf("  bytes per frame                           %8.0f\n", static_cast<double>(bytes) / std::max(1LL, frames));
    if (s.deflate) {
        std::printf("  compressed bytes per frame                %8.0f\n", static_cast<double>(wire) / std::max(1LL, frames));
    }
    std::printf("  journal bytes per accepted action         %8.0f\n",
                static_cast<double>(journal_bytes) / std::max(1LL, accepted));
    return accepted > 0 ? 0 : 1;
}
