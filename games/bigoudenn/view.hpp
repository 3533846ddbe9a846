#pragma once
// What each viewer is sent: the view and the action list, and (for tests) the fragments by which
// a face-down card would show. Redaction happens here and nowhere else.
#include <string>
#include <vector>

#include "games/bigoudenn/table.hpp"
#include "games/core/json_sink.hpp"

namespace taol::games::bigoudenn {

// What `viewer` may see, written into `out`, and as a tree.
void write_view_of(const Table& table, Viewer viewer, JsonSink& out);
Json view_of(const Table& table, Viewer viewer);

Json actions_of(const Table& table, Seat seat);

// While a TEUT!'s bids are face down, the participants' cards as a card object would name them,
// for everyone but their owner.
std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer);

// The recipes made by each seat, with their points: the outcome's details.
Json recipes_json(const Player& player);

}  // namespace taol::games::bigoudenn
