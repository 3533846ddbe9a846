#include "server/rooms/history.hpp"

#include <algorithm>

#include "games/core/action_list.hpp"
#include "protocol/json_text.hpp"

namespace taol::server {

void History::clear() {
    changes_.clear();
    entries_.clear();
    entries_after_sweep_ = 0;
}

History::Entry History::intern(const games::Json& entry) {
    std::string text = protocol::json_text(entry);
    auto it = entries_.find(text);
    if (it != entries_.end()) return it->second;
    Entry kept = std::make_shared<const std::string>(std::move(text));
    entries_.emplace(std::string_view(*kept), kept);
    return kept;
}

void History::push(std::int64_t rev, games::TimeMs at, std::optional<games::Seat> actor, const games::Json* action,
                   const std::vector<const games::Json*>& listed) {
    Change change{rev, at, actor, action ? std::hash<std::string>{}(protocol::json_text(*action)) : 0, {}};
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
    // Entries nobody lists any more go once the table has doubled since the last sweep: a sweep
    // costs the table's size, and what is kept for nothing stays below what is listed.
    if (entries_.size() >= 2 * entries_after_sweep_ + kSweepSlack) {
        std::erase_if(entries_, [](const auto& item) { return item.second.use_count() == 1; });
        entries_after_sweep_ = entries_.size();
    }
}

bool History::listed_at(const Change& change, games::Seat seat, const games::Json& action) const {
    if (seat < 0 || static_cast<std::size_t>(seat) >= change.listed.size()) return false;
    const auto& entries = change.listed[static_cast<std::size_t>(seat)];
    return std::any_of(entries.begin(), entries.end(),
                       [&](const Entry& e) { return games::fills(games::Json::parse(*e), action); });
}

std::optional<History::Loss> History::lost_race(games::Seat seat, const games::Json& action, std::int64_t rev) const {
    auto it = std::lower_bound(changes_.begin(), changes_.end(), rev,
                               [](const Change& c, std::int64_t r) { return c.rev < r; });
    if (it == changes_.end() || it->rev != rev || !listed_at(*it, seat, action)) return std::nullopt;
    const std::size_t hash = std::hash<std::string>{}(protocol::json_text(action));
    for (++it; it != changes_.end(); ++it) {
        if (!listed_at(*it, seat, action)) return Loss{it->actor, it->at, it->actor == seat && it->action_hash == hash};
    }
    return std::nullopt;
}

}  // namespace taol::server
