// The bharg bot's own pieces: the fast draw table against the exact solver, and the policy's
// plain duties (win when a discard wins, take a discard that completes the hand).
#include <catch2/catch.hpp>

#include <algorithm>

#include "games/bharg/bot_draws.hpp"
#include "games/bharg/bot_eval.hpp"
#include "games/bharg/solver.hpp"
#include "games/core/rng.hpp"

namespace taol::games::bharg {
namespace {

// The solver's answer to DrawTable::best_after: every discard of the 8 cards tried.
int solver_best_after(const std::vector<CardId>& hand, CardId card, std::optional<CardId> top_ace) {
    std::vector<CardId> with = hand;
    with.push_back(card);
    int best = 1 << 20;
    for (std::size_t i = 0; i < with.size(); ++i) {
        std::vector<CardId> rest = with;
        rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
        const auto top = info(with[i]).kind == Kind::ace ? std::optional<CardId>(with[i]) : top_ace;
        best = std::min(best, arrange(rest, top).unbound_value);
    }
    return best;
}

std::vector<CardId> named(std::initializer_list<const char*> names) {
    std::vector<CardId> cards;
    for (const char* name : names) cards.push_back(find_card(name).value());
    return cards;
}

}  // namespace

TEST_CASE("The bot's draw table agrees with the exact solver") {
    Rng rng(42);
    for (Extended extended : {Extended::none, Extended::pawns, Extended::courts}) {
        std::vector<CardId> deck = deck_cards(extended);
        for (int trial = 0; trial < 400; ++trial) {
            rng.shuffle(deck);
            const std::vector<CardId> hand(deck.begin(), deck.begin() + 7);
            std::optional<CardId> top_ace;
            if (rng.coin()) top_ace = find_card(std::vector<const char*>{"ace_moons", "ace_suns", "ace_waves", "ace_leaves",
                                                                         "ace_wyrms", "ace_knots"}[rng.below(6)]);
            if (top_ace && std::find(hand.begin(), hand.end(), *top_ace) != hand.end()) continue;
            DrawTable table(hand, top_ace);
            for (auto it = deck.begin() + 7; it != deck.end(); ++it) {
                if (*it == top_ace) continue;
                INFO("trial " << trial << ", card " << info(*it).name);
                REQUIRE(table.best_after(*it) == solver_best_after(hand, *it, top_ace));
            }
        }
    }
}

TEST_CASE("The bot discards the card that wins the round") {
    // origin + mountain + soldier and journey + painter + savage are two bhargs; the suns Ace binds
    // bard, so only sea is loose.
    const std::vector<CardId> hand = named({"origin", "mountain", "soldier", "journey", "painter", "savage", "sea", "bard"});
    const Outlook outlook{find_card("ace_suns"), named({"mill", "cave", "end"})};
    const Discard choice = best_discard(hand, outlook);
    CHECK(info(hand[choice.index]).name == std::string("sea"));
}

TEST_CASE("The bot takes a discard that completes its hand") {
    const std::vector<CardId> hand = named({"origin", "mountain", "soldier", "journey", "painter", "savage", "sea"});
    const Outlook outlook{find_card("ace_suns"), named({"mill", "cave", "end", "pact", "merchant"})};
    // bard binds under the suns Ace; sea then goes.
    CHECK(take_discard(hand, find_card("bard").value(), outlook));
}

}  // namespace taol::games::bharg
