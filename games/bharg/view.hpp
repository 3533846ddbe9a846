#pragma once
// What each viewer is sent: the view, the action list, and (for tests) the fragments by which a
// hidden card would show. Redaction happens here and nowhere else.
#include <string>
#include <vector>

#include "games/bharg/table.hpp"
#include "games/core/types.hpp"

namespace taol::games::bharg {

// A hand's best arrangement on the wire: {bhargs, ace_bound, unbound, unbound_value, all_bound},
// the three lists holding every card of the hand once.
Json arrangement_json(const Arrangement& arrangement);

Json view_of(const Table& table, Viewer viewer);

Json actions_of(const Table& table, Seat seat);

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer);

}  // namespace taol::games::bharg
