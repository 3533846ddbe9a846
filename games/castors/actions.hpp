#pragma once
// The actions of the protocol: what a seat may send now, checking and applying what it sent.
#include <optional>

#include "games/castors/rules.hpp"
#include "games/core/json_sink.hpp"
#include "games/core/result.hpp"

namespace taol::games::castors {

// The listed actions (complete actions and "choose" templates) for `seat` now, written into `out`
// (GameState::write_actions), or as a tree.
void write_actions_of(const Table& t, Seat seat, JsonSink& out);
Json actions_of(const Table& t, Seat seat);

// The seats whose decision holds up the game.
std::vector<Seat> waiting_of(const Table& t);

// What `seat` does when its time runs out or it is away.
std::optional<Json> default_of(const Table& t, Seat seat);

// Checks `action` from `seat` and applies it to `t` (a copy: on error it may be left half-made
// and must be thrown away). Returns the log, or why the action is refused.
Result<Log> apply_action(Table& t, Seat seat, const Json& action, TimeMs now);

}  // namespace taol::games::castors
