// Bharg's Decktet data and its solver, checked against the seed's examples and a brute force.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>

#include "games/bharg/cards.hpp"
#include "games/bharg/solver.hpp"
#include "games/core/rng.hpp"

namespace bharg = taol::games::bharg;
using bharg::CardId;

namespace {

CardId card(const std::string& name) {
    const auto id = bharg::find_card(name);
    REQUIRE(id);
    return *id;
}

std::vector<CardId> cards(const std::vector<std::string>& names) {
    std::vector<CardId> out;
    for (const auto& n : names) out.push_back(card(n));
    return out;
}

std::optional<CardId> ace(const char* name) { return card(name); }

// The least unbound value over every partition of the hand into blocks, each block either a
// bharg or cards standing alone: independent of the solver's subset search.
struct BruteForce {
    const std::vector<CardId>& hand;
    std::optional<CardId> top;
    std::array<int, 12> block{};
    int best = 1 << 30;

    // A block binds its cards when its suits are the six, each once, over 3+ cards, no Excuse.
    int leaf(int blocks) const {
        std::array<unsigned, 12> suits{};
        std::array<int, 12> size{}, alone_cost{};
        std::array<bool, 12> broken{};
        for (std::size_t k = 0; k < hand.size(); ++k) {
            const auto& card = bharg::info(hand[k]);
            const auto b = static_cast<std::size_t>(block[k]);
            broken[b] = broken[b] || (suits[b] & card.suits) != 0 || card.kind == bharg::Kind::excuse;
            suits[b] |= card.suits;
            ++size[b];
            alone_cost[b] += bharg::ace_binds(top, hand[k]) ? 0 : card.value;
        }
        int unbound = 0;
        for (std::size_t b = 0; b < static_cast<std::size_t>(blocks); ++b) {
            const bool bharg = !broken[b] && size[b] >= 3 && suits[b] == bharg::kAllSuits;
            unbound += bharg ? 0 : alone_cost[b];
        }
        return unbound;
    }
    void walk(std::size_t i, int blocks) {
        if (i == hand.size()) {
            best = std::min(best, leaf(blocks));
            return;
        }
        for (int b = 0; b <= blocks; ++b) {
            block[i] = b;
            walk(i + 1, std::max(blocks, b + 1));
        }
    }
};

int brute_force(const std::vector<CardId>& hand, std::optional<CardId> top) {
    BruteForce search{hand, top};
    search.walk(0, 0);
    return search.best;
}

// The solver's answer is a real arrangement of the hand with the value it claims.
void check_arrangement(const std::vector<CardId>& hand, std::optional<CardId> top, const bharg::Arrangement& a) {
    std::vector<CardId> all = a.ace_bound;
    all.insert(all.end(), a.unbound.begin(), a.unbound.end());
    for (const auto& group : a.bhargs) {
        REQUIRE(bharg::is_bharg(group));
        all.insert(all.end(), group.begin(), group.end());
    }
    std::vector<CardId> sorted_hand = hand;
    std::sort(all.begin(), all.end());
    std::sort(sorted_hand.begin(), sorted_hand.end());
    REQUIRE(all == sorted_hand);
    int value = 0;
    for (CardId c : a.ace_bound) REQUIRE(bharg::ace_binds(top, c));
    for (CardId c : a.unbound) {
        REQUIRE_FALSE(bharg::ace_binds(top, c));
        value += bharg::info(c).value;
    }
    REQUIRE(value == a.unbound_value);
}

}  // namespace

TEST_CASE("The Decktet: 36 cards, each suit on ten of them, three cards per number rank") {
    const auto basic = bharg::deck_cards(bharg::Extended::none);
    REQUIRE(basic.size() == 36);
    for (int s = 0; s < bharg::kSuitCount; ++s) {
        CHECK(std::count_if(basic.begin(), basic.end(), [&](CardId c) { return bharg::info(c).suits & (1u << s); }) == 10);
    }
    for (int rank = 2; rank <= 9; ++rank) {
        std::vector<CardId> same;
        for (CardId c : basic) {
            if (bharg::info(c).rank == rank) same.push_back(c);
        }
        INFO("rank " << rank);
        REQUIRE(same.size() == 3);
        CHECK(bharg::is_bharg(same));  // three cards of one rank always form a bharg
    }
    CHECK(bharg::deck_cards(bharg::Extended::pawns).size() == 41);
    CHECK(bharg::deck_cards(bharg::Extended::courts).size() == 41);
    CHECK(bharg::info(card("chance_meeting")).value == 7);
    CHECK(bharg::info(card("windfall")).value == 10);
    CHECK(bharg::info(card("watchman")).value == 10);
    CHECK(bharg::info(card("excuse")).value == 0);
    CHECK_FALSE(bharg::find_card("joker"));
}

TEST_CASE("The seed's bharg examples") {
    CHECK(bharg::is_bharg(cards({"origin", "mountain", "soldier"})));
    CHECK(bharg::is_bharg(cards({"ace_moons", "bard", "cave", "market"})));
    CHECK(bharg::is_bharg(cards({"ace_moons", "ace_suns", "ace_waves", "ace_leaves", "ace_wyrms", "ace_knots"})));
    CHECK(bharg::is_bharg(cards({"huntress", "bard", "sea", "end", "calamity", "windfall"})));
    const auto three = cards({"origin", "mountain", "battle"});
    CHECK(bharg::is_bharg(three));
    CHECK_FALSE(bharg::is_bharg(std::span<const CardId>(three).first(2)));  // two cards
    CHECK_FALSE(bharg::is_bharg(cards({"origin", "mountain", "lunatic"})));  // Moons twice, no Knots
    CHECK_FALSE(bharg::is_bharg(cards({"origin", "mountain", "soldier", "ace_moons"})));  // Moons twice
    CHECK_FALSE(bharg::is_bharg(cards({"origin", "mountain", "soldier", "excuse"})));  // never the Excuse
    CHECK(bharg::is_bharg(cards({"watchman", "sailor", "ace_suns"})));  // a Pawn in a bharg
    CHECK(bharg::is_bharg(cards({"window", "cave", "huntress"})));      // a Court in a bharg
}

TEST_CASE("The solver picks the arrangement that leaves the least value, not the first bharg") {
    // {pact, cave, market} is a bharg, but {huntress, bard, cave, market} leaves 13 instead of 24.
    const auto hand = cards({"huntress", "bard", "cave", "market", "pact", "author", "desert"});
    const auto best = bharg::arrange(hand, ace("ace_waves"));
    REQUIRE(best.bhargs.size() == 1);
    CHECK(best.bhargs[0].size() == 4);
    CHECK(best.unbound_value == 13);
    CHECK(best.unbound.size() == 3);
    CHECK_FALSE(best.all_bound());
    check_arrangement(hand, ace("ace_waves"), best);

    const auto all = bharg::arrange(cards({"origin", "mountain", "soldier", "journey", "painter", "savage", "sea"}),
                                    ace("ace_waves"));
    CHECK(all.all_bound());
    CHECK(all.bhargs.size() == 2);
    CHECK(all.ace_bound == cards({"sea"}));
    // With an empty Ace pile only bharg cards are bound; the Excuse is bound by itself.
    CHECK(bharg::arrange(cards({"origin", "mountain", "soldier", "sea"}), std::nullopt).unbound == cards({"sea"}));
    CHECK(bharg::arrange(cards({"origin", "mountain", "soldier", "excuse"}), std::nullopt).all_bound());
}

TEST_CASE("The solver matches a brute-force search on 10,000 random hands, basic and extended") {
    taol::games::Rng rng(2024);
    const std::vector<std::vector<CardId>> decks = {bharg::deck_cards(bharg::Extended::none),
                                                   bharg::deck_cards(bharg::Extended::pawns),
                                                   bharg::deck_cards(bharg::Extended::courts)};
    int bhargs_seen = 0;
    for (int i = 0; i < 10'000; ++i) {
        std::vector<CardId> deck = decks[static_cast<std::size_t>(i % 3)];
        std::vector<CardId> hand;
        if (rng.coin()) {
            // Stack a bharg in, so that hands with one or two of them are common.
            rng.shuffle(deck);
            unsigned covered = 0;
            for (CardId c : deck) {
                if ((bharg::info(c).suits & covered) == 0 && bharg::info(c).suits != 0 && hand.size() < 6) {
                    hand.push_back(c);
                    covered |= bharg::info(c).suits;
                }
            }
            if (covered != bharg::kAllSuits) hand.clear();
            std::erase_if(deck, [&](CardId c) { return std::find(hand.begin(), hand.end(), c) != hand.end(); });
        }
        rng.shuffle(deck);
        const std::size_t size = 7 + rng.below(2);
        for (std::size_t k = 0; hand.size() < size; ++k) hand.push_back(deck[k]);
        rng.shuffle(hand);
        std::optional<CardId> top;
        if (rng.below(5) != 0) top = static_cast<CardId>(rng.below(6));  // the six Aces come first
        if (top && std::find(hand.begin(), hand.end(), *top) != hand.end()) top.reset();
        const auto solved = bharg::arrange(hand, top);
        check_arrangement(hand, top, solved);
        REQUIRE(solved.unbound_value == brute_force(hand, top));
        // The one-search answer for "this hand without each card" agrees with solving each.
        const auto without = bharg::unbound_without_each(hand, top);
        for (std::size_t k = 0; k < hand.size(); ++k) {
            std::vector<CardId> rest = hand;
            rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(k));
            REQUIRE(without[k] == bharg::arrange(rest, top).unbound_value);
        }
        bhargs_seen += solved.bhargs.empty() ? 0 : 1;
    }
    CHECK(bhargs_seen > 3000);
}
