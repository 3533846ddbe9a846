// Carambouille: sales, reactions, buying, dealing, deadlines and the end of the game.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "tests/games/carambouille_support.hpp"
#include "tests/support/round_pause_checks.hpp"

using namespace carambouille_test;  // NOLINT: test file

TEST_CASE("The seed's sale: 3 fromages 180, Illusion 300, Soldes 150, Surstock cancels") {
    Table t(fromage_sale());
    t.to_sale();
    REQUIRE(t.phase() == "sale");
    t.act(0, sell("fromage", 3));
    CHECK(t.view().at("sale").at("price") == 180);
    CHECK(t.view().at("sale").at("reactor") == 0);
    t.act(0, react("illusion"));
    CHECK(t.view().at("sale").at("price") == 300);
    CHECK(t.view().at("sale").at("reactor") == 1);
    t.refuse(1, react("illusion"));
    t.refuse(2, pass(), RuleCode::not_your_turn);
    t.act(1, react("soldes"));
    CHECK(t.view().at("sale").at("price") == 150);
    t.act(2, react("surstock"));
    CHECK(t.view().at("sale").is_null());
    CHECK(t.account(0) == 0);
    CHECK(t.count(0, "fromage") == 3);
    CHECK(t.logged("carambouille.cancelled"));
    const Json discard = t.view().at("played");
    CHECK(discard.at("illusion") == 1);
    CHECK(discard.at("soldes") == 1);
    CHECK(discard.at("surstock") == 1);
    // Surstock: that product may not be sold again this round.
    t.refuse(0, sell("fromage", 3));
    CHECK_FALSE(taol::games::is_listed(t.state().actions(0), sell("fromage", 3)));
}

TEST_CASE("The seed's sale without Surstock pays 150, and without reactions 180") {
    {
        Table t(fromage_sale());
        t.to_sale();
        t.act(0, sell("fromage", 3));
        t.act(0, react("illusion"));
        t.act(1, react("soldes"));
        t.act(2, pass());
        CHECK(t.account(0) == 150);
        CHECK(t.count(0, "fromage") == 0);
        CHECK(t.view().at("sold_products") == 3);
    }
    {
        Table t(fromage_sale());
        t.to_sale();
        t.act(0, sell("fromage", 3));
        t.act(0, pass());
        t.act(1, pass());
        t.act(2, pass());
        CHECK(t.account(0) == 180);
    }
}

TEST_CASE("Reaction windows: 8 s each, players without Carambouille cards skipped, Soldes stack") {
    cb::Stacked s;
    s.players = 4;
    s.hands = {{"fromage", "fromage", "fromage"}, {"soldes"}, {"ail"}, {"soldes"}};
    Table t(s);
    t.to_sale();
    t.act(0, sell("fromage", 3), 5000);
    // The seller holds no Carambouille card: the first window is seat 1's.
    REQUIRE(t.view().at("sale").at("reactor") == 1);
    auto deadlines = t.state().deadlines();
    REQUIRE(deadlines.size() == 1);
    CHECK(deadlines[0].kind == "reaction");
    CHECK(deadlines[0].at == 13000);
    CHECK(deadlines[0].seat == 1);
    t.act(1, react("soldes"), 6000);
    // Seat 2 holds no Carambouille card: skipped.
    CHECK(t.view().at("sale").at("reactor") == 3);
    t.act(3, react("soldes"), 7000);
    CHECK(t.account(0) == 45);  // 180 -> 90 -> 45
}

TEST_CASE("A reaction window passes by itself after 8 s") {
    Table t(fromage_sale());
    t.to_sale();
    t.act(0, sell("fromage", 2), 2000);
    CHECK(t.view().at("sale").at("reactor") == 0);
    t.expire(9999);
    CHECK(t.view().at("sale").at("reactor") == 0);
    t.expire(10000);
    CHECK(t.view().at("sale").at("reactor") == 1);
    t.expire(26000);  // seat 1's window ends at 18000, seat 2's at 26000
    CHECK(t.view().at("sale").is_null());
    CHECK(t.account(0) == 100);
}

TEST_CASE("Illusion is refused on a sale of 5 and only the seller plays it") {
    cb::Stacked s;
    s.hands = {{"fromage", "fromage", "fromage", "fromage", "fromage", "illusion"}, {"illusion", "ail"}, {"ail"}};
    Table t(s);
    t.to_sale();
    t.act(0, sell("fromage", 5));
    CHECK(t.view().at("sale").at("price") == 500);
    CHECK(t.refuse(0, react("illusion")) == "Illusion cannot raise a sale of 5 cards");
    CHECK_FALSE(taol::games::is_listed(t.state().actions(0), react("illusion")));
    t.act(0, pass());
    t.refuse(1, react("illusion"));
    t.act(1, pass());
    CHECK(t.account(0) == 500);
}

TEST_CASE("Illusion counts one more card on a sale of 4") {
    cb::Stacked s;
    s.hands = {{"fromage", "fromage", "fromage", "fromage", "illusion"}, {"ail"}, {"ail"}};
    Table t(s);
    t.to_sale();
    t.act(0, sell("fromage", 4));
    t.act(0, react("illusion"));
    CHECK(t.account(0) == 500);  // 5 fromages on the Mémo
}

TEST_CASE("Buying: 50 a card, at most 2, and an account never goes negative") {
    cb::Stacked s;
    s.hands = {{"fromage", "fromage"}, {"ail"}, {"herbes"}};
    s.stack = {"soldes", "panier", "illusion"};
    s.accounts = {0, 60, 100};
    Table t(s);
    t.to_sale();
    t.refuse(0, buy(1));
    CHECK(t.state().actions(0).back() == buy(0));
    t.act(0, sell("fromage", 2));
    CHECK(t.account(0) == 100);
    t.refuse(0, buy(3));
    t.act(0, buy(2));
    CHECK(t.account(0) == 0);
    CHECK(t.count(0, "soldes") == 1);
    CHECK(t.count(0, "panier") == 1);
    t.refuse(1, buy(2));
    t.act(1, buy(1));
    CHECK(t.account(1) == 10);
    CHECK(t.count(1, "illusion") == 1);
    // What the others see: a count, not the cards.
    CHECK(t.view(2).at("carambouille").at(1) == 1);
    CHECK(t.view(2).dump().find(t.id(1, "illusion")) == std::string::npos);
}

TEST_CASE("Dealing: three passes from the new First Merchant's left, at most 8 products") {
    cb::Stacked s;
    s.merchant = 0;
    s.hands = {{"ail", "ail", "ail", "ail", "ail", "herbes", "herbes"}, {"tomates"}, {}};
    s.reserve = {"safran", "truffes", "foie_gras", "tissu", "vin", "jambon", "poules", "lapins", "fromage"};
    Table t(s);
    t.to_sale();
    t.act(0, buy(0));
    t.act(1, buy(0));
    t.act(2, buy(0));
    // The round is over: nothing is dealt, and no bell runs, before everyone continues.
    CHECK(t.phase() == "round_over");
    CHECK(t.view().at("merchant") == 0);
    CHECK(t.view().at("products").at(1) == 1);
    t.continue_all();
    // Seat 1 is now First Merchant: order 2, 0, 1, 2, (0 full), 1, 2, 1.
    CHECK(t.view().at("merchant") == 1);
    CHECK(t.count(2, "safran") == 1);
    CHECK(t.count(0, "truffes") == 1);
    CHECK(t.count(1, "foie_gras") == 1);
    CHECK(t.count(2, "tissu") == 1);
    CHECK(t.count(1, "vin") == 1);
    CHECK(t.count(2, "jambon") == 1);
    CHECK(t.count(1, "poules") == 1);
    CHECK(t.view().at("products").at(0) == 8);
    CHECK(t.view().at("dealt").at(1) == 3);
    CHECK(t.view().at("round") == 2);
    CHECK(t.phase() == "bell");
}

TEST_CASE("After the sale the round's sales stay until everyone continues, or 15 s pass, and then the Change and the bell") {
    Table t(fromage_sale());
    t.to_sale();
    t.act(0, sell("fromage", 3));
    t.act(0, pass());  // no Illusion
    t.act(1, pass());
    t.act(2, pass());
    CHECK(t.view().at("round_sales") == Json::parse(R"([{"seat":0,"product":"fromage","count":3,"price":180}])"));
    t.act(0, buy(0));
    t.act(1, buy(0));
    const auto log = t.act(2, buy(0));
    const TimeMs ended = t.now();
    CHECK(log.back().text_key == "carambouille.buy");
    CHECK(t.phase() == "round_over");
    CHECK(t.view().at("round") == 1);
    CHECK(t.view().at("round_sales").size() == 1);
    CHECK(t.view().at("seller").is_null());
    taol::testing::check_round_pause(t.state(), 3, ended);
    t.refuse(0, {{"type", "ring"}});
    t.refuse(0, buy(0));
    t.act(2, {{"type", "continue"}});
    t.refuse(2, {{"type", "continue"}});
    t.expire(ended + 14'999);
    CHECK(t.phase() == "round_over");
    // At 15 s: the Change deals, and the next bell runs from then.
    t.expire(ended + 15'000);
    CHECK(t.phase() == "bell");
    CHECK(t.view().at("round") == 2);
    CHECK(t.view().at("merchant") == 1);
    CHECK(t.view().at("round_sales").empty());
    CHECK(t.logged("carambouille.deal"));
    REQUIRE(t.state().deadlines().size() == 1);
    CHECK(t.state().deadlines()[0].kind == "bell");
    CHECK(t.state().deadlines()[0].at == ended + 15'000 + cb::kBellMs);
}

TEST_CASE("Panier raises the hand limit to 10, 11...") {
    cb::Stacked s;
    s.hands = {{"ail", "ail", "ail", "ail", "ail", "herbes", "herbes", "herbes", "panier", "panier"}, {}, {}};
    Table t(s);
    t.act(0, {{"type", "lay_panier"}});
    CHECK(t.view().at("limits").at(0) == 10);
    t.act(0, {{"type", "lay_panier"}});
    CHECK(t.view().at("limits").at(0) == 11);
    t.refuse(0, {{"type", "lay_panier"}});
    t.to_sale();
    t.act(0, buy(0));
    t.act(1, buy(0));
    t.act(2, buy(0));
    t.continue_all();
    // 8 products, limit 11: three more.
    CHECK(t.view().at("products").at(0) == 11);
    CHECK(t.view().at("carambouille").at(0) == 0);
}

TEST_CASE("The bell rings by itself after 15 s, and trading closes after trading_seconds") {
    cb::Stacked s;
    s.hands = {{"ail"}, {"herbes"}, {"tomates"}};
    Table t(s, Json{{"trading_seconds", 30}});
    auto deadlines = t.state().deadlines();
    REQUIRE(deadlines.size() == 1);
    CHECK(deadlines[0].kind == "bell");
    CHECK(deadlines[0].at == 16000);
    t.expire(16000);
    CHECK(t.phase() == "trading");
    deadlines = t.state().deadlines();
    REQUIRE(deadlines.size() == 1);
    CHECK(deadlines[0].kind == "trading");
    CHECK(deadlines[0].at == 46000);
    CHECK_FALSE(deadlines[0].seat.has_value());
    t.act(0, offer(1, {t.id(0, "ail")}, Json::array(), Json::array()), 20000);
    t.expire(45999);
    CHECK(t.phase() == "trading");
    t.expire(46000);
    CHECK(t.phase() == "sale");
    CHECK(t.view().at("offers").empty());
}

TEST_CASE("The final sale: everything sold, highest value first, with reactions") {
    cb::Stacked s;
    s.merchant = 1;
    s.hands = {{"ail"}, {"safran", "safran", "fromage", "soldes"}, {"fromage", "surstock"}};
    s.rest_in_reserve = false;  // the reserve is empty: this is the last round
    Table t(s);
    CHECK(t.view().at("last_round") == true);
    t.to_sale();
    REQUIRE(t.phase() == "final_sale");
    // Seat 1 sells first: 2 safrans (250), its own window first (it may pass), then seat 2's.
    CHECK(t.view().at("sale").at("product") == "safran");
    CHECK(t.view().at("sale").at("price") == 250);
    CHECK(t.view().at("sale").at("reactor") == 1);
    t.act(1, pass());
    t.act(2, react("surstock"));
    // Cancelled for good: the fromage comes next, seat 1 still holds a card.
    CHECK(t.view().at("sale").at("product") == "fromage");
    t.act(1, pass());
    // Seat 2 holds nothing now; seat 0 holds no card: sold at once. Then seat 2's fromage,
    // where seat 1 plays Soldes; then seat 0's ail.
    REQUIRE(t.view().at("sale").at("seller") == 2);
    t.act(1, react("soldes"));
    REQUIRE(t.state().finished());
    CHECK(t.account(1) == 40);
    CHECK(t.account(2) == 20);
    CHECK(t.account(0) == 10);
    const Json outcome = t.state().outcome();
    CHECK(outcome.at("scores") == Json::array({10, 40, 20}));
    CHECK(outcome.at("winners") == Json::array({1}));
    CHECK(outcome.at("unsold") == Json::array({0, 2, 0}));
    t.refuse(0, pass(), RuleCode::game_over);
}

TEST_CASE("The stall rule: two quiet rounds in a row begin the end") {
    cb::Stacked s;
    s.hands = {{"ail", "ail", "ail", "ail", "ail", "herbes", "herbes", "herbes"},
               {"herbes", "herbes", "cebettes", "cebettes", "cebettes", "cebettes", "cebettes", "tomates"},
               {"tomates", "tomates", "tomates", "tomates", "poivrons", "poivrons", "poivrons", "poivrons"}};
    Table t(s);
    for (int round = 1; round <= 2; ++round) {
        CHECK(t.view().at("last_round") == false);
        t.to_sale();
        for (int k = 0; k < 3; ++k) t.act((t.view().at("merchant").get<int>() + k) % 3, buy(0));
        t.continue_all();
    }
    CHECK(t.logged("carambouille.stall"));
    CHECK(t.view().at("last_round") == true);
    CHECK(t.view().at("reserve").get<int>() > 0);
    t.to_sale();
    CHECK(t.state().finished());
}


TEST_CASE("Trading waits for nobody: it ends when the Merchant rings or at trading_seconds") {
    cb::Stacked s;
    s.merchant = 2;
    s.hands = {{"persuasion", "ail"}, {"fromage"}, {"herbes"}};
    Table t(s, Json{{"trading_seconds", 30}});
    t.expire(1000 + cb::kBellMs);  // nobody rang: the bell rings by itself
    REQUIRE(t.phase() == "trading");
    const TimeMs opened = 1000 + cb::kBellMs;
    const auto deadlines = t.state().deadlines();
    REQUIRE(deadlines.size() == 1);
    CHECK(deadlines[0].kind == "trading");
    CHECK(deadlines[0].at == opened + 30'000);
    CHECK_FALSE(deadlines[0].seat.has_value());
    CHECK(t.state().waiting_for().empty());
    for (Seat seat = 0; seat < 3; ++seat) CHECK_FALSE(t.state().default_action(seat).has_value());
    // A Persuasion waits for its persuader only, with its own deadline.
    t.act(0, {{"type", "persuade"}, {"target", 1}}, opened + 1000);
    CHECK(t.state().waiting_for() == std::vector<Seat>{0});
    t.act(0, {{"type", "persuasion_exchange"}, {"take", Json::array()}, {"give", Json::array()}}, opened + 2000);
    CHECK(t.state().waiting_for().empty());
    t.act(1, offer(0, {t.id(1, "fromage")}, Json::array(), Json::array()), opened + 29'000);
    t.expire(opened + 29'999);
    CHECK(t.phase() == "trading");
    t.act(0, accept(t.view().at("offers").at(0).at("id"), {t.id(0, "ail")}), opened + 29'999);
    CHECK(t.count(0, "fromage") == 1);
    const auto closed = t.expire(opened + 30'000);
    CHECK(t.phase() == "sale");
    REQUIRE_FALSE(closed.empty());
    CHECK(closed.front().text_key == "carambouille.trading_closed");
    CHECK(closed.front().params.at("by") == "time");
}

TEST_CASE("Who is waited for, and what the defaults do") {
    cb::Stacked s;
    s.merchant = 1;
    s.hands = {{"soldes"}, {"fromage", "fromage"}, {"ail"}};
    Table t(s);
    CHECK(t.state().waiting_for() == std::vector<Seat>{1});
    CHECK(*t.state().default_action(1) == Json{{"type", "ring"}});
    CHECK_FALSE(t.state().default_action(0).has_value());
    t.act(1, *t.state().default_action(1));
    CHECK(t.phase() == "trading");
    // Trading waits for nobody: the Merchant may ring, but nothing rings for it.
    CHECK(t.state().waiting_for().empty());
    CHECK_FALSE(t.state().default_action(1).has_value());
    t.act(1, {{"type", "ring"}});
    REQUIRE(t.phase() == "sale");
    CHECK(t.state().waiting_for() == std::vector<Seat>{1});
    t.act(1, sell("fromage", 2));
    // Windows go seller (1), then 2, then 0; only seat 0 holds a Carambouille card.
    CHECK(t.state().waiting_for() == std::vector<Seat>{0});
    CHECK(*t.state().default_action(0) == pass());
    t.act(0, *t.state().default_action(0));
    CHECK(t.account(1) == 100);
    CHECK(*t.state().default_action(1) == buy(0));
    t.act(1, *t.state().default_action(1));
    CHECK(t.view().at("seller") == 2);
}
