// The fishfish bot's parts (games/fishfish/bot_*.hpp): the Fish's search, the Fisher's plan and
// what the bot remembers of the others' bets.
#include <catch2/catch.hpp>

#include "games/fishfish/bot_fish.hpp"
#include "games/fishfish/bot_fisher.hpp"
#include "games/fishfish/bot_observe.hpp"

namespace ff = taol::games::fishfish;
using taol::games::Json;

namespace {

ff::FishSituation first_line(int bait, std::vector<int> left, double lambda) {
    ff::FishSituation s;
    s.baits = {2, 3, 3, 4, 5};
    s.baits_left = std::move(left);
    s.bait = bait;
    s.lambda = lambda;
    return s;
}

const ff::LineChoice& best(const std::vector<ff::LineChoice>& choices) {
    REQUIRE_FALSE(choices.empty());
    const ff::LineChoice* top = &choices.front();
    for (const ff::LineChoice& c : choices) {
        if (c.value > top->value) top = &c;
    }
    return *top;
}

std::vector<ff::FishGuess> fish(int count, double hand, double share, double chance) {
    return std::vector<ff::FishGuess>(count, ff::FishGuess{hand, {share, share}, {chance, chance}});
}

}  // namespace

TEST_CASE("fishfish bot: a Fish passes a low bait that is a Prise two times in five") {
    // At two players a point of the Fisher's is a point lost: 3/5 of 2 is less than 2/5 of 4.
    CHECK(ff::best_bet(first_line(2, {3, 3, 4, 5}, 1.0)) == 0);
}

TEST_CASE("fishfish bot: a Fish bets all it can on a high bait once a Prise is unlikely") {
    ff::FishSituation s = first_line(5, {2, 3, 3}, 1.0);
    s.unknown = 4;  // one Bredouille revealed on the bait-4 line
    s.prises_hidden = 1;  // and one Prise
    s.hand = 3;
    s.max_bet = 3;
    CHECK(ff::best_bet(s) == 3);
    CHECK(ff::bet_value(s, 3) > ff::bet_value(s, 0));
}

TEST_CASE("fishfish bot: against Fish who bet only when they must, the Fisher keeps a Prise for the 5th line") {
    ff::FisherSituation s;
    s.baits_left = {2, 5};
    s.prise_left = 1;
    s.bredouille_left = 1;
    s.fish = fish(3, 4, 0.0, 0.0);
    s.lambda = 1.0 / 3;
    CHECK_FALSE(best(ff::line_choices(s)).prise);
}

TEST_CASE("fishfish bot: against Fish who bet all they can, the Fisher sets a Prise first") {
    ff::FisherSituation s;
    s.baits_left = {2, 3, 3, 4, 5};
    s.fish = fish(2, 4, 1.0, 1.0);
    s.lambda = 0.5;
    const ff::LineChoice& top = best(ff::line_choices(s));
    CHECK(top.prise);
    CHECK(top.value == Approx(4.0 * 8));
}

TEST_CASE("fishfish bot: every plan's first line is a card the Fisher holds") {
    ff::FisherSituation s;
    s.baits_left = {3, 4, 5};
    s.prise_left = 0;
    s.bredouille_left = 3;
    s.prises_revealed = 1;  // the other Prise went on a line nobody bet on
    s.fish = fish(3, 2, 0.4, 0.6);
    for (const ff::LineChoice& c : ff::line_choices(s)) CHECK_FALSE(c.prise);
}

TEST_CASE("fishfish bot: a finished round's free bets are remembered once") {
    Json view = {{"phase", "round_over"},
                 {"round", 1},
                 {"baits", {2, 3, 3, 4, 5}},
                 {"line", nullptr},
                 {"lines",
                  {{{"number", 1}, {"bait", 5}, {"catch", "bredouille"}, {"bets", {{{"seat", 1}, {"tiles", 3}}}}},
                   {{"number", 2}, {"bait", 2}, {"catch", nullptr}, {"bets", {{{"seat", 1}, {"tiles", 0}}}}},
                   {{"number", 5}, {"bait", 3}, {"catch", "prise"}, {"bets", {{{"seat", 1}, {"tiles", 1}}}}}}}};
    const ff::Observed once = ff::observe(nullptr, view, 2);
    const Json memory = ff::to_memory(once);
    const ff::Observed twice = ff::observe(memory, view, 2);
    CHECK(ff::to_memory(twice) == memory);
    const ff::SeatBuckets& seat = twice.seats.at(1);
    CHECK(seat[1].lines == 1);  // bait 5: high, 3 of 4
    CHECK(seat[1].tiles == 3);
    CHECK(seat[1].cap == 4);
    CHECK(seat[0].lines == 1);  // bait 2: passed with one tile left; the 5th line's bet is forced
    CHECK(seat[0].cap == 1);
    CHECK(seat[0].nonzero == 0);
    // The stats of a round under way count its lines without storing them.
    CHECK(ff::current_stats(twice, view).at(1)[1].lines == 1);
}
