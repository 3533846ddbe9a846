#pragma once
// A JSON Patch (RFC 6902) from one document to another, as small as it cheaply can be: at every
// object or array it keeps the smaller of its members' own operations and a single "replace" of
// the whole (a reordered hand is one replace, not one per card). nlohmann's json::diff always
// goes down to the leaves, which on small game views costs more bytes than it saves.
#include <string>

#include <nlohmann/json.hpp>

namespace taol::protocol {

using Json = nlohmann::json;

// Appends to `ops` (an array) what turns `from` into `to`, `path` being where they are.
void append_diff(const Json& from, const Json& to, const std::string& path, Json& ops);

// A JSON Pointer's reference token for an object key (RFC 6901: "~" and "/" escaped).
std::string pointer_token(const std::string& key);

}  // namespace taol::protocol
