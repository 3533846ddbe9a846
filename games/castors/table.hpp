#pragma once
// The whole state of a game of Gang de castors, secrets included, and the rule steps that change
// it. Cards are uids 0..65; `face` maps a uid to its face, so zones move uids and never look at
// values unless a rule does.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/castors/cards.hpp"
#include "games/core/ids.hpp"
#include "games/core/rng.hpp"
#include "games/core/round_pause.hpp"

namespace taol::games::castors {

enum class Phase {
    peek,      // everyone looks at its end cards
    turn,      // the current player takes the discard or draws
    drawn,     // the current player holds a drawn card
    echanger,  // Échanger was played: choose the two cards
    regarder,  // Regarder was played: choose the card to look at
    looked,    // the current player sees the card it looked at, then ends its turn
    round_over,  // the rows are revealed and scored; the next round waits until everyone continues
    finished,
};
const char* to_string(Phase phase);

inline constexpr TimeMs kPeekMs = 10'000;
inline constexpr int kStallTurnsPerPlayer = 30;

// One card in a row: its uid and the opaque id clients see.
struct Slot {
    int uid = 0;
    std::string id;
    bool operator==(const Slot&) const = default;
};

// An action card replaced at the end of a round, and the cards drawn for it (the last a number).
struct Replacement {
    Seat seat = 0;
    int position = 0;
    Face card = 0;
    std::vector<Face> drawn;
    bool operator==(const Replacement&) const = default;
};

struct RoundResult {
    int round = 0;
    std::vector<std::vector<Face>> rows;  // as revealed, before replacements
    std::vector<Replacement> replacements;
    std::vector<int> points;
    std::vector<Seat> winners;
    bool operator==(const RoundResult&) const = default;
};

// For tests: the start of a round with known cards (rows by seat; the discard's first card; the
// top of the draw pile, first drawn first). The rest of the pile is shuffled.
struct StackedDeal {
    std::vector<std::vector<Face>> rows;
    Face discard = 0;
    std::vector<Face> pile_top;
};

struct Table {
    int players = 2;
    int cards = 4;                   // cards per row
    std::optional<int> rounds_total; // nullopt: only the score limit ends the game
    int score_limit = 0;             // 0 = off

    std::array<Face, kDeckSize> face{};
    std::vector<std::vector<Slot>> rows;
    std::vector<int> pile;     // back = top
    std::vector<int> discard;  // back = top, face up
    std::optional<Slot> drawn; // the card the current player holds

    Phase phase = Phase::peek;
    int round = 1;
    Seat dealer = 0;
    Seat current = 0;
    std::vector<bool> seen;    // peek confirmed, by seat
    TimeMs peek_until = 0;
    std::optional<int> looked; // position looked at with Regarder this turn
    int turns = 0;             // turns completed this round
    std::optional<Seat> knocker;
    bool stalled = false;      // the knock was the stall rule's
    int turns_left = 0;        // turns still to play after a knock

    std::vector<int> totals;
    std::vector<RoundResult> history;
    RoundPause pause;          // round_over: who has continued, until when

    Rng rng;
    IdMaker ids;

    bool operator==(const Table&) const = default;

    Face top_discard() const { return face[static_cast<std::size_t>(discard.back())]; }
    bool knock_allowed() const;
    // Every row is revealed: between two rounds and at the end.
    bool revealed() const { return phase == Phase::round_over || phase == Phase::finished; }
    bool peek_open(Seat seat) const { return phase == Phase::peek && !seen[static_cast<std::size_t>(seat)]; }
    bool is_end(int position) const { return position == 0 || position == cards - 1; }
};

// A new game: options complete, the first dealer drawn from the seed (or given).
Table new_table(const Json& options, int players, std::uint64_t seed, std::optional<Seat> dealer, TimeMs now,
                const StackedDeal* stacked = nullptr);

std::string check_invariants(const Table& table);

}  // namespace taol::games::castors
