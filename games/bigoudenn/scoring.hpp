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

// Why `cards` cannot make a recipe of `face`, or nullopt when they can. Cards are distinct.
std::optional<std::string> recipe_error(Face face, std::span<const Card> cards);

// The Menu recipe these cards are exactly, if any.
std::optional<int> menu_recipe(std::span<const Card> cards);

struct Scored {
    std::optional<int> menu;  // index into recipes()
    bool specialty = false;
    int points = 0;
};

// Galette 7 (+5 Menu, +5 more a specialty); crêpe 3 (+3, +3).
Scored score(const Made& made, int bigoudene);

int total_score(const Player& player);

// Every distinct set of `cards` that makes a recipe of `face` (in surface order).
std::vector<std::vector<Card>> possible_recipes(Face face, const std::vector<Card>& cards);

// Seats with the highest total.
std::vector<Seat> winners(const Table& table);

}  // namespace taol::games::bigoudenn
