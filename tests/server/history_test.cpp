// What a room remembers of each seat's listed actions: a lost race is told from an illegal action
// while the change that ended it is within 30 s, and entries no kept change lists are freed.
#include <catch2/catch.hpp>

#include "server/rooms/history.hpp"

using namespace taol;
using games::Json;

namespace {

Json take(int card) { return Json{{"type", "take"}, {"card", card}}; }

// Pushes rev `rev` at `at` ms: seat 0 offered `offered0`, seat 1 `offered1`.
void push(server::History& h, std::int64_t rev, games::TimeMs at, std::optional<games::Seat> actor,
          const Json* action, const Json& offered0, const Json& offered1) {
    const std::string text0 = offered0.dump();
    const std::string text1 = offered1.dump();
    h.push(rev, at, actor, action, {text0, text1});
}

}  // namespace

TEST_CASE("History tells who took what a seat was offered, per seat and rev") {
    server::History h;
    const Json both = Json::array({take(1), take(2)});
    const Json none = Json::array();
    push(h, 1, 0, std::nullopt, nullptr, both, both);
    const Json a0 = take(1);
    push(h, 2, 100, 0, &a0, Json::array({take(2)}), Json::array({take(2)}));  // seat 0 took card 1
    push(h, 3, 200, 1, nullptr, none, none);

    // Seat 1 asked for card 1 at rev 1: lost to seat 0's change at 100 ms.
    auto loss = h.lost_race(1, take(1), 1);
    REQUIRE(loss);
    CHECK(loss->winner == 0);
    CHECK(loss->at == 100);
    CHECK_FALSE(loss->same_action);
    // Seat 0's own card 1, sent twice: the change that ended it was its own, with this action.
    loss = h.lost_race(0, take(1), 1);
    REQUIRE(loss);
    CHECK(loss->same_action);
    // Card 2 at rev 2: lost at rev 3, a change with no action of seat 0's.
    loss = h.lost_race(0, take(2), 2);
    REQUIRE(loss);
    CHECK(loss->winner == 1);
    CHECK(loss->at == 200);
    // Never offered, an unknown rev, a seat past those listed: no race.
    CHECK_FALSE(h.lost_race(0, take(3), 1));
    CHECK_FALSE(h.lost_race(0, take(1), 9));
    CHECK_FALSE(h.lost_race(5, take(1), 1));
    CHECK_FALSE(h.lost_race(-1, take(1), 1));
    CHECK(h.changes() == 3);
    CHECK(h.distinct_entries() == 2);
}

TEST_CASE("History forgets changes older than 30 s, and entries with the last change listing them") {
    server::History h;
    const Json none = Json::array();
    for (int i = 0; i < 50; ++i) push(h, i + 1, i * 1'000, std::nullopt, nullptr, Json::array({take(i)}), none);
    // 50 s of changes: those of the last 30 s (and not a change more) are kept, with their entries.
    CHECK(h.changes() == 31);
    CHECK(h.distinct_entries() == 31);
    CHECK_FALSE(h.lost_race(0, take(10), 11));  // forgotten: a plain refusal
    auto loss = h.lost_race(0, take(30), 31);
    REQUIRE(loss);
    CHECK(loss->at == 31'000);
    // Entries still listed stay, however often they are listed.
    for (int i = 50; i < 100; ++i) push(h, i + 1, i * 1'000, std::nullopt, nullptr, Json::array({take(1), take(2)}), none);
    CHECK(h.distinct_entries() == 2);
    h.clear();
    CHECK(h.changes() == 0);
    CHECK(h.distinct_entries() == 0);
}

TEST_CASE("History keeps at most its cap of changes in the busiest market, and the last two always") {
    server::History h;
    const Json none = Json::array();
    for (int i = 0; i < static_cast<int>(server::History::kMaxChanges) + 10; ++i) {
        push(h, i + 1, 0, std::nullopt, nullptr, Json::array({take(i % 5)}), none);
    }
    CHECK(h.changes() == server::History::kMaxChanges);
    CHECK(h.distinct_entries() == 5);
    push(h, 99'999, 60'000, std::nullopt, nullptr, none, none);  // a minute later: all but two go
    CHECK(h.changes() == 2);
    CHECK(h.distinct_entries() == 1);
}
