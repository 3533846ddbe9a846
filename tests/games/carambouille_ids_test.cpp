// Carambouille's card ids: made by the core id maker from the seed, never from the generator, and
// fresh for its new holder whenever a card changes hands privately (a trade, a Persuasion), so
// that nobody can follow a copy from hand to hand.
#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "games/core/ids.hpp"
#include "tests/games/carambouille_support.hpp"
#include "tests/support/generator_draws.hpp"

using namespace carambouille_test;  // NOLINT: test file

namespace {

// The cards a trade_cards or persuasion_cards entry shows `seat`, by id.
Json cards_shown(const std::vector<LogEntry>& log, const std::string& key, Seat seat) {
    Json shown = Json::object();
    for (const LogEntry& e : log) {
        if (e.text_key != key || !e.visible_to(seat)) continue;
        for (const auto& [field, cards] : e.params.items()) {
            if (cards.is_object()) shown.update(cards);
        }
    }
    return shown;
}

bool sent_anything_with(const Table& t, Viewer viewer, const std::vector<LogEntry>& fresh, const std::string& id) {
    return taol::testing::everything_sent_to(t.state(), viewer, fresh).find(id) != std::string::npos;
}

}  // namespace

TEST_CASE("A traded card gets a fresh id for its new holder: a giver cannot recognise it coming back") {
    cb::Stacked s;
    s.hands = {{"fromage", "ail"}, {"tomates"}, {"herbes", "citrons"}};
    Table t(s);
    t.open_trading();
    const std::string first = t.id(0, "fromage");

    // 0 gives the fromage to 1 for its tomates.
    t.act(0, offer(1, {first}, Json::array(), Json::array()));
    auto log = t.act(1, accept(t.view().at("offers").at(0).at("id"), {t.id(1, "tomates")}));
    const std::string second = t.id(1, "fromage");
    CHECK(second != first);
    // Each trader reads the cards by the ids it knows: its own as they were, the others' new.
    CHECK(cards_shown(log, "carambouille.trade_cards", 0).contains(first));
    CHECK_FALSE(cards_shown(log, "carambouille.trade_cards", 0).contains(second));
    CHECK(cards_shown(log, "carambouille.trade_cards", 0).contains(t.id(0, "tomates")));
    CHECK(cards_shown(log, "carambouille.trade_cards", 1).contains(second));
    for (Viewer v : {Viewer{0}, Viewer{2}, Viewer{}}) CHECK_FALSE(sent_anything_with(t, v, log, second));

    // 1 passes it on to 2, and 2 gives it back to 0: each time a new id, never one seen before.
    t.act(1, offer(2, {second}, Json::array(), Json::array()));
    log = t.act(2, accept(t.view().at("offers").at(0).at("id"), {t.id(2, "herbes")}));
    const std::string third = t.id(2, "fromage");
    for (Viewer v : {Viewer{0}, Viewer{1}, Viewer{}}) CHECK_FALSE(sent_anything_with(t, v, log, third));
    t.act(2, offer(0, {third}, Json::array(), Json::array()));
    t.act(0, accept(t.view().at("offers").at(0).at("id"), {t.id(0, "ail")}));
    const std::string back = t.id(0, "fromage");
    CHECK(std::set<std::string>{first, second, third, back}.size() == 4);
    CHECK(t.state().check_invariants().empty());
}

TEST_CASE("Cards moved by a Persuasion get fresh ids for their new holders") {
    cb::Stacked s;
    s.hands = {{"persuasion", "tomates", "tomates"}, {"fromage", "ail"}, {"herbes"}};
    Table t(s);
    t.open_trading();
    const std::string fromage = t.id(1, "fromage");
    const Json tomates = t.ids(0, "tomates");
    t.act(0, {{"type", "persuade"}, {"target", 1}});
    CHECK(t.view(0).at("persuasions").at(0).at("products").contains(fromage));  // seen as it was
    const auto log = t.act(0, {{"type", "persuasion_exchange"}, {"take", {fromage}}, {"give", tomates}});
    const std::string taken = t.id(0, "fromage");
    CHECK(taken != fromage);
    const Json given = t.ids(1, "tomates");
    for (const Json& id : given) CHECK((id != tomates[0] && id != tomates[1]));
    // The target reads its fromage by its old id and its tomates by the new ones; the persuader
    // the other way round; the third player neither.
    CHECK(cards_shown(log, "carambouille.persuasion_cards", 1).contains(fromage));
    CHECK_FALSE(cards_shown(log, "carambouille.persuasion_cards", 1).contains(taken));
    CHECK(cards_shown(log, "carambouille.persuasion_cards", 0).contains(taken));
    CHECK_FALSE(sent_anything_with(t, 1, log, taken));
    for (const Json& id : given) CHECK_FALSE(sent_anything_with(t, 0, log, id));
    CHECK(cards_shown(log, "carambouille.persuasion_cards", 2).empty());
}

TEST_CASE("The ids' key comes from the seed alone, not from the generator that shuffles") {
    // Two layouts, two different uses of the generator: the same ids, in the id maker's order.
    auto shuffled = cb::game().setup(options(), 3, 77, 0);
    cb::Stacked s;
    s.hands = {{"fromage"}, {"ail"}, {"herbes"}};
    auto stacked = cb::setup_stacked(s, options(), 77, 0);
    taol::games::IdMaker maker("carambouille", 77);
    std::set<std::string> first;
    for (int i = 0; i < cb::kAllCards; ++i) first.insert(maker.next());
    for (const auto* state : {shuffled.get(), stacked.get()}) {
        for (Seat seat = 0; seat < 3; ++seat) {
            for (const auto& [id, name] : state->view(seat).at("hand").items()) CHECK(first.count(id) == 1);
        }
    }
}

TEST_CASE("Nothing a seat or a spectator is sent in a whole game is a draw of the game's generator") {
    auto config = playout_config(4, 12);
    std::map<std::uint64_t, taol::testing::GeneratorDraws> draws;
    long long searched = 0;
    config.observe = [&](const GameState& state, const std::vector<LogEntry>& fresh, std::uint64_t seed, TimeMs) {
        const auto& generator = draws.try_emplace(seed, seed).first->second;
        for (Viewer v : {Viewer{}, Viewer{0}, Viewer{1}, Viewer{2}, Viewer{3}}) {
            const auto found = generator.found_in(taol::testing::sent_to(state, v, fresh));
            if (!found.empty()) FAIL("seed " << seed << ": sent a draw of the generator: " << found.front());
            ++searched;
        }
    };
    REQUIRE(taol::testing::run_playouts(cb::game(), config).games == 12);
    CHECK(searched > 12 * 5 * 100);
}
