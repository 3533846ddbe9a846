// Carambouille end to end over real loopback WebSockets: during Dreling Ding three pairs trade at
// the same time, two players race for one card (an offer to anyone, or one card offered to both),
// and acceptances race the First Merchant's closing bell, round after round. The cards that change
// hands reach their two traders only, under fresh ids for their new holders; every racing action
// gets exactly one answer, a trade or a too_late naming the winner.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"

using namespace taol::testing;

namespace {

constexpr int kPlayers = 6;
// One bell race per round; where the bell goes among the acceptances sent: first, amid them, last.
constexpr std::size_t kRingPositions[] = {0, 3, 5};

using Cards = std::map<std::string, std::string>;  // card id -> name, as a hand is sent

bool is_snapshot(const Json& m) { return m.at("type") == "snapshot"; }

// An `act` sent without waiting for its answer, so that several seats' actions reach the room
// together. Its id stays far from the ids WsClient::request picks.
struct Sent {
    WsClient* client = nullptr;
    std::int64_t id = 0;
};

Sent send_act(WsClient& client, const Json& action, std::int64_t rev) {
    static std::int64_t last_id = 1'000'000;
    const std::int64_t id = ++last_id;
    client.send({{"type", "act"}, {"id", id}, {"action", action}, {"rev", rev}});
    return {&client, id};
}

Json answer_to(const Sent& sent) {
    return sent.client->wait_for([id = sent.id](const Json& m) { return m.value("id", Json()) == id; });
}

// Every game-log entry a client received, in order (no reconnection here, so no repeats).
std::vector<Json> log_of(const WsClient& client) {
    std::vector<Json> log;
    for (const Json& frame : client.received()) {
        if (!is_snapshot(frame)) continue;
        for (const Json& entry : frame.at("log")) log.push_back(entry);
    }
    return log;
}

std::vector<Json> entries(const std::vector<Json>& log, const std::string& key, const std::string& offer) {
    std::vector<Json> found;
    for (const Json& e : log) {
        if (e.at("text_key") == key && e.at("params").value("offer", "") == offer) found.push_back(e);
    }
    return found;
}

bool mentions(const WsClient& client, const std::string& card_id) {
    const std::string quoted = "\"" + card_id + "\"";  // ids are quoted wherever they are sent
    for (const Json& frame : client.received()) {
        if (frame.dump().find(quoted) != std::string::npos) return true;
    }
    return false;
}

// Every card id this seat ever saw in its own hand.
std::set<std::string> held_ever(const WsClient& client) {
    std::set<std::string> held;
    for (const Json& frame : client.received()) {
        if (!is_snapshot(frame) || !frame.at("view").contains("hand")) continue;
        for (const auto& [id, name] : frame.at("view").at("hand").items()) held.insert(id);
    }
    return held;
}

Json offer_action(Json to, const std::string& card) {
    return {{"type", "offer"}, {"to", std::move(to)}, {"give", {card}}, {"announce", Json::parse(R"([{"cards":1}])")},
            {"ask", Json::parse(R"([{"cards":1}])")}, {"lie", false}};
}

Json accept_action(const std::string& offer, const std::string& card) {
    return {{"type", "accept"}, {"offer", offer}, {"give", {card}}, {"lie", false}};
}

// One offer of one card, and who answered it with which card.
struct Trade {
    int from = 0;
    int to = 0;
    std::string offer;
    std::string gave;  // the offerer's card
    std::string got;   // the acceptor's card
};

// The six players' names, by seat.
std::vector<std::string> merchants() {
    std::vector<std::string> names;
    for (int s = 0; s < kPlayers; ++s) names.push_back("Marchand " + std::to_string(s));
    return names;
}

// Six players and a spectator at one Carambouille table on a live server.
class Market {
public:
    // The longest trading time, so that only the bell closes trading, however busy the machine.
    Market() : room_(live_.port(), "carambouille", {{"trading_seconds", 900}}, merchants(), {"Badaud"}) {
        sync(room_.start().at("rev"));
    }

    WsClient& seat(int s) { return room_.player(s); }
    WsClient& spectator() { return room_.spectator(); }
    std::int64_t rev() const { return rev_; }

    // Waits until every client holds the snapshot of `rev` or a later one; returns the public view.
    Json sync(std::int64_t rev) {
        rev_ = std::max(rev_, rev);
        for (WsClient* client : room_.players()) client->snapshot(rev_);
        return spectator().snapshot(rev_).at("view");
    }

    // Syncs on the latest of these answers that changed the game.
    Json sync_after(const std::vector<Json>& answers) {
        std::int64_t rev = rev_;
        for (const Json& a : answers) {
            if (is_snapshot(a)) rev = std::max(rev, a.at("rev").get<std::int64_t>());
        }
        return sync(rev);
    }

    Json view() { return spectator().snapshot(rev_).at("view"); }

    Cards hand(int s) { return seat(s).snapshot(rev_).at("view").at("hand").get<Cards>(); }

    std::vector<Cards> hands() {
        std::vector<Cards> all;
        for (int s = 0; s < kPlayers; ++s) all.push_back(hand(s));
        return all;
    }

    // One action, answered by a snapshot; every client then sees it.
    Json act(int s, const Json& action) {
        const Json answer = taol::testing::act(seat(s), action, rev_);
        INFO("seat " << s << " sent " << action.dump() << ", answer " << answer.dump());
        REQUIRE(is_snapshot(answer));
        sync(answer.at("rev"));
        return answer;
    }

    // Sends one offer per entry of `offers` (offerer, recipient or null, card) all at once; returns
    // the offer ids, read from each offerer's view.
    std::vector<std::string> make_offers(const std::vector<std::tuple<int, Json, std::string>>& offers) {
        std::vector<Sent> sent;
        for (const auto& [from, to, card] : offers) sent.push_back(send_act(seat(from), offer_action(to, card), rev_));
        std::vector<Json> answers;
        for (const Sent& s : sent) answers.push_back(answer_to(s));
        for (const Json& a : answers) REQUIRE(is_snapshot(a));
        sync_after(answers);
        std::vector<std::string> ids;
        for (const auto& [from, to, card] : offers) ids.push_back(offer_giving(from, to, card));
        return ids;
    }

    std::string offer_giving(int from, const Json& to, const std::string& card) {
        const Json own = seat(from).snapshot(rev_);
        for (const Json& o : own.at("view").at("offers")) {
            if (o.at("from") == from && o.at("to") == to && o.contains("give") && o.at("give").contains(card)) return o.at("id");
        }
        FAIL("seat " << from << " has no open offer to " << to << " giving " << card);
        return {};
    }

    // The First Merchant opens trading.
    void open_trading() {
        const Json view = this->view();
        REQUIRE(view.at("phase") == "bell");
        act(view.at("merchant").get<int>(), {{"type", "ring"}});
        REQUIRE(this->view().at("phase") == "trading");
    }

    // Every seller ends its sale turn without selling or buying, and everyone continues after
    // the round, up to the next round's bell.
    void skip_sale() {
        for (int turns = 0; view().at("phase") == "sale"; ++turns) {
            REQUIRE(turns < kPlayers);
            act(view().at("seller").get<int>(), {{"type", "buy"}, {"count", 0}});
        }
        REQUIRE(view().at("phase") == "round_over");
        for (int seat = 0; seat < kPlayers; ++seat) act(seat, {{"type", "continue"}});
        REQUIRE(view().at("phase") == "bell");
    }

private:
    LiveServer live_;
    LiveTable room_;
    std::int64_t rev_ = 0;
};

// A card of the hand that is none of `except` (hands hold 6 cards or more at every trading phase).
std::string card_other_than(const Cards& hand, const std::set<std::string>& except = {}) {
    for (const auto& [id, name] : hand) {
        if (!except.count(id)) return id;
    }
    FAIL("no card to give");
    return {};
}

// The hands once the accepted trades are applied to `before`: each keeps the ids of the cards it
// did not trade, and gets the traded cards under fresh ids (rules: a card that changes hands
// privately gets a new id for its new holder).
struct Expected {
    Cards kept;                           // id -> name, unchanged
    std::multiset<std::string> received;  // names, under ids nobody had
};

std::vector<Expected> after_trades(const std::vector<Cards>& hands, const std::vector<Trade>& trades) {
    std::vector<Expected> out(hands.size());
    for (std::size_t s = 0; s < hands.size(); ++s) out[s].kept = hands[s];
    for (const Trade& t : trades) {
        out[t.from].kept.erase(t.gave);
        out[t.to].kept.erase(t.got);
        out[t.from].received.insert(hands[t.to].at(t.got));
        out[t.to].received.insert(hands[t.from].at(t.gave));
    }
    return out;
}

void check_hands(Market& market, const std::vector<Expected>& expected, const std::vector<Cards>& before) {
    std::set<std::string> ids_before;
    for (const Cards& hand : before) {
        for (const auto& [id, name] : hand) ids_before.insert(id);
    }
    const Json view = market.view();
    for (int s = 0; s < kPlayers; ++s) {
        INFO("seat " << s);
        const Cards hand = market.hand(s);
        std::multiset<std::string> received;
        for (const auto& [id, name] : hand) {
            if (auto kept = expected[s].kept.find(id); kept != expected[s].kept.end()) {
                CHECK(kept->second == name);
            } else {
                CHECK_FALSE(ids_before.count(id));
                received.insert(name);
            }
        }
        CHECK(received == expected[s].received);
        CHECK(hand.size() == expected[s].kept.size() + expected[s].received.size());
        CHECK(view.at("products").at(s).get<std::size_t>() + view.at("carambouille").at(s).get<std::size_t>() == hand.size());
    }
}

// Whether `seat` now holds, under `id`, a card named `name` that it did not hold before (a seat
// may receive two cards of one name in a round of trades: the log says which is which).
bool received_as(Market& market, int seat, const std::string& id, const std::string& name, const Cards& before) {
    const Cards hand = market.hand(seat);
    const auto it = hand.find(id);
    return it != hand.end() && it->second == name && !before.count(id);
}

// The one entry of `key` about `offer` in `seat`'s log.
Json only_entry(Market& market, int seat, const std::string& key, const std::string& offer) {
    const auto found = entries(log_of(market.seat(seat)), key, offer);
    REQUIRE(found.size() == 1);
    return found[0];
}

// Everyone saw the trade happen with its claims and card counts; each trader alone got its
// cards, its own named as they were in its hand before and the other's under their new ids; nobody
// else received any of these ids (unless it held one of the old ones earlier in the game).
void check_trade_seen_by_traders_only(Market& market, const Trade& t, const std::vector<Cards>& before) {
    INFO("trade " << t.offer << " from seat " << t.from << " to seat " << t.to);
    const std::string gave_name = before[t.from].at(t.gave);
    const std::string got_name = before[t.to].at(t.got);
    // Each trader learns the new id of the card it received, and only that one.
    const Json to_cards = only_entry(market, t.to, "carambouille.trade_cards", t.offer).at("params");
    const Json from_cards = only_entry(market, t.from, "carambouille.trade_cards", t.offer).at("params");
    REQUIRE(to_cards.at("from_gave").size() == 1);
    REQUIRE(from_cards.at("to_gave").size() == 1);
    const std::string gave_new = to_cards.at("from_gave").begin().key();
    const std::string got_new = from_cards.at("to_gave").begin().key();
    CHECK(received_as(market, t.to, gave_new, gave_name, before[t.to]));
    CHECK(received_as(market, t.from, got_new, got_name, before[t.from]));
    for (int s = 0; s < kPlayers; ++s) {
        INFO("seen by seat " << s);
        const auto log = log_of(market.seat(s));
        const auto trades = entries(log, "carambouille.trade", t.offer);
        REQUIRE(trades.size() == 1);
        CHECK(trades[0].at("params").at("from") == t.from);
        CHECK(trades[0].at("params").at("to") == t.to);
        CHECK(trades[0].at("params").at("gave") == 1);
        CHECK(trades[0].at("params").at("received") == 1);
        const auto cards = entries(log, "carambouille.trade_cards", t.offer);
        if (s == t.from || s == t.to) {
            REQUIRE(cards.size() == 1);
            const bool offerer = s == t.from;
            CHECK(cards[0].at("params").at("from_gave") == Json{{offerer ? t.gave : gave_new, gave_name}});
            CHECK(cards[0].at("params").at("to_gave") == Json{{offerer ? got_new : t.got, got_name}});
            CHECK_FALSE(mentions(market.seat(s), offerer ? gave_new : got_new));
        } else {
            CHECK(cards.empty());
            const auto held = held_ever(market.seat(s));
            for (const std::string& id : {t.gave, t.got}) {
                if (!held.count(id)) CHECK_FALSE(mentions(market.seat(s), id));
            }
            CHECK_FALSE(mentions(market.seat(s), gave_new));
            CHECK_FALSE(mentions(market.seat(s), got_new));
        }
    }
    CHECK(entries(log_of(market.spectator()), "carambouille.trade", t.offer).size() == 1);
    CHECK(entries(log_of(market.spectator()), "carambouille.trade_cards", t.offer).empty());
    for (const std::string& id : {t.gave, t.got, gave_new, got_new}) CHECK_FALSE(mentions(market.spectator(), id));
}

// Three pairs, the First Merchant among them, trade at the same time: offers sent together, then
// acceptances sent together.
void trade_in_three_pairs(Market& market) {
    const std::vector<Cards> before = market.hands();
    std::vector<Trade> trades;
    std::vector<std::tuple<int, Json, std::string>> offers;
    for (int from = 0; from < kPlayers; from += 2) {
        Trade t;
        t.from = from;
        t.to = from + 1;
        t.gave = card_other_than(before[from]);
        t.got = card_other_than(before[t.to]);
        offers.emplace_back(t.from, t.to, t.gave);
        trades.push_back(t);
    }
    const auto ids = market.make_offers(offers);
    for (std::size_t i = 0; i < trades.size(); ++i) trades[i].offer = ids[i];
    CHECK(market.view().at("offers").size() == trades.size());

    std::vector<Sent> sent;
    for (const Trade& t : trades) sent.push_back(send_act(market.seat(t.to), accept_action(t.offer, t.got), market.rev()));
    std::vector<Json> answers;
    for (const Sent& s : sent) answers.push_back(answer_to(s));
    for (const Json& a : answers) {
        INFO(a.dump());
        CHECK(is_snapshot(a));
    }
    market.sync_after(answers);
    CHECK(market.view().at("offers").empty());
    check_hands(market, after_trades(before, trades), before);
    for (const Trade& t : trades) check_trade_seen_by_traders_only(market, t, before);
}

// Two players accept one card at once: an offer to anyone, or the same card offered to each of
// them. One trade; the other gets too_late naming the winner, and its hand stays as it was.
void two_accept_one_card(Market& market, bool to_anyone) {
    const std::vector<Cards> before = market.hands();
    const int from = (market.view().at("merchant").get<int>() + 1) % kPlayers;
    const int acceptors[2] = {(from + 1) % kPlayers, (from + 2) % kPlayers};
    const std::string card = card_other_than(before[from]);
    const auto offers = to_anyone ? market.make_offers({{from, nullptr, card}})
                                  : market.make_offers({{from, acceptors[0], card}, {from, acceptors[1], card}});

    Sent sent[2];
    for (int i = 0; i < 2; ++i) {
        const std::string& offer = offers.at(to_anyone ? 0 : i);
        sent[i] = send_act(market.seat(acceptors[i]), accept_action(offer, card_other_than(before[acceptors[i]])), market.rev());
    }
    const Json answers[2] = {answer_to(sent[0]), answer_to(sent[1])};
    INFO(answers[0].dump() << "\n" << answers[1].dump());
    REQUIRE(is_snapshot(answers[0]) != is_snapshot(answers[1]));
    const int won = is_snapshot(answers[0]) ? 0 : 1;
    const Json& refusal = answers[1 - won];
    REQUIRE(is_error(refusal, "too_late"));
    CHECK(refusal.at("winner") == acceptors[won]);
    CHECK(refusal.at("margin_ms").get<std::int64_t>() >= 0);

    market.sync_after({answers[0], answers[1]});
    const std::string traded = offers.at(to_anyone ? 0 : won);
    const auto log = log_of(market.spectator());
    const auto trades = entries(log, "carambouille.trade", traded);
    REQUIRE(trades.size() == 1);
    CHECK(trades[0].at("params").at("to") == acceptors[won]);
    if (!to_anyone) {  // the other offer died with its card
        const auto closed = entries(log, "carambouille.offer_closed", offers.at(1 - won));
        REQUIRE(closed.size() == 1);
        CHECK(closed[0].at("params").at("reason") == "unavailable");
        CHECK(entries(log, "carambouille.trade", offers.at(1 - won)).empty());
    }
    const Trade done{from, acceptors[won], traded, card, card_other_than(before[acceptors[won]])};
    check_hands(market, after_trades(before, {done}), before);
    CHECK(market.view().at("offers").empty());
}

// Every seat but the First Merchant offers a card to the next one round the table. Each acceptor
// keeps the card of its own offer, so that no trade takes another one's card.
std::vector<Trade> offers_round_the_table(Market& market, int merchant, const std::vector<Cards>& hands) {
    std::vector<int> traders;
    for (int k = 1; k < kPlayers; ++k) traders.push_back((merchant + k) % kPlayers);
    std::vector<Trade> trades;
    for (std::size_t k = 0; k < traders.size(); ++k) {
        Trade t;
        t.from = traders[k];
        t.to = traders[(k + 1) % traders.size()];
        t.gave = card_other_than(hands[t.from]);
        trades.push_back(t);
    }
    std::vector<std::tuple<int, Json, std::string>> offers;
    for (std::size_t k = 0; k < trades.size(); ++k) {
        trades[k].got = card_other_than(hands[trades[k].to], {trades[(k + 1) % trades.size()].gave});
        offers.emplace_back(trades[k].from, trades[k].to, trades[k].gave);
    }
    const auto ids = market.make_offers(offers);
    for (std::size_t k = 0; k < trades.size(); ++k) trades[k].offer = ids[k];
    return trades;
}

// What is sent together in a bell race, and the answers.
struct BellRace {
    Json late_offer;              // a new offer to anyone, sent with the acceptances
    int late_offerer = 0;
    std::vector<Json> accepted;   // per trade, the answer to its acceptance
    Json offered;                 // the answer to the late offer
    Json rang;                    // the answer to the bell
};

// Sends the new offer, the acceptances and the bell together, the bell at position `ring_at`
// (0: even before the new offer).
void send_bell_race(Market& market, int merchant, const std::vector<Trade>& trades, std::size_t ring_at, BellRace& race) {
    std::vector<Sent> acceptances;
    Sent bell;
    Sent offer;
    for (std::size_t k = 0; k <= trades.size(); ++k) {
        if (k == ring_at) bell = send_act(market.seat(merchant), {{"type", "ring"}}, market.rev());
        if (k == 0) offer = send_act(market.seat(race.late_offerer), race.late_offer, market.rev());
        if (k < trades.size()) {
            acceptances.push_back(send_act(market.seat(trades[k].to), accept_action(trades[k].offer, trades[k].got), market.rev()));
        }
    }
    for (const Sent& s : acceptances) race.accepted.push_back(answer_to(s));
    race.offered = answer_to(offer);
    race.rang = answer_to(bell);
}

// The bell closed trading after every trade it let through, in the room's order and by the stamps,
// and cancelled the `open` offers left.
void check_bell_after_trades(const std::vector<Json>& log, const std::vector<Trade>& done, std::size_t open) {
    const auto is_closing = [](const Json& e) { return e.at("text_key") == "carambouille.trading_closed"; };
    const auto closed = std::find_if(log.rbegin(), log.rend(), is_closing);
    REQUIRE(closed != log.rend());
    CHECK(closed->at("params").at("by") == "bell");
    CHECK(closed->at("params").at("offers_cancelled") == open);
    for (const Trade& t : done) {
        const auto traded = std::find_if(log.rbegin(), log.rend(), [&](const Json& e) {
            return e.at("text_key") == "carambouille.trade" && e.at("params").at("offer") == t.offer;
        });
        REQUIRE(traded != log.rend());
        CHECK(traded > closed);  // reverse iterators: further from the end means earlier
        CHECK(traded->at("at").get<std::int64_t>() <= closed->at("at").get<std::int64_t>());
    }
}

// Offers open round the table; the First Merchant rings the bell while their recipients accept and
// one of them makes a new offer. Each acceptance is a trade (stamped before the bell) or a too_late
// naming the First Merchant (after it), never both; so is the new offer. The hands show exactly the
// trades done, and no offer stays open.
void race_the_bell(Market& market, std::size_t ring_at) {
    const Json view = market.view();
    REQUIRE(view.at("phase") == "trading");
    const int merchant = view.at("merchant");
    const std::vector<Cards> before = market.hands();
    const std::vector<Trade> trades = offers_round_the_table(market, merchant, before);
    BellRace race;
    race.late_offerer = trades[0].from;  // with a card that none of the trades takes
    race.late_offer = offer_action(nullptr, card_other_than(before[trades[0].from], {trades[0].gave, trades.back().got}));

    send_bell_race(market, merchant, trades, ring_at, race);
    REQUIRE(is_snapshot(race.rang));
    std::vector<Json> answers = race.accepted;
    answers.push_back(race.offered);
    answers.push_back(race.rang);
    market.sync_after(answers);

    const auto log = log_of(market.spectator());
    std::vector<Trade> done;
    for (std::size_t k = 0; k < trades.size(); ++k) {
        const Json& answer = race.accepted[k];
        INFO("acceptance of " << trades[k].offer << " by seat " << trades[k].to << ": " << answer.dump());
        const auto traded = entries(log, "carambouille.trade", trades[k].offer);
        if (is_snapshot(answer)) {
            CHECK(traded.size() == 1);
            done.push_back(trades[k]);
        } else {
            REQUIRE(is_error(answer, "too_late"));
            CHECK(answer.at("winner") == merchant);
            CHECK(answer.at("margin_ms").get<std::int64_t>() >= 0);
            CHECK(traded.empty());
        }
    }
    INFO("the late offer: " << race.offered.dump());
    const bool offered = is_snapshot(race.offered);
    if (!offered) {
        REQUIRE(is_error(race.offered, "too_late"));
        CHECK(race.offered.at("winner") == merchant);
    }
    check_bell_after_trades(log, done, trades.size() - done.size() + (offered ? 1 : 0));
    CHECK(market.view().at("phase") == "sale");
    for (int s = 0; s < kPlayers; ++s) CHECK(market.seat(s).snapshot(market.rev()).at("view").at("offers").empty());
    check_hands(market, after_trades(before, done), before);
    for (const Trade& t : done) check_trade_seen_by_traders_only(market, t, before);
}

// Over the whole game: a card id reaches a seat only if that seat held the card at some point,
// and never reaches the spectator.
void check_no_card_leaked(Market& market) {
    std::vector<std::set<std::string>> held(kPlayers);
    std::set<std::string> all;
    for (int s = 0; s < kPlayers; ++s) {
        held[s] = held_ever(market.seat(s));
        all.insert(held[s].begin(), held[s].end());
    }
    for (const std::string& id : all) {
        INFO("card " << id);
        for (int s = 0; s < kPlayers; ++s) {
            if (!held[s].count(id)) CHECK_FALSE(mentions(market.seat(s), id));
        }
        CHECK_FALSE(mentions(market.spectator(), id));
    }
}

// Each `act` got exactly one answer.
void check_one_answer_each(const WsClient& client) {
    std::map<std::int64_t, int> answers;
    for (const Json& frame : client.received()) {
        if (frame.contains("id")) ++answers[frame.at("id").get<std::int64_t>()];
    }
    for (const auto& [id, n] : answers) {
        INFO("request " << id);
        CHECK(n == 1);
    }
}

}  // namespace

TEST_CASE("Carambouille over WebSocket: pairs trade at once, acceptances race each other and the bell") {
    Market market;
    market.open_trading();
    trade_in_three_pairs(market);
    two_accept_one_card(market, true);
    two_accept_one_card(market, false);
    bool first = true;
    for (std::size_t ring_at : kRingPositions) {
        if (!first) {
            market.skip_sale();
            market.open_trading();
        }
        first = false;
        race_the_bell(market, ring_at);
    }
    check_no_card_leaked(market);
    for (int s = 0; s < kPlayers; ++s) check_one_answer_each(market.seat(s));
}
