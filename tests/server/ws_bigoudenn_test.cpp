// Ar Seizh Bigoudenn over a real loopback WebSocket: four players reach for the same utensil at
// once, a hundred times, and the room's order names one winner each time; then TEUT! is refused
// once its 10-second window has closed, and accepted (starting the auction) inside it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "games/core/rng.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"
#include "tests/support/playout.hpp"

using namespace taol::testing;

namespace {

constexpr int kPlayers = 5;  // so that four non-active players race for each utensil
constexpr int kRaces = 100;
// Each racer sends a grab per race and the winner a drop: at two messages per 110 ms every client
// stays under the server's 20 messages a second.
constexpr std::chrono::milliseconds kRacePace{110};

using Clients = std::vector<WsClient*>;

// The first listed action of `type`, or null.
Json listed(const Json& snapshot, const std::string& type) {
    for (const Json& a : snapshot.at("actions")) {
        if (a.at("type") == type) return a;
    }
    return nullptr;
}

std::set<int> seats_except(int active) {
    std::set<int> out;
    for (int s = 0; s < kPlayers; ++s) {
        if (s != active) out.insert(s);
    }
    return out;
}

// The listed grab of `utensil`, into a free hand when there is one (nothing else moves then).
Json grab_of(const Json& own, const std::string& utensil) {
    const Json& hands = own.at("view").at("players").at(own.at("seat").get<int>()).at("hands");
    Json any = nullptr;
    for (const Json& a : own.at("actions")) {
        if (a.at("type") != "grab" || a.at("utensil") != utensil) continue;
        if (hands.at(a.at("hand").get<std::string>()).is_null()) return a;
        if (any.is_null()) any = a;
    }
    return any;
}

// Sends a listed action and insists it is accepted; returns the new rev.
std::int64_t play(WsClient& client, const Json& action, std::int64_t rev) {
    INFO("playing " << action.dump());
    const Json answer = act(client, action, rev);
    REQUIRE(answer.at("type") == "snapshot");
    return answer.at("rev");
}

// Every client has seen the snapshot of `rev` (or a later one).
void catch_up(const Clients& seats, std::int64_t rev) {
    for (WsClient* c : seats) c->snapshot(rev);
}

// The active player takes an ingredient and ends its turn, so that it can later call TEUT! (a
// caller needs an ingredient). One who can take nothing with the utensils the deal gave it ends
// its turn, and the next one tries. Returns that caller's seat and the rev after its turn ended.
std::pair<int, std::int64_t> first_turn_takes_a_card(const Clients& seats, int active, std::int64_t rev) {
    taol::games::Rng rng(7);
    for (int turn = 0; turn < kPlayers; ++turn) {
        const Json own = seats[active]->snapshot(rev);
        const Json take = listed(own, "take");
        INFO("seat " << active << " at rev " << rev << " sees " << own.dump());
        if (!take.is_null()) rev = play(*seats[active], fill_template(take, rng), own.at("rev"));
        rev = play(*seats[active], {{"type", "end_turn"}}, take.is_null() ? own.at("rev").get<std::int64_t>() : rev);
        catch_up(seats, rev);
        if (!take.is_null()) return {active, rev};
        active = seats[0]->snapshot(rev).at("view").at("active");
    }
    FAIL("no player could take an ingredient with the utensils it was dealt");
    return {active, rev};
}

// A utensil lies in the middle: if none does, a non-active player drops one.
std::int64_t free_a_utensil(const Clients& seats, const std::set<int>& racers, std::int64_t rev) {
    if (!seats[0]->snapshot(rev).at("view").at("utensils").empty()) return rev;
    for (int s : racers) {
        const Json own = seats[s]->snapshot(rev);
        const Json drop = listed(own, "drop");
        if (drop.is_null()) continue;
        rev = play(*seats[s], drop, own.at("rev"));
        catch_up(seats, rev);
        return rev;
    }
    FAIL("no non-active player holds a utensil to drop");
    return rev;
}

struct Race {
    int winner = -1;
    Json winning_grab;
    std::int64_t rev = 0;  // after the winning grab
};

// Every racer sends its grab of the middle's first utensil, the frames built beforehand and sent
// back to back; exactly one is accepted and the others are too_late naming it.
Race race_once(const Clients& seats, const std::set<int>& racers, std::int64_t rev, std::int64_t& next_id) {
    const std::string utensil = seats[*racers.begin()]->snapshot(rev).at("view").at("utensils").at(0);
    std::map<int, Json> frames;
    std::map<int, Json> grabs;
    for (int s : racers) {
        const Json own = seats[s]->snapshot(rev);
        grabs[s] = grab_of(own, utensil);
        REQUIRE_FALSE(grabs[s].is_null());
        frames[s] = {{"type", "act"}, {"id", ++next_id}, {"action", grabs[s]}, {"rev", own.at("rev")}};
    }
    std::map<int, std::size_t> marks;
    for (int s : racers) marks[s] = seats[s]->count();
    for (int s : racers) seats[s]->send(frames[s]);

    std::map<int, Json> answers;
    for (int s : racers) {
        const Json id = frames[s].at("id");
        answers[s] = seats[s]->wait_for([&](const Json& m) { return m.value("id", Json()) == id; }, marks[s]);
    }
    Race race;
    for (const auto& [s, answer] : answers) {
        if (answer.at("type") != "snapshot") continue;
        INFO("seats " << race.winner << " and " << s << " both won the " << utensil);
        REQUIRE(race.winner == -1);
        race.winner = s;
        race.winning_grab = grabs[s];
        race.rev = answer.at("rev");
    }
    REQUIRE(race.winner != -1);
    for (const auto& [s, answer] : answers) {
        if (s == race.winner) continue;
        INFO("seat " << s << " lost the " << utensil << " to seat " << race.winner << ": " << answer.dump());
        REQUIRE(is_error(answer, "too_late"));
        CHECK(answer.at("winner") == race.winner);
        CHECK(answer.at("margin_ms").get<std::int64_t>() >= 0);
    }
    const Json seen = seats[race.winner]->snapshot(race.rev).at("view");
    CHECK(seen.at("players").at(race.winner).at("hands").at(race.winning_grab.at("hand").get<std::string>()) == utensil);
    REQUIRE(seen.at("windows").size() == 1);  // the grab opened a TEUT! window on its holder
    const Json& window = seen.at("windows").at(0);
    CHECK(window.at("utensil") == utensil);
    CHECK(window.at("holder") == race.winner);
    return race;
}

// The winner lets the utensil go again, which closes its TEUT! window.
std::int64_t put_back(const Clients& seats, const Race& race) {
    const Json drop = {{"type", "drop"}, {"hand", race.winning_grab.at("hand")}};
    const std::int64_t rev = play(*seats[race.winner], drop, race.rev);
    catch_up(seats, rev);
    const Json view = seats[race.winner]->snapshot(rev).at("view");
    CHECK(view.at("windows").empty());
    return rev;
}

Json view_at(WsClient& client, std::int64_t rev) { return client.snapshot(rev).at("view"); }

}  // namespace

TEST_CASE("Bigoudenn over WebSocket: simultaneous grabs have one winner, TEUT! keeps to its 10 seconds") {
    LiveServer live;
    LiveTable room(live.port(), "bigoudenn", nullptr, {"Rozenn", "Soazig", "Tyfenn", "Katell", "Maiwenn"}, {"Nolwenn"});
    const Clients seats = room.players();
    WsClient& watcher = room.spectator();
    const Json started = room.start();
    std::int64_t rev = started.at("rev");
    catch_up(seats, rev);

    // The first player takes a card (to be able to call TEUT! later); the next one plays on.
    const std::pair<int, std::int64_t> first = first_turn_takes_a_card(seats, started.at("view").at("active"), rev);
    const int caller = first.first;
    rev = first.second;
    const int active = view_at(*seats[0], rev).at("active");
    REQUIRE(active == (caller + 1) % kPlayers);
    const std::set<int> racers = seats_except(active);
    REQUIRE(racers.size() == 4);

    SECTION("a hundred times, four grabs of one utensil at once: one winner, three too_late naming it") {
        std::int64_t next_id = 1'000'000;
        for (int i = 0; i < kRaces; ++i) {
            INFO("race " << i);
            const auto paced_until = std::chrono::steady_clock::now() + kRacePace;
            rev = free_a_utensil(seats, racers, rev);
            const Race race = race_once(seats, racers, rev, next_id);
            rev = put_back(seats, race);
            std::this_thread::sleep_until(paced_until);
        }
        // Nothing of the turn moved while the others raced.
        const Json view = view_at(watcher, rev);
        CHECK(view.at("active") == active);
        CHECK(view.at("teut").is_null());
    }

    SECTION("TEUT! after the 10-second window is refused and changes nothing; inside it, the auction starts") {
        // A racer other than the caller grabs a utensil: the caller's TEUT! is listed at once.
        const int holder = *std::find_if(racers.begin(), racers.end(), [&](int s) { return s != caller; });
        rev = free_a_utensil(seats, racers, rev);
        const std::string late_utensil = view_at(*seats[holder], rev).at("utensils").at(0);
        const std::int64_t grabbed = play(*seats[holder], grab_of(seats[holder]->snapshot(rev), late_utensil), rev);
        const Json before = seats[caller]->snapshot(grabbed);
        const Json late_teut = {{"type", "teut"}, {"utensil", late_utensil}};
        REQUIRE(listed(before, "teut") == late_teut);

        // The server closes the window at +10 s by itself (a deadline, its own rev).
        const Json closed = seats[caller]->snapshot(before.at("rev").get<std::int64_t>() + 1);
        CHECK(closed.at("view").at("windows").empty());
        CHECK(closed.at("deadlines").empty());
        CHECK(listed(closed, "teut").is_null());
        const std::int64_t closed_rev = closed.at("rev");
        catch_up(seats, closed_rev);

        // Sent from the snapshot that listed it: lost to the deadline.
        {
            const Json late = seats[caller]->request({{"type", "act"}, {"action", late_teut}, {"rev", before.at("rev")}});
            INFO(late.dump());
            CHECK(is_error(late, "too_late"));
            CHECK(late.at("winner").is_null());
            CHECK(late.at("margin_ms").get<std::int64_t>() >= 0);
        }
        // Sent from the latest snapshot, it is simply not allowed.
        CHECK(is_error(seats[caller]->request({{"type", "act"}, {"action", late_teut}, {"rev", closed_rev}}), "illegal_action"));
        // A chat goes through the room after them: by then no snapshot has moved.
        REQUIRE(seats[caller]->request({{"type", "chat"}, {"text", "teut!"}}).at("type") == "chat");
        for (WsClient* c : seats) CHECK(c->snapshot().at("rev") == closed_rev);
        CHECK(watcher.snapshot().at("rev") == closed_rev);
        const Json unchanged = view_at(*seats[caller], closed_rev);
        CHECK(unchanged.at("teut").is_null());
        CHECK(unchanged.at("players").at(caller).at("called_teut") == false);
        CHECK(unchanged.at("players").at(holder).at("hands").dump().find(late_utensil) != std::string::npos);

        // A fresh grab, a TEUT! inside its window: accepted, the auction starts.
        rev = free_a_utensil(seats, racers, closed_rev);
        const std::string contested = view_at(*seats[holder], rev).at("utensils").at(0);
        const std::int64_t regrabbed = play(*seats[holder], grab_of(seats[holder]->snapshot(rev), contested), rev);
        const Json in_time = seats[caller]->snapshot(regrabbed);
        const Json teut = {{"type", "teut"}, {"utensil", contested}};
        REQUIRE(listed(in_time, "teut") == teut);
        rev = play(*seats[caller], teut, in_time.at("rev"));

        const Json auction = view_at(watcher, rev);
        const Json& x = auction.at("teut");
        REQUIRE(x.is_object());
        CHECK(x.at("step") == "bidding");
        CHECK(x.at("utensil") == contested);
        CHECK(x.at("caller") == caller);
        CHECK(x.at("holder") == holder);
        CHECK(x.at("forced") == true);  // the holder has no ingredient: the caller must bid
        CHECK(auction.at("turn").at("paused") == true);
        CHECK(auction.at("players").at(caller).at("called_teut") == true);
        CHECK(auction.at("players").at(caller).at("surface").is_null());  // "in hand", face down
        CHECK(auction.at("players").at(caller).at("surface_count") == 1);
        const Json own = seats[caller]->snapshot(rev);
        CHECK_FALSE(listed(own, "bid").is_null());
        CHECK(listed(own, "pass").is_null());
        CHECK(seats[active]->snapshot(rev).at("actions").empty());  // the active turn is paused
        const Json kinds = watcher.snapshot(rev).at("deadlines");
        CHECK(std::any_of(kinds.begin(), kinds.end(), [](const Json& d) { return d.at("kind") == "teut_bid"; }));

        // The caller bids its only card and wins the utensil.
        taol::games::Rng rng(11);
        rev = play(*seats[caller], fill_template(listed(own, "bid"), rng), rev);
        for (int step = 0; step < 10; ++step) {  // award / passoire steps, answered at once
            const Json table = watcher.snapshot(rev);
            if (table.at("view").at("teut").is_null()) break;
            REQUIRE(table.at("waiting_for").size() == 1);
            const int seat = table.at("waiting_for").at(0);
            const Json mine = seats[seat]->snapshot(rev);
            const Json answer = listed(mine, "make_room").is_null() ? listed(mine, "pass") : listed(mine, "make_room");
            REQUIRE_FALSE(answer.is_null());
            rev = play(*seats[seat], answer, mine.at("rev"));
        }
        const Json after = view_at(watcher, rev);
        CHECK(after.at("teut").is_null());
        CHECK(after.at("turn").at("paused") == false);
        CHECK(after.at("players").at(caller).at("hands").dump().find(contested) != std::string::npos);
        CHECK_FALSE(seats[active]->snapshot(rev).at("actions").empty());  // the turn resumes
    }
}
