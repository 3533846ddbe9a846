// Fish Fish: the bot decides the same whatever the cards hidden from its seat (twin games).
#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "games/fishfish/fishfish.hpp"
#include "games/fishfish/table.hpp"
#include "tests/games/bot_twin.hpp"

namespace ff = taol::games::fishfish;
using taol::games::GameState;
using taol::games::Json;
using taol::games::Rng;
using taol::games::Seat;

namespace {

// A twin: the Catch cards hidden from `viewer` dealt again among their places, from the rules
// text (not from view.cpp). Hidden from everyone, the Fisher included: the card of a line nobody
// bet on. Hidden from a Fish besides: the card of the line being bet on and which cards remain in
// the Fisher's hand (its counts, then, may change; the Fisher sees them until the game is over).
bot_twin::Twin twin_of(const GameState& state, Seat viewer, Rng& rng) {
    ff::Table twin = *ff::table_of(state);
    const bool fisher = viewer == twin.fisher;
    std::vector<ff::Catch*> lines;
    for (ff::Line& line : twin.lines) {
        if (!line.revealed) lines.push_back(&line.card);
    }
    if (!fisher && twin.line) lines.push_back(&twin.line->card);
    const bool hand = !fisher || twin.phase == ff::Phase::finished;
    std::vector<ff::Catch> before;
    for (const ff::Catch* card : lines) before.push_back(*card);
    if (hand) {
        before.insert(before.end(), static_cast<std::size_t>(twin.prise_left), ff::Catch::prise);
        before.insert(before.end(), static_cast<std::size_t>(twin.bredouille_left), ff::Catch::bredouille);
    }
    std::vector<ff::Catch> after = before;
    bot_twin::reshuffle(after, rng);
    for (std::size_t i = 0; i < lines.size(); ++i) *lines[i] = after[i];
    if (hand) {
        const auto rest = after.begin() + static_cast<std::ptrdiff_t>(lines.size());
        twin.prise_left = static_cast<int>(std::count(rest, after.end(), ff::Catch::prise));
        twin.bredouille_left = static_cast<int>(after.size() - lines.size()) - twin.prise_left;
    }
    // Only the places' contents count: the hand's cards are not told apart by their order.
    bool differs = false;
    for (std::size_t i = 0; i < lines.size(); ++i) differs = differs || after[i] != before[i];
    differs = differs || twin.prise_left != ff::table_of(state)->prise_left;
    REQUIRE(ff::check_invariants(twin).empty());
    return {ff::state_from(std::move(twin)), differs};
}

}  // namespace

TEST_CASE("fishfish: the bot decides the same whatever the cards hidden from its seat") {
    const auto totals = bot_twin::play_all(ff::game(), {{2}, {5}}, 3, twin_of, 3000);
    // Not vacuous: many twins hold another card where the seat cannot see (a Fish's, mostly).
    CHECK(totals.differing > totals.twins / 4);
}
