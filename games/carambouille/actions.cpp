// The action lists: complete actions and "choose" templates (PROTOCOL.md). Offers and
// acceptances are rich, so each gets several entries: a wide template that every offer or
// acceptance the rules accept fills (so the room can tell a lost race from an illegal action),
// plus narrower ones and complete suggestions that are true by construction.
#include <algorithm>
#include <array>
#include <iterator>

#include "games/carambouille/persuasion.hpp"
#include "games/carambouille/sales.hpp"
#include "games/carambouille/trading.hpp"
#include "games/carambouille/view.hpp"

namespace taol::games::carambouille {
namespace {

// An entry built field by field, moving the pieces in (these lists are rebuilt often).
class Entry {
public:
    explicit Entry(const char* type) { json_["type"] = type; }
    Entry& set(const char* key, Json value) {
        json_[key] = std::move(value);
        return *this;
    }
    Entry& choose(const char* key, Json rule) {
        choose_[key] = std::move(rule);
        return *this;
    }
    Json done() {
        if (!choose_.empty()) json_["choose"] = std::move(choose_);
        return std::move(json_);
    }

private:
    Json json_ = Json::object();
    Json choose_ = Json::object();
};

Json one_of(Json values) {
    Json rule = Json::object();
    rule["one_of"] = std::move(values);
    return rule;
}

Json subset(Json pool, std::size_t lo, std::size_t hi) {
    Json rule = Json::object();
    rule["subset_of"] = std::move(pool);
    rule["min"] = lo;
    rule["max"] = hi;
    return rule;
}

// A few asks offered by the templates; any other list of claims may be sent.
const Json& ask_choices() {
    static const Json asks = Json::parse(R"([[], [{"cards":1}], [{"cards":2}], [{"value":50}]])");
    return asks;
}

// A few announcements for a lie backed by J'ai menti !.
const Json& lie_choices() {
    static const Json lies = Json::parse(R"([[{"product":"safran","count":1}], [{"value":100}], [{"cards":3}]])");
    return lies;
}

Json ids_of(const Table& table, const std::vector<int>& cards) {
    Json ids = Json::array();
    for (int card : cards) ids.push_back(table.id_of(card));
    return ids;
}

std::vector<int> products_in(const std::vector<int>& cards) {
    std::vector<int> products;
    std::copy_if(cards.begin(), cards.end(), std::back_inserter(products), is_product);
    return products;
}

int open_offers_of(const Table& table, Seat seat) {
    return static_cast<int>(std::count_if(table.offers.begin(), table.offers.end(), [&](const Offer& o) { return o.from == seat; }));
}

// Whether `seat` may back a new offer with a J'ai menti ! (the cards given are checked on sending).
bool may_lie(const Table& table, Seat seat) {
    const auto& hand = table.hands[seat];
    return std::any_of(hand.begin(), hand.end(), is_product) && free_menti(table, seat, {}, true) >= 0;
}

// The values of "lie" an offer of `seat` may take.
Json lie_flags(const Table& table, Seat seat) {
    return may_lie(table, seat) ? Json::array({false, true}) : Json::array({false});
}

// The wide template (any claims, to anyone, with or without a lie), then narrower ones whose
// announcement is true by construction: none, "1 card", "1 <product>" for the product held most;
// and a lie when possible.
void offer_entries(const Table& table, Seat seat, Json& actions) {
    const auto& hand = table.hands[seat];
    if (hand.empty() || open_offers_of(table, seat) >= kMaxOpenOffers) return;
    Json to = Json::array({nullptr});
    for (Seat s = 0; s < table.players; ++s) {
        if (s != seat) to.push_back(s);
    }
    const Json all = ids_of(table, hand);
    actions.push_back(Entry("offer").choose("to", one_of(to)).choose("give", subset(all, 1, all.size()))
                          .choose("announce", claims_rule()).choose("ask", claims_rule())
                          .choose("lie", one_of(lie_flags(table, seat))).done());
    actions.push_back(Entry("offer").set("announce", Json::array()).set("lie", false)
                          .choose("to", one_of(to)).choose("give", subset(all, 1, all.size()))
                          .choose("ask", one_of(ask_choices())).done());
    actions.push_back(Entry("offer").set("announce", Json::parse(R"([{"cards":1}])")).set("lie", false)
                          .choose("to", one_of(to)).choose("give", subset(all, 1, 1))
                          .choose("ask", one_of(ask_choices())).done());
    std::array<int, kKinds> held{};
    for (int card : hand) ++held[kind_of(card)];
    const auto most = std::max_element(held.begin(), held.begin() + kProductKinds);
    if (*most > 0) {
        const int kind = static_cast<int>(most - held.begin());
        std::vector<int> cards;
        std::copy_if(hand.begin(), hand.end(), std::back_inserter(cards), [&](int c) { return kind_of(c) == kind; });
        Json claim = Json::object();
        claim["product"] = kind_name(kind);
        claim["count"] = 1;
        actions.push_back(Entry("offer").set("announce", Json::array({std::move(claim)})).set("lie", false)
                              .choose("to", one_of(to)).choose("give", subset(ids_of(table, cards), 1, 1))
                              .choose("ask", one_of(ask_choices())).done());
    }
    if (may_lie(table, seat)) {
        const auto products = products_in(hand);
        actions.push_back(Entry("offer").set("lie", true)
                              .choose("to", one_of(std::move(to))).choose("give", subset(ids_of(table, products), 1, products.size()))
                              .choose("announce", one_of(lie_choices())).choose("ask", one_of(ask_choices())).done());
    }
}

// A counter-offer to any offer `seat` may answer, with any claims: one wide template.
void counter_entry(const Table& table, Seat seat, Json& actions) {
    const auto& hand = table.hands[seat];
    if (hand.empty() || open_offers_of(table, seat) >= kMaxOpenOffers) return;
    Json ids = Json::array(), to = Json::array();
    for (const Offer& o : table.offers) {
        if (!may_answer(table, seat, o)) continue;
        ids.push_back(o.id);
        if (std::find(to.begin(), to.end(), Json(o.from)) == to.end()) to.push_back(o.from);
    }
    if (ids.empty()) return;
    actions.push_back(Entry("offer").choose("counter", one_of(std::move(ids))).choose("to", one_of(std::move(to)))
                          .choose("give", subset(ids_of(table, hand), 1, hand.size()))
                          .choose("announce", claims_rule()).choose("ask", claims_rule())
                          .choose("lie", one_of(lie_flags(table, seat))).done());
}

// Refuse; accept with any cards (sized by a "cards" claim), with cards found to meet the ask, or
// with a lie; and a counter-offer saying nothing.
void answer_entries(const Table& table, Seat seat, const Offer& o, Json& actions) {
    actions.push_back(Entry("refuse").set("offer", o.id).done());
    const auto& hand = table.hands[seat];
    if (hand.empty() || table.persuasion_of(o.from)) return;
    const Json all = ids_of(table, hand);
    std::size_t lo = 1, hi = hand.size();
    for (const Claim& c : o.ask) {
        if (c.what == Claim::What::cards) lo = hi = static_cast<std::size_t>(c.number);
    }
    if (lo <= hand.size()) {
        actions.push_back(Entry("accept").set("offer", o.id).set("lie", false).choose("give", subset(all, lo, hi)).done());
    }
    if (auto cards = find_selection(hand, o.ask)) {
        actions.push_back(Entry("accept").set("offer", o.id).set("lie", false).set("give", ids_of(table, *cards)).done());
    }
    // A lie may give any cards, so long as one is a product and a J'ai menti ! stays in hand.
    if (std::any_of(hand.begin(), hand.end(), is_product) && free_menti(table, seat, {}, false) >= 0) {
        actions.push_back(Entry("accept").set("offer", o.id).set("lie", true).choose("give", subset(all, 1, hand.size())).done());
    }
    if (open_offers_of(table, seat) < kMaxOpenOffers) {
        actions.push_back(Entry("offer").set("counter", o.id).set("to", o.from).set("announce", Json::array())
                              .set("ask", Json::array()).set("lie", false).choose("give", subset(all, 1, all.size())).done());
    }
}

void persuasion_entries(const Table& table, const Persuasion& p, Json& actions) {
    const auto theirs = persuasion_products(table, p);
    const auto mine = products_in(table.hands[p.persuader]);
    actions.push_back({{"type", "persuasion_exchange"}, {"take", Json::array()}, {"give", Json::array()}});
    if (theirs.empty() || mine.empty()) return;
    actions.push_back({{"type", "persuasion_exchange"},
                       {"choose", {{"take", subset(ids_of(table, theirs), 0, theirs.size())},
                                   {"give", subset(ids_of(table, mine), 0, mine.size())}}}});
    // A one-for-one swap of equal face value, when there is one.
    for (int take : theirs) {
        for (int give : mine) {
            if (value_of(take) == value_of(give) && kind_of(take) != kind_of(give)) {
                actions.push_back({{"type", "persuasion_exchange"},
                                   {"take", Json::array({table.id_of(take)})}, {"give", Json::array({table.id_of(give)})}});
                return;
            }
        }
    }
}

void trading_entries(const Table& table, Seat seat, Json& actions) {
    if (const Persuasion* p = table.persuasion_of(seat)) {
        if (p->persuader == seat) persuasion_entries(table, *p, actions);
    } else {
        offer_entries(table, seat, actions);
        counter_entry(table, seat, actions);
        for (const Offer& o : table.offers) {
            if (may_answer(table, seat, o)) answer_entries(table, seat, o, actions);
        }
        if (table.find_type(seat, CardType::persuasion) >= 0) {
            Json targets = Json::array();
            for (Seat s = 0; s < table.players; ++s) {
                if (s != seat && !table.persuasion_of(s)) targets.push_back(s);
            }
            if (!targets.empty()) actions.push_back({{"type", "persuade"}, {"choose", {{"target", {{"one_of", targets}}}}}});
        }
    }
    for (const Offer& o : table.offers) {
        if (o.from == seat) actions.push_back({{"type", "withdraw"}, {"offer", o.id}});
        // Someone under Persuasion may still turn an offer down.
        if (table.persuasion_of(seat) && may_answer(table, seat, o)) actions.push_back({{"type", "refuse"}, {"offer", o.id}});
    }
}

void sale_entries(const Table& table, Seat seat, Json& actions) {
    if (table.sale) {
        if (table.sale->reactor() != seat) return;
        for (CardType type : playable_reactions(table, seat)) actions.push_back({{"type", "react"}, {"card", type_name(type)}});
        actions.push_back({{"type", "pass"}});
        return;
    }
    if (table.phase != Phase::sale || seat != table.seller) return;
    for (const auto& [kind, most] : sellable(table, seat)) {
        actions.push_back({{"type", "sell"}, {"product", kind_name(kind)}, {"choose", {{"count", {{"range", {1, most}}}}}}});
    }
    // One complete action per count: ending the turn without buying is always there.
    for (int count = 0; count <= most_cards_to_buy(table, seat); ++count) actions.push_back({{"type", "buy"}, {"count", count}});
}

}  // namespace

Json actions_of(const Table& table, Seat seat) {
    Json actions = Json::array();
    if (table.phase == Phase::finished) return actions;
    if ((table.phase == Phase::bell || table.phase == Phase::trading) && seat == table.merchant) {
        actions.push_back({{"type", "ring"}});
    }
    if (table.phase == Phase::trading) trading_entries(table, seat, actions);
    if (table.phase == Phase::closing) {
        const Persuasion* p = table.persuasion_of(seat);
        if (p && p->persuader == seat) persuasion_entries(table, *p, actions);
    }
    if (table.phase == Phase::sale || table.phase == Phase::final_sale) sale_entries(table, seat, actions);
    if (table.pause.awaits(seat)) actions.push_back(continue_action());
    if (table.find_type(seat, CardType::panier) >= 0) actions.push_back({{"type", "lay_panier"}});
    return actions;
}

}  // namespace taol::games::carambouille
