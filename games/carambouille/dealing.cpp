#include "games/carambouille/dealing.hpp"

#include <algorithm>

#include "games/carambouille/input.hpp"

namespace taol::games::carambouille {
Layout random_layout(int players, Rng& rng) {
    Layout layout;
    layout.players = players;
    std::vector<int> products(kProductCards);
    for (int c = 0; c < kProductCards; ++c) products[c] = c;
    rng.shuffle(products);
    layout.hands.assign(players, {});
    for (Seat s = 0; s < players; ++s) {
        for (int i = 0; i < kStartHand; ++i) {
            layout.hands[s].push_back(products.back());
            products.pop_back();
        }
    }
    layout.reserve = std::move(products);
    for (int c = kProductCards; c < kAllCards; ++c) layout.stack.push_back(c);
    rng.shuffle(layout.stack);
    layout.merchant = static_cast<Seat>(rng.below(static_cast<std::uint64_t>(players)));
    return layout;
}

Table new_table(const Layout& layout, std::uint64_t seed, Rng rng, TimeMs trading_ms, TimeMs now,
                std::vector<LogEntry>& log) {
    Table table;
    table.id_maker = IdMaker("carambouille", seed);
    for (int card = 0; card < kAllCards; ++card) table.ids.push_back(table.id_maker.next());
    table.rng = rng;
    table.players = layout.players;
    table.trading_ms = trading_ms;
    table.merchant = layout.merchant;
    table.hands = layout.hands;
    table.hands.resize(layout.players);
    table.paniers.assign(layout.players, {});
    table.reserve = layout.reserve;
    table.stack = layout.stack;
    table.product_discard = layout.product_discard;
    table.accounts = layout.accounts;
    table.accounts.resize(layout.players, 0);
    table.known.assign(kAllCards, 0);
    for (int card : table.product_discard) table.known[card] = Table::kPublic;
    for (Seat s = 0; s < layout.players; ++s) {
        for (int card : table.hands[s]) table.learn(card, s);
    }
    table.barred.assign(layout.players, 0);
    table.dealt.assign(layout.players, 0);
    table.round = 1;
    start_round(table, now, log);
    return table;
}

void start_round(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    table.phase = Phase::bell;
    table.phase_ends = now + kBellMs;
    table.last_round = table.reserve.empty() || table.quiet_rounds >= 2;
    table.offers_this_round = 0;
    table.sold_this_round = false;
    table.round_sales.clear();
    table.barred.assign(table.players, 0);
    table.sellers_done = 0;
    table.seller = table.merchant;
    log.push_back(public_entry(now, "carambouille.round",
                               {{"round", table.round}, {"merchant", table.merchant}, {"last", table.last_round}}));
}

void change(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    table.pause.close();
    table.merchant = table.left_of(table.merchant);
    table.dealt.assign(table.players, 0);
    std::vector<std::vector<int>> received(table.players);
    // Three passes, from the new First Merchant's left neighbour round to the First Merchant.
    for (int pass = 0; pass < kDealPasses; ++pass) {
        for (int k = 1; k <= table.players; ++k) {
            const Seat s = (table.merchant + k) % table.players;
            if (table.reserve.empty() || table.products_of(s) >= table.limit_of(s)) continue;
            const int card = table.reserve.back();
            table.reserve.pop_back();
            table.hands[s].push_back(card);
            table.learn(card, s);
            received[s].push_back(card);
            ++table.dealt[s];
        }
    }
    int total = 0;
    for (Seat s = 0; s < table.players; ++s) total += table.dealt[s];
    log.push_back(public_entry(now, "carambouille.deal", {{"merchant", table.merchant},
                                                          {"cards", table.dealt},
                                                          {"reserve", table.reserve.size()}}));
    for (Seat s = 0; s < table.players; ++s) {
        if (!received[s].empty()) {
            log.push_back(private_entry(now, "carambouille.dealt", {{"seat", s}, {"cards", cards_json(table, received[s])}}, {s}));
        }
    }
    table.quiet_rounds = (total == 0 && !table.sold_this_round) ? table.quiet_rounds + 1 : 0;
    if (table.quiet_rounds >= 2 && !table.reserve.empty()) {
        log.push_back(public_entry(now, "carambouille.stall", {{"reserve", table.reserve.size()}}));
    }
    ++table.round;
    start_round(table, now, log);
}

Refusal lay_panier(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {})) return bad;
    const int card = table.find_type(seat, CardType::panier);
    if (card < 0) return illegal("you hold no Panier card");
    take_from_hand(table, seat, card);
    table.paniers[seat].push_back(card);
    table.known[card] = Table::kPublic;
    log.push_back(public_entry(now, "carambouille.panier", {{"seat", seat}, {"paniers", table.paniers[seat].size()},
                                                            {"limit", table.limit_of(seat)}}));
    prune_offers(table, now, log);
    return std::nullopt;
}

}  // namespace taol::games::carambouille
