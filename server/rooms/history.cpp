#include "server/rooms/history.hpp"

#include <algorithm>

#include "games/core/action_list.hpp"
#include "protocol/json_text.hpp"

namespace taol::server {
namespace {

// What a change keeps of the action that made it, and what a refused action is compared with.
std::size_t hash_of(const games::Json& action) { return std::hash<std::string>{}(protocol::json_text(action)); }

}  // namespace

void History::clear() {
    changes_.clear();
    ids_.clear();
    ids_dropped_ = 0;
    entries_.clear();
    free_entries_.clear();
    ids_by_text_.clear();
}

std::uint32_t History::intern(std::string_view text) {
    if (auto it = ids_by_text_.find(text); it != ids_by_text_.end()) {
        ++entries_[it->second].uses;
        return it->second;
    }
    std::uint32_t id = 0;
    if (free_entries_.empty()) {
        id = static_cast<std::uint32_t>(entries_.size());
        entries_.emplace_back();
    } else {
        id = free_entries_.back();
        free_entries_.pop_back();
    }
    entries_[id] = Entry{std::string(text), 1};
    ids_by_text_.emplace(std::string_view(entries_[id].text), id);
    return id;
}

void History::release(std::uint32_t id) {
    Entry& entry = entries_[id];
    if (--entry.uses > 0) return;
    ids_by_text_.erase(std::string_view(entry.text));
    std::string().swap(entry.text);
    free_entries_.push_back(id);
}

void History::push(std::int64_t rev, games::TimeMs at, std::optional<games::Seat> actor, const games::Json* action,
                   const std::vector<std::string_view>& listed) {
    changes_.push_back(Change{rev, at, action ? hash_of(*action) : 0, ids_dropped_ + ids_.size(), actor});
    for (const std::string_view entries : listed) {
        const std::size_t count_at = ids_.size();
        ids_.push_back(0);
        for (const std::string_view entry : protocol::array_elements(entries)) ids_.push_back(intern(entry));
        ids_[count_at] = static_cast<std::uint32_t>(ids_.size() - count_at - 1);
    }
    forget_old();
}

std::uint64_t History::end_of(std::size_t change) const {
    return change + 1 < changes_.size() ? changes_[change + 1].first : ids_dropped_ + ids_.size();
}

void History::forget_old() {
    const games::TimeMs newest = changes_.back().at;
    // Always keep the last two changes: the one a client acts on and the one that made it stale.
    while (changes_.size() > 2 && (changes_.size() > kMaxChanges || changes_.front().at < newest - kHorizonMs)) {
        const std::size_t n = static_cast<std::size_t>(end_of(0) - changes_.front().first);
        for (std::size_t i = 0; i < n;) {  // per seat: a count, then that many entries
            const std::size_t count = ids_[i];
            for (std::size_t k = 1; k <= count; ++k) release(ids_[i + k]);
            i += 1 + count;
        }
        ids_.erase(ids_.begin(), ids_.begin() + static_cast<std::ptrdiff_t>(n));
        ids_dropped_ += n;
        changes_.pop_front();
    }
}

bool History::listed_at(std::size_t change, games::Seat seat, const games::Json& action) const {
    if (seat < 0) return false;
    std::size_t i = static_cast<std::size_t>(changes_[change].first - ids_dropped_);
    const std::size_t end = static_cast<std::size_t>(end_of(change) - ids_dropped_);
    for (games::Seat s = 0; s < seat && i < end; ++s) i += 1 + ids_[i];
    if (i >= end) return false;
    const std::size_t count = ids_[i];
    for (std::size_t k = 1; k <= count; ++k) {
        if (games::fills(games::Json::parse(entries_[ids_[i + k]].text), action)) return true;
    }
    return false;
}

std::optional<History::Loss> History::lost_race(games::Seat seat, const games::Json& action, std::int64_t rev) const {
    auto it = std::lower_bound(changes_.begin(), changes_.end(), rev,
                               [](const Change& c, std::int64_t r) { return c.rev < r; });
    if (it == changes_.end() || it->rev != rev) return std::nullopt;
    std::size_t change = static_cast<std::size_t>(it - changes_.begin());
    if (!listed_at(change, seat, action)) return std::nullopt;
    const std::size_t hash = hash_of(action);
    for (++change; change < changes_.size(); ++change) {
        const Change& c = changes_[change];
        if (!listed_at(change, seat, action)) return Loss{c.actor, c.at, c.actor == seat && c.action_hash == hash};
    }
    return std::nullopt;
}

}  // namespace taol::server
