#pragma once
// The rule steps. Each mutates a Table the caller owns (a copy of the state) and returns what the
// log gains; the caller has already checked that the step is legal (actions.cpp).
#include <vector>

#include "games/castors/table.hpp"

namespace taol::games::castors {

using Log = std::vector<LogEntry>;

// A public log entry. Values appear in the log only once the card is face up for everyone.
inline LogEntry entry(TimeMs now, const char* key, Json params) { return LogEntry{now, key, std::move(params), {}}; }

// Shuffles all 66 cards, deals the rows and the discard, opens the peek.
void start_round(Table& t, TimeMs now, Log& log, const StackedDeal* stacked = nullptr);

// Peek: `seat` has seen its end cards; the turns start once everyone has.
void confirm_seen(Table& t, Seat seat, TimeMs now, Log& log);
// The peek deadline passed: the turns start.
void end_peek(Table& t, TimeMs now, Log& log);

// The round pause is over (everyone continued, or its time ran out): the next round is dealt.
void next_round(Table& t, TimeMs now, Log& log);

// The current player's turn.
void take_discard(Table& t, int position, bool knock, TimeMs now, Log& log);
void draw(Table& t, TimeMs now, Log& log);
void swap_drawn(Table& t, int position, bool knock, TimeMs now, Log& log);
void discard_drawn(Table& t, bool knock, TimeMs now, Log& log);
void play_drawn(Table& t, TimeMs now, Log& log);
void exchange(Table& t, int position, Seat target, int target_position, bool knock, TimeMs now, Log& log);
void look(Table& t, int position, TimeMs now, Log& log);
void end_turn(Table& t, bool knock, TimeMs now, Log& log);

// The top card of the draw pile, turning the discard (but its top card) over when it is empty.
int draw_one(Table& t, TimeMs now, Log& log);

// A card stops being shown to the one who saw it: a new id, so nobody can follow it.
void refresh_id(Table& t, Seat seat, int position);

// The lowest totals (ties share).
std::vector<Seat> lowest(const std::vector<int>& points);

}  // namespace taol::games::castors
