// The active player's turn: which hand actions pay, which recipe to make, when to stop.
#include <algorithm>

#include "games/bigoudenn/bot_policy.hpp"
#include "games/bigoudenn/scoring.hpp"
#include "games/core/bot_tools.hpp"

namespace taol::games::bigoudenn {
namespace {

constexpr double kWorthDoing = 0.25;  // a hand action must add at least this much
constexpr double kWasted = 0.3;       // a utensil dropped for a card that does not need it
constexpr int kMovesPerHand = 8;      // the most promising only: a big middle stays fast to plan

// One filled hand action and what it leaves.
struct Move {
    Json action;
    int hand = 0;
    Card card = -1;  // the card it brings, if any
    CardMask surface = 0;
    bool amen = false;
    double penalty = 0;
};

// The put-back that costs least, among those the template offers.
Card best_put_back(const BotView& v, const Json& rule, CardMask after) {
    Card best = -1;
    double best_worth = -1e9;
    for (Card p : listed_cards(rule)) {
        const double worth = surface_worth(v, after & ~bit(p), v.face);
        if (worth > best_worth) best = p, best_worth = worth;
    }
    return best;
}

bool holds_lid(const BotView& v, Seat s) {
    const Hands& h = v.hands[static_cast<std::size_t>(s)];
    return h[0] == Utensil::couvercle || h[1] == Utensil::couvercle;
}

// Every filling of a take or steal entry (a steal the lid would stop is left out).
void card_moves(const BotView& v, const Json& entry, int hand, std::vector<Move>& out) {
    const bool steal = entry.at("type") == "steal";
    if (steal && holds_lid(v, entry.at("from").get<Seat>())) return;
    const auto held = v.my_hands()[static_cast<std::size_t>(hand)];
    const Json& choose = entry.at("choose");
    for (Card c : listed_cards(choose.at("card"))) {
        if (v.gain[c] <= 0) continue;
        Move m{entry, hand, c, v.surface | bit(c)};
        m.action.erase("choose");
        m.action["card"] = std::string(id_of(c));
        if (choose.contains("put_back")) {
            const Card p = best_put_back(v, choose.at("put_back"), m.surface);
            m.action["put_back"] = std::string(id_of(p));
            m.surface &= ~bit(p);
        }
        const auto needs = ingredients()[c].needs;
        m.penalty = !steal && held && needs != held ? kWasted : 0;
        out.push_back(std::move(m));
    }
}

// The best card moves of each hand (by what the card adds), and its amen.
std::vector<Move> keep_best(const BotView& v, std::vector<Move> moves) {
    std::stable_sort(moves.begin(), moves.end(), [&](const Move& a, const Move& b) {
        const double ga = a.amen ? -1e9 : v.gain[a.card] - a.penalty;
        const double gb = b.amen ? -1e9 : v.gain[b.card] - b.penalty;
        return ga > gb;
    });
    std::array<int, 2> kept{0, 0};
    std::vector<Move> out;
    for (Move& m : moves) {
        if (m.amen || kept[static_cast<std::size_t>(m.hand)]++ < kMovesPerHand) out.push_back(std::move(m));
    }
    return out;
}

std::vector<Move> hand_moves(const BotView& v, const Json& snapshot) {
    std::vector<Move> out;
    for (const Json& entry : snapshot.at("actions")) {
        const std::string type = entry.value("type", "");
        if (type != "take" && type != "steal" && type != "amen") continue;
        const int hand = entry.at("hand") == "left" ? kLeft : kRight;
        if (type == "amen") {
            out.push_back({entry, hand, -1, v.surface, true, 0});
        } else {
            card_moves(v, entry, hand, out);
        }
    }
    return keep_best(v, std::move(out));
}

// A surface over the limit loses its least useful cards (the put-back a second take will name).
CardMask fitted(const BotView& v, CardMask surface) {
    while (mask_size(surface) > kSurfaceLimit) surface &= ~bit(least_useful(v, surface).first);
    return surface;
}

// Amen, bigoudenn! draws either face: its worth is the mean of both.
double plan_worth(const BotView& v, CardMask surface, bool amen) {
    if (!amen) return surface_worth(v, surface, v.face);
    return 0.5 * (surface_worth(v, surface, Face::galette) + surface_worth(v, surface, Face::crepe));
}

double pair_worth(const BotView& v, const Move& a, const Move* b) {
    if (!b) return plan_worth(v, a.surface, a.amen) - a.penalty;
    const CardMask surface = fitted(v, b->card >= 0 ? a.surface | bit(b->card) : a.surface);
    return plan_worth(v, surface, a.amen || b->amen) - a.penalty - b->penalty;
}

// The first action of the best plan for both hands, if the plan pays.
std::optional<Json> best_hand_action(const BotView& v, const Json& snapshot) {
    const std::vector<Move> moves = hand_moves(v, snapshot);
    const double now = surface_worth(v, v.surface, v.face);
    double best = now + kWorthDoing;
    const Move* chosen = nullptr;
    for (const Move& a : moves) {
        double worth = pair_worth(v, a, nullptr);
        for (const Move& b : moves) {
            if (b.hand == a.hand || (b.card >= 0 && b.card == a.card) || (a.amen && b.amen)) continue;
            worth = std::max(worth, pair_worth(v, a, &b));
        }
        // Prefer the surer half first: a take before a spin of the card.
        if (a.amen) worth -= 0.01;
        if (worth > best) best = worth, chosen = &a;
    }
    if (!chosen) return std::nullopt;
    return chosen->action;
}

int compose_points(const BotView& v, const std::vector<Card>& cards) {
    return score(Made{v.face, cards}, v.bigoudene).points;
}

// The recipe worth making now: banked points and what the rest leaves for the other face.
std::optional<Json> best_compose(const BotView& v, const Json& snapshot) {
    const bool ending = !snapshot.at("view").at("turns_left").is_null();
    const double keep = surface_worth(v, v.surface, v.face);
    std::optional<Json> chosen;
    double best = -1e9;
    for (const Json* entry : listed(snapshot, "compose")) {
        std::vector<Card> cards;
        CardMask rest = v.surface;
        for (const Json& id : entry->at("cards")) {
            const Card c = *card_from(id.get<std::string>());
            cards.push_back(c);
            rest &= ~bit(c);
        }
        const double worth = compose_points(v, cards) + surface_worth(v, rest, other_face(v.face));
        if (worth > best) best = worth, chosen = *entry;
    }
    if (chosen && (ending || best >= keep - 1.0)) return chosen;
    return std::nullopt;
}

Json end_turn() { return {{"type", "end_turn"}}; }

// --- Simplified variant ---

double give_cost(Utensil give, Card card) {
    if (ingredients()[card].needs == give) return 0;
    return give == Utensil::passoire || give == Utensil::araignee ? 0.4 : 0.15;
}

std::optional<Json> best_simple_take(const BotView& v, const Json& snapshot) {
    std::optional<Json> chosen;
    double best = kWorthDoing;
    for (const Json& entry : snapshot.at("actions")) {
        const std::string type = entry.value("type", "");
        if (type != "take" && type != "steal") continue;
        if (type == "steal" && holds_lid(v, entry.at("from").get<Seat>())) continue;
        const auto give = type == "take" ? utensil_from(entry.at("give").get<std::string>()) : Utensil::araignee;
        for (Card c : listed_cards(entry.at("choose").at("card"))) {
            const double worth = v.gain[c] - give_cost(*give, c);
            if (worth <= best) continue;
            best = worth;
            Json action = entry;
            action.erase("choose");
            action["card"] = std::string(id_of(c));
            chosen = std::move(action);
        }
    }
    return chosen;
}

// Spin the card when only the other face has a recipe ready.
bool amen_pays(const BotView& v) {
    std::vector<Card> surface;
    for (Card c = 0; c < kIngredientCount; ++c) {
        if (v.surface & bit(c)) surface.push_back(c);
    }
    return possible_recipes(v.face, surface).empty() && !possible_recipes(other_face(v.face), surface).empty();
}

}  // namespace

Decision full_turn(const BotView& v, const Json& snapshot, Rng& rng) {
    const TimeMs think = human_think(rng);
    if (auto action = best_hand_action(v, snapshot)) return {*action, think};
    if (auto compose = best_compose(v, snapshot)) return {*compose, think};
    return {end_turn(), think};
}

Decision simplified_turn(const BotView& v, const Json& snapshot, Rng& rng) {
    const TimeMs think = human_think(rng);
    if (auto take = best_simple_take(v, snapshot)) return {*take, think};
    if (auto compose = best_compose(v, snapshot)) return {*compose, think};
    if (first_listed(snapshot, "amen") && amen_pays(v)) return {*first_listed(snapshot, "amen"), think};
    return {end_turn(), think};
}

}  // namespace taol::games::bigoudenn
