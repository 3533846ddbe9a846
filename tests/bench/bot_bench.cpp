// How well each game's bot plays (README, "Bots"): over seeded games per game and player count,
// its win share against random players and against the default policy (the "simplest move" the
// server plays for an absent seat), how many of its actions the game refused, its decision time,
// and whether games of bots only finish. Games are paced in game time (tests/support/bot_table),
// so a thousand games take seconds.
//
// Usage: bot_bench [--games N] [--game ID] [--players P] [--options JSON] [--think-scale X] [--check]
//   --check: exit 1 unless the bot reaches min(2/n, 0.75) of the wins against random players and
//            every game of bots only finishes (ctest runs a small version so).
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "games/core/options.hpp"
#include "games/core/random_bot.hpp"
#include "games/registry.hpp"
#include "tests/support/bot_table.hpp"

namespace {

using taol::games::Game;
using taol::testing::TableSeat;

struct Args {
    int games = 1000;
    std::string game;
    int players = 0;
    taol::games::Json options = nullptr;  // given options (a variant), completed with defaults
    double think_scale = 1.0;
    bool check = false;
};

Args parse(int argc, char** argv) {
    Args a;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const auto value = [&]() -> std::string {
            if (i + 1 >= argc) {
                std::fprintf(stderr, "%s needs a value\n", arg.c_str());
                std::exit(2);
            }
            return argv[++i];
        };
        if (arg == "--games") a.games = std::stoi(value());
        else if (arg == "--game") a.game = value();
        else if (arg == "--players") a.players = std::stoi(value());
        else if (arg == "--options") a.options = taol::games::Json::parse(value());
        else if (arg == "--think-scale") a.think_scale = std::stod(value());
        else if (arg == "--check") a.check = true;
        else {
            std::fprintf(stderr, "unknown argument %s\n", arg.c_str());
            std::exit(2);
        }
    }
    if (!a.options.is_null() && a.game.empty()) {
        std::fprintf(stderr, "--options are one game's: give --game too\n");
        std::exit(2);
    }
    return a;
}

enum class Against { random, defaults, bots };

struct Line {
    double bot_share = 0;     // the bot's (seat rotating) mean win share
    int finished = 0;
    long long rejected = 0;   // the bots' actions refused
    long long defaults = 0;   // stalls the table resolved with a default
    std::string rejection;
    std::vector<double> decision_us;
};

taol::testing::TableGame play_one(const Game& game, int players, Against against, int g, const Args& args) {
    const int bot_seat = g % players;
    std::vector<TableSeat> seats(players);
    for (int s = 0; s < players; ++s) {
        if (s == bot_seat || against == Against::bots) seats[s] = &game.bot();
        else if (against == Against::random) seats[s] = &taol::games::random_bot();
        else seats[s] = nullptr;
    }
    taol::testing::TableConfig config;
    config.think_scale = args.think_scale;
    config.options = args.options;
    const std::uint64_t seed = 1'000'003ULL * static_cast<std::uint64_t>(players) + static_cast<std::uint64_t>(g);
    return taol::testing::play_table(game, seats, seed, config);
}

// The games are independent: played on every core, summed in game order (the same figures
// whatever the number of threads, decision times aside).
Line play(const Game& game, int players, Against against, const Args& args) {
    std::vector<taol::testing::TableGame> results(args.games);
    std::atomic<int> next{0};
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < std::max(1u, std::thread::hardware_concurrency()); ++t) {
        workers.emplace_back([&] {
            for (int g; (g = next++) < args.games;) results[g] = play_one(game, players, against, g, args);
        });
    }
    for (std::thread& w : workers) w.join();
    Line line;
    for (int g = 0; g < args.games; ++g) {
        const taol::testing::TableGame& result = results[g];
        line.finished += result.finished ? 1 : 0;
        if (result.finished) line.bot_share += result.win_share[g % players];
        // Refusals count for the game's bot only: random players fill templates blindly.
        for (int s = 0; s < players; ++s) {
            if (against != Against::bots && s != g % players) continue;
            line.rejected += result.refused[s];
            if (line.rejection.empty()) line.rejection = result.first_refusal[s];
        }
        line.defaults += result.defaults_played;
        line.decision_us.insert(line.decision_us.end(), result.decision_us.begin(), result.decision_us.end());
    }
    line.bot_share /= std::max(1, line.finished);
    return line;
}

double percentile(std::vector<double>& v, double p) {
    if (v.empty()) return 0;
    const std::size_t k = std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())));
    std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
    return v[k];
}

}  // namespace

int main(int argc, char** argv) {
    const Args args = parse(argc, argv);
    bool ok = true;
    std::printf("%-13s %2s  %-8s %6s %8s %7s %8s %8s %8s %9s %9s\n", "game", "n", "against", "games", "bot wins",
                "target", "finished", "refused", "stalls", "p50 µs", "p99 µs");
    for (const Game* game : taol::games::all_games()) {
        if (!args.game.empty() && game->id() != args.game) continue;
        for (int n = game->min_players(); n <= game->max_players(); ++n) {
            if (args.players && n != args.players) continue;
            if (auto options = taol::games::complete_options(*game, args.options, n); !options.ok()) {
                std::printf("%-13s %2d  options refused: %s\n", std::string(game->id()).c_str(), n, options.error().message.c_str());
                ok = false;
                continue;
            }
            for (Against against : {Against::random, Against::defaults, Against::bots}) {
                Line line = play(*game, n, against, args);
                const double target = against == Against::random ? std::min(2.0 / n, 0.75)
                                      : against == Against::defaults ? 1.0 / n : 0.0;
                const char* name = against == Against::random ? "random" : against == Against::defaults ? "default" : "bots";
                const bool met = against == Against::bots ? line.finished == args.games
                                 : line.bot_share >= target - 1e-9 && (against != Against::defaults || line.bot_share > target);
                std::printf("%-13s %2d  %-8s %6d %7.1f%% %6.1f%% %7.1f%% %8lld %8lld %9.0f %9.0f%s\n",
                            std::string(game->id()).c_str(), n, name, args.games,
                            against == Against::bots ? 100.0 / n : 100 * line.bot_share, 100 * target,
                            100.0 * line.finished / args.games, line.rejected, line.defaults,
                            percentile(line.decision_us, 0.5), percentile(line.decision_us, 0.99), met ? "" : "  (not met)");
                if (!line.rejection.empty()) std::printf("    first refusal: %s\n", line.rejection.substr(0, 300).c_str());
                if (args.check && against != Against::defaults && !met) ok = false;
            }
        }
    }
    return ok ? 0 : 1;
}
