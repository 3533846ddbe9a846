#include "games/carambouille/table.hpp"

#include <algorithm>

namespace taol::games::carambouille {

const char* to_string(Phase phase) {
    switch (phase) {
        case Phase::bell: return "bell";
        case Phase::trading: return "trading";
        case Phase::closing: return "closing";
        case Phase::sale: return "sale";
        case Phase::round_over: return "round_over";
        case Phase::final_sale: return "final_sale";
        case Phase::finished: return "finished";
    }
    return "finished";
}

std::optional<int> Table::card_by_id(const std::string& id) const {
    const auto at = std::find(ids.begin(), ids.end(), id);
    if (at == ids.end()) return std::nullopt;
    return static_cast<int>(at - ids.begin());
}

bool Table::holds(Seat seat, int card) const {
    return std::find(hands[seat].begin(), hands[seat].end(), card) != hands[seat].end();
}

int Table::products_of(Seat seat) const {
    return static_cast<int>(std::count_if(hands[seat].begin(), hands[seat].end(), is_product));
}

int Table::carambouille_of(Seat seat) const { return static_cast<int>(hands[seat].size()) - products_of(seat); }

int Table::find_type(Seat seat, CardType type, const std::vector<int>& except) const {
    for (int card : hands[seat]) {
        if (kind_of(card) != kind_of_type(type)) continue;
        if (std::find(except.begin(), except.end(), card) != except.end()) continue;
        return card;
    }
    return -1;
}

const Persuasion* Table::persuasion_of(Seat seat) const {
    for (const Persuasion& p : persuasions) {
        if (p.persuader == seat || p.target == seat) return &p;
    }
    return nullptr;
}

const Offer* Table::offer(const std::string& id) const {
    for (const Offer& o : offers) {
        if (o.id == id) return &o;
    }
    return nullptr;
}

bool Table::knows(Viewer viewer, int card) const {
    if (known[card] & kPublic) return true;
    return viewer && (known[card] & (1u << *viewer)) != 0;
}

void take_from_hand(Table& table, Seat seat, int card) {
    auto& hand = table.hands[seat];
    hand.erase(std::find(hand.begin(), hand.end(), card));
}

void hand_over(Table& table, const std::vector<int>& cards, Seat from, Seat to) {
    for (int card : cards) {
        take_from_hand(table, from, card);
        table.hands[to].push_back(card);
        table.ids[card] = table.id_maker.next();
        table.known[card] = 0;
        table.learn(card, to);
    }
}

void prune_offers(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    std::vector<Offer> kept;
    for (Offer& o : table.offers) {
        const bool whole = std::all_of(o.give.begin(), o.give.end(), [&](int c) { return table.holds(o.from, c); }) &&
                           (o.menti < 0 || table.holds(o.from, o.menti));
        if (whole) {
            kept.push_back(std::move(o));
        } else {
            log.push_back(public_entry(now, "carambouille.offer_closed", {{"offer", o.id}, {"reason", "unavailable"}}));
        }
    }
    table.offers = std::move(kept);
}

LogEntry public_entry(TimeMs now, const char* key, Json params) { return LogEntry{now, key, std::move(params), {}}; }

LogEntry private_entry(TimeMs now, const char* key, Json params, std::vector<Seat> audience) {
    std::sort(audience.begin(), audience.end());
    audience.erase(std::unique(audience.begin(), audience.end()), audience.end());
    return LogEntry{now, key, std::move(params), std::move(audience)};
}

Json cards_json(const Table& table, const std::vector<int>& cards) {
    Json set = Json::object();
    for (int card : cards) set[table.id_of(card)] = kind_name(kind_of(card));
    return set;
}

namespace {

std::string check_cards(const Table& table) {
    std::vector<int> seen(kAllCards, 0);
    auto count = [&](const std::vector<int>& pile, bool (*ok)(int), const char* where) -> std::string {
        for (int card : pile) {
            if (card < 0 || card >= kAllCards) return std::string("a bad card index in ") + where;
            if (ok && !ok(card)) return std::string("a card of the wrong sort in ") + where;
            ++seen[card];
        }
        return {};
    };
    auto products = [](int c) { return is_product(c); };
    auto carambouilles = [](int c) { return !is_product(c); };
    auto panier = [](int c) { return kind_of(c) == kind_of_type(CardType::panier); };
    std::string broken;
    if (!(broken = count(table.reserve, products, "the reserve")).empty()) return broken;
    if (!(broken = count(table.stack, carambouilles, "the stack")).empty()) return broken;
    if (!(broken = count(table.product_discard, products, "the product discard")).empty()) return broken;
    if (!(broken = count(table.card_discard, carambouilles, "the card discard")).empty()) return broken;
    for (Seat s = 0; s < table.players; ++s) {
        if (!(broken = count(table.hands[s], nullptr, "a hand")).empty()) return broken;
        if (!(broken = count(table.paniers[s], panier, "the Paniers laid")).empty()) return broken;
        if (table.paniers[s].size() > kCopiesPerType) return "more than 4 Paniers laid";
        for (int card : table.hands[s]) {
            if (!table.knows(s, card)) return "a card its holder does not know";
        }
    }
    if (table.sale && !(broken = count(table.sale->cards, products, "the sale")).empty()) return broken;
    for (int card = 0; card < kAllCards; ++card) {
        if (seen[card] != 1) {
            return (is_product(card) ? std::string("products") : std::string("Carambouille cards")) + " not conserved";
        }
    }
    return {};
}

std::string check_offers(const Table& table) {
    std::vector<int> open(table.players, 0);
    for (const Offer& o : table.offers) {
        if (table.phase != Phase::trading) return "an offer open outside trading";
        if (o.from < 0 || o.from >= table.players) return "an offer from nobody";
        if (o.to && (*o.to == o.from || *o.to < 0 || *o.to >= table.players)) return "an offer to a bad seat";
        if (o.give.empty()) return "an offer giving nothing";
        for (int card : o.give) {
            if (!table.holds(o.from, card)) return "an offer of a card not in hand";
        }
        if (o.menti >= 0) {
            if (!table.holds(o.from, o.menti) || kind_of(o.menti) != kind_of_type(CardType::menti)) return "a bad lie";
            if (std::find(o.give.begin(), o.give.end(), o.menti) != o.give.end()) return "a lie backed by a card given";
            if (std::none_of(o.give.begin(), o.give.end(), is_product)) return "a lie giving no product";
        } else if (!holds(o.announce, tally_of(o.give))) {
            return "a false announcement without J'ai menti !";
        }
        if (++open[o.from] > kMaxOpenOffers) return "too many open offers";
    }
    for (const Offer& a : table.offers) {
        for (const Offer& b : table.offers) {
            if (&a != &b && a.menti >= 0 && a.menti == b.menti) return "one J'ai menti ! backs two offers";
        }
    }
    return {};
}

}  // namespace

std::string check_invariants(const Table& table) {
    if (std::string broken = check_cards(table); !broken.empty()) return broken;
    if (std::string broken = check_offers(table); !broken.empty()) return broken;
    for (Seat s = 0; s < table.players; ++s) {
        if (table.accounts[s] < 0) return "a negative account";
    }
    std::vector<int> involved(table.players, 0);
    for (const Persuasion& p : table.persuasions) {
        if (table.phase != Phase::trading && table.phase != Phase::closing) return "a Persuasion outside trading";
        if (p.persuader == p.target) return "a Persuasion on oneself";
        if (++involved[p.persuader] > 1 || ++involved[p.target] > 1) return "a seat in two Persuasions";
    }
    if (table.phase == Phase::closing && table.persuasions.empty()) return "closing with no Persuasion running";
    const bool selling = table.phase == Phase::sale || table.phase == Phase::final_sale;
    if (table.sale && !selling) return "a sale outside the sale phases";
    if (table.sale) {
        const Sale& s = *table.sale;
        if (s.seller != table.seller) return "a sale by another than the seller";
        if (s.cards.empty() || s.cards.size() > kMaxSale) return "a sale of a bad size";
        if (s.illusion && s.cards.size() == kMaxSale) return "an Illusion on a sale of 5";
        for (int card : s.cards) {
            if (kind_of(card) != s.product) return "a sale of mixed products";
        }
        if (s.next >= s.order.size()) return "a sale with no window open";
    }
    if (table.pause.running() != (table.phase == Phase::round_over)) return "a round pause outside round_over";
    if (table.merchant < 0 || table.merchant >= table.players) return "no First Merchant";
    return {};
}

}  // namespace taol::games::carambouille
