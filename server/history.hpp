#pragma once
// The last few states of a game, to tell a lost race (too_late) from an illegal action.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>

#include "games/core/game.hpp"

namespace taol::server {

class History {
public:
    static constexpr std::size_t kDepth = 64;

    struct Change {
        std::int64_t rev = 0;
        games::TimeMs at = 0;
        std::optional<games::Seat> actor;  // nullopt: a deadline (or the start)
        std::shared_ptr<const games::GameState> state;
    };

    // The change that made an action stop being listed.
    struct Loss {
        std::optional<games::Seat> winner;
        games::TimeMs at = 0;
    };

    void clear() { changes_.clear(); }
    void push(Change change);

    // When `action` was listed for `seat` at `rev` and no longer is: the first later change after
    // which it was not listed. nullopt when `rev` is unknown, the action was never listed there, or
    // it is still listed now (then the refusal is the action's own fault).
    std::optional<Loss> lost_race(games::Seat seat, const games::Json& action, std::int64_t rev) const;

private:
    std::deque<Change> changes_;
};

}  // namespace taol::server
