#pragma once
// Each seat's clocks of the room (not of the game): since when the game waits for it (the absent
// clock counts from there), and its turn clock (turn_seconds). The turn clock runs while the game
// waits for the seat and no game deadline of the seat's own covers it (a bid window already has
// its time: no shorter turn clock on top). A seat taken out of waiting without moving (a TEUT! in
// the middle of its turn) keeps the time it had left and resumes with it; its own move, or a
// default played for it, gives it a fresh clock.
#include <map>
#include <optional>
#include <set>

#include "games/core/types.hpp"

namespace taol::server {

class TurnClocks {
public:
    void clear() { seats_.clear(); }

    // After a change stamped `at`: the seats the game waits for, those whose turn clock runs, and
    // the seat whose move it was (if any).
    void update(games::TimeMs at, const std::set<games::Seat>& waiting, const std::set<games::Seat>& running,
                std::optional<games::Seat> mover) {
        for (games::Seat s : waiting) seats_[s];
        for (games::Seat s : running) seats_[s];
        for (auto& [seat, c] : seats_) {
            const bool waits = waiting.count(seat) > 0;
            const bool runs = running.count(seat) > 0;
            if (mover == seat) {
                c.used = 0;
                c.running_since.reset();
                c.waiting_since.reset();
            }
            if (!waits) c.waiting_since.reset();
            else if (!c.waiting_since) c.waiting_since = at;
            if (runs && !c.running_since) {
                c.running_since = at;
            } else if (!runs && c.running_since) {
                c.used += at - *c.running_since;
                c.running_since.reset();
            }
        }
    }

    // Since when the game waits for `seat`; nullopt when it does not.
    std::optional<games::TimeMs> waiting_since(games::Seat seat) const {
        auto it = seats_.find(seat);
        return it == seats_.end() ? std::nullopt : it->second.waiting_since;
    }

    // When the seat's turn clock runs out, with `turn` ms per decision; nullopt when it is not running.
    std::optional<games::TimeMs> runs_out(games::Seat seat, games::TimeMs turn) const {
        auto it = seats_.find(seat);
        if (it == seats_.end() || !it->second.running_since) return std::nullopt;
        return *it->second.running_since + turn - it->second.used;
    }

private:
    struct Clocks {
        std::optional<games::TimeMs> waiting_since;
        std::optional<games::TimeMs> running_since;
        games::TimeMs used = 0;  // of the current decision, before running_since
    };
    std::map<games::Seat, Clocks> seats_;
};

}  // namespace taol::server
