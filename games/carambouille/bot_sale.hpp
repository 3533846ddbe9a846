#pragma once
// The bot at the sale: which sets to sell and which to keep growing, what to buy, and which
// reaction card to play on a sale.
#include <optional>

#include "games/carambouille/bot_context.hpp"

namespace taol::games::carambouille {

// The seller's next move (a sale or the closing buy); nothing if neither is listed.
std::optional<Json> sale_move(const Seen& seen, const BotMemory& memory);

// A reaction to the sale on the table, or a pass; nothing if no window is ours.
std::optional<Json> reaction_move(const Seen& seen);

}  // namespace taol::games::carambouille
