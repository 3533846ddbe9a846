// The room clock and the clocks it keeps for each seat: order and windows on the monotonic clock
// whatever the wall clock does, turn clocks that pause and resume, and lost races recognised for
// as long as a person could still be acting on what they saw.
#include <catch2/catch.hpp>

#include "tests/server/room_fixture.hpp"

using namespace taol::testing;
using taol::server::Instant;
using taol::server::RoomEvent;
namespace event = taol::server::event;

namespace {

// Monotonic time kT0 + ms, and the wall clock `skew` ms off it.
Instant skewed(TimeMs ms, TimeMs skew) { return {at(ms), at(ms) + skew}; }

Json deadline_of(const Json& snapshot, const std::string& kind) {
    for (const Json& d : snapshot.at("deadlines")) {
        if (d.at("kind") == kind) return d;
    }
    return nullptr;
}

std::vector<TimeMs> stamps(const std::vector<RoomEvent>& journal) {
    std::vector<TimeMs> out;
    for (const RoomEvent& e : journal) out.push_back(e.at);
    return out;
}

}  // namespace

TEST_CASE("A step of the wall clock neither closes a window early nor reorders stamps") {
    Table t;
    t.join("a", at(0));
    t.join("b", at(0));
    t.join("c", at(0));
    t.room().start(t.caller("a"), Json{{"window_seconds", 10}}, when(0));
    // The wall clock jumps 5 s ahead at 3 s, and back again at 6 s, inside the 10 s window.
    t.room().tick(skewed(3'000, 5'000));
    CHECK(t.room().next_tick(skewed(3'000, 5'000)) == at(10'000));
    t.room().chat(t.caller("c"), "kenavo", skewed(4'000, 5'000));
    t.room().tick(skewed(6'000, 0));
    CHECK(t.room().next_tick(skewed(6'000, 0)) == at(10'000));
    t.room().chat(t.caller("c"), "yec'hed mat", skewed(7'000, -5'000));  // even behind, the order holds

    // The window closes exactly 10 s of monotonic time after it opened.
    const auto rev = t.room().rev();
    t.room().tick(skewed(9'999, -5'000));
    CHECK(t.room().rev() == rev);
    t.room().act(t.caller("b"), grab(), rev, skewed(9'999, -5'000));
    CHECK(t.peer("b")->frames.back().at("type") == "snapshot");

    const std::vector<TimeMs> order = stamps(t.journal());
    CHECK(std::is_sorted(order.begin(), order.end()));
    CHECK(order.back() == at(9'999));
    // The wire speaks the wall clock of the moment: what clients are told moves with it.
    CHECK(t.journal().back().wall == at(9'999) - 5'000);
}

TEST_CASE("With a wall clock that jumps, the window still closes at 10 s of monotonic time") {
    Table t;
    t.seat_and_start(2, at(0));
    // What clients are told follows the wall clock of the moment, deadlines included.
    auto fresh = t.new_peer("b");
    t.room().reconnect(t.connection("b", fresh), skewed(4'000, 5'000));
    CHECK(fresh->last("snapshot").at("server_time") == at(4'000) + 5'000);
    CHECK(deadline_of(fresh->last("snapshot"), "window").at("at") == at(10'000) + 5'000);
    t.room().tick(skewed(9'999, 5'000));
    const auto rev = t.room().rev();
    t.room().tick(skewed(10'000, -5'000));
    CHECK(t.room().rev() == rev + 1);
    REQUIRE(std::holds_alternative<event::Expired>(t.journal().back().body));
    CHECK(t.journal().back().at == at(10'000));
    CHECK(t.journal().back().wall == at(10'000) - 5'000);
}

TEST_CASE("A turn clock stops while its seat is taken out of waiting, and resumes with what it had left") {
    Table t;
    t.seat_and_start(3, at(0), Json{{"window_seconds", 0}, {"turns", 2}, {"turn_seconds", 20}, {"call_seconds", 30}});
    CHECK(deadline_of(t.peer("a")->last("snapshot"), "turn") == Json{{"kind", "turn"}, {"at", at(20'000)}, {"seat", 0}});
    // At 5 s, b calls: a's turn stops with 15 s left; b answers within its own 30 s, with no
    // shorter turn clock on top of it.
    t.act("b", Json{{"type", "call"}}, at(5'000));
    Json snap = t.peer("a")->last("snapshot");
    CHECK(snap.at("waiting_for") == Json::array({1}));
    CHECK(deadline_of(snap, "call") == Json{{"kind", "call"}, {"at", at(35'000)}, {"seat", 1}});
    CHECK(deadline_of(snap, "turn").is_null());
    CHECK(t.room().next_tick(when(5'000)) == at(35'000));
    t.room().tick(when(25'000));  // a's turn would have run out by now, had it run on
    CHECK(t.room().state()->view(std::nullopt).at("phase") == 2);
    t.act("b", Json{{"type", "answer"}}, at(28'000));
    // a resumes with its 15 s: its clock runs out at 43 s, not 48 s (fresh) nor 20 s (gone by).
    snap = t.peer("a")->last("snapshot");
    CHECK(deadline_of(snap, "turn") == Json{{"kind", "turn"}, {"at", at(43'000)}, {"seat", 0}});
    const auto rev = t.room().rev();
    t.room().tick(when(42'999));
    CHECK(t.room().rev() == rev);
    t.room().tick(when(43'000));
    CHECK(t.room().rev() == rev + 1);
    CHECK(t.room().state()->view(std::nullopt).at("turn") == 1);
    // b's own turn starts afresh: its call and answer did not use its turn time.
    CHECK(deadline_of(t.peer("a")->last("snapshot"), "turn") == Json{{"kind", "turn"}, {"at", at(63'000)}, {"seat", 1}});
}

TEST_CASE("A seat waited on through a game deadline of its own gets no turn clock on top") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turn_seconds", 5}, {"call_seconds", 15}});
    t.act("b", Json{{"type", "call"}}, at(1'000));
    t.room().tick(when(10'000));  // 5 s of turn clock would have played b's answer at 6 s
    CHECK(t.room().state()->view(std::nullopt).at("phase") == 2);
    t.room().tick(when(16'000));  // the call's own 15 s: its default, the game's
    CHECK(t.room().state()->view(std::nullopt).at("phase") == 1);
    CHECK(t.peer("a")->last("snapshot").at("log").back().at("text_key") == "fake.call_lapsed");
}

TEST_CASE("A lost race is told as such for the last 30 s of changes, however many there were") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 10}, {"turns", 100}});
    const auto seen = t.room().rev();  // b is offered the grab here
    t.act("a", grab(), at(1'000), seen);
    // Then 150 turns, well past the 64 states a room used to keep.
    for (int i = 0; i < 150; ++i) t.act(i % 2 == 0 ? "a" : "b", pass(), at(1'100 + 100 * i), t.room().rev());
    REQUIRE(t.room().rev() == seen + 151);
    t.act("b", grab(), at(20'000), seen);
    Json error = t.peer("b")->frames.back();
    CHECK(error.at("code") == "too_late");
    CHECK(error.at("winner") == 0);
    CHECK(error.at("margin_ms") == 19'000);
    // The room remembers what each seat was offered, not whole game states.
    CHECK(t.room().history().changes() <= 152);
    CHECK(t.room().history().distinct_entries() <= 8);

    // Past 30 s of further changes, what b saw then is forgotten: a plain refusal.
    for (int i = 0; i < 40; ++i) t.act(i % 2 == 0 ? "a" : "b", pass(), at(20'000 + 1'000 * i), t.room().rev());
    t.act("b", grab(), at(61'000), seen);
    CHECK(t.peer("b")->last_error() == "illegal_action");
}

TEST_CASE("The same action sent twice is answered as a duplicate, not as a race lost to oneself") {
    Table t;
    t.seat_and_start(2, at(0), Json{{"window_seconds", 0}, {"turns", 2}});
    const auto rev = t.room().rev();
    t.act("a", bet(2), at(1'000), rev);
    t.act("a", bet(2), at(1'010), rev);
    CHECK(t.peer("a")->last_error() == "duplicate");
    CHECK_FALSE(t.peer("a")->frames.back().contains("winner"));
    // Another action made stale by one's own move is the game's refusal, not a race either.
    t.act("a", bet(1), at(1'020), rev);
    CHECK(t.peer("a")->last_error() == "not_your_turn");
}
