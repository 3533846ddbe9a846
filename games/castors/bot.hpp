#pragma once
// The castors bot (games/core/bot.hpp): plays a seat from that seat's snapshots alone.
#include "games/core/bot.hpp"

namespace taol::games::castors {

const Bot& bot();

}  // namespace taol::games::castors
