#pragma once
// What the Carambouille bot makes of cards: a hand grouped by kind (copies of one kind are alike
// for every rule), what a hand is worth at the sale, and the cheapest cards meeting a claim list.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/carambouille/cards.hpp"
#include "games/carambouille/claims.hpp"
#include "games/core/types.hpp"

namespace taol::games::carambouille {

using Counts = std::array<int, kKinds>;

// A set of cards {id: name} as counts and ids by kind (ids sorted, so choices are stable).
struct OwnCards {
    Counts counts{};
    std::array<std::vector<std::string>, kKinds> ids;
};

OwnCards read_cards(const Json& cards);

int product_count(const Counts& counts);
int carambouille_count(const Counts& counts);

// What `count` cards of `kind` are worth to their holder: products at their Mémo price, sold five
// at most at a time; Carambouille cards at a fixed worth per card.
double kind_worth(int kind, int count);
double hand_worth(const Counts& counts);

// The worth lost by giving `give` out of `hand` (all of `give` must be held).
double giving_cost(const Counts& hand, const Counts& give);

Tally tally_of_counts(const Counts& counts);

// The cheapest cards of `hand` (at least one) of which every claim is true, if the bounded search
// finds any.
std::optional<Counts> cheapest_meeting(const Counts& hand, const Claims& claims);

// The cheapest single product of `hand`, optionally other than `except`, or -1.
int cheapest_product(const Counts& hand, int except = -1);

// Ids for `take` cards of each kind, the first copies of `own`.
Json ids_for(const OwnCards& own, const Counts& take);

// A claim list parsed, or nothing when it is not one.
std::optional<Claims> claims_of(const Json& list);

Json product_claim(int kind, int count);

}  // namespace taol::games::carambouille
