// The races to order that the fair races' end-to-end tests and benchmark replay
// (tests/support/race_spot.hpp): found for every seed where the game has races, replayable, and
// each of the two actions, applied first, refuses the other.
#include <catch2/catch.hpp>

#include "games/core/action_list.hpp"
#include "tests/support/race_spot.hpp"

using taol::games::Json;
using taol::games::Seat;
using taol::testing::find_race_spot;
using taol::testing::kRaceStart;
using taol::testing::RaceSpot;

namespace {

// `second` is refused once `first` is applied, a few ms after the prefix.
bool refuses(const taol::games::GameState& state, Seat first, const Json& x, Seat second, const Json& y) {
    auto applied = state.apply(first, x, kRaceStart + 5);
    REQUIRE(applied.ok());
    return !applied.value().state->apply(second, y, kRaceStart + 6).ok();
}

void check_spot(const RaceSpot& spot) {
    INFO(spot.game << " " << spot.players << " players, seed " << spot.seed << ": " << spot.prefix.size()
                   << " actions, then " << spot.action_a.dump() << " / " << spot.action_b.dump());
    const auto state = taol::testing::replay_prefix(spot);
    REQUIRE(state);
    CHECK(spot.a != spot.b);
    CHECK(taol::games::is_listed(state->actions(spot.a), spot.action_a));
    CHECK(taol::games::is_listed(state->actions(spot.b), spot.action_b));
    CHECK(state->contested(spot.a, spot.action_a));
    CHECK(state->contested(spot.b, spot.action_b));
    CHECK(refuses(*state, spot.a, spot.action_a, spot.b, spot.action_b));
    CHECK(refuses(*state, spot.b, spot.action_b, spot.a, spot.action_a));
}

// Seeds 1..50 at each player count: a spot every time; returns the longest prefix.
std::size_t spots_for_every_seed(const char* game, int min_players, int max_players) {
    std::size_t longest = 0;
    for (int players = min_players; players <= max_players; ++players) {
        for (std::uint64_t seed = 1; seed <= 50; ++seed) {
            const auto spot = find_race_spot(game, players, seed);
            INFO(game << " " << players << " players, seed " << seed);
            REQUIRE(spot);
            check_spot(*spot);
            longest = std::max(longest, spot->prefix.size());
        }
    }
    return longest;
}

}  // namespace

TEST_CASE("Bigoudenn: a race for every seed, two grabs of one utensil or the like") {
    CHECK(spots_for_every_seed("bigoudenn", 3, 5) <= 5);
}

TEST_CASE("Carambouille: a race for every seed, around one offer") {
    CHECK(spots_for_every_seed("carambouille", 3, 7) <= 20);
}

TEST_CASE("A race spot is the same for the same arguments, and games without races have none") {
    const auto one = find_race_spot("carambouille", 4, 9);
    const auto two = find_race_spot("carambouille", 4, 9);
    REQUIRE(one);
    REQUIRE(two);
    CHECK(one->prefix == two->prefix);
    CHECK(one->action_a == two->action_a);
    CHECK(one->action_b == two->action_b);
    CHECK_FALSE(find_race_spot("castors", 3, 1));
    CHECK_FALSE(find_race_spot("bharg", 2, 1));
    CHECK_FALSE(find_race_spot("fishfish", 4, 1));
    CHECK_FALSE(find_race_spot("bigoudenn", 9, 1));
    CHECK_FALSE(find_race_spot("no_such_game", 3, 1));
}
