#pragma once
// The castors bot's judgement over what it knows (bot_memory.hpp): the expected value of every
// row card, and the gain of each way to play a turn. Pure functions of a Knowledge.
#include <array>
#include <vector>

#include "games/castors/bot_memory.hpp"

namespace taol::games::castors {

// The policy's weights (the defaults are the bot's; tests try others against them).
struct Params {
    double knock_low_per_card = 1.25;      // always knock at or below this many expected points a card
    double knock_margin_per_card = 1.5;    // or when this far below every opponent's expected row...
    double knock_cap_per_card = 3.0;       // ...with at most this many points a card
    double info_value = 1.0;               // knowing one more of our own cards (later swaps aim better)
    double exchange_worth = 0.5;           // an Échanger is played when it saves at least this
    double opponent_keeps = 0.0;           // an opponent's unseen card is worth this less than the mean
};

// Expected end-of-round values of the cards this seat cannot see.
struct Outlook {
    double mean = 5.0;    // an unseen row card (an action card is replaced by a number at the end)
    double placed = 3.5;  // a card an opponent chose to place from its draw
    double kept = 5.0;    // an opponent's card we never saw (it may know it, and keep it if low)
    std::array<int, kFaceCount> left{};  // the unseen cards by face
};

Outlook outlook_of(const Knowledge& k, const Params& params = {});

// What a row card is expected to count at the end of the round.
double value_of(int face, const Outlook& o);
// The same for an opponent's card.
double their_value(int face, const Outlook& o);

// This seat's row, as expected values.
std::vector<double> my_values(const Knowledge& k, const Outlook& o);
double total(const std::vector<double>& values);

// The position to replace: the highest expected value, an unseen card before a known one of the
// same value (placing a card there also tells what it was).
int worst_position(const Knowledge& k, const Outlook& o);

struct Exchange {
    int position = 0;
    int seat = 0;
    int target_position = 0;
    double gain = -100;  // expected points this seat saves
};

// The best Échanger: one of this seat's cards for one of an opponent's.
Exchange best_exchange(const Knowledge& k, const Outlook& o);

// The expected points saved by drawing from the pile (and using the card well). `last_turn`: the
// round ends after this turn for us, so looking at a card is worth nothing.
double draw_gain(const Knowledge& k, const Outlook& o, bool last_turn, const Params& params = {});

// The expected totals of each seat's row as this seat sees them.
std::vector<double> expected_rows(const Knowledge& k, const Outlook& o);

// Whether to end this turn with a knock, `row` being this seat's expected row after the turn.
// (Knocking for the game's totals in the last round, locking a lead, did worse against this.)
bool should_knock(const Knowledge& k, const Outlook& o, const std::vector<double>& row, const Params& params = {});

}  // namespace taol::games::castors
