#pragma once
// Listed actions bent the way a hostile or buggy client would bend them.
#include <vector>

#include "games/core/types.hpp"
#include "tests/fuzz/byte_reader.hpp"

namespace taol::fuzz {

// The values found in action lists (every seat's): card ids, amounts, seats, types... A mutated
// action reuses them, so that it names things that exist, such as another seat's cards.
std::vector<games::Json> values_in(const std::vector<games::Json>& action_lists);

// `action` with one to three changes picked by `in`, at any depth: a value replaced (by one of
// `values`, a number at the edge of a type, another JSON type), an integer moved by up to 2 (an
// index one past the end), an element or field added (maybe a repeated one) or dropped.
games::Json mutate_action(games::Json action, ByteReader& in, const std::vector<games::Json>& values);

}  // namespace taol::fuzz
