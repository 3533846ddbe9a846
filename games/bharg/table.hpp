#pragma once
// The Bharg table as plain data, and the rule steps that change it. Inputs are already checked
// (see bharg.cpp): these functions only play legal moves.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/bharg/cards.hpp"
#include "games/bharg/solver.hpp"
#include "games/core/rng.hpp"
#include "games/core/round_pause.hpp"
#include "games/core/types.hpp"

namespace taol::games::bharg {

constexpr int kPlayers = 2;
constexpr int kHandSize = 7;
constexpr int kMaxRounds = 20;     // stall rule: the game ends after this many rounds
constexpr int kMaxTurns = 100;     // stall rule: a round ends with no score after this many turns
constexpr int kMaxReshuffles = 2;  // stall rule: the third reshuffle ends the round instead

enum class Phase { draw, discard, round_over, finished };
enum class Source { deck, discard };
// How a round ended: a player's bharg, or with no score (no card to shuffle, the third
// reshuffle, the turn limit).
enum class RoundEnd { bharg, no_cards, reshuffles, turns };

const char* to_string(Phase phase);
const char* to_string(RoundEnd end);

struct RoundRecord {
    int round = 0;
    Seat dealer = 0;
    std::optional<Seat> winner;
    int points = 0;
    RoundEnd end = RoundEnd::bharg;
};

struct Table {
    Extended extended = Extended::none;
    int target = 50;
    Rng rng;

    int round = 0;
    Seat dealer = 0;
    Seat turn = 0;
    Phase phase = Phase::draw;
    std::vector<CardId> deck;     // back() is the top
    std::vector<CardId> discard;  // back() is the top
    std::vector<CardId> aces;     // back() is the top Ace
    std::array<std::vector<CardId>, kPlayers> hands;
    // Cards each seat took from the discard pile and still holds: known to everyone.
    std::array<std::vector<CardId>, kPlayers> known;
    std::optional<CardId> drawn;  // the card taken this turn (discard phase)
    std::optional<Source> drawn_from;
    int turns = 0;       // turns completed this round
    int reshuffles = 0;  // this round
    std::array<int, kPlayers> scores{};
    std::vector<RoundRecord> rounds;  // finished rounds
    RoundPause pause;  // round_over: who has closed the summary, until when it stays

    std::optional<CardId> top_ace() const;
};

// A new game: random first dealer, round 1 dealt from a shuffled deck.
Table new_table(Extended extended, int target, std::uint64_t seed);

// Shuffles the whole deck and deals a round: 7 cards each, then turns up cards until one is not an
// Ace (the Aces start the Ace pile). The non-dealer plays first.
std::vector<LogEntry> deal_round(Table& table, TimeMs now);

// The player to move takes the top card of `from` (may end the round on an empty deck).
std::vector<LogEntry> draw(Table& table, Source from, TimeMs now);

// The player to move discards `card` from its hand; then the win check and the turn limit.
std::vector<LogEntry> discard(Table& table, CardId card, TimeMs now);

// The round summary is closed (both continued, or its time ran out): the next round is dealt.
std::vector<LogEntry> next_round(Table& table, TimeMs now);

// The default discard: the card whose loss leaves the least value unbound (a discarded Ace first
// becomes the top Ace); ties go to the highest-value card, then the first in hand order.
CardId best_discard(const Table& table);

// The best arrangement of `seat`'s hand under the current top Ace.
Arrangement arrangement_of(const Table& table, Seat seat);

// Seats with the highest score.
std::vector<Seat> winners(const Table& table);

// Empty when every card is in exactly one place and the counts fit the phase.
std::string check_invariants(const Table& table);

}  // namespace taol::games::bharg
