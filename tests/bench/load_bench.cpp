// Load benchmark (a program that prints figures, not a test): many rooms playing at once against a
// real taol-server process, and optionally the same clients against a bare broadcaster.
//
//   load_bench SERVER [--rooms N] [--game castors] [--players P] [--spectators S] [--think-ms T]
//                     [--think-spread] [--stagger-s S] [--warmup-s W] [--seconds D] [--sync normal|full] [--bare]
//                     [--deltas] [--deflate] [--nodes N] [--surge R] [--server-limit NAME=N]...
//                     [--timeline] [--reconnect]
//
// Defaults: 100 rooms of castors, 4 players + 1 spectator each, think 500 ms, warm-up 5 s,
// measured 20 s, --sync normal (given to the server as is).
//
// How it plays. SERVER is started on a free port with a fresh data directory (server_process.hpp)
// and stopped after its run; its log goes to a file, of which the warnings and errors are printed.
// Every client is an asynchronous WebSocket connection on this one thread, written straight on its
// socket (lean_conn.hpp: one epoll set for all of them, so that the generator takes as little of
// the machine as it can from the server it measures). Per room the first client says hello and
// creates the room, the others join (players, then spectators), and the host starts once all have
// joined. A player whose latest snapshot lists actions waits T ms, then sends one of
// the actions of its latest snapshot (picked at random, a template filled at random as the playout
// test does) with that snapshot's rev; it has at most one action in flight, and tries again (after
// T ms more) when it is refused. With --think-spread each wait is drawn uniformly between T/2 and
// 3T/2 instead: the same mean, but players who do not act in step, as people do not (rooms that
// all start together otherwise play in waves, every room's actions arriving in the same moment).
// With --stagger-s each room's game starts at a moment drawn over S seconds rather than as soon as
// its members are in, so that the rooms' rounds do not begin and end in the same second either, as
// on a site whose rooms did not all open together (the warm-up should then be longer than S).
// When a game ends the host asks for a rematch at once, so play goes on. Random template fills may
// be illegal and players may race: those refusals are counted. A think time under ~50 ms meets
// the server's rate limit (20 messages/s a connection).
//
// After the phase every connection is closed at once, as a proxy's restart would: for one Taol
// server, how long it stays busy with that (until it uses under 5 ms of CPU in a quarter of a
// second, so to a quarter of a second), its CPU meanwhile, and how long a GET /healthz, asked every
// 20 ms, waits for its answer then. With --reconnect (one server too), before that, the play stops and every
// connection drops and comes back at once with its token (the other half of a proxy's restart):
// the same figures, and how long until every member has its room and snapshot again; a member
// that does not come back fails the run.
//
// What it measures: only the D seconds after the warm-up (which starts once every member has its
// first snapshot). Accepted actions/s counts answers (snapshots carrying an act's id) to actions
// sent in the phase; snapshots/s and bytes/s (WebSocket payloads, every message) what all clients
// received; bytes per snapshot is the one divided by the other. Latencies, in ms: "answer" from
// sending an act to the frame with its id; "each other member" from sending it to each other
// member's first snapshot of that rev or a later one; "last member" to the last of them (its p99
// also by the action's type: the confirmations every player sends at once wait longest). Beside
// them, the server's own share: the p99 and p99.9 of its time from reading an act to answering it,
// read from its /metrics histogram before and after the phase, as the bucket bound they fall
// within (so "at most"). Errors are counted by code. The server's CPU is utime+stime from
// /proc/<pid>/stat over the phase, divided by its length (cores), and per accepted action, in all
// and by thread name (from /proc/<pid>/task: the event loops, the journal's writer, its
// checkpoints, the replays kept of finished games...); its RSS is read at the end of the phase,
// and per connection over the RSS it had before any client connected. The client thread's own CPU
// is printed too: near 1 core, the latencies are the client's and not the server's. So is its own
// lag (how late a 10 ms timer of its thread runs): that much of any latency is the client's.
//
// --deltas: every client asks for deltas in its hello and applies each patch to the snapshot it
// holds (as the web client does); snapshots/s and bytes/s then count deltas too.
//
// --deflate: every client offers permessage-deflate, as browsers do (the server takes it by
// default); without it no client does, and every frame goes plain. "wire bytes per snapshot"
// counts what the sockets received (the kernel's count: framing and compression included), beside
// the messages' own bytes.
//
// --bare also runs, after Taol has stopped, the same clients with the same think time against a
// bare Beast broadcaster in this process (bare_broadcaster.hpp, one thread of its own, where Taol
// has one per core): seats play strictly in turn, and each action fans out to the room's other
// members as frames padded to Taol's bytes per snapshot. Castors sometimes waits on several seats
// at once (the peek, "continue" between rounds), so Taol plays more actions per room than the bare
// run: compare the per-action figures (latencies, CPU per action) more than the totals. The two
// are printed side by side; the broadcaster's CPU is its thread's, its RSS (this process's) is not
// printed.
//
// --nodes N: N nodes (taol-server with --journal postgresql://...) on a throwaway PostgreSQL of
// their own (tests/server/pg_cluster.hpp), each room wholly on one of them, round robin. The
// server CPU and RSS are the nodes' together; PostgreSQL's CPU is printed beside them. On one
// machine the nodes share its cores: this measures what sharing a database costs, not how far
// several machines go.
//
// --surge R: past saturation. During the phase R newcomer rooms a second arrive beside the N
// running ones, each playing like them once in; a newcomer told server_busy asks again 500 ms
// later, as a person would. The latencies printed are the running rooms' only; the newcomers get
// rows of their own (how many arrived, got in, and were told server_busy; their last member's
// p99). Not with --bare, which never refuses anyone.
//
// --server-limit NAME=N: given to the server as --limit NAME=N (say busy-action-ms=5).
//
// --timeline: Taol's run also gets a row for each second of the phase: the actions sent in it
// that every member saw, their last member's p50 / p99 / max, the games that ended in it, the
// client's worst lag and the server's CPU. Where latency comes in bursts, this says when.
//
// Exit status: 1 when a run could not set its rooms up, accepted nothing in its phase, or got an
// error code that the play above cannot explain (anything but too_late, illegal_action,
// not_your_turn and game_over), or lost a connection before the end; 2 for bad usage. The smoke runs in ctest check only that.
#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "tests/bench/bare_broadcaster.hpp"
#include "tests/bench/bench_conn.hpp"
#include "tests/bench/load_run.hpp"
#include "tests/bench/machine_probe.hpp"
#include "tests/bench/server_process.hpp"
#include "tests/server/pg_cluster.hpp"

using taol::bench::Figures;
using taol::bench::Settings;

namespace {

// Rows of figures, one column per run.
void print(const Settings& s, const taol::bench::MachineCost& machine,
           const std::vector<std::pair<std::string, Figures>>& runs) {
    const std::string nodes = s.nodes > 0 ? ", " + std::to_string(s.nodes) + " node(s) on PostgreSQL" : "";
    std::printf("load_bench: %d rooms of %s, %d players + %d spectators each (%d connections), think %d ms%s, "
                "warm-up %.0f s, measured %.0f s, --sync %s%s%s\n",
                s.rooms, s.game.c_str(), s.players, s.spectators, runs.front().second.connections, s.think_ms,
                s.think_spread ? " (spread)" : "", s.warmup_s, s.seconds, s.sync.c_str(), s.deltas ? ", deltas" : "",
                nodes.c_str());
    std::printf("this machine, idle before the run: a system call %.2f µs, 1 KiB through loopback TCP ",
                machine.syscall_us);
    if (machine.loopback_us > 0) std::printf("%.2f µs\n", machine.loopback_us);
    else std::printf("not measured (no loopback connection)\n");
    std::printf("%-28s", "");
    for (const auto& [name, f] : runs) std::printf("%14s", name.c_str());
    std::printf("\n");
    const auto row = [&](const char* label, const std::function<std::string(const Figures&)>& value) {
        std::printf("%-28s", label);
        for (const auto& run : runs) std::printf(" %13s", value(run.second).c_str());  // a space even past 13
        std::printf("\n");
    };
    const auto number = [](double v, int decimals) {
        char text[32];
        std::snprintf(text, sizeof text, "%.*f", decimals, v);
        return std::string(text);
    };
    const double d = s.seconds;
    row("accepted actions/s", [&](const Figures& f) { return number(static_cast<double>(f.accepted) / d, 1); });
    row("snapshots/s received", [&](const Figures& f) { return number(static_cast<double>(f.snapshots) / d, 1); });
    row("KiB/s received", [&](const Figures& f) { return number(static_cast<double>(f.bytes) / d / 1024, 1); });
    row("bytes per snapshot", [&](const Figures& f) {
        return number(f.snapshots ? static_cast<double>(f.bytes) / static_cast<double>(f.snapshots) : 0, 0);
    });
    row("wire bytes per snapshot", [&](const Figures& f) {
        return number(f.snapshots ? static_cast<double>(f.wire_bytes) / static_cast<double>(f.snapshots) : 0, 0);
    });
    const std::pair<const char*, double> ranks[] = {{"p50", 0.5}, {"p90", 0.9}, {"p99", 0.99}, {"p99.9", 0.999},
                                                    {"max", 1.0}};
    const std::pair<const char*, std::vector<double> Figures::*> latencies[] = {
        {"answer", &Figures::answer_ms}, {"each other member", &Figures::each_ms}, {"last member", &Figures::last_ms}};
    for (const auto& [what, values] : latencies) {
        for (const auto& [rank, p] : ranks) {
            const std::string label = std::string(what) + " ms " + rank;
            row(label.c_str(), [&](const Figures& f) { return number(taol::bench::percentile(f.*values, p), 2); });
        }
    }
    // One row for each key of a map every run has (`of`), with `value` of its entry in each run's
    // column ("-" for a run without it).
    const auto rows_by_key = [&](const std::string& prefix, auto of, auto value) {
        std::set<std::string> keys;
        for (const auto& run : runs) {
            for (const auto& item : of(run.second)) keys.insert(item.first);
        }
        for (const std::string& key : keys) {
            const std::string label = prefix + key;
            row(label.c_str(), [&](const Figures& f) {
                const auto it = of(f).find(key);
                return it == of(f).end() ? std::string("-") : value(f, it->second);
            });
        }
    };
    // Until the last member's frame reached its socket: what is left once the generator's own
    // reading is taken out.
    for (const auto& [rank, p] : {std::pair{"p50", 0.5}, {"p99", 0.99}, {"p99.9", 0.999}}) {
        const std::string label = std::string("last member at its socket ms ") + rank;
        row(label.c_str(), [&](const Figures& f) { return number(taol::bench::percentile(f.last_at_socket_ms, p), 2); });
    }
    // By the action's type: the confirmations every player sends at once wait longest.
    rows_by_key(
        "  last member ms p99, ", [](const Figures& f) -> const auto& { return f.last_ms_by_action; },
        [&](const Figures&, const std::vector<double>& ms) {
            return number(taol::bench::percentile(ms, 0.99), 2) + " (" + std::to_string(ms.size()) + ")";
        });
    // The server's own share of that: the smallest of its histogram's bounds the rank falls within.
    const auto at_most = [&](const std::map<double, long long>& within, double p) {
        if (within.empty() || within.rbegin()->second == 0) return std::string("-");
        for (const auto& [ms, count] : within) {  // cumulative counts
            if (static_cast<double>(count) >= p * static_cast<double>(within.rbegin()->second)) return number(ms, 1);
        }
        return std::string("-");
    };
    for (const auto& [rank, p] : {std::pair{"p99", 0.99}, {"p99.9", 0.999}}) {
        const std::string label = std::string("server's own act ms ") + rank + ", at most";
        row(label.c_str(), [&](const Figures& f) { return at_most(f.server_answered_within, p); });
    }
    for (const auto& [rank, p] : {std::pair{"p50", 0.5}, {"p99", 0.99}}) {
        const std::string label = std::string("server's event loop late ms ") + rank + ", at most";
        row(label.c_str(), [&](const Figures& f) { return at_most(f.server_loop_late_within, p); });
    }
    row("server CPU (cores)", [&](const Figures& f) { return number(f.server_cores, 2); });
    // Server CPU seconds of the phase, per accepted action in µs (0 when none was accepted).
    const auto micros_per_action = [](const Figures& f, double seconds) {
        const long long actions = f.accepted + f.newcomer_accepted;  // the newcomers' cost the server too
        return actions ? seconds * 1e6 / static_cast<double>(actions) : 0.0;
    };
    row("server CPU µs per action", [&](const Figures& f) { return number(micros_per_action(f, f.server_cores * d), 0); });
    // Where that CPU went, by the server's threads (the main thread, taol-server, serves connections
    // as the taol-io ones do).
    rows_by_key(
        "  on ", [](const Figures& f) -> const auto& { return f.server_seconds_by_thread; },
        [&](const Figures& f, double seconds) { return number(micros_per_action(f, seconds), 0); });
    row("server RSS (MiB)", [&](const Figures& f) {
        return f.server_rss_kib < 0 ? std::string("-") : number(static_cast<double>(f.server_rss_kib) / 1024, 1);
    });
    row("RSS per connection (KiB)", [&](const Figures& f) {
        return f.rss_per_connection_kib < 0 ? std::string("-") : number(f.rss_per_connection_kib, 1);
    });
    if (s.nodes > 0) row("PostgreSQL CPU (cores)", [&](const Figures& f) { return number(f.database_cores, 2); });
    row("client thread CPU (cores)", [&](const Figures& f) { return number(f.client_cores, 2); });
    for (const auto& [rank, p] : {std::pair{"p50", 0.5}, {"p99", 0.99}}) {
        const std::string label = std::string("client's own lag ms ") + rank;
        row(label.c_str(), [&](const Figures& f) { return number(taol::bench::percentile(f.client_lag_ms, p), 2); });
    }
    for (const auto& [rank, p] : {std::pair{"p50", 0.5}, {"p99", 0.99}}) {
        const std::string label = std::string("client's wait to read a frame ms ") + rank;
        row(label.c_str(), [&](const Figures& f) { return number(taol::bench::percentile(f.read_wait_ms, p), 2); });
    }
    if (s.surge_per_s > 0) {
        row("newcomer rooms arrived", [&](const Figures& f) { return std::to_string(f.newcomer_rooms); });
        row("newcomer rooms let in", [&](const Figures& f) { return std::to_string(f.newcomer_rooms_in); });
        row("newcomers told server_busy", [&](const Figures& f) { return std::to_string(f.newcomer_busy); });
        row("newcomers' actions/s", [&](const Figures& f) {
            return number(static_cast<double>(f.newcomer_accepted) / d, 1);
        });
        row("newcomers' last member p99", [&](const Figures& f) {
            return number(taol::bench::percentile(f.newcomer_last_ms, 0.99), 2);
        });
    }
    const Figures& taol = runs.front().second;
    // "<what>: [<first>, ]the server busy ..."
    const auto print_storm = [](const char* what, const std::string& first, const taol::bench::Storm& storm) {
        std::printf("%s: %sthe server busy %.2f s, %.2f s of CPU; /healthz answered in %.1f ms at p50, %.1f at worst "
                    "(%zu asked)\n",
                    what, first.c_str(), storm.busy_seconds, storm.cpu_seconds,
                    taol::bench::percentile(storm.health_ms, 0.5), taol::bench::percentile(storm.health_ms, 1.0),
                    storm.health_ms.size());
    };
    if (taol.reconnect.cpu_seconds >= 0) {
        char back[160];
        std::snprintf(back, sizeof back, "all back in %.2f s (%d not; the client thread at %.2f core), ",
                      taol.reconnect_back_seconds, taol.reconnect_missing, taol.reconnect_client_cores);
        print_storm("every connection dropped and back with its token", back, taol.reconnect);
    }
    if (taol.close.cpu_seconds >= 0) print_storm("every connection closed at once", "", taol.close);
    for (const auto& [name, f] : runs) {
        std::string list;
        for (const auto& [code, n] : f.errors) list += " " + code + " " + std::to_string(n);
        std::printf("errors in the phase, %s:%s\n", name.c_str(), list.empty() ? " none" : list.c_str());
    }
}

// --timeline: a row per second of Taol's phase.
void print_timeline(const Figures& f) {
    std::printf("%6s %8s %9s %9s %9s %6s %12s %12s\n", "second", "actions", "last p50", "last p99", "last max", "games",
                "client lag", "server cores");
    for (std::size_t i = 0; i < f.timeline.size(); ++i) {
        const taol::bench::Second& s = f.timeline[i];
        std::printf("%6zu %8zu %9.2f %9.2f %9.2f %6d %12.2f %12.2f\n", i, s.last_ms.size(),
                    taol::bench::percentile(s.last_ms, 0.5), taol::bench::percentile(s.last_ms, 0.99),
                    taol::bench::percentile(s.last_ms, 1.0), s.games_ended, s.client_lag_max_ms, s.server_cores);
    }
}

// The server's log is kept out of the figures, but its warnings and errors are worth seeing.
void print_log_warnings(const std::string& path) {
    std::ifstream log(path);
    int count = 0;
    for (std::string line; std::getline(log, line);) {
        if (line.find("[warning]") == std::string::npos && line.find("[error]") == std::string::npos) continue;
        if (++count <= 5) std::printf("server log: %s\n", line.c_str());
    }
    std::printf("server log: %d warnings or errors\n", count);
}

bool succeeded(const std::string& name, const Figures& f) {
    if (f.set_up && f.accepted > 0 && f.unexpected.empty() && f.reconnect_missing == 0) return true;
    std::fprintf(stderr, "load_bench: the %s run failed (%s)\n", name.c_str(),
                 !f.set_up ? "set-up" : f.accepted == 0 ? "nothing accepted"
                 : !f.unexpected.empty() ? "unexpected errors" : "members not back after --reconnect");
    return false;
}

std::optional<Settings> parse(int argc, char** argv) {
    if (argc < 2) return std::nullopt;
    Settings s;
    s.server = argv[1];
    for (int i = 2; i < argc; ++i) {
        const std::string flag = argv[i];
        if (flag == "--deltas") {
            s.deltas = true;
            continue;
        }
        if (flag == "--deflate") {
            s.deflate = true;
            continue;
        }
        if (flag == "--bare") {
            s.bare = true;
            continue;
        }
        if (flag == "--think-spread") {
            s.think_spread = true;
            continue;
        }
        if (flag == "--reconnect") {
            s.reconnect = true;
            continue;
        }
        if (flag == "--timeline") {
            s.timeline = true;
            continue;
        }
        if (i + 1 >= argc) return std::nullopt;
        const std::string value = argv[++i];
        if (flag == "--rooms") s.rooms = std::atoi(value.c_str());
        else if (flag == "--game") s.game = value;
        else if (flag == "--players") s.players = std::atoi(value.c_str());
        else if (flag == "--spectators") s.spectators = std::atoi(value.c_str());
        else if (flag == "--think-ms") s.think_ms = std::atoi(value.c_str());
        else if (flag == "--warmup-s") s.warmup_s = std::atof(value.c_str());
        else if (flag == "--stagger-s") s.stagger_s = std::atof(value.c_str());
        else if (flag == "--seconds") s.seconds = std::atof(value.c_str());
        else if (flag == "--sync") s.sync = value;
        else if (flag == "--nodes") s.nodes = std::atoi(value.c_str());
        else if (flag == "--surge") s.surge_per_s = std::atof(value.c_str());
        else if (flag == "--server-limit") s.server_limits.push_back(value);
        else return std::nullopt;
    }
    const bool valid = s.rooms > 0 && s.players > 0 && s.spectators >= 0 && s.think_ms >= 0 && s.seconds > 0 &&
                       s.warmup_s >= 0 && (s.sync == "normal" || s.sync == "full") && s.nodes >= 0 &&
                       s.surge_per_s >= 0 && !(s.surge_per_s > 0 && s.bare);
    return valid ? std::optional<Settings>(s) : std::nullopt;
}

// Thousands of connections (twice as many with --bare) need more than the usual 1024 files.
void raise_descriptor_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0) {
        limit.rlim_cur = limit.rlim_max;
        setrlimit(RLIMIT_NOFILE, &limit);
    }
}

// The server's arguments: --sync, the limits asked for, then `more`.
std::vector<std::string> server_args(const Settings& s, std::vector<std::string> more = {}) {
    std::vector<std::string> args = {"--sync", s.sync};
    for (const std::string& limit : s.server_limits) args.insert(args.end(), {"--limit", limit});
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

// The run of --nodes: the nodes on a fresh database of a throwaway PostgreSQL.
Figures run_nodes(const Settings& s) {
    taol::testing::PgCluster& cluster = taol::testing::PgCluster::shared();
    const std::string journal = cluster.url_of(cluster.new_database());
    std::vector<std::unique_ptr<taol::bench::ServerProcess>> nodes;
    std::vector<unsigned short> ports;
    for (int i = 0; i < s.nodes; ++i) {
        const unsigned short port = taol::bench::free_port();
        const std::string name = "n" + std::to_string(i + 1);
        nodes.push_back(std::make_unique<taol::bench::ServerProcess>(
            s.server, port, 0,
            server_args(s, {"--journal", journal, "--node", name, "--public-url",
                            "ws://127.0.0.1:" + std::to_string(port) + "/ws"}),
            true));
        ports.push_back(port);
    }
    const auto usage = [&] {
        taol::bench::Usage sum;
        for (const auto& node : nodes) {
            const taol::bench::Usage u = node->usage();
            sum.cpu_seconds += u.cpu_seconds;
            sum.rss_kib += u.rss_kib;
            for (const auto& [name, seconds] : u.cpu_seconds_by_thread) sum.cpu_seconds_by_thread[name] += seconds;
        }
        return sum;
    };
    Figures f = taol::bench::run_load(s, ports, false, usage, true, [&] { return cluster.cpu_seconds(); });
    for (const auto& node : nodes) {
        node->stop();
        print_log_warnings(node->log_path());
    }
    return f;
}

}  // namespace

int main(int argc, char** argv) {
    const auto settings = parse(argc, argv);
    if (!settings) {
        std::fprintf(stderr,
                     "usage: load_bench SERVER [--rooms N] [--game castors] [--players P] [--spectators S] "
                     "[--think-ms T] [--think-spread] [--stagger-s S] [--warmup-s W] [--seconds D] [--sync normal|full] [--bare] "
                     "[--deltas] [--deflate] [--nodes N] [--surge R] [--server-limit NAME=N]... [--timeline] [--reconnect]\n");
        return 2;
    }
    raise_descriptor_limit();
    const taol::bench::MachineCost machine = taol::bench::probe_machine();
    std::vector<std::pair<std::string, Figures>> runs;
    if (settings->nodes > 0) {
        runs.emplace_back("taol", run_nodes(*settings));
    } else {
        taol::bench::ServerProcess server(settings->server, taol::bench::free_port(), 0, server_args(*settings), true);
        const auto usage = [&] { return server.usage(); };
        runs.emplace_back("taol", taol::bench::run_load(*settings, {server.port()}, false, usage, true));
        server.stop();
        print_log_warnings(server.log_path());
    }
    if (settings->bare && runs.front().second.set_up) {
        const Figures& taol = runs.front().second;
        const std::size_t frame = taol.snapshots ? taol.bytes / static_cast<std::size_t>(taol.snapshots) : 1000;
        taol::bench::BareBroadcaster bare(settings->players + settings->spectators, settings->players, frame);
        const std::string proc = "/proc/" + std::to_string(getpid()) + "/task/" + std::to_string(bare.thread_id());
        const auto usage = [&] { return taol::bench::read_usage(proc); };
        runs.emplace_back("bare", taol::bench::run_load(*settings, {bare.port()}, true, usage, false));
    }
    if (runs.front().second.set_up) print(*settings, machine, runs);
    if (settings->timeline && runs.front().second.set_up) print_timeline(runs.front().second);
    bool ok = true;
    for (const auto& [name, f] : runs) ok = succeeded(name, f) && ok;
    return ok ? 0 : 1;
}
