#pragma once
// Setting the table, starting a round, and the Change: the bell passes left and the new First
// Merchant deals from the reserve.
#include <cstdint>
#include <vector>

#include "games/carambouille/table.hpp"

namespace taol::games::carambouille {

// Where every card starts. Cards not placed anywhere are an error of the caller.
struct Layout {
    int players = 3;
    Seat merchant = 0;
    std::vector<std::vector<int>> hands;
    std::vector<int> reserve;          // top at the back
    std::vector<int> stack;            // top at the back
    std::vector<int> product_discard;  // out of play from the start (test layouts only)
    std::vector<int> accounts;         // empty: all 0
};

// The rules' setup: shuffled products, 6 each, a shuffled stack, a random First Merchant.
Layout random_layout(int players, Rng& rng);

// A table in the bell phase of round 1: `rng` goes on from the shuffles; card ids come from `seed`.
Table new_table(const Layout& layout, std::uint64_t seed, Rng rng, TimeMs trading_ms, TimeMs now,
                std::vector<LogEntry>& log);

// Round start: the First Merchant is to ring the bell (15 s, then it rings by itself).
void start_round(Table& table, TimeMs now, std::vector<LogEntry>& log);

// After the sale phase and its pause: the bell passes left, the new First Merchant deals, a new
// round starts.
void change(Table& table, TimeMs now, std::vector<LogEntry>& log);

// {"type":"lay_panier"}: a Panier card laid in front of its holder, for good (free, at any time).
Refusal lay_panier(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

}  // namespace taol::games::carambouille
