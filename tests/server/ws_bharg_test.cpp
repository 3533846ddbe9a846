// End to end over a real loopback WebSocket: two players and a spectator play a whole game of
// Bharg to a small target, choosing from their snapshots' action lists, with wrong and malformed
// actions along the way. Afterwards every frame each client received is searched for a card of
// the other player's hand.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "games/bharg/cards.hpp"
#include "games/core/rng.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"
#include "tests/support/playout.hpp"

using namespace taol::testing;

namespace {

constexpr int kTarget = 10;

bool playing(const Json& view) { return view.at("phase") == "draw" || view.at("phase") == "discard"; }

// The cards of an arrangement {bhargs, ace_bound, unbound}.
std::vector<std::string> cards_of(const Json& arrangement) {
    std::vector<std::string> out;
    for (const Json& group : arrangement.at("bhargs")) {
        for (const Json& c : group) out.push_back(c);
    }
    for (const char* key : {"ace_bound", "unbound"}) {
        for (const Json& c : arrangement.at(key)) out.push_back(c);
    }
    return out;
}

int value_of(const std::string& name) {
    const auto card = taol::games::bharg::find_card(name);
    REQUIRE(card);
    return taol::games::bharg::info(*card).value;
}

// A player who mostly sheds its most expensive unbound card, so that rounds are won; now and
// then a random card, and a draw from the discard pile a quarter of the time.
Json choose_action(const Json& own, taol::games::Rng& rng) {
    const Json& actions = own.at("actions");
    const Json& view = own.at("view");
    if (view.at("phase") == "discard" && rng.below(6) != 0) {
        const Json& unbound = view.at("hand").at("unbound");
        if (!unbound.empty()) {
            std::string worst = unbound.at(0);
            for (const Json& c : unbound) {
                if (value_of(c) > value_of(worst)) worst = c;
            }
            return Json{{"type", "discard"}, {"card", worst}};
        }
    }
    if (view.at("phase") == "draw") {
        for (const Json& entry : actions) {
            if (entry.value("from", "") == "discard" && rng.below(4) == 0) return entry;
        }
        return Json{{"type", "draw"}, {"from", "deck"}};
    }
    return fill_template(actions.at(rng.below(actions.size())), rng);
}

// Refused in the draw phase: the other seat, and malformed actions from the right one.
void check_refusals_in_draw(WsClient& player, WsClient& other, std::int64_t rev) {
    CHECK(is_error(act(other, {{"type", "draw"}, {"from", "deck"}}, rev), "not_your_turn"));
    CHECK(is_error(act(player, {{"type", "draw"}, {"from", "aces"}}, rev), "illegal_action"));
    CHECK(is_error(act(player, {{"type", "draw"}}, rev), "illegal_action"));
    CHECK(is_error(act(player, {{"type", "draw"}, {"from", "deck"}, {"cards", 2}}, rev), "illegal_action"));
    CHECK(is_error(act(player, {{"type", "continue"}}, rev), "illegal_action"));
    const Json not_an_object = player.request({{"type", "act"}, {"action", 42}});
    CHECK((is_error(not_an_object, "bad_request") || is_error(not_an_object, "illegal_action")));
}

// Refused in the discard phase: a card of the opponent's hand is refused exactly like a name
// that is no card at all, so the message tells nothing about where the card is.
void check_refusals_in_discard(WsClient& player, WsClient& other, const std::string& opponents_card, std::int64_t rev) {
    CHECK(is_error(act(other, {{"type", "discard"}, {"card", opponents_card}}, rev), "not_your_turn"));
    const Json theirs = act(player, {{"type", "discard"}, {"card", opponents_card}}, rev);
    const Json unknown = act(player, {{"type", "discard"}, {"card", "dragon"}}, rev);
    CHECK(is_error(theirs, "illegal_action"));
    CHECK(is_error(unknown, "illegal_action"));
    CHECK(theirs.at("message") == unknown.at("message"));
    CHECK(is_error(act(player, {{"type", "discard"}}, rev), "illegal_action"));
    CHECK(is_error(act(player, {{"type", "draw"}, {"from", "deck"}}, rev), "illegal_action"));
}

// A round just ended: everyone sees the same summary, and a won round added its points.
void check_round_summary(const std::vector<WsClient*>& everyone, std::int64_t rev, const Json& scores_before) {
    const Json result = everyone.back()->snapshot(rev).at("view").at("result");
    for (WsClient* c : everyone) CHECK(c->snapshot(rev).at("view").at("result") == result);
    CHECK(result.at("hands").size() == 2);
    const Json scores = everyone.back()->snapshot(rev).at("view").at("scores");
    if (result.at("reason") == "bharg") {
        const int winner = result.at("winner");
        CHECK(result.at("hands").at(winner).at("all_bound") == true);
        CHECK(result.at("points") == result.at("hands").at(1 - winner).at("unbound_value"));
        CHECK(scores.at(winner) == scores_before.at(winner).get<int>() + result.at("points").get<int>());
        CHECK(scores.at(1 - winner) == scores_before.at(1 - winner));
    } else {
        CHECK(result.at("winner").is_null());
        CHECK(scores == scores_before);
    }
}

// Each seat's hand by rev, from its own snapshots.
std::map<std::int64_t, std::vector<std::string>> hands_by_rev(const std::vector<Json>& frames) {
    std::map<std::int64_t, std::vector<std::string>> out;
    for (const Json& f : frames) {
        if (f.at("type") == "snapshot" && f.at("view").is_object() && f.at("view").contains("hand")) {
            out[f.at("rev").get<std::int64_t>()] = cards_of(f.at("view").at("hand"));
        }
    }
    return out;
}

// Cards a frame names publicly as taken into a hand (the draw from the discard pile).
std::set<std::string> taken_in_public(const Json& frame) {
    std::set<std::string> out;
    if (!frame.contains("log")) return out;
    for (const Json& entry : frame.at("log")) {
        if (entry.at("text_key") == "bharg.take_discard") out.insert(entry.at("params").at("card").get<std::string>());
    }
    return out;
}

// While a round is played, `viewer` (a seat, or -1 for the spectator) is sent no card of the
// other hands: no "hand" nor "drawn" but its own, no "bharg.drawn" entry but its own, and no card
// name of the other seat's hand anywhere in the text, unless that card was just taken in public.
void check_frames_hide_other_hands(const std::vector<Json>& frames, int viewer,
                                   const std::vector<std::map<std::int64_t, std::vector<std::string>>>& hands) {
    int checked = 0;
    for (const Json& frame : frames) {
        if (frame.at("type") != "snapshot" || !frame.at("view").is_object()) continue;
        const Json& view = frame.at("view");
        const std::string text = frame.dump();
        INFO("viewer " << viewer << " received " << text);
        for (const Json& entry : frame.value("log", Json::array())) {
            if (entry.at("text_key") == "bharg.drawn") CHECK(entry.at("params").at("seat") == viewer);
        }
        if (!playing(view)) continue;
        CHECK(view.contains("hand") == (viewer >= 0));
        CHECK(view.contains("drawn") == (viewer == view.at("turn") && view.at("phase") == "discard"));
        const std::int64_t rev = frame.at("rev");
        const auto taken = taken_in_public(frame);
        for (int seat = 0; seat < 2; ++seat) {
            if (seat == viewer) continue;
            const auto hand = hands[seat].find(rev);
            REQUIRE(hand != hands[seat].end());
            for (const std::string& card : hand->second) {
                if (taken.count(card)) continue;
                CHECK(text.find("\"" + card + "\"") == std::string::npos);
            }
        }
        ++checked;
    }
    CHECK(checked > 0);
}

}  // namespace

TEST_CASE("Two players and a spectator play a whole game of Bharg over WebSocket") {
    LiveServer live(machine_speed());
    LiveTable room(live.port(), "bharg", {{"target", kTarget}}, {"Anna", "Bleuenn"}, {"Soizic"});
    WsClient& a = room.player(0);
    WsClient& b = room.player(1);
    WsClient& s = room.spectator();
    const Json started = room.start();

    const std::vector<WsClient*> seats = room.players();
    std::int64_t rev = started.at("rev");
    room.check_same_rev(rev);
    CHECK(s.snapshot(rev).at("actions").empty());

    taol::games::Rng rng(4242);
    bool refused_in_draw = false;
    bool refused_in_discard = false;
    bool ready_twice = false;
    int won_rounds = 0;
    for (int steps = 0;; ++steps) {
        REQUIRE(steps < 5000);
        const Json table = s.snapshot(rev);
        if (table.at("status") == "finished") break;
        REQUIRE_FALSE(table.at("waiting_for").empty());
        const int seat = table.at("waiting_for").at(0);
        WsClient& player = *seats[seat];
        WsClient& other = *seats[1 - seat];
        const Json own = player.snapshot(rev);
        REQUIRE(own.at("seat") == seat);
        REQUIRE_FALSE(own.at("actions").empty());
        const std::string phase = own.at("view").at("phase");
        if (!refused_in_draw && phase == "draw") {
            refused_in_draw = true;
            check_refusals_in_draw(player, other, rev);
            CHECK(is_error(s.request({{"type", "act"}, {"action", {{"type", "draw"}, {"from", "deck"}}}}), "not_a_player"));
            room.check_same_rev(rev);
        }
        if (!refused_in_discard && phase == "discard") {
            refused_in_discard = true;
            const auto their_hand = cards_of(other.snapshot(rev).at("view").at("hand"));
            check_refusals_in_discard(player, other, their_hand.at(0), rev);
            room.check_same_rev(rev);
        }
        const Json scores_before = table.at("view").at("scores");
        const Json action = choose_action(own, rng);
        const Json answer = act(player, action, rev);
        INFO("seat " << seat << " sent " << action.dump() << " and received " << answer.dump());
        REQUIRE(answer.at("type") == "snapshot");
        // One change per action: the refused ones above changed nothing.
        REQUIRE(answer.at("rev") == rev + 1);
        rev = answer.at("rev");
        room.check_same_rev(rev);
        const Json& after = answer.at("view");
        if (!ready_twice && phase == "round_over" && after.at("phase") == "round_over") {
            ready_twice = true;  // a summary is closed once (when the game has a second round)
            CHECK(is_error(act(player, {{"type", "continue"}}, rev), "illegal_action"));
            CHECK(is_error(act(other, {{"type", "discard"}, {"card", "sea"}}, rev), "illegal_action"));
        }
        // A round ends on a discard (won, or the turn limit) or on a draw (the deck ran out).
        if (playing(own.at("view")) && !playing(after)) {
            check_round_summary(room.everyone(), rev, scores_before);
            if (after.at("result").at("reason") == "bharg") ++won_rounds;
        }
    }
    CHECK(refused_in_draw);
    CHECK(refused_in_discard);
    CHECK(won_rounds > 0);

    // The end: the target reached by the single winner, the same scores everywhere.
    const Json last = s.snapshot(rev);
    const Json scores = last.at("outcome").at("scores");
    CHECK(scores == last.at("view").at("scores"));
    CHECK(last.at("outcome").at("winners").size() == 1);
    const int winner = last.at("outcome").at("winners").at(0);
    CHECK(scores.at(winner).get<int>() >= kTarget);
    for (WsClient* p : seats) {
        const Json mine = p->snapshot(rev);
        CHECK(mine.at("status") == "finished");
        CHECK(mine.at("outcome").at("scores") == scores);
        CHECK(mine.at("view").at("result") == last.at("view").at("result"));
    }

    const std::vector<std::map<std::int64_t, std::vector<std::string>>> hands{hands_by_rev(a.received()), hands_by_rev(b.received())};
    check_frames_hide_other_hands(a.received(), 0, hands);
    check_frames_hide_other_hands(b.received(), 1, hands);
    check_frames_hide_other_hands(s.received(), -1, hands);
}
