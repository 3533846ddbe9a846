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

// Everyone sees an offer's claims; its cards and whether it lies, only its offerer.
Json offer_json(const Table& table, const Offer& o, Viewer viewer) {
    Json offer = Json::object();
    offer["id"] = o.id;
    offer["from"] = o.from;
    offer["to"] = or_null(o.to);
    offer["announce"] = to_json(o.announce);
    offer["ask"] = to_json(o.ask);
    offer["counter"] = o.counter ? Json(*o.counter) : Json(nullptr);
    offer["refused_by"] = o.refused_by;
    offer["frozen"] = table.persuasion_of(o.from) != nullptr;
    if (viewer && *viewer == o.from) {
        offer["give"] = cards_json(table, o.give);
        offer["lie"] = o.menti >= 0;
    }
    return offer;
}

Json persuasion_json(const Table& table, const Persuasion& p, Viewer viewer) {
    Json persuasion = Json::object();
    persuasion["persuader"] = p.persuader;
    persuasion["target"] = p.target;
    if (viewer && *viewer == p.persuader) persuasion["products"] = cards_json(table, persuasion_products(table, p));
    return persuasion;
}

Json sale_json(const Sale& sale) {
    Json json = Json::object();
    json["seller"] = sale.seller;
    json["product"] = kind_name(sale.product);
    json["count"] = sale.cards.size();
    json["illusion"] = sale.illusion;
    json["soldes"] = sale.soldes;
    json["price"] = sale.price;
    json["reactor"] = sale.reactor();
    return json;
}

// Carambouille cards played so far, by type (all were played face up).
Json played_json(const Table& table) {
    std::vector<int> counts(kCardTypes, 0);
    for (int card : table.card_discard) ++counts[kind_of(card) - kProductKinds];
    Json played = Json::object();
    for (int t = 0; t < kCardTypes; ++t) played[std::string(kCardTypeNames[t])] = counts[t];
    return played;
}

Json barred_json(const Table& table, Seat seat) {
    Json barred = Json::array();
    for (int kind = 0; kind < kProductKinds; ++kind) {
        if (table.barred[seat] & (1u << kind)) barred.push_back(kind_name(kind));
    }
    return barred;
}

}  // namespace

Json view_of(const Table& table, Viewer viewer) {
    const bool selling = table.phase == Phase::sale || table.phase == Phase::final_sale;
    Json view = Json::object();
    view["phase"] = to_string(table.phase);
    view["round"] = table.round;
    view["last_round"] = table.last_round;
    view["merchant"] = table.merchant;
    view["reserve"] = table.reserve.size();
    view["stack"] = table.stack.size();
    view["sold_products"] = table.product_discard.size();
    view["played"] = played_json(table);
    view["quiet_rounds"] = table.quiet_rounds;
    view["accounts"] = table.accounts;
    view["products"] = per_seat(table, [&](Seat s) { return table.products_of(s); });
    view["carambouille"] = per_seat(table, [&](Seat s) { return table.carambouille_of(s); });
    view["paniers"] = per_seat(table, [&](Seat s) { return static_cast<int>(table.paniers[s].size()); });
    view["limits"] = per_seat(table, [&](Seat s) { return table.limit_of(s); });
    view["dealt"] = table.dealt;
    Json& offers = view["offers"] = Json::array();
    for (const Offer& o : table.offers) offers.push_back(offer_json(table, o, viewer));
    Json& persuasions = view["persuasions"] = Json::array();
    for (const Persuasion& p : table.persuasions) persuasions.push_back(persuasion_json(table, p, viewer));
    view["seller"] = selling ? Json(table.seller) : Json(nullptr);
    view["barred"] = selling ? barred_json(table, table.seller) : Json::array();
    view["sale"] = table.sale ? sale_json(*table.sale) : Json(nullptr);
    Json& sales = view["round_sales"] = Json::array();
    for (const Sold& sold : table.round_sales) {
        Json& one = sales.emplace_back(Json::object());
        one["seat"] = sold.seat;
        one["product"] = kind_name(sold.product);
        one["count"] = sold.count;
        one["price"] = sold.price;
    }
    if (viewer) view["hand"] = cards_json(table, table.hands[*viewer]);
    return view;
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
