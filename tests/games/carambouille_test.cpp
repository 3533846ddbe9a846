// Carambouille: the card data, trading, Persuasion, bad input, what each viewer sees, and the
// generic random playout.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include "games/carambouille/table.hpp"
#include "tests/games/carambouille_support.hpp"
#include "tests/support/playout.hpp"

using namespace carambouille_test;  // NOLINT: test file

TEST_CASE("The Memo prices and the card table") {
    CHECK(cb::memo_price(40, 3) == 180);
    CHECK(cb::memo_price(40, 4) == 300);
    CHECK(cb::memo_price(20, 1) == 20);
    CHECK(cb::memo_price(20, 2) == 50);
    CHECK(cb::memo_price(10, 2) == 25);
    CHECK(cb::memo_price(100, 5) == 1250);
    CHECK(cb::halved(25) == 13);
    int total = 0;
    for (const auto& p : cb::kProductTable) total += p.value;
    CHECK(total == 3 * 10 + 3 * 20 + 3 * 30 + 2 * 40 + 2 * 50 + 2 * 60 + 2 * 70 + 80 + 90 + 100);
    CHECK(cb::hand_limit(0) == 8);
    CHECK(cb::hand_limit(1) == 10);
    CHECK(cb::hand_limit(4) == 13);
}

TEST_CASE("Options follow the rules file") {
    const Json own = cb::game().own_options();
    REQUIRE(own.size() == 1);
    CHECK(own[0].at("name") == "trading_seconds");
    CHECK(own[0].at("default") == 180);
    CHECK(own[0].at("min") == 30);
    CHECK(own[0].at("max") == 900);
    CHECK_FALSE(taol::games::complete_options(cb::game(), Json{{"trading_seconds", 29}}, 3).ok());
    CHECK(cb::game().min_players() == 3);
    CHECK(cb::game().max_players() == 7);
}

TEST_CASE("A lie needs J'ai menti !, and a lie still gives a product") {
    cb::Stacked s;
    s.hands = {{"fromage", "soldes", "jai_menti"}, {"ail"}, {"herbes"}};
    Table t(s);
    t.open_trading();
    const Json safran = Json::array({{{"product", "safran"}, {"count", 1}}});
    // Without the card: refused.
    t.refuse(0, offer(1, {t.id(0, "fromage")}, safran, Json::array()));
    // J'ai menti ! with no product given: refused.
    CHECK(t.refuse(0, offer(1, {t.id(0, "soldes")}, safran, Json::array(), true)) ==
          "with J'ai menti ! you must still give at least one product");
    // The truth needs no card.
    const Json fromage = Json::array({{{"product", "fromage"}, {"count", 1}}});
    t.act(0, offer(1, {t.id(0, "fromage")}, fromage, Json::array()));
    // A lie backed by J'ai menti !: hidden from everyone but the liar.
    t.act(0, offer(2, {t.id(0, "fromage")}, safran, Json::array(), true));
    const Json seen_by_2 = t.view(2).at("offers").at(1);
    CHECK_FALSE(seen_by_2.contains("lie"));
    CHECK_FALSE(seen_by_2.contains("give"));
    CHECK(t.view(0).at("offers").at(1).at("lie") == true);
    // One J'ai menti ! backs one open offer at a time.
    t.refuse(0, offer(1, {t.id(0, "fromage")}, safran, Json::array(), true));
    const std::string lie_id = t.view().at("offers").at(1).at("id");
    const auto entries = t.act(2, accept(lie_id, {t.id(2, "herbes")}));
    CHECK(t.count(2, "fromage") == 1);
    CHECK(t.count(0, "jai_menti") == 0);
    CHECK(t.view().at("played").at("jai_menti") == 1);
    CHECK(t.logged("carambouille.lie"));
    // The first offer died with its card; only the traders saw the cards.
    CHECK(t.view().at("offers").empty());
    for (const LogEntry& e : entries) {
        if (e.text_key == "carambouille.trade_cards") CHECK((e.audience == std::vector<Seat>{0} || e.audience == std::vector<Seat>{2}));
        if (e.audience.empty()) CHECK(e.to_json().dump().find(t.id(2, "fromage")) == std::string::npos);
    }
}

TEST_CASE("An acceptance must meet the ask unless it lies") {
    cb::Stacked s;
    s.hands = {{"fromage"}, {"ail", "tomates", "jai_menti"}, {"herbes"}};
    Table t(s);
    t.open_trading();
    t.act(0, offer(1, {t.id(0, "fromage")}, Json::array(), Json::array({{{"value", 20}}})));
    const std::string o = t.view().at("offers").at(0).at("id");
    t.refuse(1, accept(o, {t.id(1, "ail")}));
    t.refuse(1, accept(o, {t.id(1, "jai_menti")}, true));  // a lie still gives a product
    t.act(1, accept(o, {t.id(1, "ail")}, true));
    CHECK(t.count(0, "ail") == 1);
    CHECK(t.count(1, "jai_menti") == 0);
}

TEST_CASE("Two acceptances of one offer to anyone: the first wins, the second changes nothing") {
    cb::Stacked s;
    s.hands = {{"poules"}, {"lapins"}, {"lapins"}};
    Table t(s);
    t.open_trading();
    t.act(0, offer(nullptr, {t.id(0, "poules")}, Json::array({{{"product", "poules"}, {"count", 1}}}),
                   Json::array({{{"product", "lapins"}, {"count", 1}}})));
    const std::string o = t.view().at("offers").at(0).at("id");
    CHECK(taol::games::is_listed(t.state().actions(1), accept(o, {t.id(1, "lapins")})));
    CHECK(taol::games::is_listed(t.state().actions(2), accept(o, {t.id(2, "lapins")})));
    t.act(1, accept(o, {t.id(1, "lapins")}));
    CHECK(t.refuse(2, accept(o, {t.id(2, "lapins")})) == "this offer is no longer available");
    CHECK(t.count(1, "poules") == 1);
    CHECK(t.count(2, "lapins") == 1);
}

TEST_CASE("The closing bell: an acceptance 1 ms before is accepted, one after is refused") {
    cb::Stacked s;
    s.hands = {{"poules", "lapins"}, {"ail"}, {"herbes"}};
    Table t(s);
    t.act(0, {{"type", "ring"}}, 2000);
    t.act(0, offer(1, {t.id(0, "poules")}, Json::array(), Json::array()), 3000);
    t.act(0, offer(2, {t.id(0, "lapins")}, Json::array(), Json::array()), 3000);
    const std::string o1 = t.view().at("offers").at(0).at("id");
    const std::string o2 = t.view().at("offers").at(1).at("id");
    t.act(1, accept(o1, {t.id(1, "ail")}), 9999);
    t.act(0, {{"type", "ring"}}, 10000);
    CHECK(t.phase() == "sale");
    CHECK(t.refuse(2, accept(o2, {t.id(2, "herbes")}), RuleCode::illegal_action, 10001) == "trading is closed");
    CHECK(t.count(1, "poules") == 1);
    CHECK(t.count(0, "lapins") == 1);
}

TEST_CASE("Trading races other traders and the bell, a reaction races its window, and a sale turn does not") {
    Table t(fromage_sale());
    const auto contested = [&](Seat seat, const Json& action) { return t.state().contested(seat, action); };
    CHECK_FALSE(contested(0, {{"type", "ring"}}));  // opening the market races nothing
    t.open_trading();
    t.act(1, offer(nullptr, {t.id(1, "ail")}, Json::array(), Json::array()));
    const std::string o = t.view().at("offers").at(0).at("id");
    CHECK(contested(0, accept(o, {t.id(0, "fromage")})));
    CHECK(contested(2, accept(o, {t.id(2, "ail")})));
    CHECK(contested(1, {{"type", "withdraw"}, {"offer", o}}));
    CHECK(contested(0, {{"type", "ring"}}));  // the closing bell
    t.act(0, {{"type", "ring"}});
    CHECK_FALSE(contested(0, sell("fromage", 3)));
    t.act(0, sell("fromage", 3));
    CHECK(contested(0, react("illusion")));
    CHECK(contested(0, pass()));
    CHECK_FALSE(contested(1, react("soldes")));  // its window is not open yet
}

TEST_CASE("An offer dies when its card is traded away first") {
    cb::Stacked s;
    s.hands = {{"truffes", "ail"}, {"tomates"}, {"herbes"}};
    Table t(s);
    t.open_trading();
    const std::string truffes = t.id(0, "truffes");
    t.act(0, offer(1, {truffes, t.id(0, "ail")}, Json::array(), Json::array()));
    t.act(0, offer(2, {truffes}, Json::array(), Json::array()));
    const std::string o1 = t.view().at("offers").at(0).at("id");
    const std::string o2 = t.view().at("offers").at(1).at("id");
    const auto entries = t.act(2, accept(o2, {t.id(2, "herbes")}));
    REQUIRE(t.view().at("offers").empty());
    bool closed = false;
    for (const LogEntry& e : entries) {
        if (e.text_key == "carambouille.offer_closed" && e.params.at("offer") == o1) {
            closed = e.params.at("reason") == "unavailable";
        }
    }
    CHECK(closed);
    CHECK(t.refuse(1, accept(o1, {t.id(1, "tomates")})) == "this offer is no longer available");
}

TEST_CASE("Refuse, withdraw and counter-offers") {
    cb::Stacked s;
    s.hands = {{"vin", "jambon"}, {"citrons"}, {"piments"}};
    Table t(s);
    t.open_trading();
    t.act(0, offer(1, {t.id(0, "vin")}, Json::array(), Json::array()));
    t.act(0, offer(nullptr, {t.id(0, "jambon")}, Json::array(), Json::array()));
    const std::string direct = t.view().at("offers").at(0).at("id");
    const std::string open = t.view().at("offers").at(1).at("id");
    t.refuse(2, {{"type", "refuse"}, {"offer", direct}});  // not made to seat 2
    t.refuse(0, {{"type", "withdraw"}, {"offer", "o99"}});
    Json counter = offer(0, {t.id(1, "citrons")}, Json::array(), Json::array({{{"product", "jambon"}, {"count", 1}}}));
    counter["counter"] = direct;
    t.act(1, counter);
    CHECK(t.view().at("offers").at(2).at("counter") == direct);
    t.act(1, {{"type", "refuse"}, {"offer", direct}});
    t.act(1, {{"type", "refuse"}, {"offer", open}});
    CHECK(t.view().at("offers").size() == 2);
    t.refuse(1, accept(open, {t.id(1, "citrons")}));  // refused already
    t.act(2, {{"type", "refuse"}, {"offer", open}});
    REQUIRE(t.view().at("offers").size() == 1);  // everyone refused it
    t.refuse(0, {{"type", "withdraw"}, {"offer", t.view().at("offers").at(0).at("id")}});  // not its own
    t.act(1, {{"type", "withdraw"}, {"offer", t.view().at("offers").at(0).at("id")}});
    CHECK(t.view().at("offers").empty());
}

TEST_CASE("Persuasion: shown to the persuader alone, equal face value checked, offers frozen") {
    cb::Stacked s;
    s.hands = {{"persuasion", "tomates", "tomates", "ail"}, {"fromage", "poules", "soldes"}, {"herbes"}};
    Table t(s);
    t.act(0, {{"type", "ring"}}, 2000);
    t.act(1, offer(2, {t.id(1, "poules")}, Json::array(), Json::array()), 2500);
    const std::string frozen = t.view().at("offers").at(0).at("id");
    const std::string fromage = t.id(1, "fromage");
    t.refuse(0, {{"type", "persuade"}, {"target", 0}});
    t.act(0, {{"type", "persuade"}, {"target", 1}}, 3000);
    // The persuader sees the target's products; nobody else does.
    const Json p0 = t.view(0).at("persuasions").at(0);
    REQUIRE(p0.at("products").size() == 2);
    CHECK_FALSE(t.view(2).at("persuasions").at(0).contains("products"));
    CHECK_FALSE(t.view().dump().find(fromage) != std::string::npos);
    CHECK(t.view(2).at("offers").at(0).at("frozen") == true);
    t.refuse(2, accept(frozen, {t.id(2, "herbes")}));
    t.refuse(1, offer(2, {fromage}, Json::array(), Json::array()));
    t.refuse(2, {{"type", "persuade"}, {"target", 1}});
    // Equal face value, products only.
    const Json tomates = t.ids(0, "tomates");
    t.refuse(0, {{"type", "persuasion_exchange"}, {"take", {fromage}}, {"give", {tomates[0], t.id(0, "ail")}}});
    t.refuse(0, {{"type", "persuasion_exchange"}, {"take", {t.id(1, "soldes")}}, {"give", Json::array()}});
    t.act(0, {{"type", "persuasion_exchange"}, {"take", {fromage}}, {"give", tomates}});
    CHECK(t.count(0, "fromage") == 1);
    CHECK(t.count(1, "tomates") == 2);
    CHECK(t.view().at("persuasions").empty());
    CHECK(t.view(2).at("offers").at(0).at("frozen") == false);
}

TEST_CASE("A Persuasion ends by itself after 60 s and finishes after the bell") {
    cb::Stacked s;
    s.hands = {{"ail"}, {"herbes"}, {"persuasion", "persuasion", "ail"}};
    Table t(s);
    t.act(0, {{"type", "ring"}}, 2000);
    t.act(2, {{"type", "persuade"}, {"target", 1}}, 3000);
    REQUIRE(t.refuse(2, {{"type", "persuade"}, {"target", 1}}) == "you are already part of a Persuasion");
    t.act(0, {{"type", "ring"}}, 4000);
    CHECK(t.phase() == "closing");
    CHECK(t.state().waiting_for() == std::vector<Seat>{2});
    t.expire(62999);
    CHECK(t.phase() == "closing");
    t.expire(63000);
    CHECK(t.phase() == "sale");
}

TEST_CASE("Bad input gets a clear error and changes nothing") {
    Table t(fromage_sale());
    t.refuse(1, {{"type", "ring"}}, RuleCode::not_your_turn);
    t.refuse(0, {{"type", "dance"}});
    t.refuse(0, Json::array());
    t.refuse(0, {{"type", "ring"}, {"loud", true}});
    t.refuse(7, {{"type", "ring"}});
    t.refuse(0, offer(1, {t.id(0, "fromage")}, Json::array(), Json::array()));  // trading not open
    t.open_trading();
    t.refuse(0, offer(1, Json::array(), Json::array(), Json::array()));
    t.refuse(0, offer(0, {t.id(0, "fromage")}, Json::array(), Json::array()));
    t.refuse(0, offer(5, {t.id(0, "fromage")}, Json::array(), Json::array()));
    t.refuse(0, offer(1, {t.id(1, "ail")}, Json::array(), Json::array()));  // not in hand
    t.refuse(0, offer(1, {t.id(0, "fromage"), t.id(0, "fromage")}, Json::array(), Json::array()));
    t.refuse(0, offer(1, {t.id(0, "fromage")}, Json::array({{{"product", "caviar"}, {"count", 1}}}), Json::array()));
    t.refuse(0, offer(1, {t.id(0, "fromage")}, Json::array({{{"value", "40"}}}), Json::array()));
    t.refuse(0, offer(1, {t.id(0, "fromage")}, Json::array(), Json::array({{{"cards", 0}}})));
    t.refuse(0, offer(1, {t.id(0, "fromage")}, Json::array({{{"cards", 2}}}), Json::array()));  // false
    t.refuse(0, {{"type", "offer"}, {"to", 1}, {"give", {t.id(0, "fromage")}}});
    t.refuse(0, sell("fromage", 1));
    t.refuse(1, pass(), RuleCode::illegal_action);
    t.refuse(1, accept("o1", {t.id(1, "ail")}));
    t.refuse(0, {{"type", "persuasion_exchange"}, {"take", Json::array()}, {"give", Json::array()}});
    t.act(0, {{"type", "ring"}});
    t.refuse(1, sell("ail", 1), RuleCode::not_your_turn);
    t.refuse(0, sell("fromage", 4));
    t.refuse(0, sell("fromage", 0));
    t.refuse(0, sell("ail", 1));
    t.refuse(0, {{"type", "sell"}, {"product", "fromage"}, {"count", 1.5}});
}

TEST_CASE("Views hide hands, offer cards and the reserve") {
    taol::games::Rng rng(3);
    auto state = cb::game().setup(options(), 5, 99, 0);
    const Json mine = state->view(2).at("hand");
    REQUIRE(mine.size() == 6);
    CHECK_FALSE(state->view(std::nullopt).contains("hand"));
    for (const auto& [id, kind] : mine.items()) {
        CHECK(id.size() == taol::games::kIdLength);
        for (Seat s = 0; s < 5; ++s) {
            if (s != 2) CHECK(state->view(s).dump().find(id) == std::string::npos);
        }
        CHECK(state->view(std::nullopt).dump().find(id) == std::string::npos);
    }
    CHECK(state->view(std::nullopt).at("reserve") == 100 - 30);
    CHECK(state->view(std::nullopt).at("stack") == 24);
    // Same seed, same game.
    CHECK(cb::game().setup(options(), 5, 99, 0)->view(2) == state->view(2));
    CHECK(cb::game().setup(options(), 5, 98, 0)->view(2) != state->view(2));
}

namespace {

// The generic random playout for one player count: games must end, conserve the cards and leak
// nothing. One test case per count, so that ctest can run them side by side.
void random_playouts(int players) {
    const taol::testing::PlayoutConfig config = playout_config(players, 300);
    const auto start = std::chrono::steady_clock::now();
    const auto stats = taol::testing::run_playouts(cb::game(), config);
    const auto seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    INFO(players << " players: " << stats.games << " games, " << stats.steps << " steps, " << stats.actions
                 << " actions, " << stats.expiries << " expiries, " << stats.rejected_templates
                 << " rejected templates, " << seconds << " s");
    REQUIRE(stats.games == 300);
    CHECK(stats.actions > stats.games * 50);
}

}  // namespace

TEST_CASE("Random playouts, 3 players") { random_playouts(3); }
TEST_CASE("Random playouts, 4 players") { random_playouts(4); }
TEST_CASE("Random playouts, 5 players") { random_playouts(5); }
TEST_CASE("Random playouts, 6 players") { random_playouts(6); }
TEST_CASE("Random playouts, 7 players") { random_playouts(7); }
