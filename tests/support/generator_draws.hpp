#pragma once
// Looking for draws of a game's generator in what clients are sent: xoshiro outputs can be
// inverted to its state, so a single one on the wire would let a client predict the deck.
#include <cstdint>
#include <string>
#include <unordered_set>
#include <string_view>
#include <vector>

#include "games/core/game.hpp"

namespace taol::testing {

class GeneratorDraws {
public:
    // The first `count` outputs of Rng(seed).
    explicit GeneratorDraws(std::uint64_t seed, int count = 4096);

    // Every number and string of `sent` (object keys included) that equals one of the draws, or is
    // an id that writes draws in one of the encodings ids have had: the id maker's (an id writes
    // 60 bits of one draw, games/core/ids.hpp) and Carambouille's before rules version 2 (one
    // symbol per draw, the residue of five draws in a row). Empty when none.
    std::vector<std::string> found_in(const games::Json& sent) const;

private:
    void search(const games::Json& value, std::vector<std::string>& found) const;
    bool is_draw_text(const std::string& text) const;

    std::unordered_set<std::uint64_t> draws_;
    std::unordered_set<std::uint64_t> as_ids_;       // the bits of each draw an id can write
    std::unordered_set<std::string> symbol_runs_;    // five draws in a row, one symbol each
};

// Everything `viewer` is sent about `state` at once (view, actions, the new log entries it may
// read, the outcome), as one JSON array.
games::Json sent_to(const games::GameState& state, games::Viewer viewer, const std::vector<games::LogEntry>& log);

}  // namespace taol::testing
