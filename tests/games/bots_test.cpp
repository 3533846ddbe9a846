// Every game's bot (games/<game>/bot.cpp), through the bots' table (tests/support/bot_table):
// games of bots only finish with no action refused; a bot is a function of the snapshots its seat
// is sent, so stepping again through a seat's snapshots (as after a restart) rebuilds the same
// memory and the same decisions; and it beats random players.
#include <catch2/catch.hpp>

#include "games/core/random_bot.hpp"
#include "games/registry.hpp"
#include "tests/support/bot_table.hpp"

namespace taol::testing {
namespace {

struct Step {
    games::Seat seat;
    Json memory, snapshot;
    games::BotTurn turn;
};

std::vector<TableSeat> all_bots(const games::Game& game, int players) { return std::vector<TableSeat>(players, &game.bot()); }

}  // namespace

TEST_CASE("Games of bots only finish, and no bot sends an action the game refuses") {
    for (const games::Game* game : games::all_games()) {
        for (int n = game->min_players(); n <= game->max_players(); ++n) {
            for (std::uint64_t seed = 1; seed <= 4; ++seed) {
                INFO(game->id() << ", " << n << " players, seed " << seed);
                const TableGame result = play_table(*game, all_bots(*game, n), seed);
                CHECK(result.finished);
                for (int s = 0; s < n; ++s) {
                    INFO("seat " << s << ": " << result.first_refusal[s]);
                    CHECK(result.refused[s] == 0);
                }
                CHECK(result.defaults_played == 0);
            }
        }
    }
}

TEST_CASE("A bot stepped again through its seat's snapshots decides the same (a restart rebuilds its memory)") {
    for (const games::Game* game : games::all_games()) {
        const int n = game->min_players() + 1 <= game->max_players() ? game->min_players() + 1 : game->min_players();
        std::vector<Step> steps;
        TableConfig config;
        config.on_step = [&](games::Seat seat, const Json& memory, const Json& snapshot, const games::BotTurn& turn) {
            steps.push_back({seat, memory, snapshot, turn});
        };
        const TableGame first = play_table(*game, all_bots(*game, n), 11, config);
        REQUIRE(first.finished);
        // The same seed plays the same game.
        const TableGame again = play_table(*game, all_bots(*game, n), 11);
        CHECK(again.outcome == first.outcome);
        CHECK(again.actions == first.actions);
        // Each seat's memory, rebuilt from null by its own snapshots alone, with the same draws.
        std::vector<Json> memory(n);
        for (const Step& s : steps) {
            INFO(game->id() << ", seat " << s.seat << ", rev " << s.snapshot.at("rev"));
            REQUIRE(memory[s.seat] == s.memory);
            games::Rng rng = games::bot_rng(bot_seed_of(11, s.seat), s.snapshot.at("rev"),
                                            s.snapshot.at("server_time"));
            const games::BotTurn turn = game->bot().step(memory[s.seat], s.snapshot, rng);
            CHECK(turn.action == s.turn.action);
            CHECK(turn.think_ms == s.turn.think_ms);
            memory[s.seat] = turn.memory;
        }
    }
}

TEST_CASE("Bots think like people: never instantly, and within a few seconds") {
    for (const games::Game* game : games::all_games()) {
        TableConfig config;
        config.on_step = [&](games::Seat, const Json&, const Json&, const games::BotTurn& turn) {
            if (!turn.action) return;
            INFO(game->id() << ": " << turn.action->dump());
            CHECK(turn.think_ms >= 300);
            CHECK(turn.think_ms <= 5000);
        };
        play_table(*game, all_bots(*game, game->min_players()), 5, config);
    }
}

}  // namespace taol::testing
