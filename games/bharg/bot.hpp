#pragma once
// The bharg bot (games/core/bot.hpp): plays a seat from that seat's snapshots alone.
#include "games/core/bot.hpp"

namespace taol::games::bharg {

const Bot& bot();

}  // namespace taol::games::bharg
