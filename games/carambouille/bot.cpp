#include "games/carambouille/bot.hpp"

#include "games/core/random_bot.hpp"

namespace taol::games::carambouille {

// PLACEHOLDER: to be replaced by this game's policy.
const Bot& bot() { return random_bot(); }

}  // namespace taol::games::carambouille
