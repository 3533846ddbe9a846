#include "games/carambouille/claims.hpp"

#include <algorithm>

namespace taol::games::carambouille {
namespace {

constexpr int kMaxValue = 5000;   // above any hand's total
constexpr int kClaimSearchNodes = 400;  // keeps the search cheap on any ask

bool is_int(const Json& v) { return v.is_number_integer() || v.is_number_unsigned(); }

// Reads `key` of `claim` as an integer in [lo, hi].
std::optional<int> int_field(const Json& claim, const char* key, int lo, int hi) {
    if (!claim.contains(key) || !is_int(claim.at(key))) return std::nullopt;
    const long long v = claim.at(key).get<long long>();
    if (v < lo || v > hi) return std::nullopt;
    return static_cast<int>(v);
}

bool has_only(const Json& claim, std::initializer_list<const char*> keys) {
    if (claim.size() != keys.size()) return false;
    return std::all_of(keys.begin(), keys.end(), [&](const char* k) { return claim.contains(k); });
}

Result<Claim> parse_claim(const Json& c, const std::string& field) {
    const std::string bad = "each claim of '" + field + "' must be one of {product, count}, {value}, {cards}, "
                            "{carambouille} or {card, count}";
    if (!c.is_object()) return illegal(bad);
    if (has_only(c, {"product", "count"})) {
        const auto product = c.at("product").is_string() ? product_by_name(c.at("product").get<std::string>()) : std::nullopt;
        if (!product) return illegal("unknown product in '" + field + "'");
        const auto count = int_field(c, "count", 0, kCopiesPerProduct);
        if (!count) return illegal("a product count in '" + field + "' must be from 0 to 5");
        return Claim{Claim::What::product, *product, *count};
    }
    if (has_only(c, {"card", "count"})) {
        const auto type = c.at("card").is_string() ? type_by_name(c.at("card").get<std::string>()) : std::nullopt;
        if (!type) return illegal("unknown Carambouille card in '" + field + "'");
        const auto count = int_field(c, "count", 0, kCopiesPerType);
        if (!count) return illegal("a card count in '" + field + "' must be from 0 to 4");
        return Claim{Claim::What::card, kind_of_type(*type), *count};
    }
    if (has_only(c, {"value"})) {
        const auto value = int_field(c, "value", 0, kMaxValue);
        if (!value) return illegal("a value in '" + field + "' must be from 0 to 5000");
        return Claim{Claim::What::value, 0, *value};
    }
    if (has_only(c, {"cards"})) {
        const auto cards = int_field(c, "cards", 1, kAllCards);
        if (!cards) return illegal("a number of cards in '" + field + "' must be from 1 to 124");
        return Claim{Claim::What::cards, 0, *cards};
    }
    if (has_only(c, {"carambouille"})) {
        const auto n = int_field(c, "carambouille", 0, kCarambouilleCards);
        if (!n) return illegal("a number of Carambouille cards in '" + field + "' must be from 0 to 24");
        return Claim{Claim::What::carambouille, 0, *n};
    }
    return illegal(bad);
}

// Depth-first search over the kinds of a hand: how many cards of each kind to take.
struct Search {
    explicit Search(const Claims& c) : claims(c) {}
    const Claims& claims;
    std::vector<int> kinds;       // kinds present in the hand
    std::vector<int> held;        // cards held of each of those kinds
    std::vector<int> fixed;       // -1, or the count a product/card claim fixes
    std::vector<int> value_left;  // face value still reachable from position i on
    std::vector<int> cards_left;
    int want_value = -1, want_cards = -1, want_caram = -1;
    std::vector<int> take;
    Tally tally;
    int nodes = 0;

    bool run(std::size_t i) {
        if (++nodes > kClaimSearchNodes) return false;
        if (want_value >= 0 && (tally.value > want_value || tally.value + value_left[i] < want_value)) return false;
        if (want_cards >= 0 && (tally.cards > want_cards || tally.cards + cards_left[i] < want_cards)) return false;
        if (want_caram >= 0 && tally.carambouille > want_caram) return false;
        if (i == kinds.size()) return tally.cards > 0 && holds(claims, tally);
        const int kind = kinds[i];
        const int lo = fixed[i] >= 0 ? fixed[i] : 0;
        const int hi = fixed[i] >= 0 ? fixed[i] : held[i];
        if (lo > held[i]) return false;
        for (int n = lo; n <= hi; ++n) {
            take[i] = n;
            tally.per_kind[kind] += n;
            tally.value += n * value_of_kind(kind);
            tally.cards += n;
            tally.carambouille += is_product_kind(kind) ? 0 : n;
            const bool found = run(i + 1);
            tally.per_kind[kind] -= n;
            tally.value -= n * value_of_kind(kind);
            tally.cards -= n;
            tally.carambouille -= is_product_kind(kind) ? 0 : n;
            if (found) return true;
            if (nodes > kClaimSearchNodes) return false;
        }
        return false;
    }
};

}  // namespace

Tally tally_of(const std::vector<int>& cards) {
    Tally t;
    for (int card : cards) {
        const int kind = kind_of(card);
        ++t.per_kind[kind];
        t.value += value_of_kind(kind);
        ++t.cards;
        t.carambouille += is_product(card) ? 0 : 1;
    }
    return t;
}

bool holds(const Claims& claims, const Tally& tally) {
    return std::all_of(claims.begin(), claims.end(), [&](const Claim& c) {
        switch (c.what) {
            case Claim::What::product:
            case Claim::What::card: return tally.per_kind[c.kind] == c.number;
            case Claim::What::value: return tally.value == c.number;
            case Claim::What::cards: return tally.cards == c.number;
            case Claim::What::carambouille: return tally.carambouille == c.number;
        }
        return false;
    });
}

Result<Claims> parse_claims(const Json& list, const std::string& field) {
    if (!list.is_array()) return illegal("'" + field + "' must be a list of claims");
    if (list.size() > kMaxClaims) return illegal("'" + field + "' holds at most 8 claims");
    Claims claims;
    for (const Json& c : list) {
        auto claim = parse_claim(c, field);
        if (!claim) return claim.error();
        claims.push_back(claim.value());
    }
    return claims;
}

const Json& claims_rule() {
    static const Json rule = [] {
        Json products = Json::array(), types = Json::array();
        for (const ProductInfo& p : kProductTable) products.push_back(p.id);
        for (std::string_view t : kCardTypeNames) types.push_back(t);
        auto range = [](int lo, int hi) { return Json{{"range", {lo, hi}}}; };
        Json shapes = Json::array({
            {{"fields", {{"product", {{"one_of", products}}}, {"count", range(0, kCopiesPerProduct)}}}},
            {{"fields", {{"value", range(0, kMaxValue)}}}},
            {{"fields", {{"cards", range(1, kAllCards)}}}},
            {{"fields", {{"carambouille", range(0, kCarambouilleCards)}}}},
            {{"fields", {{"card", {{"one_of", types}}}, {"count", range(0, kCopiesPerType)}}}},
        });
        return Json{{"list_of", {{"any_of", std::move(shapes)}}}, {"min", 0}, {"max", kMaxClaims}};
    }();
    return rule;
}

Json to_json(const Claims& claims) {
    Json list = Json::array();
    for (const Claim& c : claims) {
        switch (c.what) {
            case Claim::What::product: list.push_back({{"product", kind_name(c.kind)}, {"count", c.number}}); break;
            case Claim::What::card: list.push_back({{"card", kind_name(c.kind)}, {"count", c.number}}); break;
            case Claim::What::value: list.push_back({{"value", c.number}}); break;
            case Claim::What::cards: list.push_back({{"cards", c.number}}); break;
            case Claim::What::carambouille: list.push_back({{"carambouille", c.number}}); break;
        }
    }
    return list;
}

std::optional<std::vector<int>> find_selection(const std::vector<int>& hand, const Claims& claims) {
    Search s(claims);
    std::array<std::vector<int>, kKinds> by_kind;
    for (int card : hand) by_kind[kind_of(card)].push_back(card);
    for (int k = 0; k < kKinds; ++k) {
        if (by_kind[k].empty()) continue;
        s.kinds.push_back(k);
        s.held.push_back(static_cast<int>(by_kind[k].size()));
        s.fixed.push_back(-1);
    }
    for (const Claim& c : claims) {
        switch (c.what) {
            case Claim::What::product:
            case Claim::What::card: {
                const auto at = std::find(s.kinds.begin(), s.kinds.end(), c.kind);
                if (at == s.kinds.end()) {
                    if (c.number > 0) return std::nullopt;
                } else {
                    s.fixed[at - s.kinds.begin()] = c.number;
                }
                break;
            }
            case Claim::What::value: s.want_value = c.number; break;
            case Claim::What::cards: s.want_cards = c.number; break;
            case Claim::What::carambouille: s.want_caram = c.number; break;
        }
    }
    const std::size_t n = s.kinds.size();
    s.value_left.assign(n + 1, 0);
    s.cards_left.assign(n + 1, 0);
    for (std::size_t i = n; i-- > 0;) {
        const int most = s.fixed[i] >= 0 ? std::min(s.fixed[i], s.held[i]) : s.held[i];
        s.value_left[i] = s.value_left[i + 1] + most * value_of_kind(s.kinds[i]);
        s.cards_left[i] = s.cards_left[i + 1] + most;
    }
    s.take.assign(n, 0);
    if (!s.run(0)) return std::nullopt;
    std::vector<int> chosen;
    for (std::size_t i = 0; i < n; ++i) {
        const auto& cards = by_kind[s.kinds[i]];
        chosen.insert(chosen.end(), cards.begin(), cards.begin() + s.take[i]);
    }
    return chosen;
}

}  // namespace taol::games::carambouille
