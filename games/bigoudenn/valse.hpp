#pragma once
// The "valse des ustensiles": grabbing a utensil from the middle, or dropping one, outside the
// active player's hand actions. Full game: any player but the active one, at any moment, a
// TEUT! included (the contested utensil excepted). Simplified variant: anyone, the active player
// included, but not a utensil it exchanged this turn.
#include <optional>

#include "games/bigoudenn/table.hpp"

namespace taol::games::bigoudenn {

// Full game: into `hand`, dropping what that hand held. Opens a TEUT! window.
Logged free_grab(Table& table, Seat seat, int hand, Utensil utensil, TimeMs now);
Logged free_drop(Table& table, Seat seat, int hand, TimeMs now);

// Simplified variant: two slots, `drop` needed when both are full.
Logged simple_grab(Table& table, Seat seat, Utensil utensil, std::optional<Utensil> drop, TimeMs now);
Logged simple_drop(Table& table, Seat seat, Utensil utensil, TimeMs now);

}  // namespace taol::games::bigoudenn
