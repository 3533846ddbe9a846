// A new table from the options, and the invariants the tests check at every step.
#include <algorithm>
#include <numeric>
#include <set>

#include "games/castors/rules.hpp"

namespace taol::games::castors {
namespace {

// Options reach setup complete and checked; a missing or odd value falls back to the default.
int int_option(const Json& options, const char* name, int fallback) {
    if (!options.is_object() || !options.contains(name) || !options.at(name).is_number_integer()) return fallback;
    return options.at(name).get<int>();
}

}  // namespace

Table new_table(const Json& options, int players, std::uint64_t seed, std::optional<Seat> dealer, TimeMs now,
                const StackedDeal* stacked) {
    Table t;
    t.players = players;
    t.cards = std::clamp(int_option(options, "cards", 4), 2, 4);
    t.score_limit = int_option(options, "score_limit", 0);
    const int rounds = int_option(options, "rounds", 0);
    if (rounds > 0) {
        t.rounds_total = rounds;
    } else if (t.score_limit == 0) {
        t.rounds_total = players;  // null: one round per player, unless a score limit ends the game
    }
    const std::vector<Face> deck = full_deck();
    std::copy(deck.begin(), deck.end(), t.face.begin());
    t.rng = Rng(seed);
    t.ids = IdMaker("castors", seed);
    t.dealer = dealer ? *dealer : static_cast<Seat>(t.rng.below(static_cast<std::uint64_t>(players)));
    t.totals.assign(players, 0);
    Log ignored;  // setup has no log: the view tells the round, dealer and first player
    start_round(t, now, ignored, stacked);
    return t;
}

std::string check_invariants(const Table& t) {
    std::array<int, kFaceCount> copies{};
    for (Face f : t.face) {
        if (f < 0 || f >= kFaceCount) return "a card has no face";
        ++copies[static_cast<std::size_t>(f)];
    }
    for (const CardKind& kind : kDeck) {
        if (copies[static_cast<std::size_t>(kind.face)] != kind.copies) return "the deck's composition changed";
    }
    std::vector<int> uids(t.pile.begin(), t.pile.end());
    uids.insert(uids.end(), t.discard.begin(), t.discard.end());
    std::set<std::string> ids;
    if (static_cast<int>(t.rows.size()) != t.players) return "not one row per seat";
    for (const auto& row : t.rows) {
        if (static_cast<int>(row.size()) != t.cards) return "a row has the wrong number of cards";
        for (const Slot& slot : row) {
            uids.push_back(slot.uid);
            if (!ids.insert(slot.id).second) return "two cards share an id";
        }
    }
    if (t.drawn) {
        uids.push_back(t.drawn->uid);
        if (!ids.insert(t.drawn->id).second) return "two cards share an id";
    }
    std::sort(uids.begin(), uids.end());
    std::vector<int> all(kDeckSize);
    std::iota(all.begin(), all.end(), 0);
    if (uids != all) return "the 66 cards are not each in exactly one place";
    if (t.discard.empty()) return "the discard pile is empty";
    if (t.drawn.has_value() != (t.phase == Phase::drawn)) return "a drawn card outside the drawn phase";
    if (t.looked.has_value() != (t.phase == Phase::looked)) return "a looked card outside the looked phase";
    if (static_cast<int>(t.seen.size()) != t.players) return "peek flags are not one per seat";
    if (t.phase != Phase::peek && t.phase != Phase::finished &&
        std::find(t.seen.begin(), t.seen.end(), false) != t.seen.end()) {
        return "the turns started before the peek ended";
    }
    if (t.pause.running() != (t.phase == Phase::round_over)) return "a round pause outside round_over";
    if (!t.revealed()) {
        if (t.knocker && (t.turns_left < 1 || t.turns_left > t.players - 1)) return "wrong number of last turns";
        if (!t.knocker && t.turns_left != 0) return "last turns without a knock";
        if (t.turns > kStallTurnsPerPlayer * t.players + t.players) return "the stall rule did not end the round";
        if (t.rounds_total && t.round > *t.rounds_total) return "more rounds than agreed";
    }
    std::vector<int> sums(t.players, 0);
    for (const RoundResult& r : t.history) {
        for (Seat s = 0; s < t.players; ++s) sums[s] += r.points[s];
    }
    if (sums != t.totals) return "totals are not the sum of the rounds";
    if (t.revealed()) {
        for (const auto& row : t.rows) {
            for (const Slot& slot : row) {
                if (!is_number(t.face[slot.uid])) return "an action card scored";
            }
        }
    }
    return {};
}

}  // namespace taol::games::castors
