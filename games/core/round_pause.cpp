#include "games/core/round_pause.hpp"

#include <algorithm>

namespace taol::games {

Json continue_action() { return Json{{"type", kContinueAction}}; }

void RoundPause::open(int players, TimeMs now) {
    ready_.assign(static_cast<std::size_t>(players), false);
    until_ = now + kRoundPauseMs;
}

bool RoundPause::awaits(Seat seat) const {
    return seat >= 0 && static_cast<std::size_t>(seat) < ready_.size() && !ready_[static_cast<std::size_t>(seat)];
}

std::vector<Seat> RoundPause::waiting() const {
    std::vector<Seat> seats;
    for (Seat s = 0; s < static_cast<Seat>(ready_.size()); ++s) {
        if (awaits(s)) seats.push_back(s);
    }
    return seats;
}

std::vector<Deadline> RoundPause::deadlines() const {
    std::vector<Deadline> out;
    for (Seat s : waiting()) out.push_back({kRoundOverDeadline, until_, s});
    return out;
}

Result<bool> RoundPause::accept(Seat seat, const Json& action) {
    if (!running()) return illegal("the round is not over: there is nothing to continue");
    if (action.size() != 1) return illegal("'continue' has no other field");
    if (!awaits(seat)) return illegal("you have already continued: waiting for the others");
    ready_[static_cast<std::size_t>(seat)] = true;
    return std::all_of(ready_.begin(), ready_.end(), [](bool r) { return r; });
}

Json RoundPause::actions(Seat seat) const {
    Json list = Json::array();
    if (awaits(seat)) list.push_back(continue_action());
    return list;
}

}  // namespace taol::games
