#include "games/carambouille/trading.hpp"

#include <algorithm>

#include "games/carambouille/input.hpp"
#include "games/carambouille/sales.hpp"

namespace taol::games::carambouille {
namespace {

void close_offer(Table& table, std::string id, const char* reason, TimeMs now, std::vector<LogEntry>& log) {
    table.offers.erase(std::remove_if(table.offers.begin(), table.offers.end(), [&](const Offer& o) { return o.id == id; }),
                       table.offers.end());
    log.push_back(public_entry(now, "carambouille.offer_closed", {{"offer", id}, {"reason", reason}}));
}

// A J'ai menti ! attached to a completed trade is discarded face up.
void discard_menti(Table& table, Seat seat, int card) {
    take_from_hand(table, seat, card);
    table.card_discard.push_back(card);
    table.known[card] = Table::kPublic;
}

Refusal trading_open(const Table& table, Seat seat, const char* what) {
    if (table.phase != Phase::trading) return illegal("trading is closed");
    if (table.persuasion_of(seat)) return illegal(std::string("you cannot ") + what + " while a Persuasion runs");
    return std::nullopt;
}

}  // namespace

int free_menti(const Table& table, Seat seat, const std::vector<int>& cards, bool only_unused) {
    int backing = -1;
    for (int card : table.hands[seat]) {
        if (kind_of(card) != kind_of_type(CardType::menti)) continue;
        if (std::find(cards.begin(), cards.end(), card) != cards.end()) continue;
        const bool used = std::any_of(table.offers.begin(), table.offers.end(), [&](const Offer& o) { return o.menti == card; });
        if (!used) return card;
        backing = card;
    }
    return only_unused ? -1 : backing;
}

bool may_answer(const Table& table, Seat seat, const Offer& offer) {
    if (table.phase != Phase::trading || offer.from == seat) return false;
    if (offer.to && *offer.to != seat) return false;
    return std::find(offer.refused_by.begin(), offer.refused_by.end(), seat) == offer.refused_by.end();
}

void open_trading(Table& table, TimeMs now, bool by_itself, std::vector<LogEntry>& log) {
    table.phase = Phase::trading;
    table.phase_ends = now + table.trading_ms;
    log.push_back(public_entry(now, "carambouille.trading_open", {{"merchant", table.merchant}, {"auto", by_itself}}));
}

void close_trading(Table& table, TimeMs now, bool by_time, std::vector<LogEntry>& log) {
    log.push_back(public_entry(now, "carambouille.trading_closed", {{"merchant", table.merchant},
                                                                    {"by", by_time ? "time" : "bell"},
                                                                    {"offers_cancelled", table.offers.size()}}));
    table.offers.clear();
    if (!table.persuasions.empty()) {
        table.phase = Phase::closing;
        return;
    }
    begin_sales(table, now, log);
}

Refusal make_offer(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"to", "give", "announce", "ask", "lie"}, {"counter"})) return bad;
    if (auto closed = trading_open(table, seat, "make offers")) return closed;
    const auto to = read_seat(table, action.at("to"), "to", seat, true);
    if (!to) return to.error();
    auto give = read_own_cards(table, seat, action.at("give"), "give");
    if (!give) return give.error();
    if (give.value().empty()) return illegal("an offer gives at least one card");
    auto announce = parse_claims(action.at("announce"), "announce");
    if (!announce) return announce.error();
    auto ask = parse_claims(action.at("ask"), "ask");
    if (!ask) return ask.error();
    const auto lie = read_flag(action, "lie");
    if (!lie) return lie.error();
    const auto open = std::count_if(table.offers.begin(), table.offers.end(), [&](const Offer& o) { return o.from == seat; });
    if (open >= kMaxOpenOffers) return illegal("you already have 8 open offers: withdraw one first");

    Offer offer;
    offer.from = seat;
    offer.to = to.value();
    offer.give = give.value();
    offer.announce = announce.value();
    offer.ask = ask.value();
    if (action.contains("counter")) {
        const Json& c = action.at("counter");
        const Offer* answered = c.is_string() ? table.offer(c.get<std::string>()) : nullptr;
        if (!answered) return illegal("'counter' must name an open offer");
        if (!may_answer(table, seat, *answered)) return illegal("'counter' must name an offer made to you");
        if (!offer.to || *offer.to != answered->from) return illegal("a counter-offer goes to the one who made the offer");
        offer.counter = answered->id;
    }
    if (lie.value()) {
        offer.menti = free_menti(table, seat, offer.give, true);
        if (offer.menti < 0) return illegal("a lie needs a J'ai menti ! card of yours, not given and backing no other offer");
        if (std::none_of(offer.give.begin(), offer.give.end(), is_product)) {
            return illegal("with J'ai menti ! you must still give at least one product");
        }
    } else if (!holds(offer.announce, tally_of(offer.give))) {
        return illegal("your announcement is not true of the cards you give (lying needs J'ai menti !)");
    }
    offer.id = "o" + std::to_string(++table.offers_made);
    ++table.offers_this_round;
    Json params = {{"offer", offer.id}, {"from", seat}, {"to", or_null(offer.to)},
                   {"announce", to_json(offer.announce)}, {"ask", to_json(offer.ask)}};
    if (offer.counter) params["counter"] = *offer.counter;
    log.push_back(public_entry(now, "carambouille.offer", std::move(params)));
    table.offers.push_back(std::move(offer));
    return std::nullopt;
}

Refusal accept_offer(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"offer", "give", "lie"})) return bad;
    if (auto closed = trading_open(table, seat, "accept offers")) return closed;
    const auto found = read_offer(table, action);
    if (!found) return found.error();
    const Offer offer = *found.value();
    if (offer.from == seat) return illegal("you cannot accept your own offer");
    if (!may_answer(table, seat, offer)) return illegal("this offer is not made to you");
    if (table.persuasion_of(offer.from)) return illegal("this offer is frozen while a Persuasion runs");
    auto give = read_own_cards(table, seat, action.at("give"), "give");
    if (!give) return give.error();
    if (give.value().empty()) return illegal("you must give at least one card");
    const auto lie = read_flag(action, "lie");
    if (!lie) return lie.error();
    int menti = -1;
    if (lie.value()) {
        menti = free_menti(table, seat, give.value(), false);
        if (menti < 0) return illegal("a lie needs a J'ai menti ! card of yours that you do not give");
        if (std::none_of(give.value().begin(), give.value().end(), is_product)) {
            return illegal("with J'ai menti ! you must still give at least one product");
        }
    } else if (!holds(offer.ask, tally_of(give.value()))) {
        return illegal("your cards do not match what the offer asks (lying needs J'ai menti !)");
    }

    table.offers.erase(std::remove_if(table.offers.begin(), table.offers.end(), [&](const Offer& o) { return o.id == offer.id; }),
                       table.offers.end());
    // Each trader is told the cards by the ids it knows: its own as they were, the others' new.
    const Json offerer_gave = cards_json(table, offer.give);
    const Json acceptor_gave = cards_json(table, give.value());
    hand_over(table, offer.give, offer.from, seat);
    hand_over(table, give.value(), seat, offer.from);
    log.push_back(public_entry(now, "carambouille.trade", {{"offer", offer.id}, {"from", offer.from}, {"to", seat},
                                                           {"announce", to_json(offer.announce)},
                                                           {"ask", to_json(offer.ask)},
                                                           {"gave", offer.give.size()},
                                                           {"received", give.value().size()}}));
    const Json head = {{"offer", offer.id}, {"from", offer.from}, {"to", seat}};
    Json for_offerer = head, for_acceptor = head;
    for_offerer["from_gave"] = offerer_gave;
    for_offerer["to_gave"] = cards_json(table, give.value());
    for_acceptor["from_gave"] = cards_json(table, offer.give);
    for_acceptor["to_gave"] = acceptor_gave;
    log.push_back(private_entry(now, "carambouille.trade_cards", std::move(for_offerer), {offer.from}));
    log.push_back(private_entry(now, "carambouille.trade_cards", std::move(for_acceptor), {seat}));
    if (offer.menti >= 0) {
        discard_menti(table, offer.from, offer.menti);
        log.push_back(public_entry(now, "carambouille.lie", {{"seat", offer.from}, {"offer", offer.id}}));
    }
    if (menti >= 0) {
        discard_menti(table, seat, menti);
        log.push_back(public_entry(now, "carambouille.lie", {{"seat", seat}, {"offer", offer.id}}));
    }
    prune_offers(table, now, log);
    return std::nullopt;
}

Refusal refuse_offer(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"offer"})) return bad;
    if (table.phase != Phase::trading) return illegal("trading is closed");
    const auto found = read_offer(table, action);
    if (!found) return found.error();
    const Offer& offer = *found.value();
    if (!may_answer(table, seat, offer)) return illegal("this offer is not made to you, or you already refused it");
    const std::string id = offer.id;
    if (offer.to) {
        close_offer(table, id, "refused", now, log);
        return std::nullopt;
    }
    Offer& open = *std::find_if(table.offers.begin(), table.offers.end(), [&](const Offer& o) { return o.id == id; });
    open.refused_by.push_back(seat);
    std::sort(open.refused_by.begin(), open.refused_by.end());
    log.push_back(public_entry(now, "carambouille.refuse", {{"offer", id}, {"seat", seat}}));
    if (static_cast<int>(open.refused_by.size()) == table.players - 1) close_offer(table, id, "refused", now, log);
    return std::nullopt;
}

Refusal withdraw_offer(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (auto bad = check_keys(action, {"offer"})) return bad;
    if (table.phase != Phase::trading) return illegal("trading is closed");
    const auto found = read_offer(table, action);
    if (!found) return found.error();
    if (found.value()->from != seat) return illegal("only the one who made an offer may withdraw it");
    close_offer(table, found.value()->id, "withdrawn", now, log);
    return std::nullopt;
}

}  // namespace taol::games::carambouille
