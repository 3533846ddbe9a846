#pragma once
// A Bigoudenn game under test: its options, its actions, a dealt table and what the random
// playout bounds.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/bigoudenn/bigoudenn.hpp"
#include "games/core/action_list.hpp"
#include "games/core/options.hpp"
#include "tests/support/game_driver.hpp"
#include "tests/support/playout.hpp"

namespace bigoudenn_test {

namespace bg = taol::games::bigoudenn;
using taol::games::GameState;
using taol::games::Json;
using taol::games::LogEntry;
using taol::games::RuleCode;
using taol::games::Seat;
using taol::games::TimeMs;
using taol::games::Viewer;

constexpr TimeMs kStart = 1'000'000;

inline Json options(const char* variant, int players) {
    auto complete = taol::games::complete_options(bg::game(), Json{{"variant", variant}}, players);
    REQUIRE(complete.ok());
    return complete.value();
}

// --- Actions ---
inline Json take(const char* hand, const char* card) { return {{"type", "take"}, {"hand", hand}, {"card", card}}; }
inline Json take(const char* hand, const char* card, const char* put_back) {
    return {{"type", "take"}, {"hand", hand}, {"card", card}, {"put_back", put_back}};
}
inline Json steal(const char* hand, Seat from, const char* card) {
    return {{"type", "steal"}, {"hand", hand}, {"from", from}, {"card", card}};
}
inline Json grab(const char* hand, const char* utensil) { return {{"type", "grab"}, {"hand", hand}, {"utensil", utensil}}; }
inline Json drop(const char* hand) { return {{"type", "drop"}, {"hand", hand}}; }
inline Json teut(const char* utensil) { return {{"type", "teut"}, {"utensil", utensil}}; }
inline Json bid(const char* card) { return {{"type", "bid"}, {"card", card}}; }
inline Json pass() { return {{"type", "pass"}}; }
inline Json make_room(const char* hand) { return {{"type", "make_room"}, {"hand", hand}}; }
inline Json passoire(const char* card) { return {{"type", "passoire"}, {"card", card}}; }
inline Json amen(const char* hand) { return {{"type", "amen"}, {"hand", hand}}; }
inline Json end_turn() { return {{"type", "end_turn"}}; }
inline Json compose(std::vector<std::string> cards) { return {{"type", "compose"}, {"cards", cards}}; }

// A dealt game in progress.
struct Table : taol::testing::GameDriver {
    Table(int n, const bg::Deal& deal, const char* variant = "full", std::uint64_t seed = 7)
        : GameDriver(bg::setup_dealt(options(variant, n), n, deal, seed, kStart), n, kStart) {}

    Json player(Seat s, Viewer v = std::nullopt) const { return view(v).at("players").at(s); }
    Json surface(Seat s, Viewer v = std::nullopt) const { return player(s, v).at("surface"); }
    Json hands(Seat s) const { return player(s).at("hands"); }
    Json teut_view(Viewer v = std::nullopt) const { return view(v).at("teut"); }
};

// Rozenn (0) plays; Tyfenn (2) grabs the spatule and Soazig (1) contests it. Values 1 to 4 on
// both sides; Katell (3) holds the passoire with a full work surface.
inline bg::Deal auction_deal() {
    bg::Deal d;
    d.first = 0;
    d.bigoudenes = {"rozenn", "soazig", "tyfenn", "katell"};
    d.pile = {"oignon", "echalote"};
    d.middle = {"poire", "noix", "citron", "chantilly"};
    d.surfaces = {{},
                  {"poireau", "moutarde", "champignons", "saucisse"},
                  {"persil", "algues", "lardons", "andouille"},
                  {"jambon", "oeuf", "fromage_rape", "sucre", "beurre_sale"}};
    d.hands = {{"fourchette", ""}, {"couteau", ""}, {"araignee", ""}, {"passoire", "couvercle"}};
    return d;  // the cuillère and the spatule lie in the middle
}

// The random playout's bound on free grabs and drops per turn, so that every game ends.
inline bool few_free_moves(const GameState& state, Seat, const Json& action) {
    const std::string type = action.at("type");
    return (type != "grab" && type != "drop") || bg::free_moves_this_turn(state) < 4;
}

inline bool contains(const Json& list, const Json& value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

}  // namespace bigoudenn_test
