#pragma once
// What each seat was offered at each recent rev, to tell a lost race (too_late) from an illegal
// action. Not whole game states: per change, each seat's listed entries, each distinct entry kept
// once however many revs list it, and only while one does. Changes are kept for the last 30 s of
// room time (a person may still be acting on what they saw then), however many there were, with a
// cap on their number so that memory stays bounded in the busiest market.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "games/core/game.hpp"

namespace taol::server {

class History {
public:
    static constexpr games::TimeMs kHorizonMs = 30'000;
    static constexpr std::size_t kMaxChanges = 2048;

    // The change that made an action stop being listed.
    struct Loss {
        std::optional<games::Seat> winner;  // nullopt: a deadline (or the start)
        games::TimeMs at = 0;
        bool same_action = false;           // the winner's own action was this very action
    };

    void clear();
    // The game changed: its new `rev`, stamped `at`, by `actor`'s `action` (none: a deadline, a
    // default, the start), and what each seat is offered now (`listed[seat]`, a JSON array as
    // text, compact).
    void push(std::int64_t rev, games::TimeMs at, std::optional<games::Seat> actor, const games::Json* action,
              const std::vector<std::string_view>& listed);

    // When `action` was listed for `seat` at `rev` and no longer is: the first later change after
    // which it was not listed. nullopt when `rev` is unknown or forgotten, the action was not listed
    // there, or it is still listed now (then the refusal is the action's own fault).
    std::optional<Loss> lost_race(games::Seat seat, const games::Json& action, std::int64_t rev) const;

    std::size_t changes() const { return changes_.size(); }
    std::size_t distinct_entries() const { return ids_by_text_.size(); }

private:
    // A change's listings are a run of ids_ from `first` to the next change's: per seat, how many
    // entries it was offered, then their ids. Entries are interned as JSON text, counted by the
    // changes that list them, and freed with the last: read only to judge a refused action, so
    // parsed then. Per change and seat a vector of shared strings cost several times this.
    struct Change {
        std::int64_t rev = 0;
        games::TimeMs at = 0;
        std::size_t action_hash = 0;
        std::uint64_t first = 0;  // counted from the first id ever pushed
        std::optional<games::Seat> actor;
    };
    struct Entry {
        std::string text;
        std::uint32_t uses = 0;  // ids_ holding it; 0: a free slot
    };

    std::uint32_t intern(std::string_view entry);
    void release(std::uint32_t id);
    bool listed_at(std::size_t change, games::Seat seat, const games::Json& action) const;
    std::uint64_t end_of(std::size_t change) const;
    void forget_old();

    std::deque<Change> changes_;
    std::deque<std::uint32_t> ids_;
    std::uint64_t ids_dropped_ = 0;  // ids popped so far: Change::first minus this indexes ids_
    std::deque<Entry> entries_;      // by id; a deque, so that the map's views stay put as it grows
    std::vector<std::uint32_t> free_entries_;
    std::unordered_map<std::string_view, std::uint32_t> ids_by_text_;  // views of entries_' texts
};

}  // namespace taol::server
