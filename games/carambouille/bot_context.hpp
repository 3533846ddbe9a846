#pragma once
// What the Carambouille bot reads of one snapshot (once per step), and what it remembers between
// steps: only things it saw, so that stepping through its snapshots again rebuilds the memory.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/carambouille/bot_model.hpp"
#include "games/core/bot.hpp"

namespace taol::games::carambouille {

struct BotMemory {
    int round = 0;
    int offers = 0;          // offers this seat made this round
    TimeMs open_at = 0;      // when this round's trading opened (or was first seen open)
    TimeMs talk_at = 0;      // the last offer or trade seen
    std::array<int, kProductKinds> sold{};  // copies seen sold, by product

    static BotMemory from_json(const Json& memory);
    Json to_json() const;
};

struct Seen {
    const Json& snapshot;
    const Json& view;
    Seat me = 0;
    int players = 0;
    std::string phase;
    TimeMs now = 0;
    OwnCards own;
    std::vector<int> accounts, products, carambouille;

    explicit Seen(const Json& snap);

    bool last_round() const { return view.value("last_round", false); }
    int reserve() const { return view.value("reserve", 0); }
    int played(const char* type) const;
    // The listed entries of `type`.
    std::vector<const Json*> entries(const char* type) const;
    // Rounds still to come after this one, roughly: the reserve dealt three cards a seat a round.
    double rounds_left() const;
    // The richest account among the others.
    int best_other() const;
};

// The chance that an offer or acceptance of `seat` is backed by a J'ai menti ! (from public
// counts and the bot's own cards only).
double lie_chance(const Seen& seen, Seat seat);

}  // namespace taol::games::carambouille
