#include "games/carambouille/sales.hpp"

#include <algorithm>

#include "games/carambouille/dealing.hpp"
#include "games/carambouille/input.hpp"

namespace taol::games::carambouille {
namespace {

std::vector<int> cards_of_kind(const Table& table, Seat seat, int kind) {
    std::vector<int> cards;
    for (int card : table.hands[seat]) {
        if (kind_of(card) == kind) cards.push_back(card);
    }
    return cards;
}

// Opens the next window from position `from` on: seats holding no Carambouille card are skipped
// (their card count is public). False when no window is left.
bool open_window(Table& table, std::size_t from, TimeMs now) {
    Sale& sale = *table.sale;
    for (std::size_t i = from; i < sale.order.size(); ++i) {
        if (table.carambouille_of(sale.order[i]) > 0) {
            sale.next = i;
            sale.window_ends = now + kReactionMs;
            return true;
        }
    }
    return false;
}

void finish_game(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    table.phase = Phase::finished;
    const int top = *std::max_element(table.accounts.begin(), table.accounts.end());
    std::vector<Seat> winners;
    for (Seat s = 0; s < table.players; ++s) {
        if (table.accounts[s] == top) winners.push_back(s);
    }
    log.push_back(public_entry(now, "carambouille.end", {{"scores", table.accounts}, {"winners", winners}}));
}

// Puts `count` cards of `product` from the seller's hand up for sale and opens its windows.
// Returns false when nobody can react, so the sale is settled by the caller.
bool start_sale(Table& table, int product, int count, TimeMs now, std::vector<LogEntry>& log) {
    const Seat seller = table.seller;
    Sale sale;
    sale.seller = seller;
    sale.product = product;
    auto cards = cards_of_kind(table, seller, product);
    cards.resize(static_cast<std::size_t>(count));
    for (int card : cards) {
        take_from_hand(table, seller, card);
        table.known[card] = Table::kPublic;
    }
    sale.cards = std::move(cards);
    sale.price = sale_price(sale);
    for (int k = 0; k < table.players; ++k) sale.order.push_back((seller + k) % table.players);
    table.barred[seller] |= 1u << product;
    table.sale = std::move(sale);
    log.push_back(public_entry(now, "carambouille.sale", {{"seat", seller}, {"product", kind_name(product)},
                                                          {"count", count}, {"price", table.sale->price}}));
    return open_window(table, 0, now);
}

void settle_sale(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    Sale sale = std::move(*table.sale);
    table.sale.reset();
    for (int card : sale.cards) table.product_discard.push_back(card);
    table.accounts[sale.seller] += sale.price;
    table.sold_this_round = true;
    table.round_sales.push_back(Sold{sale.seller, sale.product, static_cast<int>(sale.cards.size()), sale.price});
    log.push_back(public_entry(now, "carambouille.sold", {{"seat", sale.seller}, {"product", kind_name(sale.product)},
                                                          {"count", sale.cards.size()}, {"price", sale.price},
                                                          {"account", table.accounts[sale.seller]}}));
}

// The final sale: every product of every player, in turn order, highest face value first.
void run_final_sales(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    while (table.phase == Phase::final_sale && !table.sale) {
        int product = -1;
        for (int kind = kProductKinds - 1; kind >= 0 && product < 0; --kind) {
            if (!(table.barred[table.seller] & (1u << kind)) && !cards_of_kind(table, table.seller, kind).empty()) {
                product = kind;
            }
        }
        if (product < 0) {
            if (++table.sellers_done == table.players) {
                finish_game(table, now, log);
                return;
            }
            table.seller = table.left_of(table.seller);
            continue;
        }
        const int count = std::min<int>(kMaxSale, static_cast<int>(cards_of_kind(table, table.seller, product).size()));
        if (!start_sale(table, product, count, now, log)) settle_sale(table, now, log);
    }
}

void after_sale(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    if (table.phase == Phase::final_sale) run_final_sales(table, now, log);
}

Refusal in_window(const Table& table, Seat seat) {
    if (!table.sale) return illegal("no sale is waiting for reactions");
    if (table.sale->reactor() != seat) return not_your_turn("it is not your reaction window");
    return std::nullopt;
}

// The window of the current reactor closes: the next one opens, or the sale is settled.
void next_window(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    if (open_window(table, table.sale->next + 1, now)) return;
    settle_sale(table, now, log);
    after_sale(table, now, log);
}

}  // namespace

int sale_price(const Sale& sale) {
    const int count = static_cast<int>(sale.cards.size()) + (sale.illusion ? 1 : 0);
    int price = memo_price(value_of_kind(sale.product), count);
    for (int i = 0; i < sale.soldes; ++i) price = halved(price);
    return price;
}

void begin_sales(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    table.phase = table.last_round ? Phase::final_sale : Phase::sale;
    table.seller = table.merchant;
    table.sellers_done = 0;
    log.push_back(public_entry(now, table.last_round ? "carambouille.final_sale" : "carambouille.sale_phase",
                               {{"merchant", table.merchant}}));
    run_final_sales(table, now, log);
}

std::vector<std::pair<int, int>> sellable(const Table& table, Seat seat) {
    std::vector<std::pair<int, int>> products;
    if (table.phase != Phase::sale || table.sale || seat != table.seller) return products;
    std::array<int, kKinds> held{};
    for (int card : table.hands[seat]) ++held[kind_of(card)];
    for (int kind = 0; kind < kProductKinds; ++kind) {
        if (held[kind] > 0 && !(table.barred[seat] & (1u << kind))) products.emplace_back(kind, std::min(held[kind], kMaxSale));
    }
    return products;
}

int most_cards_to_buy(const Table& table, Seat seat) {
    if (table.phase != Phase::sale || table.sale || seat != table.seller) return 0;
    return std::min({kMaxBuy, static_cast<int>(table.stack.size()), table.accounts[seat] / kCardPrice});
}

std::vector<CardType> playable_reactions(const Table& table, Seat seat) {
    std::vector<CardType> cards;
    if (!table.sale || table.sale->reactor() != seat) return cards;
    const Sale& sale = *table.sale;
    const bool seller = seat == sale.seller;
    if (seller && !sale.illusion && sale.cards.size() < kMaxSale && table.find_type(seat, CardType::illusion) >= 0) {
        cards.push_back(CardType::illusion);
    }
    if (!seller && table.find_type(seat, CardType::soldes) >= 0) cards.push_back(CardType::soldes);
    if (!seller && table.find_type(seat, CardType::surstock) >= 0) cards.push_back(CardType::surstock);
    return cards;
}

Refusal sell(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"product", "count"})) return bad;
    if (table.phase != Phase::sale) return illegal("it is not the time to sell");
    if (seat != table.seller) return not_your_turn("it is not your sale turn");
    if (table.sale) return illegal("wait until the reactions to your sale are over");
    const Json& name = action.at("product");
    const auto product = name.is_string() ? product_by_name(name.get<std::string>()) : std::nullopt;
    if (!product) return illegal("'product' must be a product name");
    const auto count = read_int(action, "count", 1, kMaxSale);
    if (!count) return count.error();
    if (table.barred[seat] & (1u << *product)) return illegal("you already put this product up for sale this round");
    if (static_cast<int>(cards_of_kind(table, seat, *product).size()) < count.value()) {
        return illegal("you do not hold that many cards of this product");
    }
    if (!start_sale(table, *product, count.value(), now, log)) settle_sale(table, now, log);
    return std::nullopt;
}

Refusal buy(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"count"})) return bad;
    if (table.phase != Phase::sale) return illegal("cards are bought in the sale phase only");
    if (seat != table.seller) return not_your_turn("it is not your sale turn");
    if (table.sale) return illegal("wait until the reactions to your sale are over");
    const auto count = read_int(action, "count", 0, kMaxBuy);
    if (!count) return count.error();
    if (count.value() > static_cast<int>(table.stack.size())) return illegal("the stack does not hold that many cards");
    if (count.value() * kCardPrice > table.accounts[seat]) return illegal("your account cannot pay for that many cards");
    for (int i = 0; i < count.value(); ++i) {
        const int card = table.stack.back();
        table.stack.pop_back();
        table.hands[seat].push_back(card);
        table.learn(card, seat);
    }
    table.accounts[seat] -= count.value() * kCardPrice;
    log.push_back(public_entry(now, "carambouille.buy", {{"seat", seat}, {"count", count.value()},
                                                         {"account", table.accounts[seat]}}));
    if (++table.sellers_done == table.players) {
        // The round's sales stay on the table: the Change and the next bell wait for everyone.
        table.phase = Phase::round_over;
        table.pause.open(table.players, now);
    } else {
        table.seller = table.left_of(table.seller);
    }
    return std::nullopt;
}

Refusal react(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"card"})) return bad;
    if (auto refused = in_window(table, seat)) return refused;
    const Json& name = action.at("card");
    const auto type = name.is_string() ? type_by_name(name.get<std::string>()) : std::nullopt;
    if (!type || (*type != CardType::illusion && *type != CardType::soldes && *type != CardType::surstock)) {
        return illegal("'card' must be illusion, soldes or surstock");
    }
    const auto playable = playable_reactions(table, seat);
    if (std::find(playable.begin(), playable.end(), *type) == playable.end()) {
        if (table.find_type(seat, *type) < 0) return illegal("you hold no such card");
        if (*type == CardType::illusion) {
            return illegal(seat == table.sale->seller ? "Illusion cannot raise a sale of 5 cards"
                                                      : "only the seller plays Illusion");
        }
        return illegal("Soldes and Surstock are played on an opponent's sale");
    }
    const int card = table.find_type(seat, *type);
    take_from_hand(table, seat, card);
    table.card_discard.push_back(card);
    table.known[card] = Table::kPublic;
    Sale& sale = *table.sale;
    if (*type == CardType::surstock) {
        const Sale cancelled = std::move(sale);
        table.sale.reset();
        for (int c : cancelled.cards) table.hands[cancelled.seller].push_back(c);
        log.push_back(public_entry(now, "carambouille.reaction", {{"seat", seat}, {"card", kind_name(kind_of(card))},
                                                                  {"price", nullptr}}));
        log.push_back(public_entry(now, "carambouille.cancelled", {{"seat", cancelled.seller}, {"by", seat},
                                                                   {"product", kind_name(cancelled.product)},
                                                                   {"count", cancelled.cards.size()}}));
        after_sale(table, now, log);
        return std::nullopt;
    }
    if (*type == CardType::illusion) {
        sale.illusion = true;
    } else {
        ++sale.soldes;
    }
    sale.price = sale_price(sale);
    log.push_back(public_entry(now, "carambouille.reaction", {{"seat", seat}, {"card", kind_name(kind_of(card))},
                                                              {"price", sale.price}}));
    next_window(table, now, log);
    return std::nullopt;
}

Refusal pass(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {})) return bad;
    if (auto refused = in_window(table, seat)) return refused;
    next_window(table, now, log);
    return std::nullopt;
}

}  // namespace taol::games::carambouille
