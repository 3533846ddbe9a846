// The bigoudenn bot (games/bigoudenn/bot.cpp) on chosen tables: it makes its recipes, and it calls
// TEUT! only when its bid must win; and games of bots in the simplified variant (bot_bench plays the
// full game only).
#include <catch2/catch.hpp>

#include "games/bigoudenn/bigoudenn.hpp"
#include "games/bigoudenn/bot.hpp"
#include "tests/support/bot_table.hpp"

namespace taol::testing {
namespace {

namespace bg = games::bigoudenn;
constexpr games::TimeMs kNow = 1'000'000;

std::unique_ptr<games::GameState> dealt(int players, const bg::Deal& deal) {
    const Json options = {{"variant", "full"}, {"turn_seconds", 0}, {"absent_seconds", 60}};
    return bg::setup_dealt(options, players, deal, 3, kNow);
}

games::BotTurn step_of(const games::GameState& state, games::Seat seat) {
    games::Rng rng(42);
    return bg::bot().step(nullptr, seat_snapshot(state, seat, 1, kNow + 1000, {}), rng);
}

// Soazig (1) wants the fork for the saucisse (her specialty galette with her moutarde and oignon);
// Tyfenn (2) grabs it first, holding `tyfenn_surface`.
std::unique_ptr<games::GameState> fork_grabbed(std::vector<std::string> tyfenn_surface) {
    bg::Deal d;
    d.first = 0;
    d.bigoudenes = {"rozenn", "soazig", "tyfenn"};
    d.pile = {"poire", "citron"};
    d.middle = {"saucisse"};
    d.surfaces = {{}, {"moutarde", "oignon", "andouille"}, std::move(tyfenn_surface)};
    d.hands = {{"couteau", ""}, {"cuillere", ""}, {"spatule", ""}};
    auto state = dealt(3, d);
    auto grabbed = state->apply(2, {{"type", "grab"}, {"hand", "right"}, {"utensil", "fourchette"}}, kNow + 500);
    REQUIRE(grabbed.ok());
    return std::move(grabbed.value().state);
}

}  // namespace

TEST_CASE("The bigoudenn bot makes its specialty when its surface holds it") {
    bg::Deal d;
    d.first = 0;
    d.bigoudenes = {"rozenn", "soazig", "tyfenn"};
    d.pile = {"pommes", "fraises"};
    d.surfaces = {{"jambon", "oeuf", "fromage_rape", "saucisse"}, {}, {}};
    d.hands = {{"", ""}, {"couteau", ""}, {"fourchette", ""}};
    const auto state = dealt(3, d);
    const games::BotTurn turn = step_of(*state, 0);
    REQUIRE(turn.action);
    CHECK(*turn.action == Json{{"type", "compose"}, {"cards", {"jambon", "oeuf", "fromage_rape"}}});
    CHECK(turn.think_ms >= 1000);
}

TEST_CASE("The bigoudenn bot calls TEUT! on a utensil it needs, only with a bid that must win") {
    SECTION("its andouille (4) beats anything Tyfenn can bid (3 at most)") {
        const auto state = fork_grabbed({"lardons", "persil"});
        const games::BotTurn turn = step_of(*state, 1);
        REQUIRE(turn.action);
        CHECK(*turn.action == Json{{"type", "teut"}, {"utensil", "fourchette"}});
        CHECK(turn.think_ms >= 400);
        CHECK(turn.think_ms <= 1500);
    }
    SECTION("Tyfenn's saint-jacques (5) could beat it: no call") {
        const auto state = fork_grabbed({"saint_jacques", "persil"});
        const games::BotTurn turn = step_of(*state, 1);
        CHECK(!(turn.action && turn.action->at("type") == "teut"));
    }
}

TEST_CASE("Bigoudenn bots finish games of the simplified variant, every action accepted") {
    TableConfig config;
    config.options = {{"variant", "simplified"}};
    const games::Game& game = bg::game();
    for (int n = 3; n <= 5; ++n) {
        for (std::uint64_t seed = 1; seed <= 2; ++seed) {
            INFO(n << " players, seed " << seed);
            const TableGame result = play_table(game, std::vector<TableSeat>(n, &game.bot()), seed, config);
            CHECK(result.finished);
            for (int s = 0; s < n; ++s) {
                INFO("seat " << s << ": " << result.first_refusal[s]);
                CHECK(result.refused[s] == 0);
            }
            CHECK(result.defaults_played == 0);
        }
    }
}

}  // namespace taol::testing
