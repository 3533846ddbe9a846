#include "games/bigoudenn/bot.hpp"

#include "games/core/random_bot.hpp"

namespace taol::games::bigoudenn {

// PLACEHOLDER: to be replaced by this game's policy.
const Bot& bot() { return random_bot(); }

}  // namespace taol::games::bigoudenn
