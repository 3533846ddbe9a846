// Real-time moves (grabs, TEUT! calls, within a person's reaction time) and the TEUT! steps.
#include <algorithm>

#include "games/bigoudenn/bot_policy.hpp"
#include "games/bigoudenn/table.hpp"
#include "games/core/bot_tools.hpp"

namespace taol::games::bigoudenn {
namespace {

constexpr int kMaxGrabs = 3;         // per turn: enough to get ready, never a loop between bots
constexpr double kGrabMargin = 0.3;  // a grab must make the next turn this much better
constexpr double kCallMargin = 1.0;  // a TEUT! must win more than the card it costs, by this

TimeMs reaction(Rng& rng) { return think_between(rng, 400, 1500); }

int max_value(const std::vector<Card>& cards) {
    int best = -1;
    for (Card c : cards) best = std::max(best, value_of(c));
    return best;
}

// The card to bid: the cheapest to lose among those worth more than `beat`, else the cheapest.
struct Bid {
    Card card = -1;
    double loss = 0;
    bool wins = false;
};

Bid choose_bid(const BotView& v, const std::vector<Card>& mine, int beat) {
    Bid cheapest, winning;
    for (Card c : mine) {
        const double loss = loss_of(v, c);
        if (cheapest.card < 0 || loss < cheapest.loss) cheapest = {c, loss, value_of(c) > beat};
        if (value_of(c) > beat && (winning.card < 0 || loss < winning.loss)) winning = {c, loss, true};
    }
    return winning.card >= 0 ? winning : cheapest;
}

// What holding `utensil` adds to my next turn, in the better of my two hands.
double utensil_worth(const BotView& v, Utensil utensil) {
    const double now = hands_worth(v, v.my_hands());
    double best = 0;
    for (int h = 0; h < 2; ++h) {
        Hands hands = v.my_hands();
        hands[static_cast<std::size_t>(h)] = utensil;
        best = std::max(best, hands_worth(v, hands) - now);
    }
    return best;
}

// What losing `utensil` from my hands costs.
double keeping_worth(const BotView& v, Utensil utensil) {
    Hands hands = v.my_hands();
    for (auto& h : hands) {
        if (h == utensil) h.reset();
    }
    return hands_worth(v, v.my_hands()) - hands_worth(v, hands);
}

std::vector<Card> remembered(const Json& memory, Seat seat) {
    std::vector<Card> out;
    const Json& seen = memory.at("seen");
    if (static_cast<std::size_t>(seat) >= seen.size()) return out;
    for (const Json& id : seen.at(static_cast<std::size_t>(seat))) {
        if (auto c = card_from(id.get<std::string>())) out.push_back(*c);
    }
    return out;
}

Json filled(const Json& entry, const std::string& key, Card card) {
    Json action = entry;
    action.erase("choose");
    action[key] = std::string(id_of(card));
    return action;
}

// Bidding: the caller bids to win (it called only when it could); the holder bids to keep the
// utensil when that is worth the dearer card, else gives up its cheapest.
Json bid_action(const BotView& v, const Json& entry, const Json& teut, const Json& memory) {
    const bool caller = teut.at("caller") == v.me;
    const Seat other = caller ? teut.at("holder").get<Seat>() : teut.at("caller").get<Seat>();
    const std::vector<Card> mine = listed_cards(entry.at("choose").at("card"));
    const int beat = teut.value("forced", false) ? -1 : max_value(remembered(memory, other));
    Bid bid = choose_bid(v, mine, beat);
    if (!caller && bid.wins) {
        const Bid cheapest = choose_bid(v, mine, 99);
        const Utensil u = *utensil_from(teut.at("utensil").get<std::string>());
        if (bid.loss - cheapest.loss > keeping_worth(v, u)) bid = cheapest;
    }
    return filled(entry, "card", bid.card);
}

// The passoire brings back the bid card I want most, when it beats keeping the passoire.
Json passoire_action(const BotView& v, const Json& snapshot) {
    const Json* use = first_listed(snapshot, "passoire");
    Card best = -1;
    for (Card c : listed_cards(use->at("choose").at("card"))) {
        if (best < 0 || v.gain[c] > v.gain[best]) best = c;
    }
    if (best < 0 || v.gain[best] <= 0.3) return {{"type", "pass"}};
    Json action = filled(*use, "card", best);
    if (use->at("choose").contains("put_back")) {
        action["put_back"] = std::string(id_of(least_useful(v, v.surface).first));
    }
    return action;
}

// The winner with both hands full drops the utensil it needs least.
Json make_room(const BotView& v, const Json& teut) {
    const Utensil won = *utensil_from(teut.at("utensil").get<std::string>());
    int best_hand = kLeft;
    double best = -1e9;
    for (int h = 0; h < 2; ++h) {
        Hands hands = v.my_hands();
        hands[static_cast<std::size_t>(h)] = won;
        const double worth = hands_worth(v, hands);
        if (worth > best) best = worth, best_hand = h;
    }
    return {{"type", "make_room"}, {"hand", best_hand == kLeft ? "left" : "right"}};
}

// Each way to send a grab entry, with the hands it leaves. Full game: into the named hand.
// Simplified: into a free slot, or in place of the utensil it names to drop.
std::vector<std::pair<Json, Hands>> grab_options(const BotView& v, const Json& entry) {
    const Utensil u = *utensil_from(entry.at("utensil").get<std::string>());
    std::vector<std::pair<Json, Hands>> out;
    Hands hands = v.my_hands();
    if (entry.contains("hand")) {
        hands[entry.at("hand") == "left" ? 0 : 1] = u;
        out.push_back({entry, hands});
        return out;
    }
    if (!entry.contains("choose")) {
        (hands[0] ? hands[1] : hands[0]) = u;
        out.push_back({entry, hands});
        return out;
    }
    for (const Json& drop : entry.at("choose").at("drop").at("one_of")) {
        Hands swapped = hands;
        for (auto& h : swapped) {
            if (h && to_string(*h) == drop.get<std::string>()) h = u;
        }
        Json action = entry;
        action.erase("choose");
        action["drop"] = drop;
        out.push_back({std::move(action), swapped});
    }
    return out;
}

}  // namespace

Decision teut_step(const BotView& v, const Json& snapshot, const Json& memory, Rng& rng) {
    const Json& teut = snapshot.at("view").at("teut");
    const std::string step = teut.at("step");
    const TimeMs think = human_think(rng);
    if (step == "award") return {make_room(v, teut), think};
    if (step == "passoire") return {passoire_action(v, snapshot), think};
    // Raising and following cost more cards for a tie: leave it there.
    if (const Json* pass = first_listed(snapshot, "pass")) return {*pass, think};
    return {bid_action(v, *first_listed(snapshot, "bid"), teut, memory), think};
}

std::optional<Decision> teut_call(const BotView& v, const Json& snapshot, Rng& rng) {
    const auto calls = listed(snapshot, "teut");
    if (calls.empty()) return std::nullopt;
    std::vector<Card> mine;
    for (Card c = 0; c < kIngredientCount; ++c) {
        if (v.surface & bit(c)) mine.push_back(c);
    }
    const Json* chosen = nullptr;
    double best = kCallMargin;
    for (const Json* call : calls) {
        const Utensil u = *utensil_from(call->at("utensil").get<std::string>());
        Seat holder = -1;
        for (const Json& w : snapshot.at("view").at("windows")) {
            if (w.at("utensil") == call->at("utensil")) holder = w.at("holder").get<Seat>();
        }
        if (holder < 0) continue;
        const std::vector<Card>& theirs = v.surfaces[static_cast<std::size_t>(holder)];
        const Bid bid = choose_bid(v, mine, theirs.empty() ? -1 : max_value(theirs));
        if (!bid.wins) continue;  // never a blind call: only a bid that must win
        const double net = utensil_worth(v, u) - bid.loss;
        if (net > best) best = net, chosen = call;
    }
    if (!chosen) return std::nullopt;
    return Decision{*chosen, reaction(rng)};
}

std::optional<Decision> useful_grab(const BotView& v, const Json& snapshot, int grabs, Rng& rng) {
    if (grabs >= kMaxGrabs) return std::nullopt;
    std::optional<Json> chosen;
    double best = hands_worth(v, v.my_hands()) + kGrabMargin;
    for (const Json* entry : listed(snapshot, "grab")) {
        for (auto& [action, hands] : grab_options(v, *entry)) {
            const double worth = hands_worth(v, hands);
            if (worth > best) best = worth, chosen = std::move(action);
        }
    }
    if (!chosen) return std::nullopt;
    return Decision{*chosen, reaction(rng)};
}

}  // namespace taol::games::bigoudenn
