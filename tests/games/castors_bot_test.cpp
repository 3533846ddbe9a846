// The castors bot on stacked deals: what it remembers of the cards it saw, and the plain choices
// (take a low discard onto a known high card, place a low drawn card there).
#include <catch2/catch.hpp>

#include "games/castors/bot.hpp"
#include "games/castors/bot_memory.hpp"
#include "games/castors/castors.hpp"
#include "games/core/options.hpp"
#include "tests/support/bot_table.hpp"

namespace cs = taol::games::castors;
using taol::games::Json;
using taol::games::Seat;
using taol::games::TimeMs;

namespace {

// A two-player game, dealer seat 1 (seat 0 plays first), watched by the bot at seat 0.
struct Watch {
    std::unique_ptr<taol::games::GameState> state;
    std::int64_t rev = 0;
    TimeMs now = 1'000'000;
    Json memory = nullptr;
    taol::games::BotTurn turn;

    explicit Watch(const cs::StackedDeal& deal) {
        const Json options = taol::games::complete_options(cs::game(), nullptr, 2).value();
        state = cs::setup_stacked(options, 2, 7, 1, &deal, now);
        look({});
    }
    void look(const std::vector<taol::games::LogEntry>& fresh) {
        const Json snapshot = taol::testing::seat_snapshot(*state, 0, ++rev, now, fresh);
        taol::games::Rng rng(static_cast<std::uint64_t>(rev));
        turn = cs::bot().step(memory, snapshot, rng);
        memory = turn.memory;
    }
    void act(Seat seat, const Json& action) {
        now += 500;
        auto applied = state->apply(seat, action, now);
        REQUIRE(applied.ok());
        state = std::move(applied.value().state);
        look(applied.value().log);
    }
    // The bot's own action goes as it chose it.
    void play_bot() {
        REQUIRE(turn.action);
        act(0, *turn.action);
    }
    std::vector<int> row(Seat seat) const { return cs::knowledge_from(memory).rows.at(seat); }
};

cs::StackedDeal deal(cs::Face discard, std::vector<cs::Face> pile_top) {
    return {{{9, 4, 5, 0}, {3, 6, 2, 8}}, discard, std::move(pile_top)};
}

}  // namespace

TEST_CASE("castors bot: remembers its peek and takes a low discard onto its known 9") {
    Watch w(deal(1, {}));
    CHECK(w.row(0) == std::vector<int>{9, cs::kUnknown, cs::kUnknown, 0});
    CHECK(w.turn.action == Json{{"type", "seen"}});
    w.play_bot();
    w.act(1, {{"type", "seen"}});
    CHECK(w.row(0) == std::vector<int>{9, cs::kUnknown, cs::kUnknown, 0});  // the faces are gone, not the memory
    REQUIRE(w.turn.action);
    CHECK(*w.turn.action == Json{{"type", "take_discard"}, {"position", 0}});
    CHECK(w.turn.think_ms >= 300);
    w.play_bot();
    CHECK(w.row(0) == std::vector<int>{1, cs::kUnknown, cs::kUnknown, 0});
    CHECK(cs::knowledge_from(w.memory).top == 9);
}

TEST_CASE("castors bot: places a low drawn card on its 9 and follows an exchange") {
    Watch w(deal(8, {1, cs::kEchanger}));
    w.play_bot();
    w.act(1, {{"type", "seen"}});
    CHECK(*w.turn.action == Json{{"type", "draw"}});  // an 8 saves 1; a draw is worth more
    w.play_bot();
    CHECK(cs::knowledge_from(w.memory).held == 1);
    CHECK(*w.turn.action == Json{{"type", "swap"}, {"position", 0}});
    w.play_bot();
    CHECK(w.row(0) == std::vector<int>{1, cs::kUnknown, cs::kUnknown, 0});
    CHECK_FALSE(w.turn.action);  // not its turn
    // Seat 1 takes our 1 with Échanger: we know where it went, not what we got.
    w.act(1, {{"type", "draw"}});
    w.act(1, {{"type", "play"}});
    w.act(1, {{"type", "exchange"}, {"position", 1}, {"target", {{"seat", 0}, {"position", 0}}}});
    CHECK(w.row(0) == std::vector<int>{cs::kUnknown, cs::kUnknown, cs::kUnknown, 0});
    CHECK(w.row(1)[1] == 1);
}

TEST_CASE("castors bot: memory rebuilt from null mid-round copes with what the view shows") {
    Watch w(deal(8, {1}));
    w.play_bot();
    w.act(1, {{"type", "seen"}});
    w.act(0, {{"type", "draw"}});
    // A bot that first sees this snapshot knows only the card it holds.
    const Json snapshot = taol::testing::seat_snapshot(*w.state, 0, w.rev + 1, w.now, {});
    taol::games::Rng rng(3);
    const auto turn = cs::bot().step(nullptr, snapshot, rng);
    REQUIRE(turn.action);
    CHECK(turn.action->at("type") == "swap");
    CHECK(cs::knowledge_from(turn.memory).held == 1);
    CHECK(turn.memory.dump().size() < 2000);
}
