#pragma once
// What every game's bot needs to read its snapshot and answer: the listed actions by type, a random
// filling of a template, and human think times.
#include <optional>
#include <string_view>
#include <vector>

#include "games/core/bot.hpp"

namespace taol::games {

// A random value for each key of an entry's "choose" (PROTOCOL.md, action templates); a complete
// action is returned as it is.
Json fill_template(const Json& entry, Rng& rng);

// The listed entries (complete actions or templates) of type `type`.
std::vector<const Json*> listed(const Json& snapshot, std::string_view type);
// The first of them, or nullptr.
const Json* first_listed(const Json& snapshot, std::string_view type);

// The seat the snapshot is for (a bot always has one).
Seat own_seat(const Json& snapshot);
// The game waits for this seat's decision.
bool waited_for(const Json& snapshot);

// A think time drawn between lo and hi ms, nearer the middle (the mean of two draws).
TimeMs think_between(Rng& rng, TimeMs lo, TimeMs hi);

// The usual pace of a person at a card table: about 1–3 s.
inline TimeMs human_think(Rng& rng) { return think_between(rng, 1000, 3000); }

}  // namespace taol::games
