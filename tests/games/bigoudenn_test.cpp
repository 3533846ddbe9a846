// Ar Seizh Bigoudenn: the seed's worked turn, the valse des ustensiles and the TEUT! auction.
// (Turn rules, scoring, the end, the simplified variant and the random playout are in
// bigoudenn_rules_test.cpp.)
#include "tests/games/bigoudenn_table.hpp"

using namespace bigoudenn_test;

namespace {

// Rozenn (0) plays, holding the spoon (left) and the fork (right), with 4 ingredients; Soazig (1)
// holds the araignée, Katell (3) the passoire; the saucisse and the sugar are the next draws.
bg::Deal seed_deal() {
    bg::Deal d;
    d.first = 0;
    d.bigoudenes = {"rozenn", "soazig", "tyfenn", "katell"};
    d.pile = {"saucisse", "sucre"};
    d.middle = {"oignon", "poire", "noix", "citron"};
    d.surfaces = {{"jambon", "oeuf", "fromage_rape", "persil"}, {"champignons", "banane"}, {"chocolat"}, {"pommes", "caramel"}};
    d.hands = {{"cuillere", "fourchette"}, {"couteau", "araignee"}, {"spatule", ""}, {"passoire", "couvercle"}};
    return d;
}

// The example up to Soazig's TEUT!: returns the time of Katell's grab of the passoire.
TimeMs valse_up_to_the_passoire(Table& t) {
    t.act(0, take("right", "saucisse"), kStart + 1000);
    t.act(1, grab("right", "fourchette"), kStart + 2000);
    t.act(3, grab("left", "araignee"), kStart + 3000);
    CHECK(t.listed(2, grab("right", "passoire")));
    t.act(3, grab("right", "passoire"), kStart + 4000);
    return kStart + 4000;
}

}  // namespace

TEST_CASE("The seed's example turn, as the server runs it") {
    Table t(4, seed_deal());
    CHECK(t.view().at("active") == 0);
    CHECK(contains(t.view().at("middle"), "saucisse"));
    CHECK(contains(t.view().at("middle"), "sucre"));

    // Rozenn takes the saucisse with the fork, which drops in the middle.
    auto log = t.act(0, take("right", "saucisse"), kStart + 1000);
    CHECK(log.at(0).text_key == "bigoudenn.take");
    CHECK(log.at(0).params.at("utensil") == "fourchette");
    CHECK(t.hands(0).at("right").is_null());
    CHECK(t.surface(0).size() == 5);
    CHECK(contains(t.view().at("utensils"), "fourchette"));
    CHECK(t.view().at("windows").empty());  // a utensil used up is not a grab

    // Soazig grabs the fork (dropping the araignée); Katell grabs the araignée (dropping the passoire).
    t.act(1, grab("right", "fourchette"), kStart + 2000);
    CHECK(t.hands(1).at("right") == "fourchette");
    CHECK(contains(t.view().at("utensils"), "araignee"));
    t.act(3, grab("left", "araignee"), kStart + 3000);
    CHECK(t.hands(3).at("left") == "araignee");
    CHECK(contains(t.view().at("utensils"), "passoire"));

    // Tyfenn and Soazig both want the passoire; Katell's grab comes first.
    const Json tyfenn_grab = grab("right", "passoire");
    CHECK(t.listed(2, tyfenn_grab));
    t.act(3, grab("right", "passoire"), kStart + 4000);
    CHECK(t.hands(3).at("right") == "passoire");
    CHECK(contains(t.view().at("utensils"), "couvercle"));
    t.refuse(2, tyfenn_grab, RuleCode::illegal_action, kStart + 4010);  // the room says too_late
    CHECK(t.deadline("teut_window") == kStart + 2000 + 10'000);  // Soazig's fork grab
    // Open windows, in the order they close; their times are the deadlines', in the same order.
    const Json windows = t.view().at("windows");
    REQUIRE(windows.size() == 3);
    CHECK(windows.at(2) == Json{{"utensil", "passoire"}, {"holder", 3}});
    std::vector<TimeMs> closing;
    for (const auto& d : t.state().deadlines()) {
        if (d.kind == "teut_window") closing.push_back(d.at);
        CHECK_FALSE(d.seat.has_value());  // a window waits for nobody
    }
    CHECK(closing == std::vector<TimeMs>{kStart + 12'000, kStart + 13'000, kStart + 14'000});

    // Soazig shouts TEUT!: Rozenn's turn pauses.
    const std::size_t before_teut = t.log().size();
    t.act(1, teut("passoire"), kStart + 9000);
    CHECK(t.teut_view().at("caller") == 1);
    CHECK(t.teut_view().at("holder") == 3);
    CHECK(t.teut_view().at("step") == "bidding");
    CHECK(t.view().at("turn").at("paused") == true);
    CHECK(t.state().waiting_for() == std::vector<Seat>{1, 3});
    CHECK(t.deadline("teut_bid") == kStart + 9000 + 15'000);
    t.refuse(0, take("left", "sucre"));
    CHECK(t.state().actions(0).empty());
    // Both work surfaces show only as counts, to everyone but their owner.
    CHECK(t.surface(1, 2).is_null());
    CHECK(t.surface(3, 2).is_null());
    CHECK(t.surface(3, 1).is_null());
    CHECK(t.surface(1, 3).is_null());
    CHECK(t.player(1).at("surface_count") == 2);
    CHECK(t.surface(1, 1).size() == 2);
    CHECK(t.surface(0, 2).size() == 5);  // Rozenn's is still public

    // Soazig bids the champignons (3), Katell the caramel (1): the log never says what.
    log = t.act(1, bid("champignons"));
    CHECK(log.at(0).text_key == "bigoudenn.bid");
    CHECK(log.at(0).params == Json{{"seat", 1}});
    CHECK(t.teut_view(3).at("bids").at(0).at("cards").at(0).at("card").is_null());
    CHECK(t.teut_view(1).at("bids").at(0).at("cards").at(0).at("card") == "champignons");
    for (Viewer v : {Viewer{}, Viewer{0}, Viewer{2}, Viewer{3}}) {
        CHECK(taol::testing::everything_sent_to(t.state(), v, log).find("\"champignons\"") == std::string::npos);
    }
    log = t.act(3, bid("caramel"));
    // The reveal: the higher bid wins the passoire. Soazig's hands are full: she chooses one to drop.
    CHECK(log.at(1).text_key == "bigoudenn.reveal");
    CHECK(log.at(1).params.at("bids") == Json::parse(R"([{"seat":1,"cards":["champignons"]},{"seat":3,"cards":["caramel"]}])"));
    CHECK(log.at(2).text_key == "bigoudenn.teut_won");
    CHECK(t.teut_view().at("step") == "award");
    CHECK(t.teut_view().at("winner") == 1);
    CHECK(t.surface(1, 2).size() == 1);  // revealed: surfaces are public again
    CHECK(t.state().waiting_for() == std::vector<Seat>{1});
    CHECK(t.listed(1, make_room("left")));
    CHECK(t.listed(1, make_room("right")));
    t.act(1, make_room("left"));
    CHECK(t.hands(1) == Json{{"left", "passoire"}, {"right", "fourchette"}});
    CHECK(t.hands(3) == Json{{"left", "araignee"}, {"right", nullptr}});
    CHECK(contains(t.view().at("utensils"), "couteau"));

    // Soazig now holds the passoire and may use it at once; she lets the bids go to the middle.
    CHECK(t.teut_view().at("step") == "passoire");
    CHECK(t.teut_view().at("passoire_holder") == 1);
    log = t.act(1, pass());
    CHECK(t.view().at("teut").is_null());
    CHECK(contains(t.view().at("middle"), "champignons"));
    CHECK(contains(t.view().at("middle"), "caramel"));
    CHECK(t.keys(before_teut) == std::vector<std::string>{"bigoudenn.teut", "bigoudenn.bid", "bigoudenn.bid",
                                                          "bigoudenn.reveal", "bigoudenn.teut_won", "bigoudenn.award",
                                                          "bigoudenn.passoire_unused", "bigoudenn.teut_end"});

    // Rozenn resumes: the spoon takes the sugar; with 5 ingredients she puts one back.
    CHECK(t.view().at("turn").at("hands_used") == Json{{"left", false}, {"right", true}});
    t.refuse(0, take("left", "sucre"));
    t.act(0, take("left", "sucre", "persil"));
    CHECK(t.surface(0) == Json::array({"jambon", "oeuf", "fromage_rape", "saucisse", "sucre"}));
    CHECK(contains(t.view().at("middle"), "persil"));
    CHECK(contains(t.view().at("utensils"), "cuillere"));
    t.act(0, end_turn());
    CHECK(t.view().at("active") == 1);
}

TEST_CASE("The new holder of a contested passoire uses it at once") {
    Table t(4, seed_deal());
    valse_up_to_the_passoire(t);
    t.act(1, teut("passoire"), kStart + 5000);
    t.act(1, bid("champignons"));
    t.act(3, bid("caramel"));
    t.act(1, make_room("right"));  // drops the fork this time
    CHECK(t.hands(1) == Json{{"left", "couteau"}, {"right", "passoire"}});
    CHECK(t.listed(1, Json{{"type", "passoire"}, {"card", "caramel"}}));
    t.refuse(1, passoire("poire"));  // not bid in this TEUT!
    t.refuse(3, passoire("caramel"));
    auto log = t.act(1, passoire("champignons"));
    CHECK(log.at(0).text_key == "bigoudenn.passoire");
    CHECK(contains(t.surface(1), "champignons"));
    CHECK(t.hands(1).at("right").is_null());
    CHECK(contains(t.view().at("utensils"), "passoire"));
    CHECK(contains(t.view().at("middle"), "caramel"));
    CHECK_FALSE(contains(t.view().at("middle"), "champignons"));
    CHECK(t.view().at("teut").is_null());
}

TEST_CASE("Two grabs of one utensil: the first wins, the second is refused and changes nothing") {
    Table t(4, seed_deal());
    t.act(0, take("right", "saucisse"));
    const Json soazig = grab("right", "fourchette");
    const Json tyfenn = grab("right", "fourchette");
    CHECK(t.listed(1, soazig));
    CHECK(t.listed(2, tyfenn));
    t.act(1, soazig);
    const std::string message = t.refuse(2, tyfenn);
    CHECK(message.find("fourchette") != std::string::npos);
    CHECK_FALSE(t.listed(2, tyfenn));
}

TEST_CASE("A TEUT! is in time at 9,999 ms after the grab, too late at 10,000 ms") {
    Table in_time(4, seed_deal());
    const TimeMs grabbed = valse_up_to_the_passoire(in_time);
    in_time.act(1, teut("passoire"), grabbed + 9999);
    CHECK(in_time.teut_view().at("step") == "bidding");

    Table late(4, seed_deal());
    valse_up_to_the_passoire(late);
    // Even before the room's expiry, the game refuses a TEUT! stamped at the deadline.
    auto direct = late.state().apply(1, teut("passoire"), grabbed + 10'000);
    REQUIRE_FALSE(direct.ok());
    CHECK(direct.error().code == RuleCode::illegal_action);
    // The room applies expire(grab + 10000) first: the window is gone.
    CHECK(late.deadline("teut_window") <= grabbed + 10'000);
    late.expire_to(grabbed + 10'000);
    const Json windows = late.view().at("windows");
    for (const Json& w : windows) CHECK(w.at("utensil") != "passoire");
    CHECK_FALSE(late.listed(1, teut("passoire")));
    late.refuse(1, teut("passoire"), RuleCode::illegal_action, grabbed + 10'000);
}

TEST_CASE("Who may call TEUT!, and when") {
    Table t(4, seed_deal());
    const TimeMs grabbed = valse_up_to_the_passoire(t);
    t.refuse(3, teut("passoire"));                 // the holder
    t.refuse(0, teut("passoire"));                 // the active player
    t.refuse(1, teut("spatule"));                  // nobody grabbed it
    CHECK_FALSE(t.listed(0, teut("passoire")));
    CHECK(t.listed(2, teut("passoire")));
    // The active player's own grab opens a window too.
    t.act(0, grab("left", "couvercle"), grabbed + 100);
    CHECK(t.listed(1, teut("couvercle")));
    // One TEUT! at a time: Tyfenn's call comes while Soazig's runs.
    t.act(1, teut("passoire"), grabbed + 200);
    t.refuse(2, teut("couvercle"));
    CHECK_FALSE(t.listed(2, teut("couvercle")));
    t.act(1, bid("banane"));
    t.act(3, bid("pommes"));  // the higher bid: Katell keeps it
    t.act(3, pass());         // and lets the bids go to the middle
    CHECK(t.view().at("teut").is_null());
    CHECK(t.hands(3).at("right") == "passoire");
    // The passoire's window closed for good; Soazig has had her TEUT! this turn.
    CHECK_FALSE(t.listed(2, teut("passoire")));
    CHECK_FALSE(t.listed(1, teut("couvercle")));
    t.refuse(1, teut("couvercle"));
    t.act(2, teut("couvercle"), grabbed + 300);
    CHECK(t.teut_view().at("holder") == 0);
    // The active player is the holder: it takes part like anyone.
    CHECK(t.listed(0, bid("oeuf")));
}

TEST_CASE("TEUT! needs an ingredient - against an empty-handed holder the caller must still bid") {
    bg::Deal d = seed_deal();
    d.surfaces[3].clear();  // Katell has no ingredient
    d.surfaces[2].clear();  // nor has Tyfenn
    Table t(4, d);
    valse_up_to_the_passoire(t);
    CHECK_FALSE(t.listed(2, teut("passoire")));
    t.refuse(2, teut("passoire"));
    t.act(1, teut("passoire"));
    CHECK(t.teut_view().at("forced") == true);
    CHECK(t.state().waiting_for() == std::vector<Seat>{1});
    CHECK(t.state().actions(3).size() > 0);  // Katell may still grab and drop utensils
    CHECK_FALSE(t.listed(3, pass()));
    CHECK_FALSE(t.listed(1, pass()));
    t.refuse(1, pass());
    t.refuse(3, pass());
    t.act(1, bid("banane"));
    // Only one side bid: Soazig wins.
    CHECK(t.teut_view().at("winner") == 1);
    t.act(1, make_room("left"));
    CHECK(t.hands(1).at("left") == "passoire");
}

TEST_CASE("Against an empty-handed holder the bid deadline bids the caller's lowest card") {
    bg::Deal d = seed_deal();
    d.surfaces[3].clear();
    Table t(4, d);
    valse_up_to_the_passoire(t);
    t.act(1, teut("passoire"));
    CHECK(*t.state().default_action(1) == bid("banane"));
    const TimeMs until = t.deadline("teut_bid");
    t.expire_to(until);
    CHECK(t.teut_view().at("winner") == 1);
    CHECK(t.teut_view().at("bids").at(0).at("cards").at(0).at("card") == "banane");
    // Soazig does not choose in time either: her left-hand utensil drops.
    t.expire_to(t.deadline("teut_award"));
    CHECK(t.hands(1).at("left") == "passoire");
    CHECK(contains(t.view().at("utensils"), "couteau"));
    // She now holds the passoire and lets its step pass too: the bid goes to the middle.
    CHECK(t.teut_view().at("passoire_holder") == 1);
    t.expire_to(t.deadline("teut_passoire"));
    CHECK(t.view().at("teut").is_null());
    CHECK(contains(t.view().at("middle"), "banane"));
}

namespace {

// Tyfenn grabs the spatule, Soazig shouts TEUT!, both bid values `a` and `b` (1..4).
void contest_the_spatule(Table& t, const char* soazig_bid, const char* tyfenn_bid) {
    t.act(2, grab("right", "spatule"));
    t.act(1, teut("spatule"));
    if (soazig_bid) t.act(1, bid(soazig_bid));
    if (tyfenn_bid) t.act(2, bid(tyfenn_bid));
}

}  // namespace

TEST_CASE("A tie nobody raises: the holder keeps it - the passoire serves a non-participant") {
    Table t(4, auction_deal());
    contest_the_spatule(t, "moutarde", "algues");
    CHECK(t.log().back().text_key == "bigoudenn.tie");
    CHECK(t.teut_view().at("step") == "raise");
    CHECK(t.state().waiting_for() == std::vector<Seat>{1, 2});
    CHECK(t.surface(1, 0).is_null());  // face down again until the next reveal
    t.expire_to(t.deadline("teut_raise"));
    CHECK(t.teut_view().at("step") == "passoire");
    CHECK(t.hands(2).at("right") == "spatule");
    CHECK(t.keys(t.log().size() - 3) == std::vector<std::string>{"bigoudenn.no_raise", "bigoudenn.no_raise", "bigoudenn.teut_kept"});
    // Katell did not take part; her work surface is full, so she puts one back.
    CHECK(t.state().waiting_for() == std::vector<Seat>{3});
    t.refuse(3, passoire("algues"));
    t.refuse(1, passoire("algues"));
    t.act(3, Json{{"type", "passoire"}, {"card", "algues"}, {"put_back", "sucre"}});
    CHECK(contains(t.surface(3), "algues"));
    CHECK_FALSE(contains(t.surface(3), "sucre"));
    CHECK(t.surface(3).size() == 5);
    CHECK(contains(t.view().at("middle"), "sucre"));
    CHECK(contains(t.view().at("middle"), "moutarde"));
    CHECK(contains(t.view().at("utensils"), "passoire"));
    CHECK(t.view().at("teut").is_null());
    t.act(0, end_turn());  // Rozenn's turn goes on as before
}

TEST_CASE("A tie, a raise and a follow: the higher new card wins") {
    Table t(4, auction_deal());
    contest_the_spatule(t, "moutarde", "algues");
    const Json tyfenn_raise = bid("lardons");
    CHECK(t.listed(2, tyfenn_raise));
    t.act(1, bid("saucisse"));  // Soazig raises
    CHECK(t.log().back().text_key == "bigoudenn.raise");
    CHECK(t.teut_view().at("step") == "follow");
    CHECK(t.teut_view().at("raiser") == 1);
    CHECK(t.state().waiting_for() == std::vector<Seat>{2});
    CHECK(t.teut_view(2).at("bids").at(0).at("cards").at(1).at("card").is_null());
    t.refuse(1, bid("poireau"));
    // Tyfenn's raise, sent on the older state, counts as her follow.
    CHECK(t.listed(2, tyfenn_raise));
    auto log = t.act(2, tyfenn_raise);
    CHECK(log.at(0).text_key == "bigoudenn.follow");
    CHECK(log.at(1).params.at("bids") == Json::parse(R"([{"seat":1,"cards":["saucisse"]},{"seat":2,"cards":["lardons"]}])"));
    // Soazig wins; her right hand is free, so the spatule goes there at once.
    CHECK(t.hands(1) == Json{{"left", "couteau"}, {"right", "spatule"}});
    CHECK(t.hands(2).at("right").is_null());
    CHECK(t.teut_view().at("step") == "passoire");
    t.act(3, pass());
    for (const char* card : {"moutarde", "algues", "saucisse", "lardons"}) CHECK(contains(t.view().at("middle"), card));
}

TEST_CASE("A raise nobody follows: the raiser wins") {
    Table t(4, auction_deal());
    contest_the_spatule(t, "moutarde", "algues");
    t.act(2, bid("andouille"));  // Tyfenn raises
    auto log = t.act(1, pass());
    CHECK(log.at(0).text_key == "bigoudenn.decline");
    CHECK(log.at(1).text_key == "bigoudenn.reveal");
    CHECK(log.at(1).params.at("bids") == Json::parse(R"([{"seat":2,"cards":["andouille"]}])"));
    CHECK(log.at(2).text_key == "bigoudenn.teut_kept");
    CHECK(log.at(2).params.at("reason") == "raise");
    CHECK(t.hands(2).at("right") == "spatule");
}

TEST_CASE("A second tie goes back to raising - the follow deadline declines") {
    Table t(4, auction_deal());
    contest_the_spatule(t, "moutarde", "algues");
    t.act(1, bid("champignons"));
    t.act(2, bid("lardons"));
    CHECK(t.teut_view().at("step") == "raise");
    CHECK(t.keys(t.log().size() - 2) == std::vector<std::string>{"bigoudenn.reveal", "bigoudenn.tie"});
    t.act(2, bid("andouille"));
    CHECK(t.teut_view().at("step") == "follow");
    t.expire_to(t.deadline("teut_follow"));
    CHECK(t.hands(2).at("right") == "spatule");
    CHECK(t.teut_view().at("step") == "passoire");
    CHECK(t.teut_view().at("bids").at(1).at("cards").size() == 3);
}

TEST_CASE("Steps end as soon as nobody can act: no follow without an ingredient") {
    bg::Deal d = auction_deal();
    d.surfaces[1] = {"moutarde"};
    Table t(4, d);
    contest_the_spatule(t, "moutarde", "algues");
    // Soazig has nothing left: only Tyfenn may raise, and her raise wins at once.
    CHECK(t.state().waiting_for() == std::vector<Seat>{2});
    CHECK(t.state().actions(1).size() > 0);
    CHECK_FALSE(t.listed(1, pass()));
    t.act(2, bid("persil"));
    CHECK(t.teut_view().at("step") == "passoire");
    CHECK(t.hands(2).at("right") == "spatule");
}

TEST_CASE("Only one side bids: that side wins - nobody bids: the holder keeps it") {
    Table late(4, auction_deal());
    contest_the_spatule(late, "poireau", nullptr);
    late.expire_to(late.deadline("teut_bid"));  // Tyfenn drops out
    CHECK(std::any_of(late.log().begin(), late.log().end(), [](const LogEntry& e) {
        return e.text_key == "bigoudenn.withdraw" && e.params == Json{{"seat", 2}, {"timeout", true}};
    }));
    CHECK(late.hands(1).at("right") == "spatule");

    Table none(4, auction_deal());
    contest_the_spatule(none, nullptr, nullptr);
    none.expire_to(none.deadline("teut_bid"));  // both drop out
    CHECK(none.view().at("teut").is_null());  // nothing bid: no passoire step
    CHECK(none.hands(2).at("right") == "spatule");
    CHECK(none.log().back().text_key == "bigoudenn.teut_end");
}

TEST_CASE("During a TEUT! other utensils move freely - the contested one is frozen") {
    Table t(4, auction_deal());
    contest_the_spatule(t, nullptr, nullptr);
    t.refuse(2, drop("right"));                 // the spatule is contested
    t.refuse(2, grab("right", "cuillere"));     // which would drop it
    CHECK_FALSE(t.listed(2, drop("right")));
    t.refuse(0, grab("right", "cuillere"));     // the active player waits
    t.refuse(0, Json{{"type", "drop"}, {"hand", "left"}});
    t.act(3, grab("right", "cuillere"));        // Katell drops the couvercle
    CHECK(contains(t.view().at("utensils"), "couvercle"));
    t.act(1, grab("right", "couvercle"));       // Soazig's hands are now full
    t.act(2, drop("left"));                     // Tyfenn lets the araignée go
    t.act(3, drop("left"));                     // Katell lets the passoire go
    t.refuse(3, teut("couvercle"));             // one TEUT! at a time
    CHECK(t.view().at("windows").size() == 2);  // the cuillère's and the couvercle's grabs
    t.act(1, bid("saucisse"));
    t.act(2, bid("persil"));
    // Soazig won with both hands full; letting one go gives the spatule that hand at once.
    CHECK(t.teut_view().at("step") == "award");
    t.act(1, drop("right"));
    CHECK(t.hands(1) == Json{{"left", "couteau"}, {"right", "spatule"}});
    // Nobody holds the passoire: the bids go straight to the middle.
    CHECK(t.view().at("teut").is_null());
    CHECK(contains(t.view().at("middle"), "persil"));
    // The other windows kept running.
    t.act(2, teut("cuillere"));
    CHECK(t.teut_view().at("holder") == 3);
}
