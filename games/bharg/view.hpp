#pragma once
// What each viewer is sent: the view, the action list, and (for tests) the fragments by which a
// hidden card would show. Redaction happens here and nowhere else.
#include <string>
#include <vector>

#include "games/bharg/table.hpp"
#include "games/core/json_sink.hpp"
#include "games/core/types.hpp"

namespace taol::games::bharg {

// What `viewer` may see, written into `out`, and as a tree. A hand goes on the wire as its best
// arrangement: {ace_bound, all_bound, bhargs, unbound, unbound_value}, the three lists holding
// every card of the hand once.
void write_view_of(const Table& table, Viewer viewer, JsonSink& out);
Json view_of(const Table& table, Viewer viewer);

Json actions_of(const Table& table, Seat seat);

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer);

}  // namespace taol::games::bharg
