#include "games/bigoudenn/cards.hpp"

#include <array>

namespace taol::games::bigoudenn {
namespace {

using U = Utensil;

// Recipe indexes, in the order of kRecipes.
enum R {
    complete, saucisse, andouille, saint_jacques, forestiere, chevre_epinards, oceane,
    beurre_sucre, pommes_caramel, banane_chocolat, fraises_chantilly, citron_miel, confiture_amandes, poire_marrons,
};

// The Menu. Recipe ids never equal an ingredient id, so a card id on the wire is unambiguous.
// The published list was not available: this stand-in keeps the seed's rules (a galette
// is 3 salty cards worth 7, a crêpe 2 sweet cards worth 3; the saucisse needs the fork, the sugar
// the spoon).
constexpr std::array<Recipe, 14> kRecipes{{
    {"galette_complete", Face::galette},      {"galette_saucisse", Face::galette},
    {"galette_andouille", Face::galette},     {"galette_saint_jacques", Face::galette},
    {"galette_forestiere", Face::galette},    {"galette_chevre_epinards", Face::galette},
    {"galette_oceane", Face::galette},        {"crepe_beurre_sucre", Face::crepe},
    {"crepe_pommes_caramel", Face::crepe},    {"crepe_banane_chocolat", Face::crepe},
    {"crepe_fraises_chantilly", Face::crepe}, {"crepe_citron_miel", Face::crepe},
    {"crepe_confiture_amandes", Face::crepe}, {"crepe_poire_marrons", Face::crepe},
}};

constexpr std::optional<Utensil> kNone = std::nullopt;

constexpr std::array<Ingredient, kIngredientCount> kIngredients{{
    // Galettes (salty)
    {"jambon", 3, U::couteau, complete},
    {"oeuf", 2, U::spatule, complete},
    {"fromage_rape", 2, U::cuillere, complete},
    {"saucisse", 4, U::fourchette, saucisse},
    {"moutarde", 2, U::cuillere, saucisse},
    {"oignon", 1, kNone, saucisse},
    {"andouille", 4, U::couteau, andouille},
    {"pomme_de_terre", 2, U::fourchette, andouille},
    {"echalote", 1, kNone, andouille},
    {"saint_jacques", 5, U::fourchette, saint_jacques},
    {"poireau", 1, kNone, saint_jacques},
    {"creme_fraiche", 1, kNone, saint_jacques},
    {"lardons", 3, U::spatule, forestiere},
    {"champignons", 3, U::couteau, forestiere},
    {"persil", 1, kNone, forestiere},
    {"chevre", 3, U::couteau, chevre_epinards},
    {"epinards", 3, U::spatule, chevre_epinards},
    {"noix", 1, kNone, chevre_epinards},
    {"saumon_fume", 4, U::fourchette, oceane},
    {"algues", 2, U::spatule, oceane},
    {"ciboulette", 1, kNone, oceane},
    // Crêpes (sweet)
    {"sucre", 2, U::cuillere, beurre_sucre},
    {"beurre_sale", 1, kNone, beurre_sucre},
    {"pommes", 2, U::couteau, pommes_caramel},
    {"caramel", 1, kNone, pommes_caramel},
    {"chocolat", 2, U::cuillere, banane_chocolat},
    {"banane", 1, kNone, banane_chocolat},
    {"fraises", 2, U::fourchette, fraises_chantilly},
    {"chantilly", 1, kNone, fraises_chantilly},
    {"miel", 2, U::cuillere, citron_miel},
    {"citron", 1, kNone, citron_miel},
    {"confiture", 2, U::spatule, confiture_amandes},
    {"amandes", 1, kNone, confiture_amandes},
    {"creme_de_marrons", 2, U::spatule, poire_marrons},
    {"poire", 1, kNone, poire_marrons},
}};

constexpr std::array<Bigoudene, kBigoudeneCount> kBigoudenes{{
    {"rozenn", complete, beurre_sucre},
    {"soazig", saucisse, pommes_caramel},
    {"tyfenn", andouille, citron_miel},
    {"katell", saint_jacques, fraises_chantilly},
    {"maiwenn", forestiere, banane_chocolat},
    {"nolwenn", chevre_epinards, poire_marrons},
    {"gwenola", oceane, confiture_amandes},
}};

constexpr std::array<std::string_view, kUtensilCount> kUtensilNames{
    "couteau", "fourchette", "cuillere", "spatule", "araignee", "couvercle", "passoire"};

}  // namespace

std::span<const Ingredient> ingredients() { return kIngredients; }
std::span<const Recipe> recipes() { return kRecipes; }
std::span<const Bigoudene> bigoudenes() { return kBigoudenes; }

Face face_of(Card card) { return kRecipes[kIngredients[card].recipe].face; }
int value_of(Card card) { return kIngredients[card].value; }
std::string_view id_of(Card card) { return kIngredients[card].id; }

std::string_view to_string(Utensil utensil) { return kUtensilNames[static_cast<int>(utensil)]; }
std::string named(Utensil utensil) { return "the " + std::string(to_string(utensil)); }
Json name_or_null(std::optional<Utensil> utensil) { return utensil ? Json(to_string(*utensil)) : Json(nullptr); }
Json name_or_null(std::optional<Card> card) { return card ? Json(id_of(*card)) : Json(nullptr); }
std::string_view to_string(Face face) { return face == Face::galette ? "galette" : "crepe"; }

std::optional<Utensil> utensil_from(std::string_view name) {
    for (int i = 0; i < kUtensilCount; ++i) {
        if (kUtensilNames[i] == name) return static_cast<Utensil>(i);
    }
    return std::nullopt;
}

std::optional<Card> card_from(std::string_view id) {
    for (Card c = 0; c < kIngredientCount; ++c) {
        if (kIngredients[c].id == id) return c;
    }
    return std::nullopt;
}

}  // namespace taol::games::bigoudenn
