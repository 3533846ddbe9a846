// Carambouille: the bot decides the same whatever the cards hidden from its seat (twin games).
#include <catch2/catch.hpp>

#include <set>
#include <vector>

#include "games/carambouille/carambouille.hpp"
#include "games/carambouille/cards.hpp"
#include "games/carambouille/table.hpp"
#include "tests/games/bot_twin.hpp"

namespace cb = taol::games::carambouille;
using taol::games::GameState;
using taol::games::Json;
using taol::games::Rng;
using taol::games::Seat;

namespace {

// Where the cards hidden from `viewer` lie, from the rules text: the other hands, the reserve and
// the stack, but for the cards whose id it has been shown (a Persuasion's products, a sale put
// back by a Surstock). The cards of an open offer stay: its public claims (and whether a J'ai
// menti ! backs it) are true of those very cards.
std::vector<int*> hidden_places(cb::Table& t, Seat viewer) {
    std::set<int> offered;
    for (const cb::Offer& o : t.offers) {
        offered.insert(o.give.begin(), o.give.end());
        if (o.menti >= 0) offered.insert(o.menti);
    }
    std::vector<int*> places;
    auto add = [&](std::vector<int>& cards) {
        for (int& card : cards) {
            if (!t.knows(viewer, card) && !offered.count(card)) places.push_back(&card);
        }
    };
    for (Seat s = 0; s < t.players; ++s) {
        if (s != viewer) add(t.hands[s]);
    }
    add(t.reserve);
    add(t.stack);
    return places;
}

// A twin: the hidden cards dealt again among their places, products among products and
// Carambouille cards among Carambouille cards (each hand's counts of both are public). A card's
// face is its index, and on the wire a card is its opaque id: each place keeps its id (and who
// knows it) while its face changes, so the ids move with the places, not with the cards.
bot_twin::Twin twin_of(const GameState& state, Seat viewer, Rng& rng) {
    const cb::Table& real = *cb::table_of(state);
    cb::Table twin = real;
    const auto places = hidden_places(twin, viewer);
    bool differs = false;
    for (bool products : {true, false}) {
        std::vector<int*> group;
        for (int* place : places) {
            if (cb::is_product(*place) == products) group.push_back(place);
        }
        std::vector<int> before;
        for (const int* place : group) before.push_back(*place);
        std::vector<int> after = before;
        bot_twin::reshuffle(after, rng);
        for (std::size_t i = 0; i < group.size(); ++i) {
            *group[i] = after[i];
            twin.ids[after[i]] = real.ids[before[i]];
            twin.known[after[i]] = real.known[before[i]];
            differs = differs || cb::kind_of(after[i]) != cb::kind_of(before[i]);
        }
    }
    REQUIRE(cb::check_invariants(twin).empty());
    return {cb::state_from(std::move(twin)), differs};
}

}  // namespace

TEST_CASE("carambouille: the bot decides the same whatever the cards hidden from its seat") {
    // Short trading phases: the deadlines come within the games' bounded steps.
    const Json quick{{"trading_seconds", 60}};
    const auto totals = bot_twin::play_all(cb::game(), {{3, quick}, {5, quick}}, 2, twin_of, 5000);
    // Not vacuous: most twins hold other products or cards where the seat cannot see.
    CHECK(totals.differing > totals.twins / 2);
}
