#pragma once
// A Carambouille game stacked and driven seat by seat, for the scenario tests.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "games/carambouille/carambouille.hpp"
#include "games/carambouille/cards.hpp"
#include "games/carambouille/table.hpp"
#include "games/core/action_list.hpp"
#include "games/core/options.hpp"
#include "tests/support/game_driver.hpp"
#include "tests/support/playout.hpp"

namespace carambouille_test {

namespace cb = taol::games::carambouille;
using taol::games::GameState;
using taol::games::Json;
using taol::games::LogEntry;
using taol::games::RuleCode;
using taol::games::Seat;
using taol::games::TimeMs;
using taol::games::Viewer;
using Names = std::vector<std::string>;

inline Json options(const Json& given = nullptr) {
    auto complete = taol::games::complete_options(cb::game(), given, 3);
    REQUIRE(complete.ok());
    return complete.value();
}

// A stacked game in progress.
struct Table : taol::testing::GameDriver {
    explicit Table(const cb::Stacked& stacked, const Json& given = nullptr)
        : GameDriver(cb::setup_stacked(stacked, options(given), 11, 1000), stacked.players, 1000) {}

    // Ids of the cards named `name` (a product or a card type) in the seat's hand.
    std::vector<std::string> ids(Seat seat, const std::string& name) const {
        std::vector<std::string> found;
        const Json hand = view(seat).at("hand");
        for (const auto& [id, kind] : hand.items()) {
            if (kind == name) found.push_back(id);
        }
        return found;
    }
    std::string id(Seat seat, const std::string& name) const {
        auto all = ids(seat, name);
        INFO("seat " << seat << " holds no " << name << ": " << view(seat).at("hand").dump());
        REQUIRE_FALSE(all.empty());
        return all.front();
    }
    int count(Seat seat, const std::string& name) const { return static_cast<int>(ids(seat, name).size()); }
    int account(Seat seat) const { return view().at("accounts").at(seat); }
    std::string phase() const { return view().at("phase"); }

    void open_trading() { act(view().at("merchant"), {{"type", "ring"}}); }
    void to_sale() {
        open_trading();
        act(view().at("merchant"), {{"type", "ring"}});
    }
};

inline Json sell(const std::string& product, int count) { return {{"type", "sell"}, {"product", product}, {"count", count}}; }
inline Json react(const std::string& card) { return {{"type", "react"}, {"card", card}}; }
inline Json pass() { return {{"type", "pass"}}; }
inline Json buy(int count) { return {{"type", "buy"}, {"count", count}}; }
inline Json offer(Json to, std::vector<std::string> give, Json announce, Json ask, bool lie = false) {
    return {{"type", "offer"}, {"to", to}, {"give", give}, {"announce", announce}, {"ask", ask}, {"lie", lie}};
}
inline Json accept(const std::string& id, std::vector<std::string> give, bool lie = false) {
    return {{"type", "accept"}, {"offer", id}, {"give", give}, {"lie", lie}};
}

inline cb::Stacked fromage_sale() {
    cb::Stacked s;
    s.players = 3;
    s.merchant = 0;
    s.hands = {{"fromage", "fromage", "fromage", "illusion"}, {"soldes", "ail"}, {"surstock", "ail"}};
    return s;
}

// The generic random playout's settings for `players`. What random players do freely is bounded
// so that games end in reasonable time: a few offers per round, sales of all the cards of a
// product, and Carambouille cards bought only while nobody holds one (a player holding one gets a
// reaction window on every sale).
inline taol::testing::PlayoutConfig playout_config(int players, int seeds) {
    taol::testing::PlayoutConfig config;
    config.seeds = seeds;
    config.players = {players};
    config.options = Json{{"trading_seconds", 60}};
    config.allow = [](const GameState& state, Seat seat, const Json& action) {
        const cb::Table& table = *cb::table_of(state);
        if (action.at("type") == "offer") return table.offers_this_round < 4;
        if (action.at("type") == "sell") {
            const int kind = *cb::product_by_name(action.at("product").get<std::string>());
            const auto& hand = table.hands[seat];
            const auto held = std::count_if(hand.begin(), hand.end(), [&](int c) { return cb::kind_of(c) == kind; });
            return action.at("count") == std::min<long>(held, cb::kMaxSale);
        }
        if (action.at("type") == "buy" && action.at("count") != 0) {
            for (Seat s = 0; s < table.players; ++s) {
                if (table.carambouille_of(s) > 0) return false;
            }
        }
        return true;
    };
    return config;
}

}  // namespace carambouille_test
