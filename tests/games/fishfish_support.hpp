#pragma once
// A Fish Fish game driven seat by seat, for the scenario tests.
#include <catch2/catch.hpp>

#include <memory>
#include <string>
#include <vector>

#include "games/core/options.hpp"
#include "games/fishfish/fishfish.hpp"

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

// A game in progress with everything it has logged so far.
struct Match {
    std::unique_ptr<GameState> state;
    int players = 0;
    std::vector<LogEntry> log;
    taol::games::TimeMs now = 1000;

    Match(int n, Seat first_fisher, const Json& given = nullptr, std::uint64_t seed = 7)
        : state(ff::setup_with_first_fisher(options(given), n, seed, first_fisher, 0)), players(n) {}

    Json view(Viewer v = std::nullopt) const { return state->view(v); }

    // Applies an action that must be accepted; returns the new log entries.
    std::vector<LogEntry> act(Seat seat, const Json& action) {
        INFO("seat " << seat << " sends " << action.dump());
        auto applied = state->apply(seat, action, ++now);
        if (!applied) FAIL("refused: " << applied.error().message);
        state = std::move(applied.value().state);
        REQUIRE(state->check_invariants().empty());
        log.insert(log.end(), applied.value().log.begin(), applied.value().log.end());
        return applied.value().log;
    }

    // Applies an action that must be refused with `code`, and checks nothing changed.
    std::string refuse(Seat seat, const Json& action, RuleCode code) {
        INFO("seat " << seat << " sends " << action.dump());
        const std::string before = fingerprint();
        auto applied = state->apply(seat, action, ++now);
        REQUIRE_FALSE(applied.ok());
        CHECK(applied.error().code == code);
        CHECK_FALSE(applied.error().message.empty());
        CHECK(fingerprint() == before);
        return applied.error().message;
    }

    std::string fingerprint() const {
        std::string out = view().dump();
        for (Seat s = 0; s < players; ++s) out += state->view(s).dump() + state->actions(s).dump();
        return out;
    }

    Seat to_bet() const { return view().at("line").at("to_bet").get<Seat>(); }

    // Every waiting seat plays its default until the game ends.
    void play_defaults() {
        for (int guard = 0; guard < 10000 && !state->finished(); ++guard) {
            const Seat seat = state->waiting_for().at(0);
            act(seat, *state->default_action(seat));
        }
        REQUIRE(state->finished());
    }

    // Every seat the round pause waits for continues: the next round starts.
    std::vector<LogEntry> continue_all() {
        std::vector<LogEntry> last;
        for (Seat s : state->waiting_for()) last = act(s, {{"type", "continue"}});
        return last;
    }

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

    std::vector<std::string> keys() const {
        std::vector<std::string> out;
        for (const LogEntry& e : log) out.push_back(e.text_key);
        return out;
    }
};

// The fish view's "tiles" of a seat, whatever its place in the list.
inline int hand(const Match& t, Seat seat) { return t.fish(seat).at("tiles"); }

}  // namespace fishfish_test
