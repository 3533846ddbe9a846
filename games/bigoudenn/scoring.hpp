#pragma once
// Recipes: what a galette or a crêpe must be, and what it scores.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "games/bigoudenn/table.hpp"

namespace taol::games::bigoudenn {

constexpr int kGaletteCards = 3;
constexpr int kGaletteValue = 7;
constexpr int kCrepeCards = 2;
constexpr int kCrepeValue = 3;
// Points: a galette 7, +5 for a Menu one, +5 more for a specialty; a crêpe 3, +3, +3.
constexpr int kGalettePoints = 7;
constexpr int kGaletteBonus = 5;
constexpr int kCrepePoints = 3;
constexpr int kCrepeBonus = 3;

// Why `cards` cannot make a recipe of `face`, or nullopt when they can. Cards are distinct.
std::optional<std::string> recipe_error(Face face, std::span<const Card> cards);

// The Menu recipe these cards are exactly, if any.
std::optional<int> menu_recipe(std::span<const Card> cards);

struct Scored {
    std::optional<int> menu;  // index into recipes()
    bool specialty = false;
    int points = 0;
};

Scored score(const Made& made, int bigoudene);

int total_score(const Player& player);

// The cards and the recipes as published to renderers: each ingredient's [value, utensil or null,
// Menu recipe], each bigoudène's [galette, crêpe] specialties, the utensils, and per kind of recipe
// its size, total and points.
Json card_data();

// Every distinct set of `cards` that makes a recipe of `face` (in surface order).
std::vector<std::vector<Card>> possible_recipes(Face face, const std::vector<Card>& cards);

// Seats with the highest total.
std::vector<Seat> winners(const Table& table);

}  // namespace taol::games::bigoudenn
