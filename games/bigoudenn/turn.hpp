#pragma once
// The active player's turn: its start (draw, last round, stall rule), the full game's hand
// actions, composing, and its end. Callers have checked that the seat is the active player and
// that no TEUT! is running; these functions check everything else.
#include <optional>
#include <vector>

#include "games/bigoudenn/table.hpp"

namespace taol::games::bigoudenn {

// Turn number `table.turn.number + 1` for `seat`: resets the turn, then draws two.
void start_turn(Table& table, Seat seat, TimeMs now, std::vector<LogEntry>& log);

// Ends the active player's turn: the next seat plays, or the game ends after its last turn.
Logged end_turn(Table& table, TimeMs now);

// Full game: one action per hand.
Logged take(Table& table, int hand, Card card, std::optional<Card> put_back, TimeMs now);
Logged steal(Table& table, int hand, Seat from, Card card, std::optional<Card> put_back, TimeMs now);
Logged hand_grab(Table& table, int hand, Utensil utensil, TimeMs now);
Logged amen(Table& table, std::optional<int> hand, TimeMs now);

// Makes a recipe of the face the card shows, then flips it. Full game: once, ending the actions.
Logged compose(Table& table, const std::vector<Card>& cards, TimeMs now);

// The TEUT! window that a grab of `utensil` by `holder` opens (full game only).
void open_window(Table& table, Seat holder, Utensil utensil, TimeMs now);

}  // namespace taol::games::bigoudenn
