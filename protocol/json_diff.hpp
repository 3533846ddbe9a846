#pragma once
// A JSON Patch (RFC 6902) from one document to another, as small as it cheaply can be: at every
// object or array it keeps the smaller of its members' own operations and a single "replace" of
// the whole (a reordered hand is one replace, not one per card). nlohmann's json::diff always
// goes down to the leaves, which on small game views costs more bytes than it saves.
//
// Both documents are packed (packed_value.hpp) and read in place: equal parts are skipped by
// comparing bytes, and the patch is written straight to text, with no tree.
#include <string>

#include "protocol/packed_value.hpp"

namespace taol::protocol {

// The patch (a JSON array of operations, as text) that turns `from` into `to`. The root is never
// replaced whole: a baseline keeps its keys.
std::string patch_text(const Packed& from, const Packed& to);

// A JSON Pointer's reference token for an object key (RFC 6901: "~" and "/" escaped).
std::string pointer_token(std::string_view key);

}  // namespace taol::protocol
