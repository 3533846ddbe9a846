#pragma once
// The bigoudenn bot (games/core/bot.hpp): plays a seat from that seat's snapshots alone.
#include "games/core/bot.hpp"

namespace taol::games::bigoudenn {

const Bot& bot();

}  // namespace taol::games::bigoudenn
