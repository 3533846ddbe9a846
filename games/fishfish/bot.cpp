#include "games/fishfish/bot.hpp"

#include "games/core/random_bot.hpp"

namespace taol::games::fishfish {

// PLACEHOLDER: to be replaced by this game's policy.
const Bot& bot() { return random_bot(); }

}  // namespace taol::games::fishfish
