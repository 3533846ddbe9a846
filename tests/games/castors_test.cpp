// Gang de castors: scenario tests of every rule, on stacked decks.
#include <catch2/catch.hpp>

#include <algorithm>

#include "games/castors/castors.hpp"
#include "games/core/action_list.hpp"
#include "games/core/bot_tools.hpp"
#include "games/core/options.hpp"
#include "tests/support/game_driver.hpp"
#include "tests/support/playout.hpp"
#include "tests/support/round_pause_checks.hpp"

namespace cs = taol::games::castors;
using cs::Face;
using cs::kEchanger;
using cs::kPiocher;
using cs::kRegarder;
using taol::games::GameState;
using taol::games::Json;
using taol::games::LogEntry;
using taol::games::RuleCode;
using taol::games::Seat;
using taol::games::TimeMs;

namespace {

constexpr TimeMs kT0 = 1'000'000;
constexpr TimeMs kStep = 100;  // between two actions

Json options(int players, const Json& given = nullptr) {
    auto complete = taol::games::complete_options(cs::game(), given, players);
    REQUIRE(complete.ok());
    return complete.value();
}

// A game under test on the castors table; its first action comes at kT0, when it was dealt.
struct Play : taol::testing::GameDriver {
    Play(std::unique_ptr<GameState> dealt, int players) : GameDriver(std::move(dealt), players, kT0 - kStep, kStep) {}

    const cs::Table& t() const { return *cs::table_of(state()); }

    // Refused as the driver checks, and the table behind what everyone is sent is unchanged too.
    std::string refuse(Seat seat, const Json& action, RuleCode code = RuleCode::illegal_action) {
        const TimeMs at = now() + kStep;
        expire_to(at);
        const cs::Table before = t();
        std::string message = GameDriver::refuse(seat, action, code, at);
        CHECK(t() == before);
        return message;
    }
    void all_seen() {
        for (Seat s2 = 0; s2 < t().players; ++s2) act(s2, {{"type", "seen"}});
    }
    std::vector<Face> row(Seat seat) const {
        std::vector<Face> faces;
        for (const auto& slot : t().rows[seat]) faces.push_back(t().face[slot.uid]);
        return faces;
    }
    // What the last action logged.
    bool just_logged(const std::string& key) const {
        const auto& log = last_step_log();
        return std::any_of(log.begin(), log.end(), [&](const LogEntry& e) { return e.text_key == key; });
    }
    Json params(const std::string& key) const {
        for (const LogEntry& e : last_step_log()) {
            if (e.text_key == key) return e.params;
        }
        FAIL("no log entry " << key);
        return nullptr;
    }
    // The current player's default action, knocking instead when `knock` and it may.
    void play_default(bool knock = false) {
        const Seat seat = state().waiting_for().front();
        Json action = *state().default_action(seat);
        if (knock && t().knock_allowed() && action.at("type") == "discard") action["knock"] = true;
        act(seat, action);
    }
};

// Rows given by seat; the dealer is the last seat, so seat 0 plays first.
Play stacked(int players, std::vector<std::vector<Face>> rows, Face discard, std::vector<Face> pile_top,
             const Json& given = nullptr, std::optional<Seat> dealer = std::nullopt) {
    const cs::StackedDeal deal{std::move(rows), discard, std::move(pile_top)};
    return Play(cs::setup_stacked(options(players, given), players, 7, dealer.value_or(players - 1), &deal, kT0), players);
}

Play stacked3(std::vector<Face> pile_top) {
    Play p = stacked(3, {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 9, 9, 9}}, 0, std::move(pile_top));
    p.all_seen();
    return p;
}

bool has_face(const Json& card) { return card.contains("face"); }

int faces_shown(const Json& view) {
    int n = 0;
    for (const Json& row : view.at("rows")) n += static_cast<int>(std::count_if(row.begin(), row.end(), has_face));
    return n;
}

}  // namespace

TEST_CASE("castors: options follow the rules' table") {
    const Json own = cs::game().own_options();
    REQUIRE(own.size() == 3);
    CHECK(own[0].at("name") == "rounds");
    CHECK(own[0].at("default").is_null());
    CHECK(own[0].at("min") == 1);
    CHECK(own[0].at("max") == 12);
    CHECK(own[1].at("name") == "score_limit");
    CHECK(own[1].at("default") == 0);
    CHECK(own[1].at("max") == 500);
    CHECK(own[2].at("name") == "cards");
    CHECK(own[2].at("default") == 4);
    CHECK(own[2].at("min") == 2);
    CHECK(own[2].at("max") == 4);
    for (const Json& o : own) CHECK(o.at("label").contains("fr"));
    using taol::games::complete_options;
    CHECK(complete_options(cs::game(), Json{{"rounds", nullptr}}, 3).ok());
    CHECK_FALSE(complete_options(cs::game(), Json{{"rounds", 0}}, 3).ok());
    CHECK_FALSE(complete_options(cs::game(), Json{{"rounds", 13}}, 3).ok());
    CHECK_FALSE(complete_options(cs::game(), Json{{"score_limit", 501}}, 3).ok());
    CHECK_FALSE(complete_options(cs::game(), Json{{"cards", 1}}, 3).ok());
    CHECK_FALSE(complete_options(cs::game(), Json{{"cards", 5}}, 3).ok());
    CHECK(cs::game().min_players() == 2);
    CHECK(cs::game().max_players() == 6);
}

TEST_CASE("castors: the deck has 66 cards in one table") {
    const auto deck = cs::full_deck();
    REQUIRE(deck.size() == 66);
    CHECK(std::count_if(deck.begin(), deck.end(), cs::is_number) == 45);
    CHECK(std::count(deck.begin(), deck.end(), 9) == 9);
    CHECK(std::count(deck.begin(), deck.end(), kEchanger) == 9);
    CHECK(std::count(deck.begin(), deck.end(), kRegarder) == 7);
    CHECK(std::count(deck.begin(), deck.end(), kPiocher) == 5);
    CHECK(cs::face_json(kPiocher) == "piocher");
    CHECK(cs::face_from_json("echanger") == kEchanger);
    CHECK(cs::face_from_json(7) == 7);
    CHECK(cs::face_from_json(10) == -1);
}

TEST_CASE("castors: a round starts with the rows dealt and the peek at the end cards") {
    const Json opts = options(4);
    auto state = cs::game().setup(opts, 4, 99, kT0);
    const cs::Table& t = *cs::table_of(*state);
    CHECK(t.pile.size() == 66 - 16 - 1);
    CHECK(cs::is_number(t.top_discard()));
    CHECK(t.rounds_total == 4);  // null: one round per player
    const Json view = state->view(0);
    CHECK(view.at("phase") == "peek");
    CHECK(view.at("current").is_null());
    CHECK(view.at("first") == (t.dealer + 1) % 4);
    CHECK(view.at("pile") == 49);
    CHECK_FALSE(view.contains("peek_until"));  // the wire has it as a deadline, on the wall clock
    // One peek deadline per seat still looking, each naming its seat.
    REQUIRE(state->deadlines().size() == 4);
    for (Seat s = 0; s < 4; ++s) {
        CHECK(state->deadlines()[s].kind == "peek");
        CHECK(state->deadlines()[s].at == kT0 + 10'000);
        CHECK(state->deadlines()[s].seat == s);
    }
    CHECK(state->waiting_for() == std::vector<Seat>{0, 1, 2, 3});
    auto seen = state->apply(2, Json{{"type", "seen"}}, kT0 + 1);
    REQUIRE(seen.ok());
    CHECK(seen.value().state->deadlines().size() == 3);
    for (const auto& d : seen.value().state->deadlines()) CHECK(d.seat != 2);
    // Seat 0 sees its two end cards, and nothing else; a spectator sees no row card.
    const Json& mine = view.at("rows")[0];
    CHECK(mine[0].at("face") == cs::face_json(t.face[t.rows[0][0].uid]));
    CHECK(mine[3].at("face") == cs::face_json(t.face[t.rows[0][3].uid]));
    CHECK_FALSE(has_face(mine[1]));
    CHECK_FALSE(has_face(mine[2]));
    CHECK(faces_shown(view) == 2);
    CHECK(faces_shown(state->view(std::nullopt)) == 0);
    CHECK(state->actions(0) == Json::array({{{"type", "seen"}}}));
}

TEST_CASE("castors: the peek ends when everyone has confirmed \"seen\"") {
    Play p = stacked(3, {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 9, 9, 9}}, 0, {});
    const std::string end_id = p.t().rows[0][0].id;
    const std::string middle_id = p.t().rows[0][1].id;
    p.act(0, {{"type", "seen"}});
    CHECK(p.just_logged("castors.seen"));
    CHECK(faces_shown(p.view(0)) == 0);
    CHECK(faces_shown(p.view(1)) == 2);
    CHECK(p.t().rows[0][0].id != end_id);  // it turned face down again: a fresh id
    CHECK(p.t().rows[0][1].id == middle_id);
    CHECK(p.state().waiting_for() == std::vector<Seat>{1, 2});
    p.refuse(0, {{"type", "seen"}});
    p.refuse(0, {{"type", "draw"}}, RuleCode::not_your_turn);
    p.act(2, {{"type", "seen"}});
    p.act(1, {{"type", "seen"}});
    CHECK(p.params("castors.peek_end") == Json{{"timeout", false}});
    CHECK(p.view(0).at("phase") == "turn");
    CHECK(p.view(0).at("current") == 0);
    CHECK(p.state().deadlines().empty());
    for (Seat s = 0; s < 3; ++s) CHECK(faces_shown(p.view(s)) == 0);
    p.refuse(1, {{"type", "seen"}});
}

TEST_CASE("castors: the peek ends by itself after 10 seconds") {
    Play p = stacked(2, {{1, 2, 3, 4}, {5, 6, 7, 8}}, 0, {});
    p.act(1, {{"type", "seen"}});
    auto early = p.state().expire(kT0 + 9'999);
    CHECK(early.log.empty());
    CHECK(cs::table_of(*early.state)->phase == cs::Phase::peek);
    auto late = p.state().expire(kT0 + 10'000);
    const cs::Table& t = *cs::table_of(*late.state);
    CHECK(t.phase == cs::Phase::turn);
    REQUIRE(late.log.size() == 1);
    CHECK(late.log[0].text_key == "castors.peek_end");
    CHECK(late.log[0].at == kT0 + 10'000);
    CHECK(late.state->deadlines().empty());
    CHECK(faces_shown(late.state->view(0)) == 0);
    CHECK(late.state->waiting_for() == std::vector<Seat>{0});
    // Nothing is due any more: expiring again changes nothing.
    auto again = late.state->expire(kT0 + 20'000);
    CHECK(*cs::table_of(*again.state) == t);
}

TEST_CASE("castors: action A takes the discard, only a number card") {
    Play p = stacked3({kRegarder});
    CHECK(p.state().actions(0).size() == 2);  // take_discard template and draw
    p.act(0, {{"type", "take_discard"}, {"position", 2}});
    CHECK(p.row(0) == std::vector<Face>{1, 2, 0, 4});
    CHECK(p.t().top_discard() == 3);
    CHECK(p.params("castors.take_discard") ==
          Json{{"seat", 0}, {"position", 2}, {"taken", 0}, {"discarded", 3}});
    CHECK(p.view(1).at("current") == 1);
    // Seat 1 draws the Regarder and discards it: now the top is an action card.
    p.act(1, {{"type", "draw"}});
    p.act(1, {{"type", "discard"}});
    CHECK(p.params("castors.discard") == Json{{"seat", 1}, {"card", "regarder"}});
    CHECK(p.state().actions(2) == Json::array({{{"type", "draw"}}}));
    CHECK(p.refuse(2, {{"type", "take_discard"}, {"position", 0}}).find("action card") != std::string::npos);
}

TEST_CASE("castors: action B with a number card: swap it or discard it") {
    Play p = stacked3({7, 5});
    p.act(0, {{"type", "draw"}});
    CHECK(p.params("castors.draw") == Json{{"seat", 0}});
    CHECK(p.view(0).at("drawn").at("face") == 7);
    CHECK_FALSE(has_face(p.view(1).at("drawn")));
    CHECK_FALSE(has_face(p.view(std::nullopt).at("drawn")));
    CHECK(p.state().actions(1).empty());
    const Json listed = p.state().actions(0);
    CHECK(taol::games::is_listed(listed, {{"type", "swap"}, {"position", 3}}));
    CHECK(taol::games::is_listed(listed, {{"type", "discard"}}));
    CHECK_FALSE(taol::games::is_listed(listed, {{"type", "play"}}));
    p.refuse(0, {{"type", "play"}});
    p.refuse(1, {{"type", "discard"}}, RuleCode::not_your_turn);
    p.act(0, {{"type", "swap"}, {"position", 0}});
    CHECK(p.row(0) == std::vector<Face>{7, 2, 3, 4});
    CHECK(p.t().top_discard() == 1);
    // The log names the card that went face up, never the one that went face down.
    CHECK(p.params("castors.swap") == Json{{"seat", 0}, {"position", 0}, {"discarded", 1}});
    CHECK(p.view(0).at("drawn").is_null());
    p.act(1, {{"type", "draw"}});
    p.act(1, {{"type", "discard"}});
    CHECK(p.t().top_discard() == 5);
    CHECK(p.row(1) == std::vector<Face>{5, 6, 7, 8});
}

TEST_CASE("castors: Échanger swaps one of your cards with an opponent's, unseen") {
    Play p = stacked3({kEchanger});
    p.act(0, {{"type", "draw"}});
    CHECK(p.state().actions(0) == Json::array({{{"type", "play"}}, {{"type", "discard"}}}));
    p.refuse(0, {{"type", "swap"}, {"position", 0}});
    p.act(0, {{"type", "play"}});
    CHECK(p.params("castors.play") == Json{{"seat", 0}, {"card", "echanger"}});
    CHECK(p.view(2).at("phase") == "echanger");
    CHECK(p.t().top_discard() == kEchanger);
    const Json listed = p.state().actions(0);
    REQUIRE(listed.size() == 1);
    CHECK(listed[0].at("choose").at("target").at("one_of").size() == 8);
    p.refuse(0, {{"type", "exchange"}, {"position", 0}, {"target", {{"seat", 0}, {"position", 1}}}});
    p.refuse(0, {{"type", "exchange"}, {"position", 0}, {"target", {{"seat", 1}, {"position", 4}}}});
    p.refuse(0, {{"type", "exchange"}, {"position", 0}, {"target", {{"seat", 3}, {"position", 0}}}});
    p.refuse(0, {{"type", "exchange"}, {"position", 0}});
    const std::string moving = p.t().rows[2][3].id;
    p.act(0, {{"type", "exchange"}, {"position", 1}, {"target", {{"seat", 2}, {"position", 3}}}});
    CHECK(p.row(0) == std::vector<Face>{1, 9, 3, 4});
    CHECK(p.row(2) == std::vector<Face>{9, 9, 9, 2});
    CHECK(p.t().rows[0][1].id == moving);  // never turned: the card keeps its id
    CHECK(p.params("castors.exchange") ==
          Json{{"seat", 0}, {"position", 1}, {"target", 2}, {"target_position", 3}});
    for (Seat s = 0; s < 3; ++s) CHECK(faces_shown(p.view(s)) == 0);
    CHECK(p.view(0).at("current") == 1);
}

TEST_CASE("castors: Regarder shows one of your cards to you alone, until the end of the turn") {
    Play p = stacked3({kRegarder});
    p.act(0, {{"type", "draw"}});
    p.act(0, {{"type", "play"}});
    p.refuse(0, {{"type", "look"}, {"position", 4}});
    p.act(0, {{"type", "look"}, {"position", 2}});
    CHECK(p.params("castors.look") == Json{{"seat", 0}, {"position", 2}});
    CHECK(p.view(0).at("rows")[0][2].at("face") == 3);
    CHECK(faces_shown(p.view(0)) == 1);
    CHECK(faces_shown(p.view(1)) == 0);
    CHECK(faces_shown(p.view(std::nullopt)) == 0);
    CHECK(p.view(1).at("looked") == Json{{"seat", 0}, {"position", 2}});
    CHECK(p.state().actions(0) == Json::array({{{"type", "end_turn"}}}));
    const std::string id = p.t().rows[0][2].id;
    p.act(0, {{"type", "end_turn"}});
    CHECK(faces_shown(p.view(0)) == 0);
    CHECK(p.t().rows[0][2].id != id);
}

TEST_CASE("castors: the seats that see no more than the spectators share their view") {
    // The server writes one view for the viewers same_view_as() pairs; game_checks compares them.
    Play p = stacked(3, {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 9, 9, 9}}, 0, {kRegarder});
    for (Seat s = 0; s < 3; ++s) CHECK(p.state().same_view_as(s) == s);  // each peeks at its own ends
    CHECK(p.state().same_view_as(std::nullopt) == std::nullopt);
    p.act(0, {{"type", "seen"}});
    CHECK(p.state().same_view_as(0) == std::nullopt);  // done peeking
    CHECK(p.state().same_view_as(1) == 1);
    p.act(1, {{"type", "seen"}});
    p.act(2, {{"type", "seen"}});
    for (Seat s = 0; s < 3; ++s) CHECK(p.state().same_view_as(s) == std::nullopt);
    p.act(0, {{"type", "draw"}});
    CHECK(p.state().same_view_as(0) == 0);  // the drawn card
    CHECK(p.state().same_view_as(1) == std::nullopt);
    p.act(0, {{"type", "play"}});
    p.act(0, {{"type", "look"}, {"position", 2}});
    CHECK(p.state().same_view_as(0) == 0);  // the card it looks at
    CHECK(p.state().same_view_as(2) == std::nullopt);
    CHECK(p.view(1) == p.view(std::nullopt));
}

TEST_CASE("castors: Piocher draws until a number card comes, then that card is used as in B") {
    Play p = stacked3({kPiocher, kEchanger, kPiocher, kRegarder, 6});
    p.act(0, {{"type", "draw"}});
    p.act(0, {{"type", "play"}});
    CHECK(p.params("castors.piocher") == Json{{"seat", 0}, {"discarded", {"echanger", "piocher", "regarder"}}});
    CHECK(p.view(0).at("drawn").at("face") == 6);
    CHECK_FALSE(has_face(p.view(1).at("drawn")));
    CHECK(p.view(0).at("discard").at("count") == 5);
    CHECK(p.t().top_discard() == kRegarder);
    CHECK_FALSE(taol::games::is_listed(p.state().actions(0), {{"type", "play"}}));
    p.act(0, {{"type", "swap"}, {"position", 3}});
    CHECK(p.row(0) == std::vector<Face>{1, 2, 3, 6});
    CHECK(p.t().top_discard() == 4);
}

TEST_CASE("castors: knocking waits for a full turn of the table, then everyone else plays once") {
    Play p = stacked(4, {{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}, {4, 4, 4, 4}}, 0, {5, 5, 5, 6, 6, 6});
    p.all_seen();
    const auto knocks = [&](Seat s) {
        const Json listed = p.state().actions(s);
        return std::any_of(listed.begin(), listed.end(), [](const Json& a) { return a.contains("knock"); });
    };
    for (Seat s = 0; s < 3; ++s) {
        p.act(s, {{"type", "draw"}});
        CHECK_FALSE(knocks(s));
        CHECK_FALSE(p.view(s).at("can_knock"));
        CHECK(p.refuse(s, {{"type", "discard"}, {"knock", true}}).find("every player") != std::string::npos);
        // "knock": false simply ends the turn (it is not listed, the plain action is).
        p.act_unlisted(s, {{"type", "discard"}, {"knock", false}});
    }
    // Seat 3 ends the first turn of the table: it may knock.
    p.act(3, {{"type", "take_discard"}, {"position", 0}, {"knock", true}});
    CHECK(p.params("castors.knock") == Json{{"seat", 3}});
    CHECK(p.view(0).at("knocker") == 3);
    CHECK(p.view(0).at("turns_left") == 3);
    for (Seat s = 0; s < 3; ++s) {
        CHECK(p.view(0).at("round") == 1);
        p.act(s, {{"type", "draw"}});
        CHECK_FALSE(knocks(s));
        CHECK(p.refuse(s, {{"type", "discard"}, {"knock", true}}).find("already knocked") != std::string::npos);
        p.act(s, {{"type", "discard"}});
    }
    // Seat 2's turn was the last: the round is over. Its reveal stays on the table, and no peek
    // starts before everyone continues.
    CHECK(p.just_logged("castors.round_end"));
    const TimeMs ended = p.now();
    CHECK(p.view(0).at("phase") == "round_over");
    CHECK(p.view(0).at("round") == 1);
    CHECK(p.view(0).at("current").is_null());
    CHECK_FALSE(p.view(0).at("can_knock"));
    CHECK(faces_shown(p.view(std::nullopt)) == 16);
    taol::testing::check_round_pause(p.state(), 4, ended);
    p.refuse(0, {{"type", "draw"}});
    p.refuse(0, {{"type", "seen"}});
    for (Seat s = 0; s < 3; ++s) p.act(s, {{"type", "continue"}});
    CHECK(p.refuse(1, {{"type", "continue"}}).find("already") != std::string::npos);
    CHECK(p.state().waiting_for() == std::vector<Seat>{3});
    CHECK(p.view(0).at("phase") == "round_over");
    // The last one continues: the next round starts, dealt by seat 0, its peek from now.
    p.act(3, {{"type", "continue"}});
    CHECK(p.just_logged("castors.round_start"));
    CHECK(p.view(0).at("round") == 2);
    CHECK(p.view(0).at("phase") == "peek");
    CHECK(p.view(0).at("dealer") == 0);
    CHECK(p.view(0).at("first") == 1);
    CHECK(p.view(0).at("knocker").is_null());
    CHECK(p.view(0).at("history").size() == 1);
    CHECK(p.state().deadlines().at(0).at == p.now() + 10'000);
}

TEST_CASE("castors: the pause after a round ends by itself after 15 s, and only then does the peek start") {
    Play p = stacked(2, {{1, 1, 1, 1}, {2, 2, 2, 2}}, 0, {}, {{"rounds", 2}});
    p.all_seen();
    while (p.t().phase != cs::Phase::round_over) p.play_default(true);
    const TimeMs ended = p.now();
    p.act(0, {{"type", "continue"}});
    CHECK(p.state().expire(ended + 14'999).state->view(0).at("phase") == "round_over");
    auto later = p.state().expire(ended + 15'000);
    const cs::Table& next = *cs::table_of(*later.state);
    CHECK(next.phase == cs::Phase::peek);
    CHECK(next.round == 2);
    CHECK(next.peek_until == ended + 15'000 + 10'000);
    CHECK(later.log.at(0).text_key == "castors.round_start");
    CHECK(later.state->check_invariants().empty());
}

TEST_CASE("castors: at the end of a round every row is revealed and action cards replaced") {
    // Dealer 0: seat 1 plays first and its row is replaced first.
    Play p = stacked(2, {{kEchanger, 1, 2, kPiocher}, {kRegarder, 3, 0, 0}}, 5,
                     {4, 6, 7, kEchanger, 2, 8, kPiocher, kRegarder, 0}, {{"rounds", 1}}, 0);
    p.all_seen();
    p.act(1, {{"type", "draw"}});
    p.act(1, {{"type", "discard"}});
    p.act(0, {{"type", "draw"}});
    p.act(0, {{"type", "discard"}, {"knock", true}});
    p.act(1, {{"type", "draw"}});
    p.act(1, {{"type", "discard"}});
    REQUIRE(p.state().finished());
    const Json end = p.params("castors.round_end");
    CHECK(end.at("rows") == Json::parse(R"([["echanger",1,2,"piocher"],["regarder",3,0,0]])"));
    CHECK(end.at("replacements") == Json::parse(R"([
        {"seat":1,"position":0,"card":"regarder","drawn":["echanger",2]},
        {"seat":0,"position":0,"card":"echanger","drawn":[8]},
        {"seat":0,"position":3,"card":"piocher","drawn":["piocher","regarder",0]}])"));
    CHECK(end.at("points") == Json::array({11, 5}));
    CHECK(end.at("winners") == Json::array({1}));
    CHECK(p.row(0) == std::vector<Face>{8, 1, 2, 0});
    CHECK(p.row(1) == std::vector<Face>{2, 3, 0, 0});
    CHECK(p.just_logged("castors.game_end"));
    const Json outcome = p.state().outcome();
    CHECK(outcome.at("scores") == Json::array({11, 5}));
    CHECK(outcome.at("winners") == Json::array({1}));
    CHECK(outcome.at("rounds").size() == 1);
    // Everything is public now, spectators included.
    CHECK(faces_shown(p.view(std::nullopt)) == 8);
    CHECK(p.view(std::nullopt).at("last_round").at("replacements") == end.at("replacements"));
    CHECK(p.view(std::nullopt).at("history") == Json::parse(R"([{"round":1,"points":[11,5],"winners":[1]}])"));
    CHECK(p.state().actions(0).empty());
    CHECK(p.state().waiting_for().empty());
    CHECK(p.refuse(0, {{"type", "draw"}}, RuleCode::game_over) == "the game is over");
}

TEST_CASE("castors: an empty draw pile is reshuffled from the discard but its top card") {
    Play p = stacked(2, {{1, 1, 1, 1}, {2, 2, 2, 2}}, 0, {}, {{"rounds", 1}});
    p.all_seen();
    while (!p.t().pile.empty() || p.t().phase != cs::Phase::turn) p.play_default();
    REQUIRE(p.t().phase == cs::Phase::turn);
    REQUIRE(p.t().turns == 57);
    const int top = p.t().discard.back();
    REQUIRE(p.t().discard.size() == 58);
    p.act(p.t().current, {{"type", "draw"}});
    CHECK(p.params("castors.reshuffle") == Json{{"cards", 57}});
    CHECK(p.t().discard == std::vector<int>{top});
    CHECK(p.t().pile.size() == 56);
    CHECK(p.state().check_invariants().empty());
}

TEST_CASE("castors: the stall rule knocks after 30 turns per player") {
    Play p = stacked(2, {{1, 1, 1, 1}, {2, 2, 2, 2}}, 0, {}, {{"rounds", 1}});
    p.all_seen();
    int turns = 0;
    while (!p.state().finished()) {
        p.play_default();
        if (p.t().phase != cs::Phase::turn && !p.state().finished()) continue;
        ++turns;
        if (turns == 60) {
            // Seat 0 played first, so seat 1 played the 60th turn.
            CHECK(p.params("castors.stall_knock") == Json{{"seat", 1}, {"turns", 60}});
            CHECK(p.view(0).at("knocker") == 1);
            CHECK(p.view(0).at("stalled") == true);
        }
    }
    CHECK(turns == 61);  // seat 0 played once more
    CHECK(p.params("castors.round_end").at("points") == Json::array({4, 8}));
}

TEST_CASE("castors: scores add up over rounds, and `rounds` and `score_limit` end the game") {
    SECTION("rounds: null means one round per player") {
        for (int players : {2, 3, 5}) {
            Play p(cs::game().setup(options(players), players, 11, kT0), players);
            int rounds = 0;
            std::vector<int> sums(players, 0);
            while (!p.state().finished()) {
                p.play_default(true);
                if (p.just_logged("castors.round_end")) {
                    ++rounds;
                    const Json points = p.params("castors.round_end").at("points");
                    for (int s = 0; s < players; ++s) sums[s] += points[s].get<int>();
                    CHECK(p.params("castors.round_end").at("totals") == Json(sums));
                }
            }
            CHECK(rounds == players);
            CHECK(p.state().outcome().at("scores") == Json(sums));
            const int low = *std::min_element(sums.begin(), sums.end());
            for (Seat w : p.state().outcome().at("winners")) CHECK(sums[w] == low);
        }
    }
    SECTION("an explicit number of rounds") {
        Play p(cs::game().setup(options(2, {{"rounds", 3}}), 2, 12, kT0), 2);
        while (!p.state().finished()) p.play_default(true);
        CHECK(p.state().outcome().at("rounds").size() == 3);
    }
    SECTION("a score limit ends the game after the round in which it is reached") {
        Play p = stacked(2, {{1, 1, 1, 1}, {2, 2, 2, 2}}, 0, {}, {{"rounds", 12}, {"score_limit", 8}});
        p.all_seen();
        while (!p.state().finished()) p.play_default(true);
        CHECK(p.state().outcome().at("scores") == Json::array({4, 8}));
        CHECK(p.state().outcome().at("winners") == Json::array({0}));
    }
    SECTION("with rounds left null, a score limit alone ends the game") {
        Play p(cs::game().setup(options(2, {{"score_limit", 60}}), 2, 13, kT0), 2);
        CHECK(p.view(0).at("rounds").is_null());
        int rounds = 0;
        while (!p.state().finished()) {
            p.play_default(true);
            if (!p.just_logged("castors.round_end")) continue;
            ++rounds;
            const Json totals = p.params("castors.round_end").at("totals");
            const bool reached = totals[0] >= 60 || totals[1] >= 60;
            CHECK(reached == p.state().finished());
        }
        CHECK(rounds > 2);
    }
    SECTION("with both set, the rounds may come first") {
        Play p(cs::game().setup(options(3, {{"rounds", 2}, {"score_limit", 500}}), 3, 14, kT0), 3);
        while (!p.state().finished()) p.play_default(true);
        CHECK(p.state().outcome().at("rounds").size() == 2);
    }
}

TEST_CASE("castors: rows of 2 or 3 cards") {
    SECTION("2 cards: the player looks at both") {
        Play p = stacked(2, {{1, 2}, {3, 4}}, 0, {5}, {{"cards", 2}});
        CHECK(p.t().pile.size() == 66 - 4 - 1);
        CHECK(faces_shown(p.view(0)) == 2);
        CHECK(p.view(0).at("rows")[0] .size() == 2);
        p.all_seen();
        CHECK(p.state().actions(0)[0].at("choose").at("position").at("one_of") == Json::array({0, 1}));
        p.refuse(0, {{"type", "take_discard"}, {"position", 2}});
        p.act(0, {{"type", "draw"}});
        p.act(0, {{"type", "swap"}, {"position", 1}});
        CHECK(p.row(0) == std::vector<Face>{1, 5});
    }
    SECTION("3 cards: the two ends") {
        Play p = stacked(3, {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}}, 0, {}, {{"cards", 3}});
        const Json mine = p.view(1).at("rows")[1];
        CHECK(mine[0].at("face") == 4);
        CHECK_FALSE(has_face(mine[1]));
        CHECK(mine[2].at("face") == 6);
    }
    for (int cards : {2, 3}) {
        Play p(cs::game().setup(options(4, {{"cards", cards}}), 4, 15, kT0), 4);
        while (!p.state().finished()) {
            REQUIRE(p.state().check_invariants().empty());
            p.play_default(true);
        }
        for (const Json& row : p.view(std::nullopt).at("rows")) CHECK(row.size() == static_cast<std::size_t>(cards));
    }
}

TEST_CASE("castors: bad actions are refused with a clear error and change nothing") {
    Play p = stacked3({7, kRegarder});
    p.refuse(0, Json::array());
    p.refuse(0, {{"kind", "draw"}});
    p.refuse(0, {{"type", 3}});
    p.refuse(0, {{"type", "fly"}});
    p.refuse(5, {{"type", "draw"}}, RuleCode::not_your_turn);
    p.refuse(1, {{"type", "draw"}}, RuleCode::not_your_turn);
    p.refuse(0, {{"type", "draw"}, {"extra", 1}});
    p.refuse(0, {{"type", "swap"}, {"position", 0}});
    p.refuse(0, {{"type", "end_turn"}});
    for (const Json& position : {Json(-1), Json(4), Json("1"), Json(1.5), Json(nullptr)}) {
        p.refuse(0, {{"type", "take_discard"}, {"position", position}});
    }
    p.refuse(0, {{"type", "take_discard"}});
    p.refuse(0, {{"type", "take_discard"}, {"position", 1}, {"knock", "yes"}});
    p.refuse(0, {{"type", "seen"}});
    p.act(0, {{"type", "draw"}});
    p.refuse(0, {{"type", "draw"}});
    p.refuse(0, {{"type", "look"}, {"position", 0}});
    p.refuse(0, {{"type", "exchange"}, {"position", 0}, {"target", {{"seat", 1}, {"position", 0}}}});
}

TEST_CASE("castors: nothing races: no action listed in whole games is contested") {
    const auto count = taol::testing::count_contested(cs::game(), 3, 10);
    CHECK(count.listed > 100);
    CHECK(count.contested == 0);
}
