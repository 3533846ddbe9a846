#include "games/carambouille/bot_model.hpp"

#include <algorithm>
#include <limits>

namespace taol::games::carambouille {
namespace {

// What a Carambouille card in hand is worth to the bot (a rough price of what it may win or
// save), by type: panier, jai_menti, persuasion, illusion, soldes, surstock.
constexpr std::array<double, kCardTypes> kCardWorth{40, 25, 60, 60, 45, 45};

constexpr int kBotSearchNodes = 20000;  // keeps any ask's search well under a millisecond

int sale_value(int kind, int count) {
    int total = 0;
    for (; count > 0; count -= kMaxSale) total += memo_price(value_of_kind(kind), std::min(count, kMaxSale));
    return total;
}

// Depth-first search over the held kinds, for the cheapest counts meeting the claims.
struct Cheapest {
    Cheapest(const Counts& h, const Claims& c) : hand(h), claims(c) {}
    const Counts& hand;
    const Claims& claims;
    std::vector<int> kinds;
    std::vector<int> fixed;  // -1, or the count a product or card claim fixes
    int want_value = -1, want_cards = -1, want_caram = -1;
    Counts take{};
    Tally tally;
    double cost = 0;
    double best_cost = std::numeric_limits<double>::max();
    std::optional<Counts> best;
    int nodes = 0;

    void run(std::size_t i) {
        if (++nodes > kBotSearchNodes || cost >= best_cost) return;
        if (want_value >= 0 && tally.value > want_value) return;
        if (want_cards >= 0 && tally.cards > want_cards) return;
        if (want_caram >= 0 && tally.carambouille > want_caram) return;
        if (i == kinds.size()) {
            if (tally.cards > 0 && holds(claims, tally)) {
                best_cost = cost;
                best = take;
            }
            return;
        }
        const int kind = kinds[i];
        const int held = hand[kind];
        const int lo = fixed[i] >= 0 ? fixed[i] : 0;
        const int hi = fixed[i] >= 0 ? fixed[i] : held;
        if (lo > held) return;
        for (int n = lo; n <= hi; ++n) {
            add(kind, n, held, +1);
            run(i + 1);
            add(kind, n, held, -1);
        }
    }

    void add(int kind, int n, int held, int sign) {
        take[kind] += sign * n;
        tally.per_kind[kind] += sign * n;
        tally.value += sign * n * value_of_kind(kind);
        tally.cards += sign * n;
        tally.carambouille += is_product_kind(kind) ? 0 : sign * n;
        cost += sign * (kind_worth(kind, held) - kind_worth(kind, held - n));
    }
};

}  // namespace

OwnCards read_cards(const Json& cards) {
    OwnCards own;
    if (!cards.is_object()) return own;
    for (const auto& [id, name] : cards.items()) {
        const auto kind = name.is_string() ? kind_by_name(name.get<std::string>()) : std::nullopt;
        if (!kind) continue;
        ++own.counts[*kind];
        own.ids[*kind].push_back(id);
    }
    for (auto& ids : own.ids) std::sort(ids.begin(), ids.end());
    return own;
}

int product_count(const Counts& counts) {
    int n = 0;
    for (int k = 0; k < kProductKinds; ++k) n += counts[k];
    return n;
}

int carambouille_count(const Counts& counts) {
    int n = 0;
    for (int k = kProductKinds; k < kKinds; ++k) n += counts[k];
    return n;
}

double kind_worth(int kind, int count) {
    if (count <= 0) return 0;
    if (is_product_kind(kind)) return sale_value(kind, count);
    return kCardWorth[kind - kProductKinds] * count;
}

double hand_worth(const Counts& counts) {
    double total = 0;
    for (int k = 0; k < kKinds; ++k) total += kind_worth(k, counts[k]);
    return total;
}

double giving_cost(const Counts& hand, const Counts& give) {
    double cost = 0;
    for (int k = 0; k < kKinds; ++k) {
        if (give[k] > 0) cost += kind_worth(k, hand[k]) - kind_worth(k, hand[k] - give[k]);
    }
    return cost;
}

Tally tally_of_counts(const Counts& counts) {
    Tally t;
    for (int k = 0; k < kKinds; ++k) {
        t.per_kind[k] = counts[k];
        t.value += counts[k] * value_of_kind(k);
        t.cards += counts[k];
        t.carambouille += is_product_kind(k) ? 0 : counts[k];
    }
    return t;
}

std::optional<Counts> cheapest_meeting(const Counts& hand, const Claims& claims) {
    Cheapest search(hand, claims);
    for (int k = 0; k < kKinds; ++k) {
        if (hand[k] > 0) search.kinds.push_back(k);
    }
    search.fixed.assign(search.kinds.size(), -1);
    for (const Claim& c : claims) {
        if (c.what == Claim::What::value) search.want_value = c.number;
        if (c.what == Claim::What::cards) search.want_cards = c.number;
        if (c.what == Claim::What::carambouille) search.want_caram = c.number;
        if (c.what != Claim::What::product && c.what != Claim::What::card) continue;
        const auto at = std::find(search.kinds.begin(), search.kinds.end(), c.kind);
        if (at == search.kinds.end()) {
            if (c.number > 0) return std::nullopt;
            continue;
        }
        search.fixed[static_cast<std::size_t>(at - search.kinds.begin())] = c.number;
    }
    search.run(0);
    return search.best;
}

int cheapest_product(const Counts& hand, int except) {
    int best = -1;
    double best_cost = 0;
    for (int k = 0; k < kProductKinds; ++k) {
        if (hand[k] == 0 || k == except) continue;
        const double cost = kind_worth(k, hand[k]) - kind_worth(k, hand[k] - 1);
        if (best < 0 || cost < best_cost) {
            best = k;
            best_cost = cost;
        }
    }
    return best;
}

Json ids_for(const OwnCards& own, const Counts& take) {
    Json ids = Json::array();
    for (int k = 0; k < kKinds; ++k) {
        for (int i = 0; i < take[k] && i < static_cast<int>(own.ids[k].size()); ++i) ids.push_back(own.ids[k][i]);
    }
    return ids;
}

std::optional<Claims> claims_of(const Json& list) {
    auto parsed = parse_claims(list, "claims");
    if (!parsed) return std::nullopt;
    return parsed.value();
}

Json product_claim(int kind, int count) {
    Json claim = Json::object();
    claim["product"] = kind_name(kind);
    claim["count"] = count;
    return claim;
}

}  // namespace taol::games::carambouille
