#pragma once
// What each seat (or a spectator) sees, the actions it may send, and, for tests, the strings that
// would betray a secret. Redaction happens here and nowhere else.
#include <string>
#include <vector>

#include "games/carambouille/table.hpp"
#include "games/core/json_sink.hpp"

namespace taol::games::carambouille {

// What `viewer` may see, written into `out`, and as a tree.
void write_view_of(const Table& table, Viewer viewer, JsonSink& out);
Json view_of(const Table& table, Viewer viewer);

Json actions_of(const Table& table, Seat seat);

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer);

}  // namespace taol::games::carambouille
