// Failover benchmark (a program that prints figures, not a test): how long the rooms of a node
// that dies, or that is stopped, take to be served again by another node, and whether anything
// of them was lost.
//
//   failover_bench SERVER [--rooms N] [--moves M]
//
// Three nodes (SERVER with --journal postgresql://..., default lease of 3 s) on a throwaway
// PostgreSQL (tests/server/pg_cluster.hpp). N rooms of Gang de castors (default 40), two players
// each, all on node 1, play M random listed actions each (default 6). Then:
// 1. node 1 is killed (SIGKILL). Every player, on its own thread, connects to node 2 and follows
//    `moved` until it has its seat back (the dead node's leases have to lapse first). Printed: the
//    time from the kill to each room being served again (both players seated, at the rev they
//    had, with the same view and actions), p50 / p90 / max.
// 2. node 2, now serving every room, is stopped with SIGTERM: it hands its rooms over at once,
//    and its players, told so (`moved`), go on to node 3. Printed the same way.
// "lost" counts seats that came back at another rev, view or actions than they left: it must be 0.
#include <signal.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "games/core/rng.hpp"
#include "tests/bench/server_process.hpp"
#include "tests/server/live_play.hpp"
#include "tests/server/pg_cluster.hpp"
#include "tests/server/traveller.hpp"

using namespace taol::testing;
using Steady = std::chrono::steady_clock;

namespace {

struct Room {
    std::string code;
    Traveller a{"A"};
    Traveller b{"B"};
    std::int64_t rev = 0;
    std::vector<WsClient*> clients() { return {&a.client(), &b.client()}; }
};

struct Outcome {
    std::vector<double> ms;  // per room
    int lost = 0;
    int failed = 0;
};

// Every room's players back on `home` (avoiding `down`), each on its own thread; timed from `since`.
// `told`: each player waits to be told to go (`moved`) before it goes, as the web client does.
Outcome come_back(std::vector<std::unique_ptr<Room>>& rooms, unsigned short home, const std::set<unsigned short>& down,
                  Steady::time_point since, bool told) {
    Outcome out;
    std::mutex mutex;
    std::vector<std::thread> threads;
    for (auto& room : rooms) {
        threads.emplace_back([&, r = room.get()] {
            try {
                const Seen a_before = seen_by(r->a.client(), r->rev);
                const Seen b_before = seen_by(r->b.client(), r->rev);
                const auto go = [&](Traveller& t) {
                    if (told) t.client().wait_for([](const Json& m) { return m.at("type") == "moved"; });
                    t.back_in(home, down);
                };
                std::thread other([&] { go(r->b); });
                go(r->a);
                other.join();
                const Seen a_after = seen_by(r->a.client(), r->rev);
                const Seen b_after = seen_by(r->b.client(), r->rev);
                const double ms = std::chrono::duration<double, std::milli>(Steady::now() - since).count();
                const bool same = a_after.rev == a_before.rev && a_after.view == a_before.view &&
                                  a_after.actions == a_before.actions && b_after.rev == b_before.rev &&
                                  b_after.view == b_before.view && b_after.actions == b_before.actions;
                std::lock_guard lock(mutex);
                out.ms.push_back(ms);
                if (!same) ++out.lost;
            } catch (const std::exception& e) {
                std::lock_guard lock(mutex);
                std::fprintf(stderr, "failover_bench: a room did not come back: %s\n", e.what());
                ++out.failed;
            }
        });
    }
    for (auto& t : threads) t.join();
    std::sort(out.ms.begin(), out.ms.end());
    return out;
}

void print(const char* what, const Outcome& o, std::size_t rooms) {
    const auto at = [&](double p) {
        return o.ms.empty() ? 0.0 : o.ms[std::min(o.ms.size() - 1, static_cast<std::size_t>(p * static_cast<double>(o.ms.size())))];
    };
    std::printf("%-34s served again after p50 %6.0f ms, p90 %6.0f ms, max %6.0f ms; %zu/%zu rooms back, lost %d\n", what,
                at(0.5), at(0.9), o.ms.empty() ? 0.0 : o.ms.back(), o.ms.size(), rooms, o.lost);
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: failover_bench SERVER [--rooms N] [--moves M]\n");
        return 2;
    }
    int room_count = 40;
    int moves = 6;
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        if (flag == "--rooms") room_count = std::atoi(argv[i + 1]);
        else if (flag == "--moves") moves = std::atoi(argv[i + 1]);
        else return 2;
    }
    PgCluster& cluster = PgCluster::shared();
    const std::string journal = cluster.url_of(cluster.new_database());
    std::vector<std::unique_ptr<taol::bench::ServerProcess>> nodes;
    std::vector<unsigned short> ports;
    for (int i = 0; i < 3; ++i) {
        const unsigned short port = taol::bench::free_port();
        nodes.push_back(std::make_unique<taol::bench::ServerProcess>(
            argv[1], port, 0,
            std::vector<std::string>{"--journal", journal, "--node", "n" + std::to_string(i + 1), "--public-url",
                                     "ws://127.0.0.1:" + std::to_string(port) + "/ws", "--limit", "busy-loop-lag-ms=0",
                                     "--limit", "busy-journal-wait-ms=0"},
            true));
        ports.push_back(port);
    }
    taol::games::Rng rng(7);
    std::vector<std::unique_ptr<Room>> rooms;
    for (int r = 0; r < room_count; ++r) {
        auto room = std::make_unique<Room>();
        room->a.connect(ports[0]);
        room->code = room->a.request({{"type", "create"}, {"game", "castors"}}).at("room");
        room->b.connect(ports[0]);
        room->b.request(join_message(room->code, "player"));
        // Past the look at the end cards, which a player may end early ("done" for both).
        const Json started = room->a.request({{"type", "start"}});
        room->rev = play(room->clients(), started.at("rev"), moves, rng);
        rooms.push_back(std::move(room));
    }
    std::printf("failover_bench: %d rooms of castors (2 players) on node 1 of 3, %d moves each; lease 3 s\n", room_count,
                moves);

    const auto killed = Steady::now();
    nodes[0]->stop(SIGKILL);
    const Outcome died = come_back(rooms, ports[1], {ports[0]}, killed, false);
    print("node 1 killed (SIGKILL):", died, rooms.size());

    for (auto& room : rooms) room->rev = play(room->clients(), room->rev, 1, rng);
    const auto stopped = Steady::now();
    bool node_2_ended = false;
    std::thread stopping([&] { node_2_ended = nodes[1]->stop(SIGTERM); });
    const Outcome drained = come_back(rooms, ports[2], {ports[0], ports[1]}, stopped, true);
    stopping.join();
    print("node 2 stopped (SIGTERM, drained):", drained, rooms.size());
    if (!node_2_ended) std::fprintf(stderr, "failover_bench: node 2 did not stop on SIGTERM\n");
    const bool ok = died.lost == 0 && drained.lost == 0 && died.failed == 0 && drained.failed == 0 && node_2_ended;
    return ok ? 0 : 1;
}
