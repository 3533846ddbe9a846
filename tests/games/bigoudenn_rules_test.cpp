// Ar Seizh Bigoudenn: the components, the setup, the active player's hand actions, composing and
// scoring, the last round and the stall rule, the simplified variant, then the random playout.
#include <chrono>
#include <iostream>
#include <set>

#include "games/bigoudenn/cards.hpp"
#include "games/bigoudenn/scoring.hpp"
#include "tests/games/bigoudenn_table.hpp"

using namespace bigoudenn_test;

namespace {

// Every Menu recipe by its ingredients.
const std::vector<std::vector<std::string>> kGalettes = {
    {"jambon", "oeuf", "fromage_rape"},          {"saucisse", "moutarde", "oignon"}, {"andouille", "pomme_de_terre", "echalote"},
    {"saint_jacques", "poireau", "creme_fraiche"}, {"lardons", "champignons", "persil"}, {"chevre", "epinards", "noix"},
    {"saumon_fume", "algues", "ciboulette"}};
const std::vector<std::vector<std::string>> kCrepes = {{"sucre", "beurre_sale"}, {"pommes", "caramel"}, {"chocolat", "banane"},
                                                       {"fraises", "chantilly"}, {"miel", "citron"},   {"confiture", "amandes"},
                                                       {"creme_de_marrons", "poire"}};

}  // namespace

TEST_CASE("The components: 35 ingredients, the Menu, 7 bigoudènes, 7 utensils") {
    const auto ingredients = bg::ingredients();
    REQUIRE(ingredients.size() == 35);
    int salty = 0;
    std::set<std::string> ids;
    for (int c = 0; c < 35; ++c) {
        ids.insert(std::string(ingredients[c].id));
        if (bg::face_of(c) == bg::Face::galette) ++salty;
    }
    CHECK(salty == 21);
    CHECK(ids.size() == 35);
    for (const bg::Recipe& r : bg::recipes()) CHECK(ids.count(std::string(r.id)) == 0);  // ids never collide
    for (int r = 0; r < static_cast<int>(bg::recipes().size()); ++r) {
        std::vector<bg::Card> cards;
        int total = 0;
        for (int c = 0; c < 35; ++c) {
            if (ingredients[c].recipe == r) {
                cards.push_back(c);
                total += ingredients[c].value;
            }
        }
        const bool galette = bg::recipes()[r].face == bg::Face::galette;
        CHECK(cards.size() == (galette ? 3u : 2u));
        CHECK(total == (galette ? 7 : 3));
        CHECK(bg::menu_recipe(cards) == r);
    }
    CHECK(ingredients[*bg::card_from("saucisse")].needs == bg::Utensil::fourchette);
    CHECK(ingredients[*bg::card_from("sucre")].needs == bg::Utensil::cuillere);
    REQUIRE(bg::bigoudenes().size() == 7);
    for (const bg::Bigoudene& b : bg::bigoudenes()) {
        CHECK(bg::recipes()[b.galette].face == bg::Face::galette);
        CHECK(bg::recipes()[b.crepe].face == bg::Face::crepe);
    }
}

TEST_CASE("Bigoudenn describes itself and its variant option") {
    const Json described = bg::game().describe();
    CHECK(described.at("id") == "bigoudenn");
    CHECK(described.at("min_players") == 3);
    CHECK(described.at("max_players") == 5);
    const Json variant = described.at("options").at(0);
    CHECK(variant.at("name") == "variant");
    CHECK(variant.at("type") == "enum");
    CHECK(variant.at("default") == "full");
    CHECK(variant.at("values") == Json::array({"full", "simplified"}));
    CHECK(variant.at("label").contains("fr"));
    CHECK(variant.at("label").contains("en"));
    CHECK_FALSE(taol::games::complete_options(bg::game(), Json{{"variant", "easy"}}, 3).ok());
}

TEST_CASE("Setup: bigoudènes, the middle, two draws and the utensils dealt from the first player") {
    for (int n = 3; n <= 5; ++n) {
        for (std::uint64_t seed = 1; seed <= 20; ++seed) {
            auto state = bg::game().setup(options("full", n), n, seed, kStart);
            REQUIRE(state->check_invariants().empty());
            const Json v = state->view(std::nullopt);
            const Seat first = v.at("active");
            CHECK(v.at("middle").size() == static_cast<std::size_t>(n + 2));
            CHECK(v.at("pile") == 35 - n - 2);
            CHECK(v.at("utensils").size() == (n == 3 ? 1u : 0u));
            std::set<std::string> ladies;
            for (Seat s = 0; s < n; ++s) {
                const Json p = v.at("players").at(s);
                ladies.insert(p.at("bigoudene").get<std::string>());
                CHECK(p.at("face") == "galette");
                CHECK(p.at("surface").empty());
                const int held = !p.at("hands").at("left").is_null() + !p.at("hands").at("right").is_null();
                // One per hand, round the table from the first player: the first 7 - n get two.
                const int order = (s - first + n) % n;
                CHECK(held == (order < 7 - n ? 2 : 1));
            }
            CHECK(ladies.size() == static_cast<std::size_t>(n));
            CHECK(state->waiting_for() == std::vector<Seat>{first});
            CHECK(*state->default_action(first) == end_turn());
            CHECK(state->deadlines().empty());
        }
    }
}

TEST_CASE("Hand actions: one per hand, the right utensil, the utensil dropped, five ingredients") {
    bg::Deal d;
    d.bigoudenes = {"rozenn", "soazig", "tyfenn"};
    d.pile = {"saucisse", "oignon"};
    d.middle = {"sucre", "persil", "poire"};
    d.surfaces = {{"jambon", "oeuf", "fromage_rape", "citron"}, {"noix"}, {}};
    d.hands = {{"fourchette", "couteau"}, {"araignee", ""}, {"cuillere", ""}};
    Table t(3, d);  // the spatule, couvercle and passoire lie in the middle
    t.refuse(0, take("left", "sucre"));                       // needs the cuillère
    t.refuse(0, take("right", "saucisse"));                   // needs the fourchette, in that hand
    CHECK_FALSE(t.listed(0, take("right", "saucisse")));
    t.refuse(1, take("left", "oignon"), RuleCode::not_your_turn);
    t.refuse(0, drop("left"));                                // no free drop for the active player
    t.act(0, take("left", "saucisse"));
    CHECK(t.hands(0).at("left").is_null());
    CHECK(contains(t.view().at("utensils"), "fourchette"));
    t.refuse(0, take("left", "oignon"));                      // that hand has acted
    CHECK(t.surface(0).size() == 5);
    t.refuse(0, take("right", "oignon"));                     // five already: name one to put back
    t.refuse(0, take("right", "oignon", "poire"));            // not one of hers
    CHECK(t.listed(0, take("right", "oignon", "citron")));
    // An ingredient that needs no utensil still makes a holding hand let its utensil go.
    t.act(0, take("right", "oignon", "citron"));
    CHECK(t.hands(0).at("right").is_null());
    CHECK(contains(t.view().at("utensils"), "couteau"));
    CHECK(contains(t.view().at("middle"), "citron"));
    t.refuse(0, amen("left"));                                // both hands have acted
    // Compose: any three salty cards worth 7.
    CHECK(t.listed(0, compose({"jambon", "oeuf", "fromage_rape"})));
    t.refuse(0, compose({"jambon", "oeuf", "saucisse"}));     // worth 9
    t.refuse(0, compose({"jambon", "oeuf"}));
    t.act_unlisted(0, compose({"fromage_rape", "jambon", "oeuf"}));  // any order, not just the listed one
    CHECK(t.player(0).at("face") == "crepe");
    CHECK(t.player(0).at("score") == 17);                     // Complète is Rozenn's specialty
    t.refuse(0, compose({"jambon", "oeuf", "fromage_rape"}));
    CHECK(t.state().actions(0) == Json::array({end_turn()}));
    t.act(0, end_turn());
    CHECK(t.view().at("active") == 1);
}

TEST_CASE("A free hand takes an ingredient that needs no utensil - grabbing is a hand action") {
    bg::Deal d;
    d.pile = {"oignon", "persil"};
    d.hands = {{"", "couteau"}, {"araignee", ""}, {"cuillere", ""}};
    Table t(3, d);
    auto log = t.act(0, take("left", "oignon"));
    CHECK(log.at(0).params.at("utensil").is_null());
    t.act(0, grab("right", "spatule"));  // drops the couteau, opens a window
    CHECK(t.hands(0).at("right") == "spatule");
    CHECK(contains(t.view().at("utensils"), "couteau"));
    CHECK(t.listed(1, teut("spatule")) == false);  // Soazig has no ingredient
    CHECK(t.view().at("windows").at(0).at("holder") == 0);
    t.refuse(0, grab("left", "couteau"));  // the left hand has acted
}

TEST_CASE("The araignée steals - the couvercle stops it and both go to the middle") {
    bg::Deal d;
    d.pile = {"oignon", "persil"};
    d.surfaces = {{}, {"saucisse", "sucre"}, {"jambon"}};
    d.hands = {{"araignee", "fourchette"}, {"couvercle", ""}, {"cuillere", ""}};
    Table t(3, d);
    t.refuse(0, steal("right", 1, "saucisse"));  // the fork does not steal
    t.refuse(0, steal("left", 0, "saucisse"));
    t.refuse(0, steal("left", 2, "saucisse"));   // not on Tyfenn's surface
    CHECK(t.listed(0, steal("left", 1, "saucisse")));
    auto log = t.act(0, steal("left", 1, "saucisse"));
    CHECK(log.at(0).text_key == "bigoudenn.steal_blocked");
    CHECK(t.surface(1) == Json::array({"saucisse", "sucre"}));
    CHECK(t.hands(1).at("left").is_null());
    CHECK(t.hands(0).at("left").is_null());
    CHECK(contains(t.view().at("utensils"), "araignee"));
    CHECK(contains(t.view().at("utensils"), "couvercle"));
    // With the other hand she takes the araignée back and steals from Tyfenn.
    t.act(0, grab("right", "araignee"));
    t.act(0, end_turn());
    t.act(1, end_turn());
    t.act(2, end_turn());
    log = t.act(0, steal("right", 2, "jambon"));
    CHECK(log.at(0).text_key == "bigoudenn.steal");
    CHECK(t.surface(0) == Json::array({"jambon"}));
    CHECK(t.surface(2).empty());
}

TEST_CASE("Amen, bigoudenn! keeps the utensils and is a fair coin") {
    int crepes = 0;
    constexpr int kTries = 400;
    for (std::uint64_t seed = 0; seed < kTries; ++seed) {
        bg::Deal d;
        d.hands = {{"fourchette", "cuillere"}, {}, {}};
        Table t(3, d, "full", seed);
        auto log = t.act(0, amen("left"));
        CHECK(log.at(0).text_key == "bigoudenn.amen");
        CHECK(t.hands(0) == Json{{"left", "fourchette"}, {"right", "cuillere"}});
        CHECK(log.at(0).params.at("flipped") == (t.player(0).at("face") == "crepe"));
        if (t.player(0).at("face") == "crepe") ++crepes;
        t.refuse(0, amen("left"));
    }
    CHECK(crepes > 150);
    CHECK(crepes < 250);
}

TEST_CASE("Scoring: galettes 7, 12, 17 and crêpes 3, 6, 9") {
    bg::Deal d;
    d.bigoudenes = {"rozenn", "soazig", "tyfenn"};
    d.made = {{{"jambon", "oeuf", "fromage_rape"},        // Complète, Rozenn's specialty: 17
               {"sucre", "beurre_sale"},                  // Beurre-sucre, specialty: 9
               {"saucisse", "moutarde", "oignon"},        // Saucisse: Menu only, 12
               {"miel", "citron"}},                       // Citron-miel: Menu only, 6
              {{"andouille", "algues", "persil"},         // 4 + 2 + 1, not on the Menu: 7
               {"chocolat", "chantilly"}},                // 2 + 1, not on the Menu: 3
              {}};
    Table t(3, d);
    CHECK(t.player(0).at("score") == 17 + 9 + 12 + 6);
    CHECK(t.player(1).at("score") == 10);
    const Json made = t.player(0).at("recipes");
    CHECK(made.at(0) == Json::parse(R"({"face":"galette","cards":["jambon","oeuf","fromage_rape"],
        "recipe":"galette_complete","specialty":true,"points":17})"));
    CHECK(made.at(3).at("recipe") == "crepe_citron_miel");
    CHECK(t.player(1).at("recipes").at(0).at("recipe").is_null());
}

namespace {

// Everything out of play but the pile and three surfaces (3 players).
bg::Deal nearly_over(std::vector<std::string> pile, std::vector<std::string> middle) {
    bg::Deal d;
    d.bigoudenes = {"soazig", "maiwenn", "gwenola"};
    d.pile = std::move(pile);
    d.middle = std::move(middle);
    d.made = {{kGalettes[0], kGalettes[3], kCrepes[0], kCrepes[1]},
              {kGalettes[4], kGalettes[5], kCrepes[2], kCrepes[3]},
              {kGalettes[6], kCrepes[4], kCrepes[5], kCrepes[6]}};
    return d;
}

}  // namespace

TEST_CASE("The last round: an empty table at the start of a turn, then one more turn each") {
    bg::Deal d = nearly_over({"oignon", "echalote"}, {});
    d.surfaces = {{"saucisse", "moutarde"}, {"andouille", "pomme_de_terre"}, {}};
    Table t(3, d);
    CHECK(t.view().at("pile") == 0);
    CHECK(t.view().at("last_round") == false);
    t.act(0, take("left", "oignon"));
    t.act(0, take("right", "echalote"));
    t.act(0, compose({"saucisse", "moutarde", "oignon"}));  // Soazig's specialty: 17
    t.act(0, end_turn());
    // Turn 2 starts with no ingredient anywhere: turns 2, 3 and 4 are the last round.
    CHECK(t.view().at("last_round") == true);
    CHECK(t.view().at("turns_left") == 2);
    CHECK(t.log().at(t.log().size() - 1).params.at("last_round") == true);
    t.act(1, end_turn());
    t.act(2, end_turn());
    CHECK_FALSE(t.state().finished());
    CHECK(t.view().at("active") == 0);
    t.act(0, end_turn());
    REQUIRE(t.state().finished());
    const Json outcome = t.state().outcome();
    // Soazig: Complète 12 + Saint-Jacques 12 + Beurre-sucre 6 + Pommes-caramel 9 + Saucisse 17.
    // Maïwenn: Forestière 17 + Chèvre-épinards 12 + Banane-chocolat 9 + Fraises-chantilly 6.
    // Gwenola: Océane 17 + Citron-miel 6 + Confiture-amandes 9 + Poire-marrons 6.
    CHECK(outcome.at("scores") == Json::array({56, 44, 38}));
    CHECK(outcome.at("winners") == Json::array({0}));
    CHECK(outcome.at("ended_by") == "last_round");
    CHECK(t.log().back().text_key == "bigoudenn.end");
    CHECK(t.state().waiting_for().empty());
    CHECK(t.state().actions(1).empty());
    t.refuse(1, grab("left", "spatule"), RuleCode::game_over);
    t.refuse(0, end_turn(), RuleCode::game_over);
}

TEST_CASE("The stall rule: five rounds at most once the pile is empty") {
    bg::Deal d = nearly_over({}, {"saint_jacques"});
    d.made[0].erase(d.made[0].begin() + 1);  // Saint-Jacques is on the table instead
    d.surfaces = {{"poireau", "saucisse", "moutarde", "oignon"}, {"creme_fraiche", "andouille", "pomme_de_terre", "echalote"}, {}};
    Table t(3, d);
    for (int turn = 1; turn < 15; ++turn) {
        INFO("turn " << turn);
        CHECK(t.view().at("last_round") == (turn >= 13));
        CHECK(t.view().at("turns_left") == 15 - turn);
        t.act(t.view().at("active"), end_turn());
        REQUIRE_FALSE(t.state().finished());
    }
    t.act(2, end_turn());
    REQUIRE(t.state().finished());
    CHECK(t.state().outcome().at("ended_by") == "stall");
    CHECK(t.state().outcome().at("winners") == Json::array({1}));
}

TEST_CASE("Bad input gets a clear error and changes nothing") {
    bg::Deal d;
    d.hands = {{"fourchette", ""}, {"araignee", ""}, {}};
    Table t(3, d);
    t.refuse(0, Json::array());
    t.refuse(0, Json{{"type", 3}});
    t.refuse(0, Json{{"type", "cook"}});
    t.refuse(0, Json{{"type", "take"}, {"hand", "middle"}, {"card", "oignon"}});
    t.refuse(0, Json{{"type", "take"}, {"hand", "left"}});
    t.refuse(0, Json{{"type", "take"}, {"hand", "left"}, {"card", "caviar"}});
    t.refuse(0, Json{{"type", "take"}, {"hand", "left"}, {"card", 4}});
    t.refuse(0, Json{{"type", "end_turn"}, {"now", true}});
    t.refuse(0, Json{{"type", "compose"}, {"cards", "jambon"}});
    t.refuse(0, Json{{"type", "steal"}, {"hand", "left"}, {"from", 7}, {"card", "jambon"}});
    t.refuse(1, Json{{"type", "grab"}, {"hand", "left"}, {"utensil", "whisk"}});
    t.refuse(1, Json{{"type", "bid"}, {"card", "jambon"}});
    t.refuse(1, pass());
    t.refuse(1, make_room("left"));
    t.refuse(1, passoire("jambon"));
    t.refuse(5, end_turn());
    t.refuse(1, end_turn(), RuleCode::not_your_turn);
}

TEST_CASE("Simplified variant: no TEUT!, the passoire is a joker, two ingredients by exchange") {
    bg::Deal d;
    d.bigoudenes = {"rozenn", "soazig", "tyfenn"};
    d.pile = {"saucisse", "sucre"};
    d.middle = {"oignon", "poire", "noix"};
    d.surfaces = {{"jambon", "oeuf", "fromage_rape", "beurre_sale", "persil"}, {"saint_jacques"}, {"pommes"}};
    d.hands = {{"passoire", "araignee"}, {"couvercle", "couteau"}, {"fourchette", ""}};
    Table t(3, d, "simplified");  // the cuillère and the spatule lie in the middle
    // Anyone grabs at any moment, and no window opens.
    t.refuse(1, grab("left", "spatule"));  // no hands in this variant
    t.refuse(1, Json{{"type", "grab"}, {"utensil", "spatule"}});  // two held: name one to drop
    t.act(1, Json{{"type", "grab"}, {"utensil", "spatule"}, {"drop", "couteau"}});
    CHECK(t.view().at("windows").empty());
    CHECK(t.state().deadlines().empty());
    t.refuse(0, teut("spatule"));
    t.refuse(2, teut("spatule"));
    // The passoire stands in for the fork; the araignée does not.
    t.refuse(0, Json{{"type", "take"}, {"card", "saucisse"}, {"give", "araignee"}});
    t.refuse(0, Json{{"type", "take"}, {"card", "saucisse"}, {"give", "couteau"}});
    t.act(0, Json{{"type", "take"}, {"card", "saucisse"}, {"give", "passoire"}});
    CHECK(t.surface(0).size() == 6);  // no limit
    CHECK(contains(t.view().at("utensils"), "passoire"));
    // Not the utensil exchanged this turn; another one, yes, even during her turn.
    t.refuse(0, Json{{"type", "grab"}, {"utensil", "passoire"}});
    t.act(0, Json{{"type", "grab"}, {"utensil", "cuillere"}});
    // The couvercle stops the araignée; a failed steal takes no ingredient.
    auto log = t.act(0, Json{{"type", "steal"}, {"from", 1}, {"card", "saint_jacques"}});
    CHECK(log.at(0).text_key == "bigoudenn.steal_blocked");
    CHECK(t.view().at("turn").at("taken") == 1);
    t.act(0, Json{{"type", "take"}, {"card", "sucre"}, {"give", "cuillere"}});
    CHECK(t.view().at("turn").at("taken") == 2);
    t.act(0, Json{{"type", "grab"}, {"utensil", "couteau"}});
    t.refuse(0, Json{{"type", "take"}, {"card", "oignon"}, {"give", "couteau"}});  // two already
    // Several recipes in one turn, the card flipping after each.
    t.act(0, compose({"jambon", "oeuf", "fromage_rape"}));
    CHECK(t.player(0).at("face") == "crepe");
    t.act_unlisted(0, compose({"sucre", "beurre_sale"}));  // another order than the listed one
    CHECK(t.player(0).at("face") == "galette");
    CHECK(t.player(0).at("score") == 17 + 9);
    // Amen once per turn, at any moment.
    t.act(0, Json{{"type", "amen"}});
    t.refuse(0, Json{{"type", "amen"}});
    t.act(2, Json{{"type", "drop"}, {"utensil", "fourchette"}});
    CHECK(t.state().waiting_for() == std::vector<Seat>{0});
    t.act(0, end_turn());
    CHECK(t.view().at("turn").at("taken") == 0);
}

TEST_CASE("Simplified variant: one utensil, one ingredient, unless another is grabbed - a steal counts") {
    bg::Deal d;
    d.pile = {"oignon", "persil"};
    d.surfaces = {{}, {"noix"}, {}};
    d.hands = {{"araignee", ""}, {}, {}};
    Table t(3, d, "simplified");
    t.act(0, Json{{"type", "steal"}, {"from", 1}, {"card", "noix"}});
    CHECK(t.view().at("turn").at("taken") == 1);
    CHECK(t.hands(0) == Json{{"left", nullptr}, {"right", nullptr}});
    for (const Json& a : t.state().actions(0)) CHECK(a.at("type") != "take");
    t.refuse(0, Json{{"type", "take"}, {"card", "oignon"}, {"give", "araignee"}});
    t.act(0, Json{{"type", "grab"}, {"utensil", "couteau"}});
    t.act(0, Json{{"type", "take"}, {"card", "oignon"}, {"give", "couteau"}});
    CHECK(t.surface(0) == Json::array({"noix", "oignon"}));
}

TEST_CASE("Simplified variant: a steal the couvercle blocks does not lock the araignée") {
    bg::Deal d;
    d.pile = {"oignon", "persil"};
    d.surfaces = {{}, {"noix"}, {"poireau"}};
    d.hands = {{"araignee", ""}, {"couvercle", ""}, {}};
    Table t(3, d, "simplified");
    auto log = t.act(0, Json{{"type", "steal"}, {"from", 1}, {"card", "noix"}});
    CHECK(log.at(0).text_key == "bigoudenn.steal_blocked");
    CHECK(contains(t.view().at("utensils"), "araignee"));
    CHECK(t.view().at("turn").at("taken") == 0);
    CHECK(t.view().at("turn").at("exchanged").empty());
    // It took no ingredient, so it may be taken back and used again this turn.
    CHECK(t.listed(0, Json{{"type", "grab"}, {"utensil", "araignee"}}));
    t.act(0, Json{{"type", "grab"}, {"utensil", "araignee"}});
    t.act(0, Json{{"type", "steal"}, {"from", 2}, {"card", "poireau"}});
    CHECK(t.surface(0) == Json::array({"poireau"}));
    // Exchanged for an ingredient this time: locked until the turn ends.
    CHECK(t.view().at("turn").at("exchanged") == Json::array({"araignee"}));
    t.refuse(0, Json{{"type", "grab"}, {"utensil", "araignee"}});
}

TEST_CASE("Simplified variant: a grab names a utensil to drop only when both slots are full") {
    bg::Deal d;
    d.hands = {{"araignee", ""}, {}, {}};
    Table t(3, d, "simplified");
    t.refuse(1, Json{{"type", "grab"}, {"utensil", "spatule"}, {"drop", "araignee"}});  // holds none
    t.refuse(0, Json{{"type", "grab"}, {"utensil", "spatule"}, {"drop", "araignee"}});  // a slot is free
    t.refuse(0, Json{{"type", "grab"}, {"utensil", "spatule"}, {"drop", nullptr}});
    t.act(0, Json{{"type", "grab"}, {"utensil", "spatule"}});
    t.act(0, Json{{"type", "grab"}, {"utensil", "couteau"}, {"drop", "araignee"}});
    CHECK(t.hands(0) == Json{{"left", "couteau"}, {"right", "spatule"}});
}

namespace {

void playouts(const char* variant) {
    taol::testing::PlayoutConfig config;
    config.seeds = 300;
    config.options = Json{{"variant", variant}};
    config.allow = few_free_moves;
    const auto start = std::chrono::steady_clock::now();
    const auto stats = taol::testing::run_playouts(bg::game(), config);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
    std::cout << "bigoudenn playouts (" << variant << "): " << stats.games << " games, " << stats.steps << " steps, "
              << stats.actions << " actions, " << stats.expiries << " expiries, " << ms.count() << " ms\n";
    REQUIRE(stats.games == 3 * config.seeds);
    CHECK(stats.rejected_templates == 0);
}

}  // namespace

TEST_CASE("Random playouts of the full game, 3 to 5 players") { playouts("full"); }

TEST_CASE("Random playouts of the simplified variant, 3 to 5 players") { playouts("simplified"); }
