// End to end over a real loopback WebSocket: three players and a spectator play a whole round of
// Gang de castors (a one-round game) by choosing from their snapshots' action lists, with wrong
// and malformed actions along the way. Afterwards every frame each client received is searched
// for a face-down card's value it may not see. A second game checks how the peek ends.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "games/core/rng.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"
#include "tests/support/playout.hpp"

using namespace taol::testing;

namespace {

constexpr int kPlayers = 3;
constexpr int kCards = 4;

bool is_finished_snapshot(const Json& frame) {
    return frame.at("type") == "snapshot" && frame.at("view").is_object() && frame.at("view").at("phase") == "finished";
}

// How a card with a visible face is serialized: keys in order, {"face":F,"id":"I"}.
std::string card_fragment(const Json& card) {
    return "\"face\":" + card.at("face").dump() + ",\"id\":\"" + card.at("id").get<std::string>() + "\"";
}

std::size_t occurrences(const std::string& text, const std::string& what) {
    std::size_t n = 0;
    for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
    return n;
}

// From the rules: the row card (seat, position) may show its face to `viewer` (a seat, or -1 for
// a spectator) only during its owner's open peek of its end cards, or while its owner looks at it
// with Regarder.
bool may_see(const Json& view, int viewer, int seat, int position) {
    if (viewer != seat) return false;
    const std::string phase = view.at("phase");
    const bool end_card = position == 0 || position == view.at("cards").get<int>() - 1;
    if (phase == "peek") return end_card && view.at("seen").at(seat) == false;
    if (phase == "looked") {
        const Json& looked = view.at("looked");
        return view.at("current") == seat && looked.at("seat") == seat && looked.at("position") == position;
    }
    return false;
}

// A frame before the end shows a face only where `viewer` may see it, and nowhere else in its
// whole text (log, errors, any field). Returns the cards it shows, as serialized fragments.
std::vector<std::string> check_faces_of_frame(const Json& frame, int viewer) {
    const std::string text = frame.dump();
    INFO("viewer " << viewer << " received " << text);
    std::vector<std::string> shown;
    if (frame.at("type") == "snapshot" && frame.at("view").is_object()) {
        const Json& view = frame.at("view");
        const Json& rows = view.at("rows");
        for (int seat = 0; seat < static_cast<int>(rows.size()); ++seat) {
            for (int p = 0; p < static_cast<int>(rows.at(seat).size()); ++p) {
                const Json& card = rows.at(seat).at(p);
                if (!card.contains("face")) continue;
                CHECK(may_see(view, viewer, seat, p));
                shown.push_back(card_fragment(card));
            }
        }
        const Json& drawn = view.at("drawn");
        if (drawn.is_object() && drawn.contains("face")) {
            CHECK(view.at("current") == viewer);
            shown.push_back(card_fragment(drawn));
        }
    }
    CHECK(occurrences(text, "\"face\"") == shown.size());
    return shown;
}

// Every face-down value one seat was shown (its peek, its Regarder, its drawn card) must never
// reach another seat or the spectator before the game's end reveals all rows.
void check_no_face_down_value_leaks(const std::vector<WsClient*>& seats, WsClient& spectator) {
    std::vector<std::vector<Json>> frames;  // by viewer: seats, then the spectator
    for (WsClient* seat : seats) frames.push_back(seat->received());
    frames.push_back(spectator.received());
    std::map<std::string, int> seen_by;  // fragment -> the seat it was shown to
    for (int viewer = 0; viewer < static_cast<int>(frames.size()); ++viewer) {
        const int as = viewer < kPlayers ? viewer : -1;
        for (const Json& frame : frames[viewer]) {
            if (is_finished_snapshot(frame)) continue;
            for (const std::string& fragment : check_faces_of_frame(frame, as)) seen_by[fragment] = viewer;
        }
    }
    CHECK_FALSE(seen_by.empty());  // the peek at least showed each seat two cards
    for (int viewer = 0; viewer < static_cast<int>(frames.size()); ++viewer) {
        for (const Json& frame : frames[viewer]) {
            if (is_finished_snapshot(frame)) continue;
            const std::string text = frame.dump();
            for (const auto& [fragment, owner] : seen_by) {
                if (owner == viewer) continue;
                INFO("viewer " << viewer << " received a card shown to seat " << owner << ": " << fragment);
                CHECK(text.find(fragment) == std::string::npos);
            }
        }
    }
}

// Each seat's own two end cards, and only those, show their faces at the first snapshot.
void check_peek_shows_own_end_cards(const Json& snap, int seat) {
    const Json& rows = snap.at("view").at("rows");
    for (int s = 0; s < kPlayers; ++s) {
        for (int p = 0; p < kCards; ++p) {
            const bool own_end = s == seat && (p == 0 || p == kCards - 1);
            CHECK(rows.at(s).at(p).contains("face") == own_end);
        }
    }
}

// Refused actions: from a seat whose turn it is not, and malformed ones from the right seat.
void check_refusals(WsClient& player, WsClient& other, std::int64_t rev) {
    CHECK(is_error(act(other, {{"type", "draw"}}, rev), "not_your_turn"));
    CHECK(is_error(act(player, {{"type", "swap"}, {"position", 0}}, rev), "illegal_action"));
    CHECK(is_error(act(player, {{"type", "draw"}, {"position", 9}}, rev), "illegal_action"));
    CHECK(is_error(act(player, {{"type", "take_discard"}, {"position", 7}}, rev), "illegal_action"));
    CHECK(is_error(act(player, {{"type", "fly"}}, rev), "illegal_action"));
    const Json no_action = player.request({{"type", "act"}, {"action", "draw"}});
    CHECK((is_error(no_action, "bad_request") || is_error(no_action, "illegal_action")));
}

// A random listed action. Once knocking is allowed every turn-ending entry is listed twice, plain
// and knocking, so a knock comes soon and the round ends.
Json choose_action(const Json& actions, taol::games::Rng& rng) {
    return fill_template(actions.at(rng.below(actions.size())), rng);
}

}  // namespace

TEST_CASE("Three players and a spectator play a round of Gang de castors over WebSocket") {
    LiveServer live(machine_speed());
    LiveTable room(live.port(), "castors", {{"rounds", 1}}, {"Anna", "Bleuenn", "Corentin"}, {"Soizic"});
    WsClient& b = room.player(1);
    WsClient& s = room.spectator();
    const Json started = room.start();
    REQUIRE(started.at("view").at("phase") == "peek");

    const std::vector<WsClient*> seats = room.players();
    std::int64_t rev = started.at("rev");
    room.check_same_rev(rev);
    for (int seat = 0; seat < kPlayers; ++seat) check_peek_shows_own_end_cards(seats[seat]->snapshot(rev), seat);
    CHECK(s.snapshot(rev).at("actions").empty());

    taol::games::Rng rng(1977);
    bool refused = false;
    bool knocked = false;
    for (int steps = 0;; ++steps) {
        REQUIRE(steps < 600);
        const Json table = s.snapshot(rev);
        if (table.at("status") == "finished") break;
        const Json& view = table.at("view");
        if (!view.at("knocker").is_null()) knocked = true;
        REQUIRE_FALSE(table.at("waiting_for").empty());
        const int seat = table.at("waiting_for").at(0);
        WsClient& player = *seats[seat];
        const Json own = player.snapshot(rev);
        REQUIRE(own.at("seat") == seat);
        REQUIRE_FALSE(own.at("actions").empty());
        CHECK(table.at("actions").empty());
        if (view.at("phase") != "peek") {  // only the seat whose turn it is may act
            for (int other = 0; other < kPlayers; ++other) {
                if (other != seat) CHECK(seats[other]->snapshot(rev).at("actions").empty());
            }
        }
        bool knock_listed = false;
        for (const Json& entry : own.at("actions")) knock_listed = knock_listed || entry.value("knock", false);
        // can_knock is about the whole turn: a draw or a look is listed without a knocking twin.
        if (knock_listed) CHECK(view.at("can_knock") == true);
        if (view.at("turns").get<int>() < kPlayers - 1) CHECK_FALSE(knock_listed);  // not before the first lap's last turn
        if (view.at("phase") == "peek" && seat == 0) {  // a turn action during the peek waits
            CHECK(is_error(act(b, {{"type", "draw"}}, rev), "not_your_turn"));
        }
        if (!refused && view.at("phase") == "turn" && view.at("turns") == 2) {
            refused = true;
            check_refusals(player, *seats[(seat + 1) % kPlayers], rev);
            CHECK(is_error(s.request({{"type", "act"}, {"action", {{"type", "draw"}}}}), "not_a_player"));
            room.check_same_rev(rev);
        }
        const Json action = choose_action(own.at("actions"), rng);
        const Json answer = act(player, action, rev);
        INFO("seat " << seat << " sent " << action.dump() << " and received " << answer.dump());
        REQUIRE(answer.at("type") == "snapshot");
        // One change per action: the refused ones above changed nothing.
        REQUIRE(answer.at("rev") == rev + 1);
        rev = answer.at("rev");
        room.check_same_rev(rev);
    }
    CHECK(refused);
    CHECK(knocked);

    // The end: every row turned up, the reveal and the same scores on every page.
    const Json last = s.snapshot(rev);
    const Json& view = last.at("view");
    CHECK(view.at("phase") == "finished");
    CHECK(view.at("last_round").at("round") == 1);
    CHECK(view.at("last_round").at("points").size() == kPlayers);
    for (const Json& row : view.at("rows")) {
        for (const Json& card : row) CHECK(card.contains("face"));
    }
    const Json scores = last.at("outcome").at("scores");
    CHECK(scores == view.at("totals"));
    CHECK(scores == view.at("last_round").at("points"));
    for (WsClient* p : seats) {
        const Json mine = p->snapshot(rev);
        CHECK(mine.at("status") == "finished");
        CHECK(mine.at("outcome").at("scores") == scores);
        CHECK(mine.at("view").at("rows") == view.at("rows"));
    }
    check_no_face_down_value_leaks(seats, s);
}

namespace {

// The ids of a seat's row, position 0 first.
std::vector<std::string> row_ids(const Json& snap, int seat) {
    std::vector<std::string> ids;
    for (const Json& card : snap.at("view").at("rows").at(seat)) ids.push_back(card.at("id"));
    return ids;
}

}  // namespace

TEST_CASE("Gang de castors over WebSocket: the peek ends when seen or at its deadline, and the end cards get new ids") {
    LiveServer live(machine_speed());
    LiveTable room(live.port(), "castors", {{"rounds", 1}}, {"Anna", "Bleuenn"}, {"Soizic"});
    WsClient& a = room.player(0);
    WsClient& b = room.player(1);
    WsClient& s = room.spectator();
    const Json started = room.start();
    REQUIRE(started.at("view").at("phase") == "peek");
    const std::int64_t rev = started.at("rev");
    // One peek deadline per seat still looking, at the same time.
    const Json& deadlines = started.at("deadlines");
    REQUIRE(deadlines.size() == 2);
    for (int seat = 0; seat < 2; ++seat) {
        CHECK(deadlines.at(seat).at("kind") == "peek");
        CHECK(deadlines.at(seat).at("seat") == seat);
        CHECK(deadlines.at(seat).at("at") == deadlines.at(0).at("at"));
    }
    const auto a_ids = row_ids(started, 0);
    const auto b_ids = row_ids(b.snapshot(rev), 1);

    // Anna has seen: her end cards turn face down for her, with new ids; Bleuenn still peeks.
    const Json seen = act(a, {{"type", "seen"}}, rev);
    REQUIRE(seen.at("rev") == rev + 1);
    CHECK(seen.at("view").at("phase") == "peek");
    for (const Json& card : seen.at("view").at("rows").at(0)) CHECK_FALSE(card.contains("face"));
    const auto a_after = row_ids(seen, 0);
    CHECK(a_after.front() != a_ids.front());
    CHECK(a_after.back() != a_ids.back());
    CHECK(b.snapshot(rev + 1).at("view").at("rows").at(1).at(0).contains("face"));
    CHECK(seen.at("deadlines") == Json::array({deadlines.at(1)}));
    CHECK(is_error(a.request({{"type", "act"}, {"action", {{"type", "seen"}}}}), "illegal_action"));

    // Bleuenn never says it: the deadline ends the peek (the server's clock, within seconds).
    const Json turn = s.wait_for([](const Json& m) {
        return m.at("type") == "snapshot" && m.at("view").at("phase") == "turn";
    });
    CHECK(turn.at("rev") == rev + 2);
    CHECK(turn.at("deadlines").empty());
    bool logged = false;
    for (const Json& entry : turn.at("log")) {
        if (entry.at("text_key") == "castors.peek_end") logged = entry.at("params").at("timeout") == true;
    }
    CHECK(logged);
    const Json b_turn = b.snapshot(rev + 2);
    for (const Json& card : b_turn.at("view").at("rows").at(1)) CHECK_FALSE(card.contains("face"));
    const auto b_after = row_ids(b_turn, 1);
    CHECK(b_after.front() != b_ids.front());
    CHECK(b_after.back() != b_ids.back());
    CHECK(row_ids(b_turn, 0) == a_after);  // Anna's cards were not shown again: same ids
    check_faces_of_frame(s.snapshot(rev + 2), -1);
}
