#pragma once
// What changed between two documents, in the two standard forms a delta carries (PROTOCOL.md,
// "delta"), applied in this order:
// - `merge`, a JSON Merge Patch (RFC 7396): an object's members set or removed by name, the
//   cheapest way to say that a phase or a count changed ("phase":"draw" against a 50-byte
//   operation);
// - `patch`, a JSON Patch (RFC 6902): what a merge patch cannot say (a member set to null, which
//   it reads as "remove"; one element inside an array, where it would resend the whole array).
// Each member goes by whichever is shorter. At every object or array the operations also keep
// the smaller of their members' own operations and a single "replace" of the whole (a reordered
// hand is one replace, not one per card); nlohmann's json::diff always goes down to the leaves,
// which on small game views costs more bytes than it saves.
//
// Both documents are packed (packed_value.hpp) and read in place: equal parts are skipped by
// comparing bytes, and both parts are written straight to text, with no tree.
#include <string>

#include "protocol/packed_value.hpp"

namespace taol::protocol {

// The two parts as text; an empty one has nothing to say (and a delta leaves it out).
struct Change {
    std::string merge;  // a JSON object
    std::string patch;  // a JSON array of operations
};

// What turns object `from` into object `to`. The root is never replaced whole: a baseline keeps
// its keys.
Change change_between(const Packed& from, const Packed& to);

}  // namespace taol::protocol
