#pragma once
// The carambouille bot (games/core/bot.hpp): plays a seat from that seat's snapshots alone.
#include "games/core/bot.hpp"

namespace taol::games::carambouille {

const Bot& bot();

}  // namespace taol::games::carambouille
