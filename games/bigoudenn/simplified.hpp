#pragma once
// The simplified variant's ingredient moves: no hands, at most two ingredients per turn, each
// taken by exchanging a utensil (the passoire standing in for the four basic ones).
#include "games/bigoudenn/table.hpp"

namespace taol::games::bigoudenn {

// Whether giving `utensil` takes `card` (its own utensil, the passoire joker, or any for a card
// that needs none).
bool exchange_fits(Card card, Utensil utensil);

Logged simple_take(Table& table, Card card, Utensil give, TimeMs now);
Logged simple_steal(Table& table, Seat from, Card card, TimeMs now);

}  // namespace taol::games::bigoudenn
