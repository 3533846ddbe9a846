// Bharg: the bot decides the same whatever the cards hidden from its seat (twin games).
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <vector>

#include "games/bharg/bharg.hpp"
#include "games/bharg/table.hpp"
#include "tests/games/bot_twin.hpp"

namespace bh = taol::games::bharg;
using taol::games::GameState;
using taol::games::Json;
using taol::games::Rng;
using taol::games::Seat;

namespace {

// Where the cards hidden from `viewer` lie, from the rules text (not from view.cpp): the whole
// draw pile, and while a round is played the other hand but for the cards it took from the
// discard pile (everyone saw them). At round end both hands are revealed.
std::vector<bh::CardId*> hidden_places(bh::Table& t, Seat viewer) {
    std::vector<bh::CardId*> places;
    for (bh::CardId& card : t.deck) places.push_back(&card);
    if (t.phase != bh::Phase::draw && t.phase != bh::Phase::discard) return places;
    const auto other = static_cast<std::size_t>(1 - viewer);
    const auto& known = t.known[other];
    for (bh::CardId& card : t.hands[other]) {
        if (std::find(known.begin(), known.end(), card) == known.end()) places.push_back(&card);
    }
    return places;
}

// A twin: the cards hidden from `viewer` dealt again among their places (a card is its name on
// the wire, so the cards themselves move). The other seat's drawn card follows its place.
bot_twin::Twin twin_of(const GameState& state, Seat viewer, Rng& rng) {
    bh::Table twin = *bh::table_of(state);
    const auto places = hidden_places(twin, viewer);
    std::vector<bh::CardId> before;
    for (const bh::CardId* place : places) before.push_back(*place);
    std::vector<bh::CardId> after = before;
    bot_twin::reshuffle(after, rng);
    std::map<bh::CardId, bh::CardId> moved;
    for (std::size_t i = 0; i < places.size(); ++i) {
        *places[i] = after[i];
        moved[before[i]] = after[i];
    }
    if (twin.drawn && moved.count(*twin.drawn)) twin.drawn = moved[*twin.drawn];
    REQUIRE(bh::check_invariants(twin).empty());
    return {bh::state_from(std::move(twin)), after != before};
}

}  // namespace

TEST_CASE("bharg: the bot decides the same whatever the cards hidden from its seat") {
    // Two players only: an extended deck and a longer game stand for a second player count.
    const auto totals = bot_twin::play_all(
        bh::game(), {{2, Json{{"extended", "none"}}}, {2, Json{{"extended", "courts"}, {"target", 100}}}}, 3, twin_of, 6000);
    // Not vacuous: most twins hold other cards where the seat cannot see.
    CHECK(totals.differing > totals.twins / 2);
}
