// The Carambouille bot on stacked tables: what it gives for an ask, that it sells sets, and that
// it lies only with J'ai menti ! in hand and when that saves cards.
#include <catch2/catch.hpp>

#include "games/carambouille/bot.hpp"
#include "games/carambouille/bot_model.hpp"
#include "games/carambouille/carambouille.hpp"
#include "games/core/options.hpp"
#include "tests/support/bot_table.hpp"

namespace {

namespace cb = taol::games::carambouille;
using taol::games::Json;

constexpr taol::games::TimeMs kNow = 1000;

cb::Counts counts(std::initializer_list<std::pair<const char*, int>> cards) {
    cb::Counts c{};
    for (const auto& [name, n] : cards) c[*cb::kind_by_name(name)] = n;
    return c;
}

std::unique_ptr<taol::games::GameState> stacked(const cb::Stacked& s) {
    const Json options = taol::games::complete_options(cb::game(), nullptr, s.players).value();
    auto state = cb::setup_stacked(s, options, 7, kNow);
    REQUIRE(state);
    return state;
}

void apply(std::unique_ptr<taol::games::GameState>& state, taol::games::Seat seat, const Json& action) {
    auto result = state->apply(seat, action, kNow);
    INFO(action.dump());
    REQUIRE(result.ok());
    state = std::move(result.value().state);
}

taol::games::BotTurn step(const taol::games::GameState& state, taol::games::Seat seat) {
    taol::games::Rng rng(3);
    return cb::bot().step(nullptr, taol::testing::seat_snapshot(state, seat, 1, kNow, {}), rng);
}

}  // namespace

TEST_CASE("Carambouille bot: the cheapest cards meeting an ask") {
    const cb::Counts hand = counts({{"fromage", 2}, {"cebettes", 1}, {"safran", 1}});
    const auto any = cb::cheapest_meeting(hand, *cb::claims_of(Json::array()));
    REQUIRE(any);
    CHECK(*any == counts({{"cebettes", 1}}));
    const auto fifty = cb::cheapest_meeting(hand, *cb::claims_of(Json::parse(R"([{"value":50}])")));
    REQUIRE(fifty);
    CHECK(*fifty == counts({{"cebettes", 1}, {"fromage", 1}}));
    CHECK_FALSE(cb::cheapest_meeting(hand, *cb::claims_of(Json::parse(R"([{"product":"vin","count":1}])"))));
}

TEST_CASE("Carambouille bot: sells a set it cannot grow, first of all") {
    cb::Stacked s;
    s.players = 3;
    s.hands = {{"fromage", "fromage", "fromage", "fromage", "fromage", "ail"}, {"vin"}, {"jambon"}};
    auto state = stacked(s);
    apply(state, 0, {{"type", "ring"}});
    apply(state, 0, {{"type", "ring"}});
    const auto turn = step(*state, 0);
    REQUIRE(turn.action);
    CHECK(*turn.action == Json{{"type", "sell"}, {"product", "fromage"}, {"count", 5}});
    CHECK(turn.think_ms >= 300);
}

TEST_CASE("Carambouille bot: a lie only with J'ai menti ! in hand, giving a spare product") {
    cb::Stacked s;
    s.players = 3;
    s.hands = {{"fromage", "truffes"}, {"fromage", "fromage", "cebettes", "jai_menti"}, {"jambon"}};
    auto state = stacked(s);
    apply(state, 0, {{"type", "ring"}});
    const Json hand = state->view(0).at("hand");
    std::string fromage;
    for (const auto& [id, name] : hand.items()) {
        if (name == "fromage") fromage = id;
    }
    // A fromage for 200 points: too dear truthfully, a bargain with a lie.
    apply(state, 0, {{"type", "offer"}, {"to", nullptr}, {"give", {fromage}},
                     {"announce", Json::parse(R"([{"product":"fromage","count":1}])")},
                     {"ask", Json::parse(R"([{"value":200}])")}, {"lie", false}});
    const auto turn = step(*state, 1);
    REQUIRE(turn.action);
    CHECK(turn.action->at("type") == "accept");
    CHECK(turn.action->at("lie") == true);
    REQUIRE(turn.action->at("give").size() == 1);
    CHECK(state->view(1).at("hand").at(turn.action->at("give").at(0).get<std::string>()) == "cebettes");
    // Seat 2 holds no J'ai menti !: it cannot pay 200 and does not accept.
    const auto other = step(*state, 2);
    CHECK_FALSE((other.action && other.action->at("type") == "accept"));
}
