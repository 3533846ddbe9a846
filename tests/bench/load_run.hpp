#pragma once
// One run of load_bench (its opening comment says what it plays and measures): every room's
// clients against one server, Taol or the bare broadcaster.
#include <cstddef>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tests/bench/server_process.hpp"

namespace taol::bench {

struct Settings {
    std::string server;
    int rooms = 100;
    std::string game = "castors";
    int players = 4;
    int spectators = 1;
    int think_ms = 500;
    bool think_spread = false;  // each think drawn from [T/2, 3T/2] (mean T), not T exactly
    double stagger_s = 0;  // > 0: each room's game starts at a moment drawn over that many seconds
    double warmup_s = 5;
    double seconds = 20;
    std::string sync = "normal";
    bool bare = false;
    bool deltas = false;  // clients ask for deltas (hello's "deltas") and apply them
    bool deflate = false;  // the clients offer permessage-deflate, which the server takes by default
    int nodes = 0;        // > 0: that many nodes on a throwaway PostgreSQL, the rooms spread over them
    double surge_per_s = 0;  // > 0: during the phase, that many newcomer rooms arrive each second
    std::vector<std::string> server_limits;  // NAME=N, each given to the server as --limit NAME=N
    bool timeline = false;  // also figures for each second of the phase
    bool reconnect = false;  // after the phase, every connection drops and comes back with its token
};

// Every connection going, or coming back, at once (one Taol server): how the server took it.
struct Storm {
    double cpu_seconds = -1;   // its CPU until it was quiet again; -1: not measured
    double busy_seconds = -1;  // until then
    std::vector<double> health_ms;  // its /healthz answers meanwhile
};

// One second of the phase (--timeline): what was asked of the server then, and how it answered.
struct Second {
    std::vector<double> last_ms;  // of the actions sent in that second
    int games_ended = 0;          // rematches asked
    double client_lag_max_ms = 0;
    double server_cores = -1;
};

struct Figures {
    bool set_up = false;
    int connections = 0;
    long long accepted = 0;
    long long snapshots = 0;
    std::size_t bytes = 0;
    std::size_t wire_bytes = 0;  // as the sockets received them: framing and compression included
    std::vector<double> answer_ms, each_ms, last_ms;  // the rooms playing before the phase
    std::map<std::string, std::vector<double>> last_ms_by_action;  // last_ms by the action's type
    // last_ms, until the last member's frame reached its socket (the kernel's receive timestamp)
    // rather than until the generator read it: the difference is the generator's own.
    std::vector<double> last_at_socket_ms;
    // The acts of the phase the server itself answered within each bound in ms, from reading one to
    // its answer (its own histogram): what the latencies above add to that is the sockets', the
    // event loops' queues and the generator's own. Empty for the bare broadcaster.
    std::map<double, long long> server_answered_within;
    // How late the servers' event loops ran (their probe, every 100 ms), the same way: a frame
    // that is ready waits about that long for a thread, to be read or written.
    std::map<double, long long> server_loop_late_within;
    // --surge: the rooms that arrived in the phase.
    int newcomer_rooms = 0;
    int newcomer_rooms_in = 0;  // that got in and played
    int newcomer_busy = 0;      // server_busy answers to their creates and joins (each retried 500 ms later)
    long long newcomer_accepted = 0;
    std::vector<double> newcomer_last_ms;
    std::map<std::string, int> errors;  // in the phase
    std::set<std::string> unexpected;   // codes the play cannot explain, at any time
    double server_cores = -1;           // -1: not measured
    // The server's CPU seconds in the phase by thread name (a thread that ended in it is not counted).
    std::map<std::string, double> server_seconds_by_thread;
    long server_rss_kib = -1;
    double rss_per_connection_kib = -1;
    double client_cores = 0;
    std::vector<double> client_lag_ms;  // how late the client's own 10 ms timer ran, through the phase
    std::vector<double> read_wait_ms;   // each snapshot of the phase, from reaching its socket to being read
    double database_cores = -1;         // PostgreSQL's processes (--nodes); -1: none
    std::vector<Second> timeline;       // --timeline
    Storm close;  // after the phase, every connection closed at once
    // --reconnect: every connection dropped and back with its token; until every member had its
    // room back, and the members that did not.
    Storm reconnect;
    double reconnect_back_seconds = -1;
    double reconnect_client_cores = 0;  // the generator's thread until then: near 1, the time is its own
    int reconnect_missing = 0;
};


// Room r's clients connect to ports[r % ports.size()]. `server_usage` reads the servers' cost;
// `with_rss`: their memory is their own (not the bare broadcaster's, which shares this process);
// `database_cpu` (may be empty): the CPU seconds a shared database has used so far.
Figures run_load(const Settings& settings, const std::vector<unsigned short>& ports, bool bare,
                 const std::function<Usage()>& server_usage, bool with_rss,
                 const std::function<double()>& database_cpu = {});

}  // namespace taol::bench
