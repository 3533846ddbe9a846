#include "games/bigoudenn/bot_eval.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

#include "games/bigoudenn/scoring.hpp"
#include "games/bigoudenn/simplified.hpp"

namespace taol::games::bigoudenn {
namespace {

constexpr double kOtherFaceWeight = 0.6;  // the next recipe counts, less than this one
constexpr double kFar = 99;               // out of reach

// Every recipe the rules accept (any cards worth the total), with its Menu recipe if any.
struct Combo {
    CardMask cards = 0;
    std::array<Card, 3> list{};
    int size = 0;
    std::optional<int> menu;
};

std::vector<Combo> enumerate(Face face) {
    std::vector<Card> pool;
    for (Card c = 0; c < kIngredientCount; ++c) {
        if (face_of(c) == face) pool.push_back(c);
    }
    const int size = face == Face::galette ? kGaletteCards : kCrepeCards;
    const int total = face == Face::galette ? kGaletteValue : kCrepeValue;
    std::vector<Combo> out;
    const std::size_t n = pool.size();
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            if (size == 2) {
                if (value_of(pool[i]) + value_of(pool[j]) != total) continue;
                const std::array<Card, 2> two{pool[i], pool[j]};
                out.push_back({bit(pool[i]) | bit(pool[j]), {pool[i], pool[j], 0}, 2, menu_recipe(two)});
                continue;
            }
            for (std::size_t k = j + 1; k < n; ++k) {
                if (value_of(pool[i]) + value_of(pool[j]) + value_of(pool[k]) != total) continue;
                const std::array<Card, 3> three{pool[i], pool[j], pool[k]};
                out.push_back({bit(pool[i]) | bit(pool[j]) | bit(pool[k]), three, 3, menu_recipe(three)});
            }
        }
    }
    return out;
}

// Static card data, computed once: it never changes.
const std::vector<Combo>& combos(Face face) {
    static const std::vector<Combo> galettes = enumerate(Face::galette);
    static const std::vector<Combo> crepes = enumerate(Face::crepe);
    return face == Face::galette ? galettes : crepes;
}

int points_of(const Combo& combo, Face face, int bigoudene) {
    const bool galette = face == Face::galette;
    const int base = galette ? kGalettePoints : kCrepePoints;
    const int bonus = galette ? kGaletteBonus : kCrepeBonus;
    if (!combo.menu) return base;
    const Bigoudene& b = bigoudenes()[bigoudene];
    return base + bonus + (*combo.menu == (galette ? b.galette : b.crepe) ? bonus : 0);
}

// 2^-cost: card costs are tenths, so a table spares the exponential in the inner loop.
double discount(double cost) {
    static const std::array<double, 61> table = [] {
        std::array<double, 61> t{};
        for (std::size_t i = 0; i < t.size(); ++i) t[i] = std::exp2(-static_cast<double>(i) / 10);
        return t;
    }();
    const auto i = static_cast<std::size_t>(std::lround(cost * 10));
    return i < table.size() ? table[i] : 0;
}

double card_cost(const BotView& v, Card card, CardMask surface) {
    if (surface & bit(card)) return 0;
    // One of mine not in this surface was put back or bid: it lies in the middle.
    return v.where[card] == Where::mine ? 1.0 : v.cost[card];
}

// The best recipe of `face` within reach: its points, discounted by how far its cards are.
double best_recipe(const BotView& v, CardMask surface, Face face) {
    double best = 0;
    for (const Combo& c : combos(face)) {
        double cost = 0;
        for (int i = 0; i < c.size && cost < 6; ++i) cost += card_cost(v, c.list[i], surface);
        if (cost >= 6) continue;
        best = std::max(best, points_of(c, face, v.bigoudene) * discount(cost));
    }
    return best;
}

bool holds(const Hands& hands, Utensil u) { return hands[0] == u || hands[1] == u; }

bool utensil_in_middle(const BotView& v, Utensil u) {
    return std::find(v.middle_utensils.begin(), v.middle_utensils.end(), u) != v.middle_utensils.end();
}

// A card in the middle is nearer when I hold (or could grab) what it needs.
double middle_cost(const BotView& v, Card card) {
    const auto needs = ingredients()[card].needs;
    if (!needs || holds(v.my_hands(), *needs)) return 0.7;
    return utensil_in_middle(v, *needs) ? 1.0 : 1.5;
}

void fill_costs(BotView& v) {
    for (Card c = 0; c < kIngredientCount; ++c) {
        switch (v.where[c]) {
            case Where::mine: v.cost[c] = 0; break;
            case Where::middle: v.cost[c] = middle_cost(v, c); break;
            case Where::other: v.cost[c] = 1.6; break;
            case Where::unknown: v.cost[c] = v.pile > 0 ? 1.4 : kFar; break;
            case Where::gone: v.cost[c] = kFar; break;
        }
    }
}

std::vector<Card> ids_to_cards(const Json& ids) {
    std::vector<Card> out;
    if (!ids.is_array()) return out;
    for (const Json& id : ids) {
        if (auto c = id.is_string() ? card_from(id.get<std::string>()) : std::nullopt) out.push_back(*c);
    }
    return out;
}

std::optional<Utensil> utensil_of(const Json& name) {
    return name.is_string() ? utensil_from(name.get<std::string>()) : std::nullopt;
}

int bigoudene_index(const Json& id) {
    for (int b = 0; b < kBigoudeneCount; ++b) {
        if (id.is_string() && bigoudenes()[b].id == id.get<std::string>()) return b;
    }
    return 0;
}

void read_players(BotView& v, const Json& view, const Json& seen) {
    for (const Json& p : view.at("players")) {
        const Seat s = p.at("seat").get<Seat>();
        const Json& shown = p.at("surface");
        const bool remembered = shown.is_null() && seen.is_array() && static_cast<int>(seen.size()) > s;
        v.surfaces.push_back(ids_to_cards(remembered ? seen.at(static_cast<std::size_t>(s)) : shown));
        v.hands.push_back({utensil_of(p.at("hands").at("left")), utensil_of(p.at("hands").at("right"))});
        for (Card c : v.surfaces.back()) v.where[c] = s == v.me ? Where::mine : Where::other;
        for (const Json& r : p.at("recipes")) {
            for (Card c : ids_to_cards(r.at("cards"))) v.where[c] = Where::gone;
        }
        if (s == v.me) {
            v.bigoudene = bigoudene_index(p.at("bigoudene"));
            v.face = p.at("face") == "crepe" ? Face::crepe : Face::galette;
        }
    }
}

// Bid cards end in the middle once the TEUT! is over.
void read_bids(BotView& v, const Json& teut) {
    if (!teut.is_object()) return;
    for (const Json& side : teut.at("bids")) {
        for (const Json& b : side.at("cards")) {
            if (auto c = b.at("card").is_string() ? card_from(b.at("card").get<std::string>()) : std::nullopt) {
                v.where[*c] = Where::middle;
            }
        }
    }
}

}  // namespace

Face other_face(Face face) { return face == Face::galette ? Face::crepe : Face::galette; }

int mask_size(CardMask mask) { return std::popcount(mask); }

std::vector<Card> listed_cards(const Json& rule) {
    std::vector<Card> out;
    for (const Json& id : rule.at("one_of")) {
        if (auto c = card_from(id.get<std::string>())) out.push_back(*c);
    }
    return out;
}

BotView read_view(const Json& snapshot, const Json& seen) {
    BotView v;
    const Json& view = snapshot.at("view");
    v.me = snapshot.at("seat").get<Seat>();
    v.players = static_cast<int>(view.at("players").size());
    v.simplified = view.value("variant", "full") == "simplified";
    v.active = view.at("active").get<Seat>();
    v.pile = view.at("pile").get<int>();
    v.where.fill(Where::unknown);
    read_players(v, view, seen);
    for (Card c : v.surfaces[static_cast<std::size_t>(v.me)]) v.surface |= bit(c);
    v.middle = ids_to_cards(view.at("middle"));
    for (Card c : v.middle) v.where[c] = Where::middle;
    for (const Json& u : view.at("utensils")) {
        if (auto x = utensil_of(u)) v.middle_utensils.push_back(*x);
    }
    read_bids(v, view.at("teut"));
    fill_costs(v);
    const double now = surface_worth(v, v.surface, v.face);
    for (Card c = 0; c < kIngredientCount; ++c) {
        if (v.where[c] == Where::middle || v.where[c] == Where::other) v.gain[c] = arrival_gain(v, c, now);
    }
    return v;
}

double surface_worth(const BotView& v, CardMask surface, Face face) {
    return best_recipe(v, surface, face) + kOtherFaceWeight * best_recipe(v, surface, other_face(face));
}

double arrival_gain(const BotView& v, Card card) { return arrival_gain(v, card, surface_worth(v, v.surface, v.face)); }

double arrival_gain(const BotView& v, Card card, double now) {
    const CardMask after = v.surface | bit(card);
    if (v.simplified || mask_size(after) <= kSurfaceLimit) return surface_worth(v, after, v.face) - now;
    double best = -kFar;
    for (Card p = 0; p < kIngredientCount; ++p) {
        if (v.surface & bit(p)) best = std::max(best, surface_worth(v, after & ~bit(p), v.face));
    }
    return best - now;
}

std::pair<Card, double> least_useful(const BotView& v, CardMask surface) {
    const double now = surface_worth(v, surface, v.face);
    std::pair<Card, double> best{-1, kFar};
    for (Card c = 0; c < kIngredientCount; ++c) {
        if (!(surface & bit(c))) continue;
        const double loss = now - surface_worth(v, surface & ~bit(c), v.face);
        if (loss < best.second) best = {c, loss};
    }
    return best;
}

double loss_of(const BotView& v, Card card) {
    return surface_worth(v, v.surface, v.face) - surface_worth(v, v.surface & ~bit(card), v.face);
}

namespace {

struct Option {
    Card card = -1;
    double gain = 0;
};

std::vector<Option> hand_options(const BotView& v, const std::optional<Utensil>& held) {
    std::vector<Option> out;
    for (Card c : v.middle) {
        const auto needs = ingredients()[c].needs;
        // The simplified variant exchanges a held utensil for every card, the passoire as a joker.
        const bool fits = v.simplified ? held && exchange_fits(c, *held) : !needs || needs == held;
        if (fits) out.push_back({c, v.gain[c]});
    }
    if (held != Utensil::araignee) return out;
    for (Seat s = 0; s < v.players; ++s) {
        if (s == v.me || holds(v.hands[static_cast<std::size_t>(s)], Utensil::couvercle)) continue;
        for (Card c : v.surfaces[static_cast<std::size_t>(s)]) out.push_back({c, 0.8 * v.gain[c]});
    }
    return out;
}

// The lid is worth what a thief could take from me.
double lid_worth(const BotView& v) {
    bool thief = false;
    for (Seat s = 0; s < v.players; ++s) {
        if (s != v.me && holds(v.hands[static_cast<std::size_t>(s)], Utensil::araignee)) thief = true;
    }
    if (!thief || v.surface == 0) return 0.05;
    double most = 0;
    for (Card c = 0; c < kIngredientCount; ++c) {
        if (v.surface & bit(c)) most = std::max(most, loss_of(v, c));
    }
    return 0.3 * most;
}

}  // namespace

double hands_worth(const BotView& v, const Hands& hands) {
    const auto left = hand_options(v, hands[0]);
    const auto right = hand_options(v, hands[1]);
    double best = 0;
    for (const Option& a : left) best = std::max(best, a.gain);
    for (const Option& b : right) best = std::max(best, b.gain);
    for (const Option& a : left) {
        for (const Option& b : right) {
            if (a.card != b.card) best = std::max(best, a.gain + b.gain);
        }
    }
    for (const auto& h : hands) {
        if (!h) continue;
        best += *h == Utensil::couvercle ? lid_worth(v) : *h == Utensil::passoire ? 0.15 : 0.05;
    }
    return best;
}

}  // namespace taol::games::bigoudenn
