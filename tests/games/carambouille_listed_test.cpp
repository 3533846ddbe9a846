// Every offer and acceptance the rules accept fills an entry of the seat's action list, so that
// when the offer dies or the market closes the room can tell a lost race (too_late) from an
// illegal action (games::is_listed). Offers and acceptances are made up at random from states of
// random games, far beyond what the listed suggestions would send.
#include <catch2/catch.hpp>

#include "tests/games/carambouille_support.hpp"

using namespace carambouille_test;  // NOLINT: test file

namespace {

using taol::games::Rng;

template <class T>
const T& pick(const std::vector<T>& from, Rng& rng) {
    return from[rng.below(from.size())];
}

Json random_claim(Rng& rng) {
    static const std::vector<std::string> products = {"ail", "fromage", "safran", "tomates", "vin"};
    static const std::vector<std::string> types = {"jai_menti", "soldes", "panier"};
    switch (rng.below(5)) {
        case 0: return {{"product", pick(products, rng)}, {"count", rng.between(0, 3)}};
        case 1: return {{"value", 10 * rng.between(0, 30)}};
        case 2: return {{"cards", rng.between(1, 6)}};
        case 3: return {{"carambouille", rng.between(0, 2)}};
        default: return {{"card", pick(types, rng)}, {"count", rng.between(0, 2)}};
    }
}

Json random_claims(Rng& rng) {
    Json claims = Json::array();
    for (int i = rng.between(0, 2); i > 0; --i) claims.push_back(random_claim(rng));
    return claims;
}

// Claims true of the cards named: often what an honest trader announces.
Json true_claims(const std::vector<std::string>& names, Rng& rng) {
    Json claims = Json::array();
    int value = 0, carambouille = 0;
    for (const std::string& name : names) {
        if (auto product = cb::product_by_name(name)) value += cb::value_of_kind(*product);
        else ++carambouille;
    }
    if (rng.coin()) claims.push_back({{"cards", names.size()}});
    if (rng.coin()) claims.push_back({{"value", value}});
    if (rng.coin()) claims.push_back({{"carambouille", carambouille}});
    if (!names.empty() && rng.coin()) {
        const std::string& name = pick(names, rng);
        const auto count = std::count(names.begin(), names.end(), name);
        claims.push_back(cb::product_by_name(name) ? Json{{"product", name}, {"count", count}} : Json{{"card", name}, {"count", count}});
    }
    return claims;
}

// A random part of the seat's hand, as ids and as names.
std::pair<Json, std::vector<std::string>> random_cards(const Json& hand, Rng& rng) {
    Json ids = Json::array();
    std::vector<std::string> names;
    for (const auto& [id, name] : hand.items()) {
        if (rng.below(3) == 0) {
            ids.push_back(id);
            names.push_back(name);
        }
    }
    return {ids, names};
}

Json random_offer(const Json& view, int players, Rng& rng) {
    auto [give, names] = random_cards(view.at("hand"), rng);
    Json offer = {{"type", "offer"}, {"give", give}, {"lie", rng.below(4) == 0}};
    offer["to"] = rng.below(4) == 0 ? Json(nullptr) : Json(static_cast<int>(rng.below(players)));
    offer["announce"] = rng.below(3) == 0 ? random_claims(rng) : true_claims(names, rng);
    offer["ask"] = random_claims(rng);
    const Json& offers = view.at("offers");
    if (!offers.empty() && rng.below(3) == 0) {
        const Json& answered = offers.at(rng.below(offers.size()));
        offer["counter"] = answered.at("id");
        offer["to"] = answered.at("from");
    }
    return offer;
}

Json random_accept(const Json& view, Rng& rng) {
    const Json& offers = view.at("offers");
    const Json& answered = offers.at(rng.below(offers.size()));
    auto [give, names] = random_cards(view.at("hand"), rng);
    return {{"type", "accept"}, {"offer", answered.at("id")}, {"give", give}, {"lie", rng.below(4) == 0}};
}

}  // namespace

TEST_CASE("Every offer and acceptance the rules accept is listed") {
    auto config = playout_config(4, 25);
    Rng rng(2024);
    long long offers = 0, acceptances = 0;
    config.observe = [&](const GameState& state, const std::vector<LogEntry>&, std::uint64_t, TimeMs now) {
        if (state.view(std::nullopt).at("phase") != "trading") return;
        for (Seat seat = 0; seat < 4; ++seat) {
            const Json view = state.view(seat);
            for (int attempt = 0; attempt < 8; ++attempt) {
                const bool accepting = !view.at("offers").empty() && rng.coin();
                const Json action = accepting ? random_accept(view, rng) : random_offer(view, 4, rng);
                if (!state.apply(seat, action, now).ok()) continue;
                ++(accepting ? acceptances : offers);
                INFO("seat " << seat << " sends " << action.dump());
                REQUIRE(taol::games::is_listed(state.actions(seat), action));
            }
        }
    };
    REQUIRE(taol::testing::run_playouts(cb::game(), config).games == 25);
    INFO(offers << " offers and " << acceptances << " acceptances accepted");
    CHECK(offers > 1000);
    CHECK(acceptances > 100);
}
