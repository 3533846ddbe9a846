#pragma once
// The bot at the market (Dreling Ding): accepting offers that build its sets, truthful offers
// of a spare card for a copy it collects (or a lie when it holds J'ai menti !), Persuasion, and
// the First Merchant's closing bell.
#include <optional>

#include "games/carambouille/bot_context.hpp"

namespace taol::games::carambouille {

struct TradeMove {
    std::optional<Json> action;
    bool quick = false;     // a race for an offer: a shorter think
    TimeMs look_again = 0;  // without an action: when to look again (the Merchant's clock)
};

TradeMove trading_move(const Seen& seen, const BotMemory& memory);

// The persuader's exchange: the best take and give of equal face value, or nothing.
std::optional<Json> persuasion_move(const Seen& seen);

}  // namespace taol::games::carambouille
