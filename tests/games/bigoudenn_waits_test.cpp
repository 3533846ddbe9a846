// Ar Seizh Bigoudenn: whom a TEUT! waits for, and how. Nobody withdraws from the bidding (both
// participants place a card; only the bid deadline drops out one who did nothing); every step
// names the seats it waits on, one deadline each; and every grab, drop, TEUT! or bid the rules
// accept is listed, so that the room can tell a lost race from an illegal action.
#include "tests/games/bigoudenn_table.hpp"

using namespace bigoudenn_test;

namespace {

// The auction deal, Soazig (1) holding the cuillère too: her hands are full when she wins.
bg::Deal contest_deal() {
    bg::Deal d = auction_deal();
    d.hands[1] = {"couteau", "cuillere"};
    return d;  // the spatule lies in the middle
}

void contest(Table& t) {
    t.act(2, grab("right", "spatule"));
    t.act(1, teut("spatule"));
}

// The running deadlines of `kind`, as (seat, at); a seat of -1 stands for null.
std::vector<std::pair<Seat, TimeMs>> deadlines_of(const Table& t, const std::string& kind) {
    std::vector<std::pair<Seat, TimeMs>> out;
    for (const auto& d : t.state().deadlines()) {
        if (d.kind == kind) out.emplace_back(d.seat.value_or(-1), d.at);
    }
    return out;
}

}  // namespace

TEST_CASE("Nobody withdraws from a TEUT!'s bidding: only the deadline drops out who did nothing") {
    Table t(4, contest_deal());
    contest(t);
    for (Seat participant : {1, 2}) {
        CHECK(t.listed(participant, bid("persil")) == (participant == 2));
        CHECK_FALSE(t.listed(participant, pass()));
        CHECK(t.refuse(participant, pass()) == "everyone in a TEUT! bids an ingredient: there is no withdrawing");
    }
    // Played for (away), a participant places its lowest card: there is nothing else to play.
    CHECK(*t.state().default_action(1) == bid("poireau"));
    CHECK(*t.state().default_action(2) == bid("persil"));
    // The caller bids; the holder does nothing until the deadline, which drops it out.
    t.act(1, bid("champignons"));
    CHECK(t.state().waiting_for() == std::vector<Seat>{2});
    t.expire_to(t.deadline("teut_bid"));
    CHECK(std::any_of(t.log().begin(), t.log().end(), [](const LogEntry& e) {
        return e.text_key == "bigoudenn.withdraw" && e.params == Json{{"seat", 2}, {"timeout", true}};
    }));
    CHECK(t.teut_view().at("winner") == 1);
}

TEST_CASE("Every TEUT! step names the seats it waits on, one deadline each, and a window waits on nobody") {
    Table t(4, contest_deal());
    t.act(2, grab("right", "spatule"), kStart + 1000);
    CHECK(deadlines_of(t, "teut_window") == std::vector<std::pair<Seat, TimeMs>>{{-1, kStart + 11'000}});
    t.act(1, teut("spatule"), kStart + 2000);
    const TimeMs bids_until = kStart + 2000 + 15'000;
    CHECK(deadlines_of(t, "teut_bid") == std::vector<std::pair<Seat, TimeMs>>{{1, bids_until}, {2, bids_until}});
    CHECK(t.view().at("teut").contains("until") == false);  // times are in the deadlines only
    t.act(1, bid("moutarde"), kStart + 3000);
    CHECK(deadlines_of(t, "teut_bid") == std::vector<std::pair<Seat, TimeMs>>{{2, bids_until}});
    t.act(2, bid("algues"), kStart + 4000);  // a tie: both may raise
    CHECK(deadlines_of(t, "teut_raise") == std::vector<std::pair<Seat, TimeMs>>{{1, kStart + 14'000}, {2, kStart + 14'000}});
    CHECK(t.state().waiting_for() == std::vector<Seat>{1, 2});
    t.act(1, bid("saucisse"), kStart + 5000);  // Soazig raises: Tyfenn follows or declines
    CHECK(deadlines_of(t, "teut_follow") == std::vector<std::pair<Seat, TimeMs>>{{2, kStart + 15'000}});
    t.act(2, bid("lardons"), kStart + 6000);  // 4 against 3: Soazig wins, her hands are full
    CHECK(deadlines_of(t, "teut_award") == std::vector<std::pair<Seat, TimeMs>>{{1, kStart + 16'000}});
    t.act(1, make_room("left"), kStart + 7000);
    CHECK(deadlines_of(t, "teut_passoire") == std::vector<std::pair<Seat, TimeMs>>{{3, kStart + 17'000}});
    for (const auto& d : t.state().deadlines()) CHECK(d.seat.has_value());
}

namespace {

const char* const kUtensils[] = {"couteau", "fourchette", "cuillere", "spatule", "araignee", "couvercle", "passoire"};

// A grab, a drop, a TEUT! or a bid made up at random (full game or simplified).
Json random_move(const Json& view, Seat seat, bool simplified, taol::games::Rng& rng) {
    const char* hand = rng.coin() ? "left" : "right";
    const char* utensil = kUtensils[rng.below(7)];
    switch (rng.below(4)) {
        case 0:
            if (!simplified) return grab(hand, utensil);
            if (rng.coin()) return Json{{"type", "grab"}, {"utensil", utensil}};
            return Json{{"type", "grab"}, {"utensil", utensil}, {"drop", kUtensils[rng.below(7)]}};
        case 1: return simplified ? Json{{"type", "drop"}, {"utensil", utensil}} : drop(hand);
        case 2: return teut(utensil);
        default: {
            const Json& surface = view.at("players").at(seat).at("surface");
            if (!surface.is_array() || surface.empty()) return pass();
            return Json{{"type", "bid"}, {"card", surface.at(rng.below(surface.size()))}};
        }
    }
}

void every_accepted_move_is_listed(const char* variant) {
    taol::testing::PlayoutConfig config;
    config.seeds = 40;
    config.options = Json{{"variant", variant}};
    config.allow = few_free_moves;
    taol::games::Rng rng(77);
    long long accepted = 0;
    const bool simplified = std::string(variant) == "simplified";
    config.observe = [&](const GameState& state, const std::vector<LogEntry>&, std::uint64_t, TimeMs now) {
        if (state.finished()) return;
        const Json view = state.view(std::nullopt);
        for (Seat seat = 0; seat < static_cast<int>(view.at("players").size()); ++seat) {
            const Json own = state.view(seat);
            for (int attempt = 0; attempt < 4; ++attempt) {
                const Json action = random_move(own, seat, simplified, rng);
                if (!state.apply(seat, action, now).ok()) continue;
                ++accepted;
                INFO("seat " << seat << " sends " << action.dump());
                REQUIRE(taol::games::is_listed(state.actions(seat), action));
            }
        }
    };
    REQUIRE(taol::testing::run_playouts(bg::game(), config).games == 3 * config.seeds);
    CHECK(accepted > 2000);
}

}  // namespace

TEST_CASE("Every grab, drop, TEUT! and bid the rules accept is listed (full game)") {
    every_accepted_move_is_listed("full");
}

TEST_CASE("Every grab and drop the rules accept is listed (simplified variant)") {
    every_accepted_move_is_listed("simplified");
}

TEST_CASE("Grabs, TEUT! calls and anything sent while a window is open or a TEUT! runs are contested") {
    Table t(4, contest_deal());
    const auto contested = [&](Seat seat, const Json& action) { return t.state().contested(seat, action); };
    CHECK(contested(2, grab("right", "spatule")));
    CHECK(contested(0, grab("right", "spatule")));  // the active player's hand grab races theirs
    CHECK_FALSE(contested(0, take("right", "poire")));
    CHECK_FALSE(contested(0, end_turn()));
    CHECK_FALSE(contested(1, drop("left")));
    t.act(2, grab("right", "spatule"), kStart + 1000);
    CHECK(contested(1, teut("spatule")));
    CHECK(contested(0, end_turn()));  // against a call: the turn's end changes who may call
    t.act(1, teut("spatule"), kStart + 2000);
    CHECK(contested(1, bid("poireau")));  // against the bid deadline
    t.expire_to(kStart + 2000 + 15'000);  // nobody bid: the TEUT! is over, no window left
    CHECK_FALSE(contested(0, end_turn()));

    Table simple(4, auction_deal(), "simplified");
    CHECK(simple.state().contested(1, {{"type", "grab"}, {"utensil", "spatule"}}));
    CHECK_FALSE(simple.state().contested(1, {{"type", "drop"}, {"utensil", "couteau"}}));
    CHECK_FALSE(simple.state().contested(0, end_turn()));
}
