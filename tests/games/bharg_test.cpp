// Bharg: scenario tests of the rules through the game interface, and the random playout.
#include <catch2/catch.hpp>

#include <algorithm>

#include "games/bharg/bharg.hpp"
#include "games/core/bot_tools.hpp"
#include "games/core/options.hpp"
#include "tests/support/game_driver.hpp"
#include "tests/support/playout.hpp"
#include "tests/support/round_pause_checks.hpp"

namespace bharg = taol::games::bharg;
using taol::games::GameState;
using taol::games::Json;
using taol::games::RuleCode;

namespace {

constexpr taol::games::TimeMs kNow = 1'000;

Json options(Json given = Json::object()) {
    auto complete = taol::games::complete_options(bharg::game(), given, 2);
    REQUIRE(complete.ok());
    return complete.value();
}

std::unique_ptr<GameState> layout(const bharg::Layout& l, Json given = Json::object()) {
    auto made = bharg::setup_layout(options(std::move(given)), l);
    if (!made.ok()) FAIL(made.error());
    return std::move(made.value());
}

taol::games::Applied act(const GameState& state, int seat, Json action) {
    auto applied = state.apply(seat, action, kNow);
    if (!applied.ok()) FAIL(action.dump() << " refused: " << applied.error().message);
    return std::move(applied.value());
}

// The cards of an arrangement sent on the wire: its bhargs, its Ace-bound and its unbound cards.
std::size_t hand_size(const Json& arrangement) {
    std::size_t n = arrangement.at("ace_bound").size() + arrangement.at("unbound").size();
    for (const Json& group : arrangement.at("bhargs")) n += group.size();
    return n;
}

bool has_entry(const std::vector<taol::games::LogEntry>& log, const std::string& key) {
    return std::any_of(log.begin(), log.end(), [&](const auto& e) { return e.text_key == key; });
}

}  // namespace

TEST_CASE("Bharg describes itself and its options") {
    const Json described = bharg::game().describe();
    CHECK(described.at("min_players") == 2);
    CHECK(described.at("max_players") == 2);
    const Json own = bharg::game().own_options();
    REQUIRE(own.size() == 2);
    CHECK(own[0].at("name") == "target");
    CHECK(own[0].at("default") == 50);
    CHECK(own[0].at("min") == 10);
    CHECK(own[0].at("max") == 200);
    CHECK(own[1].at("name") == "extended");
    CHECK(own[1].at("values") == Json({"none", "pawns", "courts"}));
    CHECK_FALSE(taol::games::complete_options(bharg::game(), Json{{"target", 9}}, 2).ok());
    CHECK_FALSE(taol::games::complete_options(bharg::game(), Json{{"extended", "jokers"}}, 2).ok());
    CHECK_FALSE(taol::games::complete_options(bharg::game(), nullptr, 3).ok());
}

TEST_CASE("A dealt round: 7 cards each, a non-Ace on the discard pile, the Aces turned on the Ace pile") {
    for (std::uint64_t seed = 0; seed < 200; ++seed) {
        const auto state = bharg::game().setup(options({{"extended", "courts"}}), 2, seed, kNow);
        REQUIRE(state->check_invariants().empty());
        const Json view = state->view(std::nullopt);
        REQUIRE(view.at("discard").size() == 1);
        CHECK(view.at("discard")[0].get<std::string>().rfind("ace_", 0) != 0);
        for (const Json& a : view.at("aces")) CHECK(a.get<std::string>().rfind("ace_", 0) == 0);
        CHECK(view.at("deck") == 41 - 14 - 1 - view.at("aces").size());
        CHECK(view.at("turn") == 1 - view.at("dealer").get<int>());  // the non-dealer plays first
        CHECK_FALSE(view.contains("hand"));
        CHECK(hand_size(state->view(0).at("hand")) == 7);
    }
}

namespace {

// Seat 1 plays first. Its hand is two bhargs and the Sea (Waves), the Ace of Waves on the deck;
// seat 0's best arrangement leaves 13 under the Ace of Waves.
bharg::Layout seed_round() {
    bharg::Layout l;
    l.dealer = 0;
    l.hands[1] = {"origin", "mountain", "soldier", "journey", "painter", "savage", "sea"};
    l.hands[0] = {"huntress", "bard", "cave", "market", "pact", "author", "desert"};
    l.aces = {"ace_knots"};
    l.deck = {"ace_waves"};
    l.discard = {"mill"};
    return l;
}

}  // namespace

TEST_CASE("A discarded Ace becomes the top Ace before the win check, and the winner scores the best leftover") {
    const auto start = layout(seed_round());
    CHECK(start->waiting_for() == std::vector<int>{1});
    CHECK(start->actions(0).empty());
    const auto drawn = act(*start, 1, {{"type", "draw"}, {"from", "deck"}});
    CHECK(drawn.state->view(1).at("drawn") == "ace_waves");
    CHECK(drawn.state->view(0).dump().find("ace_waves") == std::string::npos);
    REQUIRE(drawn.log.size() == 2);
    CHECK(drawn.log[0].text_key == "bharg.draw_deck");
    CHECK(drawn.log[0].params.dump().find("ace_waves") == std::string::npos);
    CHECK(drawn.log[1].text_key == "bharg.drawn");
    CHECK(drawn.log[1].audience == std::vector<int>{1});

    const auto won = act(*drawn.state, 1, {{"type", "discard"}, {"card", "ace_waves"}});
    CHECK(has_entry(won.log, "bharg.discard_ace"));
    CHECK(has_entry(won.log, "bharg.round_won"));
    const Json view = won.state->view(std::nullopt);
    CHECK(view.at("phase") == "round_over");
    CHECK(view.at("top_ace") == "ace_waves");
    CHECK(view.at("scores") == Json({0, 13}));
    const Json& result = view.at("result");
    CHECK(result.at("winner") == 1);
    CHECK(result.at("points") == 13);
    CHECK(result.at("reason") == "bharg");
    CHECK(result.at("hands")[1].at("all_bound") == true);
    CHECK(result.at("hands")[1].at("bhargs").size() == 2);
    CHECK(result.at("hands")[1].at("ace_bound") == Json({"sea"}));
    CHECK(result.at("hands")[0].at("bhargs") == Json({{"huntress", "bard", "cave", "market"}}));
    CHECK(result.at("hands")[0].at("unbound") == Json({"pact", "author", "desert"}));

    // Both close the summary, then round 2 is dealt by the other seat. Each is awaited for 15 s.
    taol::testing::check_round_pause(*won.state, 2, kNow);
    const auto one = act(*won.state, 0, {{"type", "continue"}});
    CHECK(one.log.empty());
    CHECK(one.state->view(0).at("phase") == "round_over");
    CHECK(one.state->view(0).at("result").at("ready") == Json({true, false}));
    CHECK(one.state->actions(0).empty());
    CHECK(one.state->deadlines().size() == 1);
    CHECK_FALSE(one.state->apply(0, {{"type", "continue"}}, kNow).ok());
    CHECK_FALSE(one.state->apply(1, {{"type", "continue"}, {"now", true}}, kNow).ok());
    CHECK_FALSE(one.state->apply(1, {{"type", "draw"}, {"from", "deck"}}, kNow).ok());
    const auto both = act(*one.state, 1, {{"type", "continue"}});
    CHECK(has_entry(both.log, "bharg.deal"));
    CHECK(both.state->deadlines().empty());
    const Json next = both.state->view(0);
    CHECK(next.at("phase") == "draw");
    CHECK(next.at("round") == 2);
    CHECK(next.at("dealer") == 1);
    CHECK(next.at("turn") == 0);
    CHECK(next.at("rounds").size() == 1);
    CHECK_FALSE(next.contains("result"));
    CHECK(both.state->check_invariants().empty());

    // Nobody continues: the summary closes itself after 15 s, not a millisecond before.
    CHECK(one.state->expire(kNow + 14'999).state->view(0).at("phase") == "round_over");
    const auto timed_out = one.state->expire(kNow + 15'000);
    CHECK(has_entry(timed_out.log, "bharg.deal"));
    CHECK(timed_out.state->view(0) == next);
}

TEST_CASE("The win check uses the hand after the discard and the Ace pile after it") {
    auto l = seed_round();
    l.hands[1].back() = "windfall";  // Knots: bound by the Ace of Knots on top
    l.deck = {"ace_moons"};
    const auto start = layout(l);
    // Taking the Mill and throwing it back keeps the hand: all bound, the round is won.
    const auto took = act(*start, 1, {{"type", "draw"}, {"from", "discard"}});
    CHECK(has_entry(act(*took.state, 1, {{"type", "discard"}, {"card", "mill"}}).log, "bharg.round_won"));
    // Throwing the Ace of Moons instead puts it on top: the Windfall is no longer bound.
    const auto drew = act(*start, 1, {{"type", "draw"}, {"from", "deck"}});
    const auto moved = act(*drew.state, 1, {{"type", "discard"}, {"card", "ace_moons"}});
    CHECK_FALSE(has_entry(moved.log, "bharg.round_won"));
    CHECK(moved.state->view(0).at("top_ace") == "ace_moons");
    CHECK(moved.state->view(0).at("turn") == 0);
    CHECK(moved.state->view(1).at("hand").at("unbound") == Json({"windfall"}));
}

TEST_CASE("With an empty Ace pile only bhargs bind, and a hand of two bhargs still wins") {
    bharg::Layout l;
    l.hands[1] = {"origin", "mountain", "soldier", "ace_moons", "bard", "cave", "market"};
    l.hands[0] = {"huntress", "end", "calamity", "windfall", "journey", "painter", "savage"};
    l.deck = {"pact"};
    l.discard = {"mill"};
    const auto start = layout(l);
    CHECK(start->view(0).at("top_ace").is_null());
    // Seat 0: {journey, painter, end, calamity} beats the rank-3 bharg and leaves 10 + 10 + 3.
    CHECK(start->view(0).at("hand").at("unbound") == Json({"huntress", "windfall", "savage"}));
    CHECK(start->view(0).at("hand").at("unbound_value") == 23);
    const auto drew = act(*start, 1, {{"type", "draw"}, {"from", "deck"}});
    const auto won = act(*drew.state, 1, {{"type", "discard"}, {"card", "pact"}});
    CHECK(won.state->view(1).at("result").at("points") == 23);
}

TEST_CASE("The game ends as soon as a player reaches the target") {
    auto l = seed_round();
    l.scores = {20, 45};
    const auto start = layout(l);
    const auto drew = act(*start, 1, {{"type", "draw"}, {"from", "deck"}});
    const auto won = act(*drew.state, 1, {{"type", "discard"}, {"card", "ace_waves"}});
    REQUIRE(won.state->finished());
    CHECK(has_entry(won.log, "bharg.game_end"));
    const Json outcome = won.state->outcome();
    CHECK(outcome.at("scores") == Json({20, 58}));
    CHECK(outcome.at("winners") == Json({1}));
    CHECK(outcome.at("reason") == "target");
    CHECK(won.state->waiting_for().empty());
    CHECK(won.state->actions(0).empty());
    CHECK(hand_size(won.state->view(0).at("result").at("hands")[0]) == 7);
    const auto after = won.state->apply(0, {{"type", "continue"}}, kNow);
    REQUIRE_FALSE(after.ok());
    CHECK(after.error().code == RuleCode::game_over);

    // A lower target from the options ends it sooner.
    auto low = seed_round();
    const auto quick = layout(low, {{"target", 10}});
    const auto quick_won = act(*act(*quick, 1, {{"type", "draw"}, {"from", "deck"}}).state, 1,
                               {{"type", "discard"}, {"card", "ace_waves"}});
    CHECK(quick_won.state->finished());
}

TEST_CASE("After 20 rounds the game ends, the highest score winning and ties sharing") {
    auto l = seed_round();
    l.round = 20;
    l.scores = {13, 0};
    const auto won = act(*act(*layout(l), 1, {{"type", "draw"}, {"from", "deck"}}).state, 1,
                         {{"type", "discard"}, {"card", "ace_waves"}});
    REQUIRE(won.state->finished());
    CHECK(won.state->outcome().at("winners") == Json({0, 1}));
    CHECK(won.state->outcome().at("reason") == "rounds");
}

namespace {

// Every Ace on the pile (Knots on top) and hands that cannot all be bound under it.
bharg::Layout stalled_round() {
    bharg::Layout l;
    l.hands[1] = {"huntress", "bard", "sea", "end", "calamity", "origin", "mountain"};
    l.hands[0] = {"journey", "painter", "savage", "lunatic", "penitent", "market", "pact"};
    l.aces = {"ace_moons", "ace_suns", "ace_waves", "ace_leaves", "ace_wyrms", "ace_knots"};
    l.discard = {"mill"};
    return l;
}

}  // namespace

TEST_CASE("An empty draw pile is rebuilt from the discard pile but its top card, and the third time ends the round") {
    std::unique_ptr<GameState> state = layout(stalled_round());
    REQUIRE(state->view(0).at("deck") == 15);
    std::vector<int> reshuffled_at;
    int turn = 0;
    for (; turn < 100 && !state->view(0).contains("result"); ++turn) {
        const int seat = state->waiting_for().at(0);
        const std::string top = state->view(0).at("discard").back();
        auto drew = act(*state, seat, {{"type", "draw"}, {"from", "deck"}});
        if (has_entry(drew.log, "bharg.reshuffle")) {
            reshuffled_at.push_back(turn + 1);
            const Json view = drew.state->view(std::nullopt);
            CHECK(view.at("discard") == Json({top}));  // the top card stays
            CHECK(view.at("deck") == 14);              // 15 shuffled, one drawn
        }
        if (drew.state->view(0).contains("result")) {
            state = std::move(drew.state);
            break;
        }
        const Json drawn = drew.state->view(seat).at("drawn");
        state = std::move(act(*drew.state, seat, {{"type", "discard"}, {"card", drawn}}).state);
        REQUIRE(state->check_invariants().empty());
    }
    CHECK(reshuffled_at == std::vector<int>{16, 31});
    CHECK(turn == 45);  // the draw of turn 46 would be the third reshuffle
    const Json result = state->view(0).at("result");
    CHECK(result.at("reason") == "reshuffles");
    CHECK(result.at("winner").is_null());
    CHECK(result.at("points") == 0);
    CHECK(state->view(0).at("scores") == Json({0, 0}));
}

TEST_CASE("A round ends with no score after 100 turns") {
    std::unique_ptr<GameState> state = layout(stalled_round());
    for (int turn = 0; turn < 100; ++turn) {
        REQUIRE(state->view(0).at("phase") == "draw");
        const int seat = state->waiting_for().at(0);
        const Json top = state->view(0).at("discard").back();
        auto took = act(*state, seat, {{"type", "draw"}, {"from", "discard"}});
        state = std::move(act(*took.state, seat, {{"type", "discard"}, {"card", top}}).state);
    }
    CHECK(state->view(0).at("turns") == 100);
    CHECK(state->view(0).at("result").at("reason") == "turns");
    CHECK(state->view(0).at("rounds")[0].at("winner").is_null());
}

TEST_CASE("Extended deck: the Excuse is bound by itself, a Pawn joins a bharg and scores 10 unbound") {
    bharg::Layout with_excuse;
    with_excuse.hands[1] = {"origin", "mountain", "soldier", "journey", "painter", "savage", "excuse"};
    with_excuse.hands[0] = {"huntress", "bard", "sea", "end", "calamity", "windfall", "consul"};
    with_excuse.deck = {"pact"};
    const auto courts = layout(with_excuse, {{"extended", "courts"}});
    CHECK(courts->view(1).at("hand").at("ace_bound") == Json({"excuse"}));  // no Ace on the pile
    const auto won = act(*act(*courts, 1, {{"type", "draw"}, {"from", "deck"}}).state, 1,
                         {{"type", "discard"}, {"card", "pact"}});
    CHECK(won.state->view(0).at("result").at("points") == 10);  // the six Crowns are a bharg: the Court is left
    CHECK_FALSE(bharg::setup_layout(options(), with_excuse).ok());  // no Excuse in the basic deck

    bharg::Layout with_pawn;
    with_pawn.hands[1] = {"watchman", "sailor", "ace_suns", "origin", "mountain", "soldier", "huntress"};
    with_pawn.hands[0] = {"harvest", "borderland", "light_keeper", "calamity", "cave", "diplomat", "mill"};
    with_pawn.aces = {"ace_moons"};
    with_pawn.deck = {"pact"};
    const auto pawns = layout(with_pawn, {{"extended", "pawns"}});
    const Json hand = pawns->view(1).at("hand");
    CHECK(hand.at("all_bound") == true);
    CHECK(hand.at("bhargs") == Json({{"watchman", "sailor", "ace_suns"}, {"origin", "mountain", "soldier"}}));
    const auto pawn_won = act(*act(*pawns, 1, {{"type", "draw"}, {"from", "deck"}}).state, 1,
                              {{"type", "discard"}, {"card", "pact"}});
    const Json loser = pawn_won.state->view(0).at("result").at("hands")[0];
    CHECK(loser.at("ace_bound") == Json({"harvest", "diplomat"}));
    CHECK(loser.at("unbound_value") == 45);  // Borderland and Light Keeper 10 each, Calamity 10, Cave 7, Mill 8
}

TEST_CASE("Bad actions are refused with a clear error and change nothing") {
    bharg::Layout l = seed_round();
    const auto start = layout(l);
    const std::size_t before = taol::testing::fingerprint(*start, 2);
    auto refused = [](const GameState& state, int seat, const Json& action, RuleCode code) {
        return taol::testing::check_refused(state, 2, seat, action, code, kNow);
    };
    refused(*start, 0, {{"type", "draw"}, {"from", "deck"}}, RuleCode::not_your_turn);
    refused(*start, 1, {{"type", "discard"}, {"card", "sea"}}, RuleCode::illegal_action);
    refused(*start, 1, {{"type", "draw"}, {"from", "aces"}}, RuleCode::illegal_action);
    refused(*start, 1, {{"type", "draw"}}, RuleCode::illegal_action);
    refused(*start, 1, {{"type", "draw"}, {"from", "deck"}, {"extra", 1}}, RuleCode::illegal_action);
    refused(*start, 1, {{"type", "fly"}}, RuleCode::illegal_action);
    refused(*start, 1, {{"type", 3}}, RuleCode::illegal_action);
    refused(*start, 1, Json::array(), RuleCode::illegal_action);
    refused(*start, 2, {{"type", "draw"}, {"from", "deck"}}, RuleCode::illegal_action);
    refused(*start, 1, {{"type", "continue"}}, RuleCode::illegal_action);
    CHECK(taol::testing::fingerprint(*start, 2) == before);

    const auto drawn = act(*start, 1, {{"type", "draw"}, {"from", "deck"}});
    refused(*drawn.state, 1, {{"type", "draw"}, {"from", "discard"}}, RuleCode::illegal_action);
    // The opponent's card and an unknown name get the same answer, which names neither.
    const std::string theirs = refused(*drawn.state, 1, {{"type", "discard"}, {"card", "huntress"}}, RuleCode::illegal_action);
    CHECK(theirs.find("huntress") == std::string::npos);
    CHECK(refused(*drawn.state, 1, {{"type", "discard"}, {"card", "joker"}}, RuleCode::illegal_action) == theirs);
    refused(*drawn.state, 1, {{"type", "discard"}, {"card", 7}}, RuleCode::illegal_action);
    refused(*drawn.state, 0, {{"type", "discard"}, {"card", "huntress"}}, RuleCode::not_your_turn);

    l.discard.clear();
    const auto no_discard = layout(l);
    CHECK(no_discard->actions(1).size() == 1);  // the deck only
    refused(*no_discard, 1, {{"type", "draw"}, {"from", "discard"}}, RuleCode::illegal_action);
}

TEST_CASE("The default turn draws from the deck and discards the card that leaves the least unbound") {
    bharg::Layout l = seed_round();
    l.hands[1].back() = "lunatic";  // Moons and Waves
    l.aces = {"ace_waves"};
    l.deck = {"sea"};
    const auto start = layout(l);
    CHECK(start->default_action(1) == Json({{"type", "draw"}, {"from", "deck"}}));
    CHECK_FALSE(start->default_action(0));
    const auto drawn = act(*start, 1, *start->default_action(1));
    // The Sea and the Lunatic are both bound by the Ace of Waves: the tie goes to the higher value.
    CHECK(drawn.state->default_action(1) == Json({{"type", "discard"}, {"card", "sea"}}));

    const auto seed = layout(seed_round());
    const auto ace = act(*seed, 1, *seed->default_action(1));
    CHECK(ace.state->default_action(1) == Json({{"type", "discard"}, {"card", "ace_waves"}}));
    CHECK(has_entry(act(*ace.state, 1, *ace.state->default_action(1)).log, "bharg.round_won"));
}

TEST_CASE("Views: a hand only to its owner with its bhargs, cards taken from the discard pile are public") {
    const auto start = layout(seed_round());
    const Json mine = start->view(1);
    CHECK(hand_size(mine.at("hand")) == 7);
    CHECK(mine.at("hand").at("bhargs").size() == 2);
    CHECK(mine.at("hand").at("unbound") == Json({"sea"}));
    CHECK(mine.at("ace_suits") == Json({"knots"}));
    CHECK(mine.at("players")[0].at("cards") == 7);
    const std::string theirs = start->view(0).dump() + start->actions(0).dump();
    const std::string spectator = start->view(std::nullopt).dump();
    CHECK_FALSE(start->view(std::nullopt).contains("hand"));
    for (const auto& secret : start->secrets_hidden_from(0)) CHECK(theirs.find(secret) == std::string::npos);
    for (const auto& secret : start->secrets_hidden_from(std::nullopt)) CHECK(spectator.find(secret) == std::string::npos);
    const auto hidden = start->secrets_hidden_from(0);
    CHECK(std::count(hidden.begin(), hidden.end(), "\"sea\"") == 1);
    CHECK(std::count(hidden.begin(), hidden.end(), "\"ace_waves\"") == 1);  // the deck
    CHECK(std::count(hidden.begin(), hidden.end(), "\"huntress\"") == 0);   // its own hand
    // The fragments are the very form in which the owner is sent its cards.
    CHECK(mine.dump().find("\"sea\"") != std::string::npos);
    CHECK(std::count(hidden.begin(), hidden.end(), "\"deck\":[") == 1);  // a listed deck

    const auto took = act(*start, 1, {{"type", "draw"}, {"from", "discard"}});
    CHECK(took.log.at(0).text_key == "bharg.take_discard");
    CHECK(took.log.at(0).params.at("card") == "mill");
    CHECK(took.log.at(0).audience.empty());
    const auto now_hidden = took.state->secrets_hidden_from(0);
    CHECK(std::count(now_hidden.begin(), now_hidden.end(), "\"mill\"") == 0);
    CHECK(took.state->view(0).at("drawn_from") == "discard");
}

namespace {

// Random play rarely binds a whole hand, so half the moves are the default (greedy) turn; and
// the harness builds every view several times per step, so the 1000-seed runs play to 10 points
// (one to a few rounds) and a shorter run plays whole games to the default 50.
taol::testing::PlayoutStats playouts(const char* extended, int target, int seeds) {
    taol::testing::PlayoutConfig config;
    config.seeds = seeds;
    config.options = {{"extended", extended}, {"target", target}};
    config.default_chance = 0.5;
    return taol::testing::run_playouts(bharg::game(), config);
}

}  // namespace

TEST_CASE("Random playouts to 10 points: 1000 games with each deck") {
    for (const char* extended : {"none", "pawns", "courts"}) {
        INFO("extended " << extended);
        const auto stats = playouts(extended, 10, 1000);
        REQUIRE(stats.games == 1000);
    }
}

TEST_CASE("Random playouts of whole games to 50 points") {
    for (const char* extended : {"none", "pawns", "courts"}) {
        INFO("extended " << extended);
        const auto stats = playouts(extended, 50, 10);
        REQUIRE(stats.games == 10);
        CHECK(stats.steps > 10 * 100);  // several rounds each
    }
}

TEST_CASE("Nothing in Bharg races: no action listed in whole games is contested") {
    const auto count = taol::testing::count_contested(bharg::game(), 2, 10);
    CHECK(count.listed > 100);
    CHECK(count.contested == 0);
}
