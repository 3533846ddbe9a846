#pragma once
// The bigoudenn bot's decisions, one function per situation. Each reads the seat's snapshot (and
// the BotView made of it) and returns the action to send, or nothing.
#include <optional>

#include "games/bigoudenn/bot_eval.hpp"
#include "games/core/rng.hpp"

namespace taol::games::bigoudenn {

struct Decision {
    Json action;
    TimeMs think_ms = 0;
};

// The active player's turn, full game: hand actions that pay, then the best recipe, then the end.
Decision full_turn(const BotView& v, const Json& snapshot, Rng& rng);
// The active player's turn, simplified variant.
Decision simplified_turn(const BotView& v, const Json& snapshot, Rng& rng);

// A step of a TEUT! this seat takes part in (bid, raise, follow, award, passoire).
Decision teut_step(const BotView& v, const Json& snapshot, const Json& memory, Rng& rng);

// Optional real-time moves: a TEUT! call that can win, a grab that pays. `grabs`: this seat's
// grabs during the current turn (a cap, so that bots never pass utensils round for ever).
std::optional<Decision> teut_call(const BotView& v, const Json& snapshot, Rng& rng);
std::optional<Decision> useful_grab(const BotView& v, const Json& snapshot, int grabs, Rng& rng);

}  // namespace taol::games::bigoudenn
