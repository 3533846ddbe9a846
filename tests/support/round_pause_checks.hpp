#pragma once
// What every game's pause between two rounds must hold, checked the same way in each game's test.
#include <catch2/catch.hpp>

#include <cstddef>
#include <vector>

#include "games/core/game.hpp"

namespace taol::testing {

// `state` pauses after a round that ended at `ended`: every one of `seats` is awaited, each with a
// round_over deadline of its own 15 s later, and `continue` is all it may do (and its default).
inline void check_round_pause(const games::GameState& state, int seats, games::TimeMs ended) {
    std::vector<games::Seat> everyone;
    for (games::Seat s = 0; s < seats; ++s) everyone.push_back(s);
    CHECK(state.waiting_for() == everyone);
    const auto deadlines = state.deadlines();
    REQUIRE(deadlines.size() == static_cast<std::size_t>(seats));
    for (games::Seat s = 0; s < seats; ++s) {
        CHECK(deadlines[s].kind == "round_over");
        CHECK(deadlines[s].at == ended + 15'000);
        CHECK(deadlines[s].seat == s);
        CHECK(state.actions(s) == games::Json::parse(R"([{"type":"continue"}])"));
        CHECK(*state.default_action(s) == games::Json{{"type", "continue"}});
    }
}

}  // namespace taol::testing
