// Fish Fish: what each viewer may know, bad inputs, defaults, and the generic random playout.
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "games/core/action_list.hpp"
#include "tests/games/fishfish_support.hpp"
#include "tests/support/playout.hpp"

using namespace fishfish_test;

TEST_CASE("A line with no bet keeps its card hidden from everyone for ever") {
    // Two games that differ only by the card discarded face down must look the same to all.
    Match a(3, 0), b(3, 0);
    a.act(0, set_line(2, "prise"));
    b.act(0, set_line(2, "bredouille"));
    CHECK(a.view(0).at("line").at("catch") == "prise");  // the Fisher sees its own card meanwhile
    CHECK(a.view(1).at("line").at("catch").is_null());
    auto strip = [](Json view) {
        view.erase("catch_left");
        if (view.at("line").is_object()) view["line"].erase("catch");
        return view;
    };
    auto same_for_all = [&] {
        for (Viewer v : {Viewer{}, Viewer{0}, Viewer{1}, Viewer{2}}) {
            INFO("viewer " << (v ? std::to_string(*v) : "spectator"));
            if (v == Viewer{0}) {
                CHECK(strip(a.view(v)) == strip(b.view(v)));
            } else {
                CHECK(a.view(v) == b.view(v));
                if (v) CHECK(a.state().actions(*v) == b.state().actions(*v));
            }
        }
        REQUIRE(a.log().size() == b.log().size());
        for (std::size_t i = 0; i < a.log().size(); ++i) CHECK(a.log()[i].to_json() == b.log()[i].to_json());
    };
    for (Match* t : {&a, &b}) {
        t->act(1, bet(0));
        t->act(2, bet(0));
    }
    CHECK(a.log().back().text_key == "fishfish.line_unrevealed");
    CHECK(a.log().back().params == Json{{"line", 1}});
    for (Viewer v : {Viewer{}, Viewer{0}, Viewer{1}, Viewer{2}}) CHECK(a.view(v).at("lines").at(0).at("catch").is_null());
    same_for_all();
    for (Match* t : {&a, &b}) {
        t->act(0, set_line(3, "bredouille"));
        t->act(1, bet(2));
        t->act(2, bet(2));
    }
    CHECK(a.view(0).at("lines").at(0).at("catch").is_null());
    CHECK(a.view(0).at("lines").at(1).at("catch") == "bredouille");
    same_for_all();
    for (Match* t : {&a, &b}) {
        t->act(0, set_line(4, "prise"));
        t->act(1, bet(2));
        t->act(2, bet(2));
    }
    CHECK(a.view().at("phase") == "round_over");
    same_for_all();
    for (Match* t : {&a, &b}) t->continue_all();
    CHECK(a.view().at("round") == 2);
    same_for_all();
    for (Match* t : {&a, &b}) t->play_defaults();
    same_for_all();
    CHECK(a.state().outcome() == b.state().outcome());
    for (const LogEntry& e : a.log()) CHECK(e.params.dump().find("catch") == std::string::npos);
    CHECK(a.state().outcome().dump().find("catch") == std::string::npos);
}

TEST_CASE("The leak fragments match what a leaking view would contain") {
    Match t(3, 0);
    t.act(0, set_line(3, "bredouille"));
    t.act(1, bet(0));
    t.act(2, bet(0));
    t.act(0, set_line(2, "prise"));
    const auto from_spectator = t.state().secrets_hidden_from(std::nullopt);
    const std::string fisher_sees = t.view(0).dump() + t.state().actions(0).dump();
    const std::string spectator_sees = taol::testing::everything_sent_to(t.state(), std::nullopt, t.log());
    bool fisher_view_would_leak = false;
    for (const std::string& secret : from_spectator) {
        fisher_view_would_leak = fisher_view_would_leak || fisher_sees.find(secret) != std::string::npos;
        CHECK(spectator_sees.find(secret) == std::string::npos);
    }
    CHECK(fisher_view_would_leak);  // the Fisher's own view shows the card: a spectator must not
    for (Viewer v : {Viewer{}, Viewer{0}, Viewer{1}, Viewer{2}}) {
        const std::string sent = taol::testing::everything_sent_to(t.state(), v, t.log());
        for (const std::string& secret : t.state().secrets_hidden_from(v)) CHECK(sent.find(secret) == std::string::npos);
    }
    CHECK(t.view(1).dump().find("catch_left") == std::string::npos);
    CHECK(t.view(0).at("catch_left") == Json{{"prise", 1}, {"bredouille", 2}});
}

TEST_CASE("The Fisher's default sets the lowest bait with a card drawn at random") {
    std::set<std::string> drawn;
    for (std::uint64_t seed = 0; seed < 32; ++seed) {
        Match t(4, 2, nullptr, seed);
        const Json action = *t.state().default_action(2);
        CHECK(action == Json{{"type", "set_line"}, {"bait", 2}, {"catch", "random"}});
        CHECK_FALSE(t.state().default_action(0));
        CHECK_FALSE(taol::games::is_listed(t.state().actions(2), action));  // accepted, not offered
        const auto log = t.act_unlisted(2, action);
        CHECK(log.at(0).to_json().at("params") == Json{{"fisher", 2}, {"line", 1}, {"bait", 2}});
        const std::string card = t.view(2).at("line").at("catch");
        drawn.insert(card);
        const Json left = t.view(2).at("catch_left");
        CHECK(left.at("prise").get<int>() + left.at("bredouille").get<int>() == 4);
        CHECK(left.at(card) == (card == "prise" ? 1 : 2));
        CHECK(t.view(3).at("line").at("catch").is_null());
        Match again(4, 2, nullptr, seed);
        again.act_unlisted(2, action);
        CHECK(again.view(2) == t.view(2));  // the draw comes from the seed
    }
    CHECK(drawn == std::set<std::string>{"prise", "bredouille"});
    // With no Prise left the draw can only give a Bredouille.
    Match t(2, 0);
    for (const char* card : {"prise", "prise"}) {
        t.act(0, set_line(t.view().at("baits_left").at(0), card));
        t.act(1, bet(0));
    }
    t.act_unlisted(0, *t.state().default_action(0));
    CHECK(t.view(0).at("line").at("catch") == "bredouille");
    CHECK(*t.state().default_action(1) == bet(0));
}

TEST_CASE("Bad actions are refused with a clear error and change nothing") {
    Match t(4, 0);
    t.refuse(1, set_line(2, "prise"), RuleCode::not_your_turn);
    t.refuse(1, bet(1), RuleCode::not_your_turn);
    t.refuse(0, bet(1), RuleCode::not_your_turn);
    t.refuse(9, set_line(2, "prise"), RuleCode::not_your_turn);
    t.refuse(0, set_line(7, "prise"), RuleCode::illegal_action);
    t.refuse(0, {{"type", "set_line"}, {"bait", "3"}, {"catch", "prise"}}, RuleCode::illegal_action);
    t.refuse(0, {{"type", "set_line"}, {"bait", 4294967299LL}, {"catch", "prise"}}, RuleCode::illegal_action);
    t.refuse(0, {{"type", "set_line"}, {"catch", "prise"}}, RuleCode::illegal_action);
    t.refuse(0, {{"type", "set_line"}, {"bait", 3}}, RuleCode::illegal_action);
    t.refuse(0, set_line(3, "joker"), RuleCode::illegal_action);
    t.refuse(0, {{"type", "set_line"}, {"bait", 3}, {"catch", "prise"}, {"peek", true}}, RuleCode::illegal_action);
    t.refuse(0, {{"type", "fish"}}, RuleCode::illegal_action);
    t.refuse(0, {{"bait", 3}}, RuleCode::illegal_action);
    t.refuse(0, Json::array({1}), RuleCode::illegal_action);
    t.refuse(0, "set_line", RuleCode::illegal_action);

    t.act(0, set_line(3, "prise"));
    std::vector<std::string> messages;
    messages.push_back(t.refuse(0, set_line(3, "bredouille"), RuleCode::not_your_turn));
    messages.push_back(t.refuse(2, bet(1), RuleCode::not_your_turn));
    messages.push_back(t.refuse(1, bet(5), RuleCode::illegal_action));
    messages.push_back(t.refuse(1, bet(-1), RuleCode::illegal_action));
    messages.push_back(t.refuse(1, {{"type", "bet"}, {"tiles", "2"}}, RuleCode::illegal_action));
    messages.push_back(t.refuse(1, {{"type", "bet"}, {"tiles", 1.5}}, RuleCode::illegal_action));
    messages.push_back(t.refuse(1, {{"type", "bet"}}, RuleCode::illegal_action));
    messages.push_back(t.refuse(1, {{"type", "bet"}, {"tiles", 1}, {"line", 2}}, RuleCode::illegal_action));
    t.act(1, bet(3));
    messages.push_back(t.refuse(1, bet(1), RuleCode::not_your_turn));
    t.act(2, bet(0));
    t.act(3, bet(0));
    t.act(0, set_line(3, "bredouille"));
    // Seat 1 holds one tile now (the Prise took three).
    messages.push_back(t.refuse(1, bet(2), RuleCode::illegal_action));
    CHECK(messages.back().find("only 1") != std::string::npos);
    t.refuse(0, set_line(5, "prise"), RuleCode::not_your_turn);
    for (const std::string& m : messages) {
        INFO(m);
        CHECK(m.find("rise") == std::string::npos);
        CHECK(m.find("redouille") == std::string::npos);
    }
    t.act(1, bet(1));
    t.act(2, bet(0));
    t.act(3, bet(0));
    t.refuse(0, set_line(3, "bredouille"), RuleCode::illegal_action);  // both 3s are used

    t.play_defaults();
    for (Seat s = 0; s < 4; ++s) {
        t.refuse(s, bet(0), RuleCode::game_over);
        t.refuse(s, set_line(2, "prise"), RuleCode::game_over);
    }
}

TEST_CASE("The views have the documented shape") {
    Match t(3, 0);
    t.act(0, set_line(4, "bredouille"));
    t.act(1, bet(2));
    const Json spectator = t.view();
    for (const char* key : {"round", "rounds_total", "fisher", "direction", "phase", "baits", "baits_left",
                            "prises_revealed", "line", "lines", "bet_order", "fish", "captured", "scores", "rounds"}) {
        CHECK(spectator.contains(key));
    }
    CHECK_FALSE(spectator.contains("catch_left"));
    CHECK(spectator.at("line") == Json::parse(R"({"number":1,"bait":4,"bets":[{"seat":1,"tiles":2}],"to_bet":2,"catch":null})"));
    CHECK(t.view(0).at("line").at("catch") == "bredouille");
    CHECK(spectator.at("baits_left") == Json::array({2, 3, 3, 5}));
    CHECK(spectator.at("fish").at(0) == Json::parse(R"({"seat":1,"tiles":2,"butin":[{"value":2,"tiles":0},
        {"value":3,"tiles":0},{"value":4,"tiles":0},{"value":5,"tiles":0}]})"));
    CHECK(t.state().actions(2) == Json::parse(R"([{"type":"bet","choose":{"tiles":{"range":[0,4]}}}])"));
    CHECK(t.state().actions(1).empty());
    CHECK(t.state().waiting_for() == std::vector<Seat>{2});
    CHECK(t.state().deadlines().empty());
    t.act(2, bet(1));
    CHECK(t.view().at("lines").at(0) == Json::parse(R"({"number":1,"bait":4,"bets":[{"seat":1,"tiles":2},
        {"seat":2,"tiles":1}],"catch":"bredouille"})"));
    CHECK(t.view().at("line").is_null());
    CHECK(t.state().actions(0) == Json::parse(R"([{"type":"set_line","choose":{"bait":{"one_of":[2,3,5]},
        "catch":{"one_of":["prise","bredouille"]}}}])"));
    CHECK(t.state().waiting_for() == std::vector<Seat>{0});
    const auto expired = t.state().expire(t.now() + 100000);
    CHECK(expired.log.empty());
    CHECK(expired.state->view(std::nullopt) == t.view());
}

namespace {

// One case per player count, so that ctest can spread them over the cores.
void playouts(const std::vector<int>& players) {
    taol::testing::PlayoutConfig config;
    config.seeds = 500;
    config.players = players;
    const auto stats = taol::testing::run_playouts(ff::game(), config);
    REQUIRE(stats.games == 500 * static_cast<int>(players.size()));
    CHECK(stats.rejected_templates == 0);
}

}  // namespace

TEST_CASE("Random playouts with 2 players") { playouts({2}); }

TEST_CASE("Random playouts with 3 players") { playouts({3}); }

TEST_CASE("Random playouts with 4 players") { playouts({4}); }

TEST_CASE("Random playouts with 5 players") { playouts({5}); }

TEST_CASE("Random playouts with 6 players") { playouts({6}); }

TEST_CASE("Random playouts with 7 players") { playouts({7}); }

TEST_CASE("Random playouts with 8 players") { playouts({8}); }

TEST_CASE("Random playouts with other baits") {
    taol::testing::PlayoutConfig config;
    config.seeds = 50;
    config.players = {2, 3, 5};
    config.options = Json{{"baits", {1, 1, 1, 1, 1}}};
    CHECK(taol::testing::run_playouts(ff::game(), config).games == 50 * 3);
    config.options = Json{{"baits", {9, 2, 7, 2, 4}}};
    CHECK(taol::testing::run_playouts(ff::game(), config).games == 50 * 3);
}
