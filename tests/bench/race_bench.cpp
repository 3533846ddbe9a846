// Fair races benchmark (a program that prints figures, not a test): who wins races of equal
// reflexes between a player on a 20 ms round trip and one on 150 ms, by arrival order and with
// fair_races, and what a cheating slow player gains.
//
//   race_bench [--races N] [--lanes L] [--jitter MS] [--reaction MIN MAX] [--cap MS] [--seed S]
//
// A server in this process; two delay proxies on loopback (tests/support/delay_proxy.hpp): the
// fast link 10 ms each way, the slow one 75 ms, each with up to --jitter ms more per chunk (default
// 5). L tables (default 40) play N races per mode (default 1,000), each in a new room of Ar Seizh
// Bigoudenn at 3 players: both racers grab the one utensil lying in the middle. Once both have the
// snapshot that offers it, each acts after its own reaction time, drawn uniformly from MIN-MAX ms
// (default 300-900) from the same moment: equal reflexes, so a fair judge gives each half the wins.
// Modes:
//   arrival      the room without fair_races: the first to arrive wins
//   fair         fair_races on (fair_races_cap_ms --cap, default 100), both honest
//   early-stamp  fair_races on, the slow player stamps its actions 200 ms early
//   slow-answers fair_races on, the slow player answers clock probes 100 ms late (to look farther)
// Printed per mode: the slow player's share of wins with its 95% interval, and the mean margin.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tests/server/live_server.hpp"
#include "tests/server/race_lane.hpp"

using namespace taol::testing;
using Steady = std::chrono::steady_clock;

namespace {

struct Args {
    int races = 1000;
    int lanes = 40;
    double jitter = 5;
    double reaction_min = 300;
    double reaction_max = 900;
    int cap = 100;
    std::uint64_t seed = 1;
};

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i < argc; ++i) {
        const auto is = [&](const char* name) { return std::strcmp(argv[i], name) == 0 && i + 1 < argc; };
        if (is("--races")) a.races = std::atoi(argv[++i]);
        else if (is("--lanes")) a.lanes = std::atoi(argv[++i]);
        else if (is("--jitter")) a.jitter = std::atof(argv[++i]);
        else if (is("--cap")) a.cap = std::atoi(argv[++i]);
        else if (is("--seed")) a.seed = std::strtoull(argv[++i], nullptr, 10);
        else if (is("--reaction") && i + 2 < argc) {
            a.reaction_min = std::atof(argv[++i]);
            a.reaction_max = std::atof(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: race_bench [--races N] [--lanes L] [--jitter MS] [--reaction MIN MAX] [--cap MS] [--seed S]\n");
            std::exit(2);
        }
    }
    a.lanes = std::max(1, std::min(a.lanes, a.races));
    return a;
}

struct Mode {
    const char* name;
    bool fair;
    double early_ms;         // the slow player's stamps this much early
    double answer_delay_ms;  // its clock answers this late
};

struct Tally {
    std::mutex mutex;
    int races = 0;
    int slow_won = 0;
    int failed = 0;
    double margin_sum = 0;
};

void run_lane(RaceLane& lane, const Mode& mode, const Args& args, std::atomic<int>& left, Tally& tally, std::uint64_t seed) {
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> reaction(args.reaction_min, args.reaction_max);
    while (left.fetch_sub(1) > 0) {
        try {
            const std::int64_t rev = lane.set_up(mode.fair, args.cap);
            const auto cue = Steady::now();  // both have the offer: each reacts from here
            const auto slow_at = cue + std::chrono::duration_cast<Steady::duration>(std::chrono::duration<double, std::milli>(reaction(rng)));
            const auto fast_at = cue + std::chrono::duration_cast<Steady::duration>(std::chrono::duration<double, std::milli>(reaction(rng)));
            const bool slow_first = slow_at <= fast_at;
            std::this_thread::sleep_until(std::min(slow_at, fast_at));
            if (slow_first) lane.send(lane.slow(), rev, mode.early_ms);
            else lane.send(lane.fast(), rev);
            std::this_thread::sleep_until(std::max(slow_at, fast_at));
            if (slow_first) lane.send(lane.fast(), rev);
            else lane.send(lane.slow(), rev, mode.early_ms);
            const RaceLane::Outcome outcome = lane.outcome();
            std::lock_guard lock(tally.mutex);
            ++tally.races;
            tally.slow_won += outcome.slow_won ? 1 : 0;
            tally.margin_sum += outcome.loser_error.value("margin_ms", 0);
        } catch (const std::exception& e) {
            std::lock_guard lock(tally.mutex);
            ++tally.failed;
            std::fprintf(stderr, "a race failed: %s\n", e.what());
        }
    }
}

}  // namespace

int main(int argc, char** argv) {
    const Args args = parse(argc, argv);
    const auto spot = find_race_spot("bigoudenn", 3, 7);
    if (!spot) {
        std::fprintf(stderr, "no race to replay\n");
        return 1;
    }
    taol::server::ServerConfig config = machine_speed();
    config.hub.new_seed = [seed = spot->seed] { return seed; };
    LiveServer server(config);
    const DelayProxy fast(server.port(), {10, args.jitter}, {10, args.jitter}, args.seed);
    const DelayProxy slow(server.port(), {75, args.jitter}, {75, args.jitter}, args.seed + 1);

    const Mode modes[] = {
        {"arrival", false, 0, 0},
        {"fair", true, 0, 0},
        {"early-stamp", true, 200, 0},
        {"slow-answers", true, 0, 100},
    };
    std::printf("race_bench: %d races per mode on %d tables; links 20 ms and 150 ms round trip, jitter up to %.0f ms "
                "each way; reactions %.0f-%.0f ms; cap %d ms\n\n",
                args.races, args.lanes, args.jitter, args.reaction_min, args.reaction_max, args.cap);
    std::printf("| mode | races | slow player wins | 95%% interval | mean margin (ms) |\n|---|---|---|---|---|\n");
    int failures = 0;
    for (const Mode& mode : modes) {
        std::vector<std::unique_ptr<RaceLane>> lanes;
        for (int l = 0; l < args.lanes; ++l) {
            WsClient::ClockSim sim;
            sim.answer_delay_ms = mode.answer_delay_ms;
            lanes.push_back(std::make_unique<RaceLane>(server.port(), *spot, fast, slow, spot->b, sim));
        }
        Tally tally;
        std::atomic<int> left{args.races};
        std::vector<std::thread> threads;
        for (int l = 0; l < args.lanes; ++l) {
            threads.emplace_back(run_lane, std::ref(*lanes[l]), std::cref(mode), std::cref(args), std::ref(left), std::ref(tally),
                                 args.seed * 1000 + static_cast<std::uint64_t>(l));
        }
        for (std::thread& t : threads) t.join();
        const double n = std::max(1, tally.races);
        const double share = tally.slow_won / n;
        const double half = 1.96 * std::sqrt(share * (1 - share) / n);
        std::printf("| %s | %d | %.1f%% | %.1f-%.1f%% | %.0f |\n", mode.name, tally.races, 100 * share,
                    100 * std::max(0.0, share - half), 100 * std::min(1.0, share + half), tally.margin_sum / n);
        std::fflush(stdout);
        failures += tally.failed;
    }
    if (failures) std::printf("\n%d races failed\n", failures);
    return failures ? 1 : 0;
}
