#pragma once
// Reading the protocol's action lists: complete actions and "choose" templates (PROTOCOL.md).
// A rule of `choose` is one_of, subset_of or range, or one that describes structured values:
// {"list_of": rule, "min", "max"} (a list of values each meeting the rule), {"fields": {key: rule}}
// (an object with exactly these keys) and {"any_of": [rules]} (a value meeting one of them).
#include "games/core/types.hpp"

namespace taol::games {

// True when `action` is one of `actions` (a JSON array), or fills one of its templates within
// what the template's `choose` allows. The server uses it to tell a lost race from an illegal
// action; tests use it to check that listed actions are accepted.
bool is_listed(const Json& actions, const Json& action);

// True when `action` fills `entry` (a complete action or a template).
bool fills(const Json& entry, const Json& action);

}  // namespace taol::games
