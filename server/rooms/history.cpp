#include "server/rooms/history.hpp"

#include <algorithm>

#include "games/core/action_list.hpp"

namespace taol::server {

void History::clear() {
    changes_.clear();
    entries_.clear();
}

History::Entry History::intern(const games::Json& entry) {
    std::string text = entry.dump();
    auto it = entries_.find(text);
    if (it == entries_.end()) it = entries_.emplace(std::move(text), std::make_shared<const games::Json>(entry)).first;
    return it->second;
}

void History::push(std::int64_t rev, games::TimeMs at, std::optional<games::Seat> actor, const games::Json* action,
                   const std::vector<const games::Json*>& listed) {
    Change change{rev, at, actor, action ? std::hash<std::string>{}(action->dump()) : 0, {}};
    change.listed.resize(listed.size());
    for (std::size_t s = 0; s < listed.size(); ++s) {
        if (!listed[s] || !listed[s]->is_array()) continue;
        for (const games::Json& entry : *listed[s]) change.listed[s].push_back(intern(entry));
    }
    changes_.push_back(std::move(change));
    forget_old();
}

void History::forget_old() {
    const games::TimeMs newest = changes_.back().at;
    // Always keep the last two changes: the one a client acts on and the one that made it stale.
    while (changes_.size() > 2 && (changes_.size() > kMaxChanges || changes_.front().at < newest - kHorizonMs)) {
        changes_.pop_front();
    }
    // Entries nobody lists any more go, now and then (a sweep costs the table's size).
    if (++pushes_since_sweep_ >= 64) {
        pushes_since_sweep_ = 0;
        std::erase_if(entries_, [](const auto& item) { return item.second.use_count() == 1; });
    }
}

bool History::listed_at(const Change& change, games::Seat seat, const games::Json& action) const {
    if (seat < 0 || static_cast<std::size_t>(seat) >= change.listed.size()) return false;
    const auto& entries = change.listed[static_cast<std::size_t>(seat)];
    return std::any_of(entries.begin(), entries.end(), [&](const Entry& e) { return games::fills(*e, action); });
}

std::optional<History::Loss> History::lost_race(games::Seat seat, const games::Json& action, std::int64_t rev) const {
    auto it = std::lower_bound(changes_.begin(), changes_.end(), rev,
                               [](const Change& c, std::int64_t r) { return c.rev < r; });
    if (it == changes_.end() || it->rev != rev || !listed_at(*it, seat, action)) return std::nullopt;
    const std::size_t hash = std::hash<std::string>{}(action.dump());
    for (++it; it != changes_.end(); ++it) {
        if (!listed_at(*it, seat, action)) return Loss{it->actor, it->at, it->actor == seat && it->action_hash == hash};
    }
    return std::nullopt;
}

}  // namespace taol::server
