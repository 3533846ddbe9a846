#pragma once
// What the bigoudenn bot reads from a snapshot, and how it values a work surface and a pair of
// hands. Only the seat's view and the public card data are used.
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "games/bigoudenn/cards.hpp"
#include "games/core/types.hpp"

namespace taol::games::bigoudenn {

// A set of ingredients, one bit per card.
using CardMask = std::uint64_t;

inline CardMask bit(Card card) { return CardMask{1} << card; }

using Hands = std::array<std::optional<Utensil>, 2>;

// Where the bot believes a card is.
enum class Where { unknown, mine, middle, other, gone };

struct BotView {
    Seat me = 0;
    int players = 0;
    bool simplified = false;
    Seat active = 0;
    int bigoudene = 0;
    Face face = Face::galette;
    int pile = 0;
    CardMask surface = 0;                     // mine
    std::vector<Card> middle;
    std::vector<Utensil> middle_utensils;
    std::vector<std::vector<Card>> surfaces;  // everyone's; a hidden one as last seen
    std::vector<Hands> hands;                 // everyone's
    std::array<Where, kIngredientCount> where{};
    std::array<double, kIngredientCount> cost{};  // how far each card is from my surface
    std::array<double, kIngredientCount> gain{};  // arrival_gain of every card not mine

    const Hands& my_hands() const { return hands[static_cast<std::size_t>(me)]; }
};

// `seen`: the surfaces last seen per seat (memory), for those a TEUT! hides now.
BotView read_view(const Json& snapshot, const Json& seen);

// The cards an action template's rule offers ({"one_of": [ids]}).
std::vector<Card> listed_cards(const Json& rule);

Face other_face(Face face);
int mask_size(CardMask mask);

// The worth of a surface: the best recipe of `face` within reach, plus part of the other face's.
double surface_worth(const BotView& v, CardMask surface, Face face);

// What a card arriving on my surface adds (with the best put-back when it is full).
double arrival_gain(const BotView& v, Card card);
// The same, `now` being the worth of my surface as it is.
double arrival_gain(const BotView& v, Card card, double now);
// The card of `surface` whose loss costs least, and that loss.
std::pair<Card, double> least_useful(const BotView& v, CardMask surface);
// What losing `card` from my surface costs.
double loss_of(const BotView& v, Card card);

// Next turn's worth of holding `hands` (from v.gain): the best two takes (or steal) they allow, plus the lid.
double hands_worth(const BotView& v, const Hands& hands);

}  // namespace taol::games::bigoudenn
