#include "games/carambouille/view.hpp"

#include <algorithm>

#include "games/carambouille/persuasion.hpp"

namespace taol::games::carambouille {
namespace {

// Public counts as one list per kind of count (cheaper to build and to send than objects).
template <class F>
std::vector<int> per_seat(const Table& table, F count) {
    std::vector<int> list(table.players);
    for (Seat s = 0; s < table.players; ++s) list[s] = count(s);
    return list;
}

// Keys in ascending order (json_sink.hpp).
// Everyone sees an offer's claims; its cards and whether it lies, only its offerer.
void write_offer(JsonSink& out, const Table& table, const Offer& o, Viewer viewer) {
    const bool offerer = viewer && *viewer == o.from;
    out.begin_object();
    out.field("announce", to_json(o.announce));
    out.field("ask", to_json(o.ask));
    out.field("counter", o.counter);
    out.field("from", o.from);
    out.field("frozen", table.persuasion_of(o.from) != nullptr);
    if (offerer) out.field("give", cards_json(table, o.give));
    out.field("id", o.id);
    if (offerer) out.field("lie", o.menti >= 0);
    out.field("refused_by", o.refused_by);
    out.field("to", o.to);
    out.end_object();
}

void write_persuasion(JsonSink& out, const Table& table, const Persuasion& p, Viewer viewer) {
    out.begin_object();
    out.field("persuader", p.persuader);
    if (viewer && *viewer == p.persuader) out.field("products", cards_json(table, persuasion_products(table, p)));
    out.field("target", p.target);
    out.end_object();
}

void write_sale(JsonSink& out, const Sale& sale) {
    out.begin_object();
    out.field("count", sale.cards.size());
    out.field("illusion", sale.illusion);
    out.field("price", sale.price);
    out.field("product", kind_name(sale.product));
    out.field("reactor", sale.reactor());
    out.field("seller", sale.seller);
    out.field("soldes", sale.soldes);
    out.end_object();
}

// Carambouille cards played so far, by type (all were played face up).
Json played_json(const Table& table) {
    std::vector<int> counts(kCardTypes, 0);
    for (int card : table.card_discard) ++counts[kind_of(card) - kProductKinds];
    Json played = Json::object();
    for (int t = 0; t < kCardTypes; ++t) played[std::string(kCardTypeNames[t])] = counts[t];
    return played;
}

void write_barred(JsonSink& out, const Table& table, Seat seat) {
    out.begin_array();
    for (int kind = 0; kind < kProductKinds; ++kind) {
        if (table.barred[seat] & (1u << kind)) out.string(kind_name(kind));
    }
    out.end_array();
}

}  // namespace

void write_view_of(const Table& table, Viewer viewer, JsonSink& out) {
    const bool selling = table.phase == Phase::sale || table.phase == Phase::final_sale;
    out.begin_object();
    out.field("accounts", table.accounts);
    out.key("barred");
    if (selling) write_barred(out, table, table.seller);
    else out.value(Json::array());
    out.field("carambouille", per_seat(table, [&](Seat s) { return table.carambouille_of(s); }));
    out.field("dealt", table.dealt);
    if (viewer) out.field("hand", cards_json(table, table.hands[*viewer]));
    out.field("last_round", table.last_round);
    out.field("limits", per_seat(table, [&](Seat s) { return table.limit_of(s); }));
    out.field("merchant", table.merchant);
    out.key("offers");
    out.begin_array();
    for (const Offer& o : table.offers) write_offer(out, table, o, viewer);
    out.end_array();
    out.field("paniers", per_seat(table, [&](Seat s) { return static_cast<int>(table.paniers[s].size()); }));
    out.key("persuasions");
    out.begin_array();
    for (const Persuasion& p : table.persuasions) write_persuasion(out, table, p, viewer);
    out.end_array();
    out.field("phase", to_string(table.phase));
    out.field("played", played_json(table));
    out.field("products", per_seat(table, [&](Seat s) { return table.products_of(s); }));
    out.field("quiet_rounds", table.quiet_rounds);
    out.field("reserve", table.reserve.size());
    out.field("round", table.round);
    out.key("round_sales");
    out.begin_array();
    for (const Sold& sold : table.round_sales) {
        out.begin_object();
        out.field("count", sold.count);
        out.field("price", sold.price);
        out.field("product", kind_name(sold.product));
        out.field("seat", sold.seat);
        out.end_object();
    }
    out.end_array();
    out.key("sale");
    if (table.sale) write_sale(out, *table.sale);
    else out.null();
    out.key("seller");
    if (selling) out.integer(table.seller);
    else out.null();
    out.field("sold_products", table.product_discard.size());
    out.field("stack", table.stack.size());
    out.end_object();
}

Json view_of(const Table& table, Viewer viewer) {
    return tree_of([&](JsonSink& out) { write_view_of(table, viewer, out); });
}

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer) {
    std::vector<std::string> secrets;
    auto hidden = [&](int card) {
        // Ids are 5 capitals and digits: found bare, they can only be that card's id.
        if (!table.knows(viewer, card)) secrets.push_back(table.id_of(card));
    };
    for (Seat s = 0; s < table.players; ++s) {
        if (viewer && *viewer == s) continue;
        for (int card : table.hands[s]) hidden(card);
    }
    // The next cards of the reserve and of the stack: the ones a leak would most likely show.
    for (std::size_t i = 0; i < 3 && i < table.reserve.size(); ++i) hidden(table.reserve[table.reserve.size() - 1 - i]);
    for (std::size_t i = 0; i < 3 && i < table.stack.size(); ++i) hidden(table.stack[table.stack.size() - 1 - i]);
    for (const Offer& o : table.offers) {
        if (o.menti >= 0 && !(viewer && *viewer == o.from)) secrets.push_back("\"id\":\"" + o.id + "\",\"lie\":true");
    }
    return secrets;
}

}  // namespace taol::games::carambouille
