// Ar Seizh Bigoudenn: the bot decides the same whatever the cards hidden from its seat (twin
// games).
#include <catch2/catch.hpp>

#include <memory>
#include <vector>

#include "games/bigoudenn/bigoudenn.hpp"
#include "games/bigoudenn/state.hpp"
#include "tests/games/bot_twin.hpp"

namespace bg = taol::games::bigoudenn;
using taol::games::GameState;
using taol::games::Json;
using taol::games::Rng;
using taol::games::Seat;

namespace {

// Twins whose TEUT cards differed (not only the pile's order), for the check that some did.
long teut_twins_differing = 0;

// Deals `cards` again among their places; true when some place now holds another card.
bool redeal(const std::vector<bg::Card*>& places, Rng& rng) {
    std::vector<bg::Card> before;
    for (const bg::Card* place : places) before.push_back(*place);
    std::vector<bg::Card> after = before;
    bot_twin::reshuffle(after, rng);
    for (std::size_t i = 0; i < places.size(); ++i) *places[i] = after[i];
    return after != before;
}

// A twin: the cards hidden from `viewer` dealt again, from the rules text (not from view.cpp).
// Everything on the table is public but the pile's order and a TEUT's face-down cards: while its
// bids are face down, each other participant's work surface and fresh bids are only a count. Those
// cards are dealt again among that participant's own places only (everyone saw which ingredients
// lay on its surface before the TEUT; which of them it bid is what is hidden), the pile among its
// own. The State is built straight from the table (games/bigoudenn/state.hpp).
bot_twin::Twin twin_of(const GameState& state, Seat viewer, Rng& rng) {
    bg::Table twin = dynamic_cast<const bg::State&>(state).table();
    std::vector<bg::Card*> pile;
    for (bg::Card& card : twin.pile) pile.push_back(&card);
    bool differs = redeal(pile, rng);
    if (twin.teut) {
        bg::Teut& x = *twin.teut;
        for (int p = 0; p < 2; ++p) {
            if (x.seats[p] == viewer) continue;
            std::vector<bg::Card*> places;
            if (x.hidden()) {
                for (bg::Card& card : twin.at(x.seats[p]).surface) places.push_back(&card);
            }
            for (std::size_t i = x.revealed[p]; i < x.bids[p].size(); ++i) places.push_back(&x.bids[p][i]);
            if (redeal(places, rng)) {
                differs = true;
                ++teut_twins_differing;
            }
        }
    }
    REQUIRE(bg::check_invariants(twin).empty());
    return {std::make_unique<bg::State>(std::move(twin)), differs};
}

}  // namespace

TEST_CASE("bigoudenn: the bot decides the same whatever the cards hidden from its seat") {
    teut_twins_differing = 0;
    std::vector<bot_twin::Setting> settings;
    for (const char* variant : {"full", "simplified"}) {
        for (int players : {3, 5}) settings.push_back({players, Json{{"variant", variant}}});
    }
    const auto totals = bot_twin::play_all(bg::game(), settings, 2, twin_of, 3000);
    // Not vacuous: many twins hold the pile in another order (until it runs out), and some a TEUT's
    // face-down cards elsewhere.
    CHECK(totals.differing > totals.twins / 4);
    CHECK(teut_twins_differing > 0);
}
