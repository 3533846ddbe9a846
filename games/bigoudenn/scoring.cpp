#include "games/bigoudenn/scoring.hpp"

#include <algorithm>

namespace taol::games::bigoudenn {

std::optional<std::string> recipe_error(Face face, std::span<const Card> cards) {
    const bool galette = face == Face::galette;
    const std::size_t wanted = galette ? kGaletteCards : kCrepeCards;
    const int total_wanted = galette ? kGaletteValue : kCrepeValue;
    const char* kind = galette ? "a galette" : "a crêpe";
    if (cards.size() != wanted) {
        return std::string(kind) + " is made of exactly " + std::to_string(wanted) + " ingredients";
    }
    int total = 0;
    for (Card c : cards) {
        if (face_of(c) != face) return std::string(kind) + (galette ? " takes salty ingredients only" : " takes sweet ingredients only");
        total += value_of(c);
    }
    if (total != total_wanted) {
        return std::string(kind) + " must be worth exactly " + std::to_string(total_wanted) + " (these are worth " +
               std::to_string(total) + ")";
    }
    return std::nullopt;
}

std::optional<int> menu_recipe(std::span<const Card> cards) {
    if (cards.empty()) return std::nullopt;
    const int recipe = ingredients()[cards[0]].recipe;
    for (Card c : cards) {
        if (ingredients()[c].recipe != recipe) return std::nullopt;
    }
    const auto members = std::count_if(ingredients().begin(), ingredients().end(),
                                       [&](const Ingredient& i) { return i.recipe == recipe; });
    return static_cast<std::size_t>(members) == cards.size() ? std::optional<int>(recipe) : std::nullopt;
}

Scored score(const Made& made, int bigoudene) {
    const bool galette = made.face == Face::galette;
    const int base = galette ? kGalettePoints : kCrepePoints;
    const int bonus = galette ? kGaletteBonus : kCrepeBonus;
    Scored s;
    s.menu = menu_recipe(made.cards);
    const Bigoudene& b = bigoudenes()[bigoudene];
    s.specialty = s.menu && *s.menu == (galette ? b.galette : b.crepe);
    s.points = base + (s.menu ? bonus : 0) + (s.specialty ? bonus : 0);
    return s;
}

Json card_data() {
    Json ingredients_json = Json::object();
    for (const Ingredient& i : ingredients()) {
        ingredients_json[std::string(i.id)] =
            Json::array({i.value, i.needs ? Json(to_string(*i.needs)) : Json(nullptr), recipes()[i.recipe].id});
    }
    Json ladies = Json::object();
    for (const Bigoudene& b : bigoudenes()) {
        ladies[std::string(b.id)] = Json::array({recipes()[b.galette].id, recipes()[b.crepe].id});
    }
    Json utensils = Json::array();
    for (int u = 0; u < kUtensilCount; ++u) utensils.push_back(to_string(static_cast<Utensil>(u)));
    const auto kind = [](int cards, int value, int points, int bonus) {
        return Json{{"cards", cards}, {"value", value}, {"points", points}, {"menu_bonus", bonus}, {"specialty_bonus", bonus}};
    };
    return {{"ingredients", std::move(ingredients_json)}, {"bigoudenes", std::move(ladies)},
            {"utensils", std::move(utensils)},
            {"recipes", {{"galette", kind(kGaletteCards, kGaletteValue, kGalettePoints, kGaletteBonus)},
                         {"crepe", kind(kCrepeCards, kCrepeValue, kCrepePoints, kCrepeBonus)}}}};
}

int total_score(const Player& player) {
    int total = 0;
    for (const Made& m : player.made) total += score(m, player.bigoudene).points;
    return total;
}

std::vector<std::vector<Card>> possible_recipes(Face face, const std::vector<Card>& cards) {
    std::vector<Card> usable;
    for (Card c : cards) {
        if (face_of(c) == face) usable.push_back(c);
    }
    std::vector<std::vector<Card>> found;
    const std::size_t n = usable.size();
    if (face == Face::crepe) {
        for (std::size_t i = 0; i < n; ++i) {
            for (std::size_t j = i + 1; j < n; ++j) {
                if (value_of(usable[i]) + value_of(usable[j]) == kCrepeValue) found.push_back({usable[i], usable[j]});
            }
        }
        return found;
    }
    for (std::size_t i = 0; i < n; ++i) {
        for (std::size_t j = i + 1; j < n; ++j) {
            for (std::size_t k = j + 1; k < n; ++k) {
                if (value_of(usable[i]) + value_of(usable[j]) + value_of(usable[k]) == kGaletteValue) {
                    found.push_back({usable[i], usable[j], usable[k]});
                }
            }
        }
    }
    return found;
}

std::vector<Seat> winners(const Table& table) {
    int best = -1;
    std::vector<Seat> out;
    for (Seat s = 0; s < table.players; ++s) {
        const int total = total_score(table.at(s));
        if (total > best) {
            best = total;
            out.clear();
        }
        if (total == best) out.push_back(s);
    }
    return out;
}

}  // namespace taol::games::bigoudenn
