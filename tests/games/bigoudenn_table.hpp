#pragma once
// A Bigoudenn game under test: applies actions as the room would (deadlines first), keeps the
// log, and checks that refused actions change nothing.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "games/bigoudenn/bigoudenn.hpp"
#include "games/core/action_list.hpp"
#include "games/core/options.hpp"
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

struct Table {
    std::unique_ptr<GameState> state;
    int players = 0;
    TimeMs now = kStart;
    std::vector<LogEntry> log;

    Table(int n, const bg::Deal& deal, const char* variant = "full", std::uint64_t seed = 7)
        : state(bg::setup_dealt(options(variant, n), n, deal, seed, kStart)), players(n) {
        REQUIRE(state->check_invariants().empty());
    }

    Json view(Viewer v = std::nullopt) const { return state->view(v); }
    Json player(Seat s, Viewer v = std::nullopt) const { return view(v).at("players").at(s); }
    Json surface(Seat s, Viewer v = std::nullopt) const { return player(s, v).at("surface"); }
    Json hands(Seat s) const { return player(s).at("hands"); }
    Json teut_view(Viewer v = std::nullopt) const { return view(v).at("teut"); }
    bool listed(Seat s, const Json& action) const { return taol::games::is_listed(state->actions(s), action); }

    // The room's order: every deadline due at or before `t` first, each at its own time.
    void expire_to(TimeMs t) {
        for (int guard = 0; guard < 100; ++guard) {
            std::optional<TimeMs> due;
            for (const auto& d : state->deadlines()) due = std::min(due.value_or(d.at), d.at);
            if (!due || *due > t) break;
            auto applied = state->expire(*due);
            state = std::move(applied.state);
            REQUIRE(state->check_invariants().empty());
            log.insert(log.end(), applied.log.begin(), applied.log.end());
        }
        now = std::max(now, t);
    }

    // An action that must be accepted, stamped `at` (default: 1 ms after the last one).
    std::vector<LogEntry> act(Seat seat, const Json& action, std::optional<TimeMs> at = std::nullopt) {
        const TimeMs t = at.value_or(now + 1);
        expire_to(t);
        INFO("seat " << seat << " sends " << action.dump());
        auto applied = state->apply(seat, action, t);
        if (!applied) FAIL("refused: " << applied.error().message);
        state = std::move(applied.value().state);
        REQUIRE(state->check_invariants().empty());
        log.insert(log.end(), applied.value().log.begin(), applied.value().log.end());
        now = t;
        check_secrets(applied.value().log);
        return applied.value().log;
    }

    // An action that must be refused with `code`, leaving everything as it was.
    std::string refuse(Seat seat, const Json& action, RuleCode code = RuleCode::illegal_action,
                       std::optional<TimeMs> at = std::nullopt) {
        const TimeMs t = at.value_or(now + 1);
        expire_to(t);
        INFO("seat " << seat << " sends " << action.dump());
        const std::string before = fingerprint();
        auto applied = state->apply(seat, action, t);
        REQUIRE_FALSE(applied.ok());
        CHECK(applied.error().code == code);
        CHECK_FALSE(applied.error().message.empty());
        CHECK(fingerprint() == before);
        return applied.error().message;
    }

    std::string fingerprint() const {
        std::string out = view().dump();
        for (Seat s = 0; s < players; ++s) out += state->view(s).dump() + state->actions(s).dump();
        for (const auto& d : state->deadlines()) out += d.kind + std::to_string(d.at);
        return out;
    }

    // No viewer is sent a face-down card, in the view, its actions or the new log entries.
    void check_secrets(const std::vector<LogEntry>& fresh) const {
        std::vector<Viewer> viewers{std::nullopt};
        for (Seat s = 0; s < players; ++s) viewers.emplace_back(s);
        for (Viewer v : viewers) {
            const std::string sent = taol::testing::everything_sent_to(*state, v, fresh);
            for (const std::string& secret : state->secrets_hidden_from(v)) {
                INFO("viewer " << (v ? std::to_string(*v) : "spectator") << " secret " << secret);
                CHECK(sent.find(secret) == std::string::npos);
            }
        }
    }

    std::vector<std::string> keys(std::size_t from = 0) const {
        std::vector<std::string> out;
        for (std::size_t i = from; i < log.size(); ++i) out.push_back(log[i].text_key);
        return out;
    }

    bool has_deadline(const std::string& kind) const {
        for (const auto& d : state->deadlines()) {
            if (d.kind == kind) return true;
        }
        return false;
    }
    TimeMs deadline(const std::string& kind) const {
        for (const auto& d : state->deadlines()) {
            if (d.kind == kind) return d.at;
        }
        FAIL("no deadline " << kind);
        return 0;
    }
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
