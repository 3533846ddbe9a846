#include "games/carambouille/bot_sale.hpp"

#include <algorithm>

namespace taol::games::carambouille {
namespace {

constexpr double kKeepRisk = 0.08;   // share of a kept set lost to reactions at the final sale
constexpr double kTradeDraws = 1.5;  // copies a round's trading may bring, besides dealing

int memo_step(int kind, int count) {
    // What the (count+1)-th card adds to a sale of `count` (count < 5).
    return memo_price(value_of_kind(kind), count + 1) - memo_price(value_of_kind(kind), count);
}

// What keeping `count` cards of `kind` for more copies may win, less what the wait risks.
double keep_score(const Seen& seen, const BotMemory& memory, int kind, int count) {
    if (count >= kMaxSale) return -1;
    int unknown = seen.reserve();
    for (int s = 0; s < seen.players; ++s) {
        if (s != seen.me) unknown += seen.products[s];
    }
    const int left = std::max(0, kCopiesPerProduct - count - memory.sold[kind]);
    const double draws = 3 * seen.rounds_left() + kTradeDraws;
    const double hits = std::min(1.0, left * draws / std::max(1, unknown));
    const double extra = memo_step(kind, count) - value_of_kind(kind);  // beyond selling it alone
    return hits * extra - kKeepRisk * memo_price(value_of_kind(kind), count);
}

struct Lot {
    int kind = 0;
    int count = 0;
    int most = 0;  // the listed range's top
    double score = 0;
};

// The listed products the bot sells this turn, cheapest sale first (cheap sales draw the
// reaction cards of players who play them blindly); the rest it keeps.
std::vector<Lot> lots_to_sell(const Seen& seen, const BotMemory& memory) {
    std::vector<Lot> listed;
    for (const Json* e : seen.entries("sell")) {
        const auto kind = product_by_name(e->value("product", ""));
        if (!kind || seen.own.counts[*kind] == 0) continue;
        const int most = e->at("choose").at("count").at("range").at(1).get<int>();
        listed.push_back({*kind, seen.own.counts[*kind], most, keep_score(seen, memory, *kind, seen.own.counts[*kind])});
    }
    const int limit = seen.view.at("limits").at(seen.me).get<int>();
    // Products held but not listed (put up already this round) stay in hand.
    int budget = std::max(0, limit - kDealPasses) - product_count(seen.own.counts);
    for (const Lot& lot : listed) budget += lot.count;
    std::vector<Lot> ranked = listed;
    std::sort(ranked.begin(), ranked.end(), [](const Lot& a, const Lot& b) {
        if (a.score / a.count != b.score / b.count) return a.score / a.count > b.score / b.count;
        return a.kind < b.kind;
    });
    std::vector<int> kept;
    for (const Lot& lot : ranked) {
        if (lot.score > 0 && lot.count <= budget) {
            budget -= lot.count;
            kept.push_back(lot.kind);
        }
    }
    std::vector<Lot> sell;
    for (const Lot& lot : listed) {
        if (std::find(kept.begin(), kept.end(), lot.kind) == kept.end()) sell.push_back(lot);
    }
    std::sort(sell.begin(), sell.end(), [](const Lot& a, const Lot& b) {
        const int pa = memo_price(value_of_kind(a.kind), std::min(a.most, kMaxSale));
        const int pb = memo_price(value_of_kind(b.kind), std::min(b.most, kMaxSale));
        return pa != pb ? pa < pb : a.kind < b.kind;
    });
    return sell;
}

// Cards bought at the end of the turn: one while the game has rounds to use it in.
int cards_to_buy(const Seen& seen) {
    int most = 0;
    for (const Json* e : seen.entries("buy")) most = std::max(most, e->value("count", 0));
    if (most == 0 || seen.rounds_left() < 2 || carambouille_count(seen.own.counts) >= 2) return 0;
    return seen.accounts[seen.me] >= 2 * kCardPrice ? 1 : 0;
}

// How much a card against `seller` is worth to the bot, per point taken from it: most against
// the richest rival, less against one far behind.
double rival_weight(const Seen& seen, Seat seller, int price) {
    const int after = seen.accounts[seller] + price;
    double weight = after >= seen.best_other() ? 1.0 : 0.6;
    if (after < seen.accounts[seen.me] - 300) weight *= 0.5;
    return weight;
}

bool listed_reaction(const Seen& seen, const char* card) {
    for (const Json* e : seen.entries("react")) {
        if (e->value("card", "") == card) return true;
    }
    return false;
}

Json react(const char* card) { return {{"type", "react"}, {"card", card}}; }

// Illusion on the bot's own sale: when it adds much, or as much as any sale left in hand would.
bool use_illusion(const Seen& seen, int kind, int count) {
    const int gain = memo_step(kind, count);
    int best_left = 0;
    for (int k = 0; k < kProductKinds; ++k) {
        const int c = std::min(seen.own.counts[k], kMaxSale);
        if (c > 0 && c < kMaxSale) best_left = std::max(best_left, memo_step(k, c));
    }
    if (seen.phase == "final_sale") return gain >= best_left;
    return gain >= 90 || (gain >= best_left && seen.rounds_left() < 1);
}

}  // namespace

std::optional<Json> sale_move(const Seen& seen, const BotMemory& memory) {
    const auto sell = lots_to_sell(seen, memory);
    if (!sell.empty()) {
        const Lot& lot = sell.front();
        return Json{{"type", "sell"}, {"product", kind_name(lot.kind)}, {"count", std::min({lot.count, lot.most, kMaxSale})}};
    }
    const int buy = cards_to_buy(seen);
    for (const Json* e : seen.entries("buy")) {
        if (e->value("count", -1) == buy) return *e;
    }
    return std::nullopt;
}

std::optional<Json> reaction_move(const Seen& seen) {
    const Json* pass = nullptr;
    for (const Json* e : seen.entries("pass")) pass = e;
    if (!pass) return std::nullopt;
    const Json& sale = seen.view.at("sale");
    if (!sale.is_object()) return *pass;
    const Seat seller = sale.value("seller", -1);
    const auto kind = product_by_name(sale.value("product", ""));
    const int count = sale.value("count", 0);
    const int price = sale.value("price", 0);
    if (!kind || seller < 0 || seller >= seen.players) return *pass;
    if (seller == seen.me) {
        if (listed_reaction(seen, "illusion") && use_illusion(seen, *kind, count)) return react("illusion");
        return *pass;
    }
    const double weight = rival_weight(seen, seller, price);
    const bool final_sale = seen.phase == "final_sale";
    // Surstock: for good at the final sale; before it, it only puts the sale off a round.
    const double surstock = weight * price * (final_sale ? 1.0 : 0.3);
    const double soldes = weight * (price - halved(price));
    if (listed_reaction(seen, "surstock") && surstock >= (final_sale ? 100 : 90) && surstock >= soldes) return react("surstock");
    if (listed_reaction(seen, "soldes") && soldes >= 45) return react("soldes");
    return *pass;
}

}  // namespace taol::games::carambouille
