// Fish Fish: the rule text's examples, round and game flow, scoring and options.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "tests/games/fishfish_support.hpp"
#include "games/core/bot_tools.hpp"
#include "tests/support/playout.hpp"
#include "tests/support/round_pause_checks.hpp"

using namespace fishfish_test;

TEST_CASE("Fish Fish describes itself and its baits option") {
    const Json described = ff::game().describe();
    CHECK(described.at("id") == "fishfish");
    CHECK(described.at("min_players") == 2);
    CHECK(described.at("max_players") == 8);
    const Json baits = described.at("options").at(0);
    CHECK(baits.at("name") == "baits");
    CHECK(baits.at("type") == "int_list");
    CHECK(baits.at("default") == Json::array({2, 3, 3, 4, 5}));
    CHECK(baits.at("length") == 5);
    CHECK(baits.at("min") == 1);
    CHECK(baits.at("max") == 9);
}

TEST_CASE("Ninon's example: one tile on slot 3 and two on slot 2 score 7") {
    // Louisa (0) fishes; Ninon (1), Mickael (2) and Arthur (3) bet from the Fisher's left.
    Match t(4, 0);
    CHECK(t.view().at("bet_order") == Json::array({1, 2, 3}));
    t.act(0, set_line(3, "bredouille"));
    CHECK(t.to_bet() == 1);
    t.act(1, bet(1));
    t.act(2, bet(1));
    auto log = t.act(3, bet(0));
    REQUIRE(log.size() == 2);
    CHECK(log[1].text_key == "fishfish.reveal_bredouille");
    CHECK(log[1].params == Json{{"line", 1}});
    CHECK(t.tiles_on_slot(1, 3) == 1);
    CHECK(t.tiles_on_slot(2, 3) == 1);
    CHECK(t.view().at("lines").at(0).at("catch") == "bredouille");

    t.act(0, set_line(2, "bredouille"));
    t.act(1, bet(2));
    t.act(2, bet(0));
    t.act(3, bet(0));
    CHECK(t.tiles_on_slot(1, 2) == 2);
    CHECK(t.tiles_on_slot(1, 3) == 1);
    CHECK(hand(t, 1) == 1);

    t.act(0, set_line(4, "prise"));
    t.act(1, bet(1));
    t.act(2, bet(0));
    log = t.act(3, bet(0));
    CHECK(log.back().text_key == "fishfish.reveal_prise");
    CHECK(log.back().params == Json{{"line", 3}, {"captured", 1}});
    CHECK(t.view().at("captured") == 1);
    CHECK(t.view().at("prises_revealed") == 1);

    // Ninon holds no tile any more: she is skipped.
    t.act(0, set_line(3, "prise"));
    CHECK(t.to_bet() == 2);
    t.act(2, bet(3));
    log = t.act(3, bet(4));
    // Both Prise revealed, and every tile bet: the round ends without any early placement.
    CHECK(std::find_if(log.begin(), log.end(), [](const LogEntry& e) { return e.text_key == "fishfish.early_end"; }) == log.end());
    const auto end = std::find_if(log.begin(), log.end(), [](const LogEntry& e) { return e.text_key == "fishfish.round_end"; });
    REQUIRE(end != log.end());
    CHECK(end->params == Json{{"round", 1}, {"points", {32, 7, 3, 0}}});
    CHECK(t.view().at("scores") == Json::array({32, 7, 3, 0}));
    CHECK(t.view().at("rounds") == Json::parse(R"([{"fisher":0,"points":[32,7,3,0]}])"));
    CHECK(t.view().at("phase") == "round_over");
    t.continue_all();
    CHECK(t.view().at("round") == 2);
    CHECK(t.view().at("fisher") == 1);
}

TEST_CASE("Once both Prise are revealed the round ends with the rest on the highest bait left") {
    Match t(4, 0);
    t.act(0, set_line(5, "prise"));
    t.act(1, bet(1));
    t.act(2, bet(0));
    t.act(3, bet(0));
    CHECK(t.view().at("phase") == "set_line");
    t.act(0, set_line(4, "prise"));
    t.act(1, bet(0));
    t.act(2, bet(1));
    const auto log = t.act(3, bet(0));
    std::vector<std::string> keys;
    for (const LogEntry& e : log) keys.push_back(e.text_key);
    CHECK(keys == std::vector<std::string>{"fishfish.bet", "fishfish.reveal_prise", "fishfish.early_end",
                                           "fishfish.round_end"});
    CHECK(log[2].params == Json{{"bait", 3}});  // 5 and 4 are used: 3 is the highest left
    // Fisher 2 tiles × 4; seats 1 and 2 put 3 tiles on slot 3; seat 3 its 4 tiles.
    CHECK(log[3].params.at("points") == Json::array({8, 9, 9, 12}));
    const auto next = t.continue_all();
    REQUIRE(next.size() == 1);
    CHECK(next[0].text_key == "fishfish.round_start");
    CHECK(next[0].params == Json{{"round", 2}, {"fisher", 1}});
}

TEST_CASE("After a round its lines and points stay until everyone continues, or 15 s pass") {
    Match t(3, 0);
    t.act(0, set_line(5, "prise"));
    t.act(1, bet(4));
    const auto log = t.act(2, bet(4));
    const taol::games::TimeMs ended = t.now();
    CHECK(log.back().text_key == "fishfish.round_end");
    const Json paused = t.view();
    CHECK(paused.at("phase") == "round_over");
    CHECK(paused.at("round") == 1);
    CHECK(paused.at("fisher") == 0);
    CHECK(paused.at("line").is_null());
    CHECK(paused.at("lines").at(0).at("catch") == "prise");
    CHECK(paused.at("captured") == 8);
    CHECK(paused.at("rounds").size() == 1);
    // Everyone, the Fisher included, is awaited; nothing else may be played meanwhile.
    taol::testing::check_round_pause(t.state(), 3, ended);
    t.refuse(0, set_line(4, "bredouille"), RuleCode::illegal_action);
    t.refuse(1, bet(0), RuleCode::illegal_action);
    t.refuse(1, {{"type", "continue"}, {"tiles", 1}}, RuleCode::illegal_action);
    CHECK(t.act(1, {{"type", "continue"}}).empty());
    t.refuse(1, {{"type", "continue"}}, RuleCode::illegal_action);
    CHECK(t.state().waiting_for() == std::vector<Seat>{0, 2});
    CHECK(t.state().deadlines().size() == 2);
    CHECK(t.view() == paused);  // who has continued is in waiting_for, not in the view

    // Nobody else continues: at 15 s the next round starts by itself.
    CHECK(t.state().expire(ended + 14'999).state->view(std::nullopt) == paused);
    auto later = t.state().expire(ended + 15'000);
    REQUIRE(later.log.size() == 1);
    CHECK(later.log[0].text_key == "fishfish.round_start");
    CHECK(later.log[0].at == ended + 15'000);
    const Json next = later.state->view(std::nullopt);
    CHECK(next.at("phase") == "set_line");
    CHECK(next.at("round") == 2);
    CHECK(next.at("fisher") == 1);
    CHECK(later.state->deadlines().empty());
    CHECK(later.state->check_invariants().empty());
}

TEST_CASE("A Prise discarded unseen does not end the round") {
    Match t(3, 0);
    t.act(0, set_line(2, "prise"));
    t.act(1, bet(0));
    t.act(2, bet(0));
    t.act(0, set_line(3, "prise"));
    t.act(1, bet(1));
    t.act(2, bet(0));
    CHECK(t.view().at("phase") == "set_line");
    CHECK(t.view().at("prises_revealed") == 1);
    CHECK(t.view(0).at("catch_left") == Json{{"prise", 0}, {"bredouille", 3}});
    const Json offer = t.state().actions(0).at(0).at("choose");
    CHECK(offer.at("catch").at("one_of") == Json::array({"bredouille"}));
    CHECK(offer.at("bait").at("one_of") == Json::array({3, 4, 5}));
    CHECK(t.view().at("baits_left") == Json::array({3, 4, 5}));
    t.refuse(0, set_line(4, "prise"), RuleCode::illegal_action);
}

TEST_CASE("The betting direction flips every round") {
    Match t(4, 0);
    const std::vector<std::pair<std::string, Json>> expected = {
        {"left", {1, 2, 3}}, {"right", {0, 3, 2}}, {"left", {3, 0, 1}}, {"right", {2, 1, 0}}};
    for (int round = 0; round < 4; ++round) {
        INFO("round " << round + 1);
        CHECK(t.view().at("round") == round + 1);
        CHECK(t.view().at("fisher") == round);
        CHECK(t.view().at("direction") == expected[round].first);
        CHECK(t.view().at("bet_order") == expected[round].second);
        t.act(round, set_line(2, "bredouille"));
        // The line asks the Fish in that order; a Fish with no tile left is skipped.
        for (Seat s : expected[round].second) {
            CHECK(t.to_bet() == s);
            t.act(s, bet(s == expected[round].second.at(0) ? 4 : 0));
        }
        if (round == 0) {
            t.act(0, set_line(3, "bredouille"));
            CHECK(t.to_bet() == 2);
            t.act(2, bet(4));
            t.act(3, bet(4));
        }
        while (!t.state().finished() && t.view().at("round") == round + 1) t.all_in_round();
    }
    CHECK(t.state().finished());
}

TEST_CASE("Everyone is Fisher once at 4 to 8 players and twice at 2 or 3") {
    for (int n = 2; n <= 8; ++n) {
        INFO(n << " players");
        Match t(n, n - 1, nullptr, 100 + n);
        const int rounds = n * (n <= 3 ? 2 : 1);
        CHECK(t.view().at("rounds_total") == rounds);
        t.play_defaults();
        const Json outcome = t.state().outcome();
        REQUIRE(outcome.at("rounds").size() == static_cast<std::size_t>(rounds));
        for (int r = 0; r < rounds; ++r) CHECK(outcome.at("rounds").at(r).at("fisher") == (n - 1 + r) % n);
        const auto keys = t.keys();
        CHECK(std::count(keys.begin(), keys.end(), "fishfish.round_end") == rounds);
        CHECK(std::count(keys.begin(), keys.end(), "fishfish.round_start") == rounds - 1);
        CHECK(std::count(keys.begin(), keys.end(), "fishfish.game_end") == 1);
        CHECK(t.view().at("phase") == "finished");
        CHECK(t.view().at("line").is_null());
        CHECK(t.view().at("lines").size() == 5);  // defaults bet nothing until the 5th line
        for (Seat s = 0; s < n; ++s) {
            CHECK(t.state().actions(s).empty());
            CHECK_FALSE(t.state().default_action(s));
        }
        CHECK(t.state().waiting_for().empty());
    }
}

TEST_CASE("The first Fisher is drawn from the seed") {
    std::set<int> firsts;
    for (std::uint64_t seed = 0; seed < 40; ++seed) {
        const auto state = ff::game().setup(options(), 5, seed, 0);
        const Json view = state->view(std::nullopt);
        CHECK(view == ff::game().setup(options(), 5, seed, 0)->view(std::nullopt));
        firsts.insert(view.at("fisher").get<int>());
    }
    CHECK(firsts.size() == 5);
}

TEST_CASE("On the 5th line every Fish must bet all its remaining tiles") {
    Match t(3, 0);
    t.act(0, set_line(5, "bredouille"));
    t.act(1, bet(4));  // seat 1 is done for this round
    t.act(2, bet(1));
    for (const auto& [bait, card] : std::vector<std::pair<int, const char*>>{{4, "prise"}, {3, "bredouille"}, {3, "bredouille"}}) {
        t.act(0, set_line(bait, card));
        CHECK(t.to_bet() == 2);
        CHECK(t.state().actions(1).empty());
        t.act(2, bet(0));
    }
    t.act(0, set_line(2, "prise"));
    CHECK(t.view().at("line").at("number") == 5);
    CHECK(t.state().actions(2) == Json::array({bet(3)}));
    CHECK(*t.state().default_action(2) == bet(3));
    const std::string message = t.refuse(2, bet(2), RuleCode::illegal_action);
    CHECK(message.find("all") != std::string::npos);
    t.refuse(2, bet(0), RuleCode::illegal_action);
    t.refuse(2, bet(4), RuleCode::illegal_action);
    const auto log = t.act(2, bet(3));
    CHECK(log.at(1).text_key == "fishfish.reveal_prise");
    CHECK(log.at(2).params == Json{{"round", 1}, {"points", {12, 20, 5}}});
}

TEST_CASE("When every Fish has bet all its tiles the round ends at once") {
    Match t(3, 1);
    CHECK(t.view().at("bet_order") == Json::array({2, 0}));
    t.act(1, set_line(3, "bredouille"));
    t.act(2, bet(4));
    const auto log = t.act(0, bet(4));
    CHECK(log.at(2).text_key == "fishfish.round_end");
    CHECK(log.at(2).params.at("points") == Json::array({12, 0, 12}));
    t.continue_all();
    CHECK(t.view().at("fisher") == 2);
    CHECK(t.view().at("direction") == "right");
    CHECK(t.view().at("bet_order") == Json::array({1, 0}));
    CHECK(t.view().at("lines").empty());
    CHECK(hand(t, 0) == 4);
    CHECK(t.view().at("baits_left") == Json::array({2, 3, 3, 4, 5}));
}

TEST_CASE("Equal totals share the win") {
    Match t(2, 0);
    for (int round = 0; round < 4; ++round) t.all_in_round();  // each Fish scores 4 × 2 per round
    REQUIRE(t.state().finished());
    const Json outcome = t.state().outcome();
    CHECK(outcome.at("scores") == Json::array({16, 16}));
    CHECK(outcome.at("winners") == Json::array({0, 1}));
    CHECK(t.log().back().text_key == "fishfish.game_end");
    CHECK(t.log().back().params == Json{{"scores", {16, 16}}, {"winners", {0, 1}}});
    CHECK(t.view().at("lines").size() == 1);  // the last round's line stays visible
}

TEST_CASE("The baits option sets the Fisher's hand and the Butin slots") {
    Match t(3, 0, Json{{"baits", {9, 1, 9, 1, 5}}});
    CHECK(t.view().at("baits") == Json::array({9, 1, 9, 1, 5}));
    CHECK(t.view().at("baits_left") == Json::array({1, 1, 5, 9, 9}));
    CHECK(t.state().actions(0).at(0).at("choose").at("bait").at("one_of") == Json::array({1, 5, 9}));
    CHECK(t.fish(1).at("butin").size() == 3);
    t.refuse(0, set_line(2, "prise"), RuleCode::illegal_action);
    t.act(0, set_line(9, "bredouille"));
    t.act(1, bet(2));
    t.act(2, bet(0));
    t.act(0, set_line(9, "prise"));
    t.act(1, bet(1));
    t.act(2, bet(1));
    t.act(0, set_line(1, "prise"));
    t.act(1, bet(0));
    const auto log = t.act(2, bet(1));
    CHECK(log.at(2).params == Json{{"bait", 5}});  // highest left of {1, 5}
    CHECK(t.view().at("phase") == "round_over");
    // Fisher: 3 tiles. Seat 1: 2 on 9 and 1 on 5. Seat 2: 2 on 5.
    CHECK(t.state().view(std::nullopt).at("scores") == Json::array({12, 23, 10}));
}

TEST_CASE("Bad baits options are refused") {
    using taol::games::complete_options;
    for (const Json& baits : {Json::array({2, 3, 4, 5}), Json::array({2, 3, 3, 4, 5, 6}), Json::array({0, 2, 3, 4, 5}),
                              Json::array({2, 3, 3, 4, 10}), Json::array({2, 3, "3", 4, 5}), Json::array({2.5, 3, 3, 4, 5}),
                              Json("23345"), Json(5)}) {
        INFO(baits.dump());
        CHECK_FALSE(complete_options(ff::game(), Json{{"baits", baits}}, 4).ok());
    }
    CHECK(complete_options(ff::game(), Json{{"baits", {1, 2, 3, 4, 9}}}, 4).ok());
    CHECK(options().at("baits") == Json::array({2, 3, 3, 4, 5}));
}

TEST_CASE("Nothing in Fish Fish races: no action listed in whole games is contested") {
    const auto count = taol::testing::count_contested(ff::game(), 4, 20);
    CHECK(count.listed > 100);
    CHECK(count.contested == 0);
}
