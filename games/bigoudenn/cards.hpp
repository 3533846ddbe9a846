#pragma once
// The Ar Seizh Bigoudenn components: ingredients, Menu recipes, bigoudènes, utensils. The data
// itself lives in cards.cpp only, so the printed card list can replace it there.
#include <optional>
#include <span>
#include <string_view>

#include "games/core/types.hpp"

namespace taol::games::bigoudenn {

// An ingredient card: an index into ingredients().
using Card = int;

enum class Utensil { couteau, fourchette, cuillere, spatule, araignee, couvercle, passoire };
constexpr int kUtensilCount = 7;

// What the Galette/Crêpe card shows, and so what a recipe is.
enum class Face { galette, crepe };

struct Ingredient {
    std::string_view id;             // names a face-up card on the wire
    int value = 0;
    std::optional<Utensil> needs;    // the utensil needed to take it from the middle
    int recipe = 0;                  // index into recipes(): its Menu recipe
};

struct Recipe {
    std::string_view id;
    Face face = Face::galette;
};

struct Bigoudene {
    std::string_view id;
    int galette = 0;  // specialty recipes (indexes into recipes())
    int crepe = 0;
};

std::span<const Ingredient> ingredients();
std::span<const Recipe> recipes();
std::span<const Bigoudene> bigoudenes();

constexpr int kIngredientCount = 35;
constexpr int kBigoudeneCount = 7;

// Salty ingredients make galettes, sweet ones crêpes.
Face face_of(Card card);
int value_of(Card card);

std::string_view to_string(Utensil utensil);
// "the <utensil>", as a refusal names it.
std::string named(Utensil utensil);
// A utensil or a face-up card that may be absent, as the wire says it: its name, or null.
Json name_or_null(std::optional<Utensil> utensil);
Json name_or_null(std::optional<Card> card);
std::string_view to_string(Face face);
std::optional<Utensil> utensil_from(std::string_view name);
std::optional<Card> card_from(std::string_view id);

// A face-up card on the wire: its id (the renderer knows every card's data; identifiers of
// face-down cards are never sent).
std::string_view id_of(Card card);

}  // namespace taol::games::bigoudenn
