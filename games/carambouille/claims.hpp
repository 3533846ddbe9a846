#pragma once
// The claims of an announcement or an ask ("2 fromages", "70 points", "3 cartes"...): parsing,
// checking against a set of cards, and finding cards of a hand that make them true.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/carambouille/cards.hpp"
#include "games/core/result.hpp"
#include "games/core/types.hpp"

namespace taol::games::carambouille {

constexpr int kMaxClaims = 8;

struct Claim {
    enum class What { product, value, cards, carambouille, card };
    What what = What::cards;
    int kind = 0;    // the product or card type, for `product` and `card`
    int number = 0;  // the count, the total face value or the number of cards

    bool operator==(const Claim&) const = default;
};
using Claims = std::vector<Claim>;

// What a set of cards amounts to, as far as claims can tell.
struct Tally {
    std::array<int, kKinds> per_kind{};
    int value = 0;
    int cards = 0;
    int carambouille = 0;
};

Tally tally_of(const std::vector<int>& cards);

// True when every claim is exactly true of the tallied cards.
bool holds(const Claims& claims, const Tally& tally);

// `field` names the list in error messages ("announce", "ask").
Result<Claims> parse_claims(const Json& list, const std::string& field);

Json to_json(const Claims& claims);

// The "choose" rule (PROTOCOL.md) that every list parse_claims() accepts meets, for templates.
const Json& claims_rule();

// Some cards of `hand` (at least one) of which `claims` are true, found by a bounded search; the
// same hand and claims always give the same cards.
std::optional<std::vector<int>> find_selection(const std::vector<int>& hand, const Claims& claims);

}  // namespace taol::games::carambouille
