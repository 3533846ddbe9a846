// What a crowd costs the server, measured against a real taol-server process (not a test):
//
//   crowd_bench SERVER --spectators N   a room of Gang de castors played by two, N spectators
//                                       joining at once then leaving: how long the joins take,
//                                       a canary's ping in another room meanwhile, an action's
//                                       fan-out to every spectator, the server's CPU and memory,
//                                       and that no departed spectator stays behind. Those the
//                                       server sheds with server_busy (it fell behind) are counted
//                                       apart: the rest must all get in.
//   crowd_bench SERVER --idle N         N connections that never say hello, opened at once: a
//                                       canary keeps connecting meanwhile; how long it is locked
//                                       out, and how long until the server has closed them all.
//   ... --server-fds N                  the server may open only N files (more idle connections
//                                       than it can hold: it sheds them, its log stays quiet).
//
// SERVER is the taol-server binary; it is started on a free port with a fresh data directory and
// stopped at the end. Everything runs on one thread of asynchronous clients (Boost.Beast).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "games/core/rng.hpp"
#include "tests/bench/bench_conn.hpp"
#include "tests/bench/server_process.hpp"
#include "tests/support/playout.hpp"

namespace net = boost::asio;
using Json = nlohmann::json;
using taol::bench::Clock;
using taol::bench::Conn;
using taol::bench::ServerProcess;
using taol::bench::ms_since;
using taol::bench::percentile;
using taol::bench::run_until;

namespace {

// A canary in a room of its own: pings every 50 ms, records round trips.
struct Canary {
    std::shared_ptr<Conn> conn;
    std::vector<double> rtts;
    Clock::time_point sent;
    bool waiting = false;
    void start(net::io_context& ioc, unsigned short port) {
        conn = std::make_shared<Conn>(ioc);
        conn->on_open = [this] { conn->send({{"type", "hello"}, {"name", "Canary"}}); };
        conn->on_message = [this](const Json& m) {
            if (m.at("type") == "pong") {
                rtts.push_back(ms_since(sent));
                waiting = false;
            }
        };
        conn->open(port);
    }
    void tick() {
        if (!conn->is_open() || waiting) return;
        sent = Clock::now();
        waiting = true;
        conn->send({{"type", "ping"}, {"t", 0}});
    }
};

int spectators(ServerProcess& server, int n) {
    net::io_context ioc;
    const unsigned short port = server.port();
    Canary canary;
    canary.start(ioc, port);
    // Two players and a room of Gang de castors.
    auto a = std::make_shared<Conn>(ioc);
    auto b = std::make_shared<Conn>(ioc);
    std::string code;
    Json last_a, last_b;
    a->on_open = [&] { a->send({{"type", "hello"}, {"name", "Anna"}}); };
    a->on_message = [&](const Json& m) {
        if (m.at("type") == "welcome") {
            a->send({{"type", "create"}, {"game", "castors"}, {"options", {{"spectators_max", n}}}, {"id", 1}});
        }
        if (m.at("type") == "room" && m.value("id", 0) == 1) code = m.at("room");
        if (m.at("type") == "snapshot") last_a = m;
    };
    b->on_open = [&] { b->send({{"type", "hello"}, {"name", "Bleuenn"}}); };
    bool b_in = false;
    b->on_message = [&](const Json& m) {
        if (m.at("type") == "room" && m.value("id", 0) == 2) b_in = true;
        if (m.at("type") == "snapshot") last_b = m;
    };
    a->open(port);
    b->open(port);
    run_until(ioc, [&] { return !code.empty(); }, 10);
    b->send({{"type", "join"}, {"room", code}, {"id", 2}});
    run_until(ioc, [&] { return b_in; }, 10);
    a->send({{"type", "start"}, {"id", 3}});
    run_until(ioc, [&] { return !last_a.is_null() && !last_b.is_null(); }, 10);

    // The crowd comes in, all at once.
    std::vector<std::shared_ptr<Conn>> crowd;
    std::vector<std::int64_t> rev_seen(static_cast<std::size_t>(n), -1);
    int joined = 0;
    int refused = 0;
    int busy = 0;  // refused with server_busy: the server shed them, as it should when it falls behind
    const auto joining = Clock::now();
    const auto before = server.usage();
    for (int i = 0; i < n; ++i) {
        auto c = std::make_shared<Conn>(ioc);
        c->on_open = [c, i] { c->send({{"type", "hello"}, {"name", std::string("S").append(std::to_string(i))}}); };
        c->on_message = [&, c, i](const Json& m) {
            if (m.at("type") == "welcome") c->send({{"type", "join"}, {"room", code}, {"as", "spectator"}, {"id", 1}});
            if (m.at("type") == "room" && m.value("id", 0) == 1) ++joined;
            if (m.at("type") == "error" && m.value("code", "") == "server_busy") {
                ++busy;
                rev_seen[static_cast<std::size_t>(i)] = std::numeric_limits<std::int64_t>::max();  // awaits nothing
            } else if (m.at("type") == "error") {
                ++refused;
            }
            if (m.at("type") == "snapshot") rev_seen[static_cast<std::size_t>(i)] = m.at("rev");
        };
        c->open(port);
        crowd.push_back(c);
    }
    run_until(ioc, [&] {
        canary.tick();
        return joined + refused + busy == n;
    }, 600);
    const double join_ms = ms_since(joining);
    const auto after = server.usage();
    std::printf("spectators: %d joined (%d refused, %d server_busy) in %.0f ms (%.2f ms each); server CPU %.2f s meanwhile\n",
                joined, refused, busy, join_ms, join_ms / std::max(1, joined), after.cpu_seconds - before.cpu_seconds);
    std::printf("canary ping in another room during the joins: p50 %.2f ms, p99 %.2f ms, max %.2f ms (%zu pings)\n",
                percentile(canary.rtts, 0.5), percentile(canary.rtts, 0.99), percentile(canary.rtts, 1.0),
                canary.rtts.size());
    std::printf("server RSS with the crowd: %ld KiB (%.1f KiB per spectator over the start)\n", after.rss_kib,
                static_cast<double>(after.rss_kib - before.rss_kib) / std::max(1, n));

    // A few actions: each reaches every spectator.
    taol::games::Rng rng(7);
    std::vector<double> fanout;
    for (int k = 0; k < 10; ++k) {
        const Json& snap = last_a.at("waiting_for").size() && last_a.at("waiting_for").at(0) == 1 ? last_b : last_a;
        Conn& actor = &snap == &last_b ? *b : *a;
        if (snap.at("actions").empty()) break;
        const std::int64_t rev = snap.at("rev");
        const Json action = taol::testing::fill_template(snap.at("actions").at(0), rng);
        const auto sent = Clock::now();
        actor.send({{"type", "act"}, {"action", action}, {"rev", rev}});
        const bool all = run_until(ioc, [&] {
            return std::all_of(rev_seen.begin(), rev_seen.end(), [&](std::int64_t r) { return r > rev; });
        }, 30);
        if (!all) break;
        fanout.push_back(ms_since(sent));
    }
    std::printf("an action to all %d spectators' snapshots: p50 %.2f ms, max %.2f ms (%zu actions)\n", joined,
                percentile(fanout, 0.5), percentile(fanout, 1.0), fanout.size());

    // They leave with their connections: none stays behind.
    for (auto& c : crowd) c->close();
    crowd.clear();
    run_until(ioc, [] { return false; }, 2.5);  // the coalesced count goes out within a second
    int counted = -1;
    a->on_message = [&](const Json& m) {
        if (m.at("type") == "room") counted = m.at("spectators");
    };
    a->send({{"type", "configure"}, {"options", {{"spectators_chat", true}}}, {"id", 9}});
    run_until(ioc, [&] { return counted >= 0; }, 10);
    std::printf("spectators still counted after they all left: %d\n", counted);
    const auto end = server.usage();
    std::printf("server RSS after they left: %ld KiB\n", end.rss_kib);
    return counted == 0 && joined + busy == n ? 0 : 1;
}

int idle(ServerProcess& server, int n) {
    net::io_context ioc;
    const unsigned short port = server.port();
    int opened = 0;
    int closed_by_server = 0;
    int failed = 0;
    std::vector<std::shared_ptr<Conn>> idle;
    const auto start = Clock::now();
    for (int i = 0; i < n; ++i) {
        auto c = std::make_shared<Conn>(ioc);
        c->on_open = [&] { ++opened; };
        c->on_closed = [&](bool by_server) { ++(by_server ? closed_by_server : failed); };
        c->open(port);
        idle.push_back(c);
    }
    // A canary tries a fresh connection, hello and ping every 100 ms.
    std::vector<double> attempts;  // ms each took; negative: it failed
    std::shared_ptr<Conn> canary;
    Clock::time_point tried;
    bool trying = false;
    const auto try_canary = [&] {
        if (trying) {
            if (ms_since(tried) < 2000) return;
            attempts.push_back(-1);
            if (canary) canary->close();
        }
        trying = true;
        tried = Clock::now();
        canary = std::make_shared<Conn>(ioc);
        auto self = canary;
        canary->on_open = [self] { self->send({{"type", "hello"}, {"name", "Canary"}}); };
        canary->on_message = [&, self](const Json& m) {
            if (m.at("type") == "welcome") self->send({{"type", "ping"}, {"t", 0}});
            if (m.at("type") == "pong" && self == canary) {
                attempts.push_back(ms_since(tried));
                trying = false;
                self->close();
            }
        };
        canary->on_closed = [&, self](bool) {
            if (self == canary && trying) {
                attempts.push_back(-1);
                trying = false;
            }
        };
        canary->open(port);
    };
    auto last_try = Clock::now();
    run_until(ioc, [&] {
        if (ms_since(last_try) >= 100) {
            last_try = Clock::now();
            try_canary();
        }
        return closed_by_server + failed >= n;
    }, 120);
    const double all_closed_ms = ms_since(start);
    int refused = 0;
    double locked_out_ms = 0;
    double worst = 0;
    for (double a : attempts) {
        if (a < 0) {
            ++refused;
            locked_out_ms += 100;
        } else {
            worst = std::max(worst, a);
        }
    }
    std::printf("idle: %d connections asked, %d opened, %d refused or failed at once\n", n, opened, failed);
    std::printf("all closed by the server within %.1f s of opening (hello deadline 10 s)\n", all_closed_ms / 1000);
    std::printf("canary meanwhile: %zu attempts, %d failed (about %.1f s locked out), slowest success %.0f ms\n",
                attempts.size(), refused, locked_out_ms / 1000, worst);
    return closed_by_server + failed == n ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    const bool fds = argc == 6 && std::string(argv[4]) == "--server-fds";
    if ((argc != 4 && !fds) || (std::string(argv[2]) != "--spectators" && std::string(argv[2]) != "--idle")) {
        std::fprintf(stderr, "usage: crowd_bench SERVER (--spectators N | --idle N) [--server-fds N]\n");
        return 2;
    }
    const int n = std::atoi(argv[3]);
    ServerProcess server(argv[1], taol::bench::free_port(), fds ? std::atoi(argv[5]) : 0);
    return std::string(argv[2]) == "--spectators" ? spectators(server, n) : idle(server, n);
}
