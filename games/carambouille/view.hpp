#pragma once
// What each seat (or a spectator) sees, the actions it may send, and, for tests, the strings that
// would betray a secret. Redaction happens here and nowhere else.
#include <string>
#include <vector>

#include "games/carambouille/table.hpp"

namespace taol::games::carambouille {

Json view_of(const Table& table, Viewer viewer);

Json actions_of(const Table& table, Seat seat);

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer);

}  // namespace taol::games::carambouille
