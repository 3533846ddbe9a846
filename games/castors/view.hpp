#pragma once
// What each viewer may see: the one place where secrets are stripped.
#include <string>
#include <vector>

#include "games/castors/table.hpp"
#include "games/core/json_sink.hpp"

namespace taol::games::castors {

// True when `viewer` may see the face of the card at (seat, position) now.
bool face_visible(const Table& t, Viewer viewer, Seat seat, int position);

// True when `viewer` may see the face of the drawn card.
bool drawn_visible(const Table& t, Viewer viewer);

// The spectators' view (nullopt) when `viewer` may see no face they may not, else `viewer`: in
// most turns, every seat but the one holding the drawn card sees what the spectators see.
Viewer same_view_as(const Table& t, Viewer viewer);

// What `viewer` may see, written into `out` (the only place where secrets are stripped), and as a tree.
void write_view_of(const Table& t, Viewer viewer, JsonSink& out);
Json view_of(const Table& t, Viewer viewer);

// The serialized fragments by which a card hidden from `viewer` would show in what it is sent.
std::vector<std::string> secrets_of(const Table& t, Viewer viewer);

}  // namespace taol::games::castors
