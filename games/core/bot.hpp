#pragma once
// A bot plays one seat from exactly what that seat is sent: its snapshots, the same JSON a browser
// gets (PROTOCOL.md), never the game's state. It cannot cheat by construction, and it decides the
// same in tests, in the server and after a restart (its memory is rebuilt by stepping through the
// seat's snapshots again). A room journals a bot's actions like a player's; a replay re-applies
// them and never runs the bot.
#include <cstdint>
#include <optional>

#include "games/core/rng.hpp"
#include "games/core/types.hpp"

namespace taol::games {

// What a bot makes of one snapshot.
struct BotTurn {
    Json memory;                 // what it remembers, handed back at its next step (plain data)
    std::optional<Json> action;  // a listed action to send, or nothing for now
    // How long a person would take: the action goes this long after the snapshot came. Without an
    // action, when to look again though nothing changed (0: at the next snapshot only).
    TimeMs think_ms = 0;
};

class Bot {
public:
    virtual ~Bot() = default;

    // `memory`: what the previous step returned (null at the first). `snapshot`: the seat's full
    // snapshot (view, actions, deadlines, waiting_for, seat, rev, server_time, and in `log` the
    // entries new since the previous one). `rng` is seeded by the caller with bot_rng, so a step
    // is a pure function of its arguments.
    virtual BotTurn step(const Json& memory, const Json& snapshot, Rng& rng) const = 0;
};

// The generator for a bot's step: the same bot seed, snapshot rev and time give the same draws.
Rng bot_rng(std::uint64_t bot_seed, std::int64_t rev, TimeMs now);

}  // namespace taol::games
