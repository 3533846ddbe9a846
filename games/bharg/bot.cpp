#include "games/bharg/bot.hpp"

#include <algorithm>
#include <string>

#include "games/bharg/bot_eval.hpp"
#include "games/core/bot_tools.hpp"

namespace taol::games::bharg {
namespace {

// Memory: the round, and the cards the opponent took from the discard pile and still holds (seen
// by everyone, so not in the deck). {"round": 3, "opp": ["mill"]}
Json remember(const Json& memory, const Json& snapshot) {
    const Seat me = own_seat(snapshot);
    const int round = snapshot.at("view").value("round", 0);
    Json opp = memory.is_object() && memory.value("round", -1) == round ? memory.at("opp") : Json::array();
    const auto drop = [&](const Json& card) {
        for (std::size_t i = 0; i < opp.size(); ++i) {
            if (opp[i] == card) {
                opp.erase(i);
                return;
            }
        }
    };
    for (const Json& entry : snapshot.at("log")) {
        const std::string key = entry.value("text_key", "");
        const Json& params = entry.at("params");
        if (key == "bharg.deal") opp = Json::array();
        if (params.value("seat", me) == me) continue;
        if (key == "bharg.take_discard") opp.push_back(params.at("card"));
        if (key == "bharg.discard" || key == "bharg.discard_ace") drop(params.at("card"));
    }
    return {{"round", round}, {"opp", std::move(opp)}};
}

std::vector<CardId> cards_of(const Json& names) {
    std::vector<CardId> cards;
    for (const Json& name : names) {
        if (auto card = find_card(name.get<std::string>())) cards.push_back(*card);
    }
    return cards;
}

// The own hand as the view arranges it (draw phase: 7 cards).
std::vector<CardId> hand_of(const Json& view) {
    const Json& hand = view.at("hand");
    std::vector<CardId> cards;
    for (const Json& group : hand.at("bhargs")) {
        for (CardId c : cards_of(group)) cards.push_back(c);
    }
    for (const char* part : {"ace_bound", "unbound"}) {
        for (CardId c : cards_of(hand.at(part))) cards.push_back(c);
    }
    return cards;
}

// The deck's cards this bot has not seen: not in its hand, the discard pile, the Ace pile, nor
// known to be in the opponent's hand.
Outlook outlook_of(const Json& view, const std::vector<CardId>& hand, const Json& memory) {
    Outlook outlook;
    if (const Json& top = view.at("top_ace"); top.is_string()) outlook.top_ace = find_card(top.get<std::string>());
    std::vector<CardId> seen = hand;
    for (const Json* pile : {&view.at("discard"), &view.at("aces"), &memory.at("opp")}) {
        for (CardId c : cards_of(*pile)) seen.push_back(c);
    }
    const Extended extended = parse_extended(view.value("extended", "none")).value_or(Extended::none);
    for (CardId c : deck_cards(extended)) {
        if (std::find(seen.begin(), seen.end(), c) == seen.end()) outlook.unseen.push_back(c);
    }
    return outlook;
}

Json draw_action(const Json& snapshot, const Json& memory) {
    const Json& view = snapshot.at("view");
    const Json& discard = view.at("discard");
    const bool can_take = std::any_of(snapshot.at("actions").begin(), snapshot.at("actions").end(),
                                      [](const Json& a) { return a.value("type", "") == "draw" && a.value("from", "") == "discard"; });
    if (can_take && !discard.empty()) {
        const std::vector<CardId> hand = hand_of(view);
        const auto top = find_card(discard.back().get<std::string>());
        if (top && take_discard(hand, *top, outlook_of(view, hand, memory))) return {{"type", "draw"}, {"from", "discard"}};
    }
    return {{"type", "draw"}, {"from", "deck"}};
}

Json discard_action(const Json& entry, const Json& snapshot, const Json& memory) {
    const Json& names = entry.at("choose").at("card").at("one_of");
    const std::vector<CardId> hand = cards_of(names);
    const Discard choice = best_discard(hand, outlook_of(snapshot.at("view"), hand, memory));
    return {{"type", "discard"}, {"card", info(hand[choice.index]).name}};
}

class BhargBot final : public Bot {
public:
    BotTurn step(const Json& memory, const Json& snapshot, Rng& rng) const override {
        Json next = remember(memory, snapshot);
        const Json& actions = snapshot.at("actions");
        if (actions.empty()) return {std::move(next), std::nullopt, 0};
        std::optional<Json> action;
        if (const Json* entry = first_listed(snapshot, "continue")) action = *entry;
        else if (first_listed(snapshot, "draw")) action = draw_action(snapshot, next);
        else if (const Json* entry = first_listed(snapshot, "discard")) action = discard_action(*entry, snapshot, next);
        else action = fill_template(actions.front(), rng);  // a shape this bot does not know: stay listed
        return {std::move(next), std::move(action), human_think(rng)};
    }
};

}  // namespace

const Bot& bot() {
    static const BhargBot bot;
    return bot;
}

}  // namespace taol::games::bharg
