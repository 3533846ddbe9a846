#pragma once
// A Fish Fish game driven seat by seat, for the scenario tests.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/core/options.hpp"
#include "games/fishfish/fishfish.hpp"
#include "tests/support/game_driver.hpp"

namespace fishfish_test {

namespace ff = taol::games::fishfish;
using taol::games::GameState;
using taol::games::Json;
using taol::games::LogEntry;
using taol::games::RuleCode;
using taol::games::Seat;
using taol::games::Viewer;

inline Json options(const Json& given = nullptr) {
    auto complete = taol::games::complete_options(ff::game(), given, 4);
    REQUIRE(complete.ok());
    return complete.value();
}

inline Json set_line(int bait, const char* card) { return {{"type", "set_line"}, {"bait", bait}, {"catch", card}}; }
inline Json bet(int tiles) { return {{"type", "bet"}, {"tiles", tiles}}; }

// A game in progress, its first Fisher chosen.
struct Match : taol::testing::GameDriver {
    Match(int n, Seat first_fisher, const Json& given = nullptr, std::uint64_t seed = 7)
        : GameDriver(ff::setup_with_first_fisher(options(given), n, seed, first_fisher, 0), n, 1000) {}

    Seat to_bet() const { return view().at("line").at("to_bet").get<Seat>(); }

    // The Fisher sets the lowest bait as Bredouille and every Fish bets all: the round ends (if
    // it had not already), and everyone continues.
    void all_in_round() {
        if (view().at("phase") == "set_line") {
            act(view().at("fisher"), set_line(view().at("baits_left").at(0), "bredouille"));
            while (view().at("phase") == "bet") act(to_bet(), bet(fish(to_bet()).at("tiles")));
        }
        if (view().at("phase") == "round_over") continue_all();
    }

    Json fish(Seat seat) const {
        const Json all = view();
        for (const Json& f : all.at("fish")) {
            if (f.at("seat") == seat) return f;
        }
        FAIL("no Fish at seat " << seat);
        return nullptr;
    }

    int tiles_on_slot(Seat seat, int value) const {
        const Json f = fish(seat);
        for (const Json& slot : f.at("butin")) {
            if (slot.at("value") == value) return slot.at("tiles");
        }
        return -1;
    }
};

// The fish view's "tiles" of a seat, whatever its place in the list.
inline int hand(const Match& t, Seat seat) { return t.fish(seat).at("tiles"); }

}  // namespace fishfish_test
