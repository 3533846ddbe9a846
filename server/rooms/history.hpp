#pragma once
// What each seat was offered at each recent rev, to tell a lost race (too_late) from an illegal
// action. Not whole game states: per change, each seat's listed entries, each distinct entry kept
// once however many revs list it. Changes are kept for the last 30 s of room time (a person may
// still be acting on what they saw then), however many there were, with a cap on their number so
// that memory stays bounded in the busiest market.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
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
    // default, the start), and what each seat is offered now (`listed[seat]`, a JSON array).
    void push(std::int64_t rev, games::TimeMs at, std::optional<games::Seat> actor, const games::Json* action,
              const std::vector<const games::Json*>& listed);

    // When `action` was listed for `seat` at `rev` and no longer is: the first later change after
    // which it was not listed. nullopt when `rev` is unknown or forgotten, the action was not listed
    // there, or it is still listed now (then the refusal is the action's own fault).
    std::optional<Loss> lost_race(games::Seat seat, const games::Json& action, std::int64_t rev) const;

    std::size_t changes() const { return changes_.size(); }
    std::size_t distinct_entries() const { return entries_.size(); }

private:
    // An entry as its JSON text: kept for every change of the last 30 s, but read only to judge a
    // refused action, so it is parsed then; as a tree it took about four times the bytes.
    using Entry = std::shared_ptr<const std::string>;
    struct Change {
        std::int64_t rev = 0;
        games::TimeMs at = 0;
        std::optional<games::Seat> actor;
        std::size_t action_hash = 0;
        std::vector<std::vector<Entry>> listed;  // per seat
    };

    Entry intern(const games::Json& entry);
    bool listed_at(const Change& change, games::Seat seat, const games::Json& action) const;
    void forget_old();

    std::deque<Change> changes_;
    std::unordered_map<std::string_view, Entry> entries_;  // by the entry's text (the entry's own)
    std::size_t entries_after_sweep_ = 0;
    static constexpr std::size_t kSweepSlack = 32;
};

}  // namespace taol::server
