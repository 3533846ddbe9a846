// The room's one order: stamps, deadlines, races (too_late), the turn and absent clocks,
// suspension, and replaying the journal.
#include <catch2/catch.hpp>

#include <algorithm>

#include "games/registry.hpp"
#include "tests/server/room_fixture.hpp"

using namespace taol::testing;
using taol::server::RoomEvent;
using taol::server::RoomStatus;
namespace event = taol::server::event;

namespace {

// The room-level defaults journaled, as (seat, kind, room time).
std::vector<std::tuple<int, std::string, TimeMs>> defaults_played(const std::vector<RoomEvent>& journal) {
    std::vector<std::tuple<int, std::string, TimeMs>> out;
    for (const RoomEvent& e : journal) {
        if (auto* d = std::get_if<event::Defaulted>(&e.body)) out.emplace_back(d->seat, d->kind, e.at);
    }
    return out;
}

Json find_deadline(const Json& snapshot, const std::string& kind) {
    for (const Json& d : snapshot.at("deadlines")) {
        if (d.at("kind") == kind) return d;
    }
    return nullptr;
}

}  // namespace

TEST_CASE("A deadline is applied before a message stamped at or after it, not before") {
    SECTION("stamped 1 ms before the deadline: the action wins") {
        Table t;
        t.seat_and_start(2, at(0));
        CHECK(find_deadline(t.peer("b")->last("snapshot"), "window") ==
              Json{{"kind", "window"}, {"at", at(10'000)}, {"seat", nullptr}});
        t.act("b", grab(), at(9'999), 1);
        CHECK(t.peer("b")->frames.back().at("type") == "snapshot");
        CHECK(t.room().state()->view(std::nullopt).at("holder") == 1);
    }
    SECTION("stamped at the deadline: the deadline came first, though no timer fired") {
        Table t;
        t.seat_and_start(2, at(0));
        t.act("b", grab(), at(10'000), 1);
        const Json error = t.peer("b")->frames.back();
        CHECK(error.at("code") == "too_late");
        CHECK(error.at("winner").is_null());
        CHECK(error.at("margin_ms") == 0);
        CHECK(error.at("id") == t.last_id());
        // The closing of the window reached the loser before its error.
        const auto& frames = t.peer("b")->frames;
        CHECK(frames.at(frames.size() - 2).at("type") == "snapshot");
        CHECK(frames.at(frames.size() - 2).at("log").at(0).at("text_key") == "fake.window_closed");
    }
    SECTION("without rev, the last rev sent to the connection is the reference") {
        Table t;
        t.seat_and_start(2, at(0));
        t.act("b", grab(), at(10'250));
        CHECK(t.peer("b")->last_error() == "too_late");
        CHECK(t.peer("b")->frames.back().at("margin_ms") == 250);
    }
}

TEST_CASE("Competing actions: the first stamp wins and the loser hears who and by how much") {
    Table t;
    t.join("a", at(0));
    t.join("b", at(0));
    t.join("c", at(0));
    t.room().start(t.caller("a"), nullptr, when(0));
    t.act("a", grab(), at(1'000), 1);
    t.act("c", grab(), at(1'030), 1);
    Json error = t.peer("c")->frames.back();
    CHECK(error.at("code") == "too_late");
    CHECK(error.at("winner") == 0);
    CHECK(error.at("margin_ms") == 30);

    // An action that was never listed at its rev is plainly refused, not a lost race.
    t.act("b", bet(1), at(1'040), 1);
    CHECK(t.peer("b")->last_error() == "not_your_turn");
    // b has seen rev 2 (the prize is gone): grabbing now is its own mistake.
    t.act("b", grab(), at(1'050));
    CHECK(t.peer("b")->last_error() == "illegal_action");
    // A rev nobody remembers cannot make a race.
    t.act("b", grab(), at(1'060), 999);
    CHECK(t.peer("b")->last_error() == "illegal_action");
}

TEST_CASE("Equal stamps keep arrival order, with a margin of 0") {
    Table t;
    t.seat_and_start(2, at(0));
    t.act("b", grab(), at(500), 1);
    t.act("a", grab(), at(500), 1);
    const Json error = t.peer("a")->frames.back();
    CHECK(error.at("code") == "too_late");
    CHECK(error.at("winner") == 1);
    CHECK(error.at("margin_ms") == 0);
}

TEST_CASE("The turn clock plays the default of a seat that takes too long") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turns", 2}, {"turn_seconds", 5}});
    CHECK(find_deadline(t.peer("a")->last("snapshot"), "turn") ==
          Json{{"kind", "turn"}, {"at", at(5'000)}, {"seat", 0}});
    CHECK(t.room().next_tick(when(100)) == at(5'000));
    const auto rev = t.room().rev();
    t.room().tick(when(4'999));
    CHECK(t.room().rev() == rev);
    t.room().tick(when(5'000));
    CHECK(t.room().rev() == rev + 1);
    CHECK(defaults_played(t.journal()) == std::vector<std::tuple<int, std::string, TimeMs>>{{0, "turn", at(5'000)}});
    const Json snap = t.peer("a")->last("snapshot");
    CHECK(snap.at("log").at(0).at("text_key") == "fake.pass");
    CHECK(find_deadline(snap, "turn").at("at") == at(10'000));  // b waits from then

    // A message stamped after b's deadline finds b's default already played.
    t.act("b", bet(3), at(10'001), t.room().rev());
    const Json error = t.peer("b")->frames.back();
    CHECK(error.at("code") == "too_late");
    CHECK(error.at("winner").is_null());
    CHECK(error.at("margin_ms") == 1);
}

TEST_CASE("An absent player's defaults are played after absent_seconds, until it comes back") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turns", 3}, {"absent_seconds", 10}});
    t.room().disconnect("b", t.peer("b").get(), when(1'000));
    t.act("a", bet(1), at(2'000));
    CHECK(find_deadline(t.peer("a")->frames.back(), "absent") ==
          Json{{"kind", "absent"}, {"at", at(11'000)}, {"seat", 1}});
    CHECK(t.room().next_tick(when(2'000)) == at(11'000));
    t.room().tick(when(10'999));
    CHECK(defaults_played(t.journal()).empty());
    t.room().tick(when(11'000));
    CHECK(defaults_played(t.journal()) == std::vector<std::tuple<int, std::string, TimeMs>>{{1, "absent", at(11'000)}});
    // Now away: whenever the game waits for b, its default is played at once.
    t.act("a", bet(2), at(12'000));
    CHECK(defaults_played(t.journal()).size() == 2);
    CHECK(std::get<2>(defaults_played(t.journal()).back()) == at(12'000));
    CHECK(t.peer("a")->frames.back().at("waiting_for") == Json::array({0}));  // one snapshot, settled

    auto back = t.new_peer("b");
    t.room().reconnect(t.connection("b", back), when(13'000));
    t.act("a", pass(), at(14'000));
    CHECK(defaults_played(t.journal()).size() == 2);
    CHECK(t.peer("a")->frames.back().at("waiting_for") == Json::array({1}));
    CHECK(find_deadline(t.peer("a")->frames.back(), "absent").is_null());
    t.act("b", bet(3), at(15'000));
    CHECK(t.room().status() == RoomStatus::finished);
    CHECK(t.room().state()->outcome().at("scores") == Json::array({3, 3}));
}

TEST_CASE("A player who leaves a running game is played for as absent") {
    Table t;
    t.seat_and_start(3, at(0), Json{{"window_seconds", 0}, {"turns", 1}, {"absent_seconds", 10}});
    t.room().leave(t.caller("b"), when(0));
    t.act("a", pass(), at(1'000));
    CHECK(t.room().next_tick(when(1'000)) == at(10'000));
    t.room().tick(when(10'000));
    CHECK(defaults_played(t.journal()).size() == 1);
    CHECK(t.room().state()->waiting_for() == std::vector<int>{2});
}

TEST_CASE("With no seated player connected the room is suspended, and deadlines resume with their time left") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"absent_seconds", 10}});
    t.join("s", at(0), true);
    t.room().disconnect("a", t.peer("a").get(), when(3'000));
    CHECK_FALSE(t.room().suspended());
    t.room().disconnect("b", t.peer("b").get(), when(4'000));
    CHECK(t.room().suspended());  // the spectator does not count
    CHECK(t.room().next_tick(when(5'000)) == std::nullopt);
    const auto rev = t.room().rev();
    t.room().tick(when(50'000));
    t.room().tick(when(99'000));
    CHECK(t.room().rev() == rev);

    auto back = t.new_peer("b");
    t.room().reconnect(t.connection("b", back), when(100'000));
    CHECK_FALSE(t.room().suspended());
    CHECK(t.room().room_time(at(100'000)) == at(4'000));
    // 6 s of window were left; the wire shows wall-clock times.
    CHECK(t.room().next_tick(when(100'000)) == at(106'000));
    CHECK(find_deadline(back->frames.back(), "window").at("at") == at(106'000));
    t.room().tick(when(105'999));
    CHECK(t.room().rev() == rev);
    t.room().tick(when(106'000));
    CHECK(t.room().rev() == rev + 1);
    const Json snap = back->frames.back();
    CHECK(snap.at("log").back().at("text_key") == "fake.window_closed");
    CHECK(snap.at("log").back().at("at") == at(106'000));
    // a, away since room time 3 s (the suspension does not count), is played for at room time 13 s.
    CHECK(find_deadline(snap, "absent") == Json{{"kind", "absent"}, {"at", at(109'000)}, {"seat", 0}});
    CHECK(t.room().next_tick(when(106'000)) == at(109'000));
}

TEST_CASE("Replaying the journal rebuilds the same room") {
    Table t;
    t.join("a", at(0));
    t.join("x", at(1));
    t.join("b", at(2));
    t.join("c", at(3));
    t.room().leave(t.caller("x"), when(4));
    t.join("s", at(5), true);
    t.room().start(t.caller("a"), Json{{"turns", 2}, {"turn_seconds", 8}, {"absent_seconds", 10}}, when(6));
    t.act("c", grab(), at(1'000));
    t.room().disconnect("b", t.peer("b").get(), when(2'000));
    t.act("a", bet(2), at(3'000));
    t.room().tick(when(12'000));   // b away: its default
    t.room().tick(when(20'000));   // c's turn clock
    t.room().reconnect(t.connection("b", t.new_peer("b")), when(21'000));
    t.act("a", bet(1), at(22'000));
    t.room().disconnect("a", t.peer("a").get(), when(23'000));
    t.room().disconnect("c", t.peer("c").get(), when(23'500));
    t.room().disconnect("b", t.peer("b").get(), when(24'000));  // suspended
    t.room().reconnect(t.connection("c", t.new_peer("c")), when(90'000));
    t.room().tick(when(100'000));
    REQUIRE(defaults_played(t.journal()).size() >= 3);

    auto replayed = taol::server::Room::replay(
        taol::server::RoomSetup{"ABCDEFGH", &fake_game(), fake_options(), kT0}, t.journal());
    const auto& live = t.room();
    CHECK(replayed->rev() == live.rev());
    CHECK(replayed->status() == live.status());
    CHECK(replayed->host() == live.host());
    CHECK(replayed->seed() == live.seed());
    // The rebuilt room has no connection: it stands still at its last journaled time until a
    // call brings it on (after a restart the room is suspended from there).
    CHECK(replayed->suspended());
    CHECK(replayed->room_time(at(500'000)) == t.journal().back().at);
    CHECK(replayed->info().seats.size() == live.info().seats.size());
    for (std::size_t s = 0; s < live.info().seats.size(); ++s) {
        CHECK(replayed->info().seats[s].name == live.info().seats[s].name);
        CHECK(replayed->info().seats[s].connected == live.info().seats[s].connected);
    }
    CHECK(replayed->info().host == live.info().host);
    for (std::optional<int> viewer : {std::optional<int>{}, std::optional<int>{0}, std::optional<int>{1}, std::optional<int>{2}}) {
        CHECK(replayed->state()->view(viewer) == live.state()->view(viewer));
    }
    CHECK(replayed->deadlines().size() == live.deadlines().size());
}

TEST_CASE("What the room plays for a seat says so in the log: auto turn or absent, never for a player's own move") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turns", 3}, {"turn_seconds", 20}, {"absent_seconds", 10}});
    t.act("a", bet(1), at(1'000));             // a's own move
    t.room().tick(when(21'000));                // b's turn clock runs out: the room passes for it
    t.room().disconnect("a", t.peer("a").get(), when(21'500));
    t.room().tick(when(31'500));                // a is away (before its turn clock runs out): the room passes for it
    const auto log = t.room().log().entries();
    std::vector<std::pair<std::string, Json>> seen;
    for (const auto& entry : log) seen.emplace_back(entry.text_key, entry.params.value("auto", Json()));
    CHECK(seen == std::vector<std::pair<std::string, Json>>{{"fake.bet", nullptr}, {"fake.note", nullptr},
                                                             {"fake.pass", "turn"}, {"fake.note", "turn"},
                                                             {"fake.pass", "absent"}, {"fake.note", "absent"}});
    // On the wire, in b's snapshot: the public entry and b's own private one are marked.
    const Json sent = t.peer("b")->last("snapshot").at("log");
    CHECK(sent.at(0).at("params").at("auto") == "absent");
    // The journal replays to the same log, the marks included.
    auto again = taol::server::Room::replay(taol::server::RoomSetup{"ABCDEFGH", &fake_game(), fake_options(), kT0},
                                            t.journal());
    const auto replayed = again->log().entries();
    REQUIRE(replayed.size() == log.size());
    for (std::size_t i = 0; i < log.size(); ++i) CHECK(replayed[i].params == log[i].params);
}

TEST_CASE("Between two rounds no turn clock runs: the next round's starts when the pause ends") {
    // Fish Fish for two with a 20 s turn clock; each seat plays its default at once.
    const taol::games::Game& fishfish = *taol::games::find_game("fishfish");
    Table t(fishfish, 2, Json{{"turn_seconds", 20}});
    t.seat_and_start(2, at(0), Json{{"turn_seconds", 20}});
    TimeMs now = 0;
    const auto phase = [&] { return t.room().state()->view(std::nullopt).at("phase").get<std::string>(); };
    const auto kinds = [&] {
        std::vector<std::string> out;
        for (const auto& d : t.room().deadlines()) out.push_back(d.kind + ":" + std::to_string(d.seat.value_or(-1)));
        std::sort(out.begin(), out.end());
        return out;
    };
    for (int steps = 0; phase() != "round_over"; ++steps) {
        REQUIRE(steps < 20);
        const taol::games::Seat seat = t.room().state()->waiting_for().at(0);
        now += 1'000;
        t.act(std::string(1, static_cast<char>('a' + seat)), *t.room().state()->default_action(seat), at(now));
    }
    const TimeMs ended = now;
    // Only the pause's deadlines, one per seat, 15 s after the round ended: no turn clock on top.
    CHECK(kinds() == std::vector<std::string>{"round_over:0", "round_over:1"});
    for (const auto& d : t.room().deadlines()) CHECK(d.at == at(ended + 15'000));
    // One seat continuing leaves the other's deadline alone; the pause still holds at 14.999 s
    // (a turn clock of 20 s would not show it: the deadlines above are all there is).
    t.act("a", Json{{"type", "continue"}}, at(ended + 5'000));
    CHECK(kinds() == std::vector<std::string>{"round_over:1"});
    t.room().tick(when(ended + 14'999));
    CHECK(phase() == "round_over");
    // At 15 s the pause ends by itself (its own deadline: no "auto" mark), and round 2's turn
    // clock runs from then.
    t.room().tick(when(ended + 15'000));
    CHECK(phase() == "set_line");
    CHECK(t.room().state()->view(std::nullopt).at("round") == 2);
    const auto log = t.room().log().entries();
    CHECK(log.back().text_key == "fishfish.round_start");
    CHECK_FALSE(log.back().params.contains("auto"));
    const auto deadlines = t.room().deadlines();
    REQUIRE(deadlines.size() == 1);
    CHECK(deadlines[0].kind == "turn");
    CHECK(deadlines[0].at == at(ended + 15'000 + 20'000));
}
