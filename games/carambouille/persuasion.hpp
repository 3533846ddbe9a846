#pragma once
// Persuasion: a forced exchange of equal face value, shown to the persuader alone.
#include <vector>

#include "games/carambouille/table.hpp"

namespace taol::games::carambouille {

// {"type":"persuade","target":seat}: plays a Persuasion card (discarded face up) during trading.
Refusal persuade(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// {"type":"persuasion_exchange","take":[ids of the target's products],"give":[ids of own products]}
// of equal face value (both empty: no exchange). Ends the Persuasion.
Refusal persuasion_exchange(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// The 60 s are over: the Persuasion of `persuader` ends with no exchange.
void persuasion_timeout(Table& table, Seat persuader, TimeMs now, std::vector<LogEntry>& log);

// The target's products the persuader sees.
std::vector<int> persuasion_products(const Table& table, const Persuasion& p);

}  // namespace taol::games::carambouille
