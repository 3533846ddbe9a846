#pragma once
// The fishfish bot (games/core/bot.hpp): plays a seat from that seat's snapshots alone.
#include "games/core/bot.hpp"

namespace taol::games::fishfish {

const Bot& bot();

}  // namespace taol::games::fishfish
