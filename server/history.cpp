#include "server/history.hpp"

#include "games/core/action_list.hpp"

namespace taol::server {

void History::push(Change change) {
    changes_.push_back(std::move(change));
    while (changes_.size() > kDepth) changes_.pop_front();
}

std::optional<History::Loss> History::lost_race(games::Seat seat, const games::Json& action,
                                                std::int64_t rev) const {
    auto it = changes_.begin();
    while (it != changes_.end() && it->rev != rev) ++it;
    if (it == changes_.end() || !games::is_listed(it->state->actions(seat), action)) return std::nullopt;
    for (++it; it != changes_.end(); ++it) {
        if (!games::is_listed(it->state->actions(seat), action)) return Loss{it->actor, it->at};
    }
    return std::nullopt;
}

}  // namespace taol::server
