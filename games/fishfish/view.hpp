#pragma once
// What each viewer is sent: the view, the action list, and (for tests) the fragments by which a
// hidden Catch card would show. Redaction happens here and nowhere else.
#include <string>
#include <vector>

#include "games/core/json_sink.hpp"
#include "games/core/types.hpp"
#include "games/fishfish/table.hpp"

namespace taol::games::fishfish {

// What `viewer` may see, written into `out`, and as a tree.
void write_view_of(const Table& table, Viewer viewer, JsonSink& out);
Json view_of(const Table& table, Viewer viewer);

Json actions_of(const Table& table, Seat seat);

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer);

}  // namespace taol::games::fishfish
