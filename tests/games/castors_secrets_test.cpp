// Gang de castors: hidden values reach nobody who may not see them (twin games), and the generic
// random playout.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "games/castors/castors.hpp"
#include "games/core/ids.hpp"
#include "tests/games/bot_twin.hpp"
#include "tests/support/generator_draws.hpp"
#include "tests/support/playout.hpp"

namespace cs = taol::games::castors;
using taol::games::GameState;
using taol::games::Json;
using taol::games::LogEntry;
using taol::games::Rng;
using taol::games::Seat;
using taol::games::TimeMs;
using taol::games::Viewer;

namespace {

using bot_twin::kT0;

Json options(int players, const Json& given = nullptr) { return bot_twin::options(cs::game(), players, given); }

// The cards whose face `viewer` may be shown now, from the rules text (not from view.cpp): the
// discard pile; every card once the round or the game is over (every row is revealed); its two
// end cards while its peek is open; the card it looks at with Regarder; the card it drew.
std::set<int> may_see(const cs::Table& t, Viewer viewer) {
    std::set<int> out(t.discard.begin(), t.discard.end());
    const bool over = t.phase == cs::Phase::round_over || t.phase == cs::Phase::finished;
    for (Seat s = 0; s < t.players; ++s) {
        for (int p = 0; p < t.cards; ++p) {
            const bool peek = t.phase == cs::Phase::peek && !t.seen[s] && (p == 0 || p == t.cards - 1);
            const bool looked = t.phase == cs::Phase::looked && t.current == s && t.looked == p;
            if (over || (viewer == s && (peek || looked))) out.insert(t.rows[s][p].uid);
        }
    }
    if (t.drawn && viewer == t.current) out.insert(t.drawn->uid);
    return out;
}

std::vector<int> hidden_from(const cs::Table& t, Viewer viewer) {
    const std::set<int> seen = may_see(t, viewer);
    std::vector<int> hidden;
    for (int uid = 0; uid < cs::kDeckSize; ++uid) {
        if (!seen.count(uid)) hidden.push_back(uid);
    }
    return hidden;
}

// A twin table: the faces of `uids` shuffled among them (numbers among numbers and action cards
// among action cards when `by_kind`). Nothing else differs.
cs::Table twin_of(const cs::Table& t, const std::vector<int>& uids, bool by_kind, Rng& rng) {
    cs::Table twin = t;
    for (int group = 0; group < (by_kind ? 2 : 1); ++group) {
        std::vector<int> members;
        for (int uid : uids) {
            if (!by_kind || cs::is_number(t.face[uid]) == (group == 0)) members.push_back(uid);
        }
        std::vector<cs::Face> faces;
        for (int uid : members) faces.push_back(t.face[uid]);
        rng.shuffle(faces);
        for (std::size_t i = 0; i < members.size(); ++i) twin.face[members[i]] = faces[i];
    }
    return twin;
}

std::string sent(const GameState& state, Viewer viewer, const std::vector<LogEntry>& log = {}) {
    return taol::testing::everything_sent_to(state, viewer, log);
}

std::vector<Viewer> viewers(int players) {
    std::vector<Viewer> out{std::nullopt};
    for (Seat s = 0; s < players; ++s) out.emplace_back(s);
    return out;
}

// One step of a game: an action from a seat, or the deadlines due at `at`.
struct Event {
    bool expire = false;
    Seat seat = 0;
    Json action;
    TimeMs at = 0;
};

struct Outcome {
    bool ok = false;
    std::unique_ptr<GameState> state;
    std::vector<LogEntry> log;
    std::string error;
};

Outcome run(const GameState& state, const Event& e) {
    if (e.expire) {
        auto applied = state.expire(e.at);
        return {true, std::move(applied.state), std::move(applied.log), {}};
    }
    auto applied = state.apply(e.seat, e.action, e.at);
    if (!applied) return {false, nullptr, {}, std::string(taol::games::to_string(applied.error().code)) + applied.error().message};
    return {true, std::move(applied.value().state), std::move(applied.value().log), {}};
}

// What a viewer sees of a state: the same in a twin whose hidden faces differ.
void check_static(const GameState& state, int players, Rng& rng) {
    const cs::Table& t = *cs::table_of(state);
    for (Viewer v : viewers(players)) {
        const auto twin = cs::state_from(twin_of(t, hidden_from(t, v), false, rng));
        REQUIRE(sent(state, v) == sent(*twin, v));
    }
}

// What a step tells a viewer (log, new view, an error) does not depend on cards hidden from it
// before and after the step. Playing or placing a drawn card tells everyone whether it was a
// number: for those steps only, the twin keeps each hidden card's kind.
void check_step(const GameState& state, const Event& e, const Outcome& real, int players, Rng& rng) {
    const cs::Table& before = *cs::table_of(state);
    if (!real.ok) {
        const auto twin = cs::state_from(twin_of(before, hidden_from(before, e.seat), false, rng));
        REQUIRE(run(*twin, e).error == real.error);
        return;
    }
    const cs::Table& after = *cs::table_of(*real.state);
    if (after.round != before.round || after.revealed()) {
        // Every row is revealed: the log holds what the view's history now shows to all.
        for (const LogEntry& entry : real.log) {
            if (entry.text_key != "castors.round_end") continue;
            const Json last = real.state->view(std::nullopt).at("last_round");
            for (const char* key : {"rows", "replacements", "points", "winners"}) REQUIRE(entry.params.at(key) == last.at(key));
        }
        return;
    }
    const std::string type = e.expire ? "" : e.action.at("type").get<std::string>();
    const bool by_kind = type == "play" || type == "swap";
    for (Viewer v : viewers(players)) {
        const auto hidden_after = hidden_from(after, v);
        std::vector<int> both;
        for (int uid : hidden_from(before, v)) {
            if (std::binary_search(hidden_after.begin(), hidden_after.end(), uid)) both.push_back(uid);
        }
        const auto twin = cs::state_from(twin_of(before, both, by_kind, rng));
        const Outcome other = run(*twin, e);
        REQUIRE(other.ok);
        INFO("viewer " << (v ? std::to_string(*v) : "spectator") << " event " << e.action.dump());
        REQUIRE(sent(*real.state, v, real.log) == sent(*other.state, v, other.log));
    }
}

// Random games checked at every step; some actions are wrong on purpose (their errors too must
// not depend on hidden cards).
int play_checked_games(int players, const Json& given, int games, std::uint64_t seed0) {
    const Json opts = options(players, given);
    int finished = 0;
    for (int g = 0; g < games; ++g) {
        const std::uint64_t seed = seed0 + static_cast<std::uint64_t>(g);
        INFO("players " << players << " seed " << seed);
        auto state = cs::game().setup(opts, players, seed, kT0);
        Rng chooser(seed ^ 0x5ca1ab1eULL);
        Rng twins(seed ^ 0x7717ULL);
        TimeMs now = kT0;
        for (int step = 0; step < 5000 && !state->finished(); ++step) {
            check_static(*state, players, twins);
            now += static_cast<TimeMs>(chooser.below(500));
            Event e;
            const auto deadlines = state->deadlines();
            if (!deadlines.empty() && (deadlines[0].at <= now || chooser.below(20) == 0)) {
                e = Event{true, 0, nullptr, std::max(now, deadlines[0].at)};
                now = e.at;
            } else {
                const auto waiting = state->waiting_for();
                const Seat seat = chooser.below(4) == 0 ? static_cast<Seat>(chooser.below(players))
                                                        : waiting[chooser.below(waiting.size())];
                const Json listed = state->actions(seat);
                if (chooser.below(8) == 0 || listed.empty()) {
                    static const char* const kTypes[] = {"seen", "take_discard", "draw", "swap", "discard",
                                                         "play", "exchange", "look", "end_turn"};
                    Json bad{{"type", kTypes[chooser.below(9)]}, {"position", static_cast<int>(chooser.below(6)) - 1}};
                    if (chooser.coin()) bad["knock"] = true;
                    e = Event{false, seat, bad, now};
                } else {
                    e = Event{false, seat, taol::testing::fill_template(listed[chooser.below(listed.size())], chooser), now};
                }
            }
            Outcome real = run(*state, e);
            check_step(*state, e, real, players, twins);
            if (real.ok) state = std::move(real.state);
        }
        if (state->finished()) ++finished;
    }
    return finished;
}

}  // namespace

TEST_CASE("castors: the twin check would catch a leaked value") {
    auto state = cs::game().setup(options(3), 3, 5, kT0);
    const cs::Table& t = *cs::table_of(*state);
    Rng rng(1);
    // A view that also showed seat 1's middle card to seat 0 would differ from its twin's.
    const auto leaky = [](const GameState& s) {
        const cs::Table& table = *cs::table_of(s);
        return sent(s, 0) + cs::face_json(table.face[table.rows[1][1].uid]).dump();
    };
    bool caught = false;
    for (int i = 0; i < 20 && !caught; ++i) {
        const auto twin = cs::state_from(twin_of(t, hidden_from(t, 0), false, rng));
        REQUIRE(sent(*state, 0) == sent(*twin, 0));
        caught = leaky(*state) != leaky(*twin);
    }
    CHECK(caught);
    // And the fragments the playout harness looks for name the hidden cards.
    const auto secrets = state->secrets_hidden_from(std::nullopt);
    CHECK(secrets.size() == 12);
    CHECK(state->secrets_hidden_from(0).size() == 10);
    CHECK(secrets[0].find(t.rows[0][0].id) != std::string::npos);
}

TEST_CASE("castors: no view, action list, log or error tells a hidden value (twin games)") {
    for (int players = 2; players <= 6; ++players) {
        CHECK(play_checked_games(players, nullptr, 12, 1000 + 100 * static_cast<std::uint64_t>(players)) == 12);
    }
    CHECK(play_checked_games(3, Json{{"cards", 3}}, 10, 77) == 10);
    CHECK(play_checked_games(2, Json{{"cards", 2}}, 10, 88) == 10);
}

// The harness renders every view for every viewer at every step: 500 games per player count
// are played one round long, and whole games with fewer seeds.
// A bot decides from its seat's snapshot alone: in a twin game whose cards hidden from its seat
// differ, the seat is sent the same snapshot, so the bot, with the same memory and draws, does the
// same (the loop of tests/games/bot_twin.hpp, as for the other games).
TEST_CASE("castors: the bot decides the same whatever the cards hidden from its seat") {
    const bot_twin::TwinOf castors_twin = [](const GameState& state, Seat seat, Rng& rng) {
        const cs::Table& t = *cs::table_of(state);
        cs::Table twin = twin_of(t, hidden_from(t, seat), false, rng);
        const bool differs = twin.face != t.face;
        return bot_twin::Twin{cs::state_from(std::move(twin)), differs};
    };
    const auto totals = bot_twin::play_all(cs::game(), {{2}, {4}}, 3, castors_twin, 2000);
    // Not vacuous: most twins hold other faces where the seat cannot see.
    CHECK(totals.differing > totals.twins / 2);
}

TEST_CASE("castors: random playouts, 2 to 6 players, 500 one-round games each") {
    taol::testing::PlayoutConfig config;
    config.seeds = 500;
    config.options = Json{{"rounds", 1}};
    const auto stats = taol::testing::run_playouts(cs::game(), config);
    REQUIRE(stats.games == 5 * 500);
    CHECK(stats.expiries > 0);
}

TEST_CASE("castors: random playouts of whole games, 3 and 2 cards, a score limit, no knocks") {
    taol::testing::PlayoutConfig config;
    config.seeds = 20;
    REQUIRE(taol::testing::run_playouts(cs::game(), config).games == 5 * 20);
    config.seeds = 60;
    config.options = Json{{"cards", 3}, {"rounds", 1}};
    REQUIRE(taol::testing::run_playouts(cs::game(), config).games == 5 * 60);
    config.options = Json{{"cards", 2}, {"rounds", 1}};
    REQUIRE(taol::testing::run_playouts(cs::game(), config).games == 5 * 60);
    config.seeds = 6;
    config.options = Json{{"score_limit", 40}};
    REQUIRE(taol::testing::run_playouts(cs::game(), config).games == 5 * 6);
    // Nobody knocks: every round ends by the stall rule, through reshuffled draw piles.
    config.seeds = 2;
    config.options = Json{{"rounds", 1}};
    config.allow = [](const GameState&, Seat, const Json& action) { return !action.contains("knock"); };
    REQUIRE(taol::testing::run_playouts(cs::game(), config).games == 5 * 2);
}

TEST_CASE("castors: ids come from the seed's id maker, never from the generator that shuffles") {
    // Two deals that use the generator differently (a chosen dealer draws one number less): the
    // ids are still the id maker's for the seed, in its order.
    for (std::optional<Seat> dealer : {std::optional<Seat>{}, std::optional<Seat>{2}}) {
        auto state = dealer ? cs::setup_stacked(options(4), 4, 31, *dealer, nullptr, kT0) : cs::game().setup(options(4), 4, 31, kT0);
        taol::games::IdMaker maker("castors", 31);
        std::set<std::string> first;
        for (int i = 0; i < 16; ++i) first.insert(maker.next());
        for (const auto& row : cs::table_of(*state)->rows) {
            for (const cs::Slot& slot : row) CHECK(first.count(slot.id) == 1);
        }
    }
    // Nothing a seat or a spectator is sent during whole games is, or writes, a generator draw.
    taol::testing::PlayoutConfig config;
    config.seeds = 6;
    config.players = {2, 4, 6};
    std::map<std::uint64_t, taol::testing::GeneratorDraws> draws;
    config.observe = [&](const GameState& state, const std::vector<LogEntry>& fresh, std::uint64_t seed, TimeMs) {
        const auto& generator = draws.try_emplace(seed, seed).first->second;
        for (Viewer v : viewers(cs::table_of(state)->players)) {
            const auto found = generator.found_in(taol::testing::sent_to(state, v, fresh));
            if (!found.empty()) FAIL("seed " << seed << ": sent a draw of the generator: " << found.front());
        }
    };
    REQUIRE(taol::testing::run_playouts(cs::game(), config).games == 3 * 6);
}
