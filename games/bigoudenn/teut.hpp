#pragma once
// TEUT!: contesting a grab within 10 seconds, and the auction that follows (the state table of
// the rules): bidding, reveal, raise, follow, award, passoire. Every step has its deadline.
#include <optional>
#include <vector>

#include "games/bigoudenn/table.hpp"

namespace taol::games::bigoudenn {

// `seat` contests the grab of `utensil` (its window must still be open at `now`).
Logged call_teut(Table& table, Seat seat, Utensil utensil, TimeMs now);

// A face-down card: the bid, a raise, or a follow, as the step asks.
Logged teut_bid(Table& table, Seat seat, Card card, TimeMs now);

// No raise, no follow, or the passoire left unused, as the step asks. (Bidding has no pass.)
Logged teut_pass(Table& table, Seat seat, TimeMs now);

// The winner, both hands full, drops the utensil in `hand` and takes the won one there.
Logged teut_make_room(Table& table, Seat seat, int hand, TimeMs now);

// The passoire's holder takes back one ingredient bid in this TEUT!.
Logged teut_passoire(Table& table, Seat seat, Card card, std::optional<Card> put_back, TimeMs now);

// The current step's deadline has passed: its default for everyone who has not acted.
void expire_teut_step(Table& table, TimeMs at, std::vector<LogEntry>& log);

// After a free drop: a winner waiting to make room that now has a free hand takes the utensil.
void settle_award(Table& table, TimeMs now, std::vector<LogEntry>& log);

// The seats that may still act in the current step (and so hold the game up).
std::vector<Seat> teut_waiting(const Table& table);

// What `seat` does when it is played for: what the step's deadline would do, except in bidding,
// where it bids its lowest card (there is no pass to play).
std::optional<Json> teut_default(const Table& table, Seat seat);

// The participant's lowest-valued ingredient (the forced bid of a caller facing no bid).
Card lowest_card(const Player& player);

}  // namespace taol::games::bigoudenn
