#pragma once
// The random player bots are measured against: any listed action, filled at random, at a person's
// pace. When the game does not wait for it, it takes an optional action now and then.
#include "games/core/bot.hpp"

namespace taol::games {

const Bot& random_bot();

}  // namespace taol::games
