#pragma once
// The Fish Fish table as plain data, and the rule steps that change it. Inputs are already
// checked (see fishfish.cpp): these functions only play legal moves.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/core/rng.hpp"
#include "games/core/round_pause.hpp"
#include "games/core/types.hpp"

namespace taol::games::fishfish {

constexpr int kTilesPerFish = 4;
constexpr int kBaitCount = 5;       // lines per round at most
constexpr int kPriseCards = 2;
constexpr int kBredouilleCards = 3;
constexpr int kPointsPerCapture = 4;

enum class Catch { prise, bredouille };
enum class Phase { set_line, bet, round_over, finished };

const char* to_string(Catch card);
const char* to_string(Phase phase);

struct Bet {
    Seat seat = 0;
    int tiles = 0;
};

struct Line {
    int number = 0;        // 1..5 within the round
    int bait = 0;
    Catch card = Catch::bredouille;
    bool revealed = false;  // false while betting, and for ever when nobody bet
    std::vector<Bet> bets;  // in betting order, 0-tile bets included
    std::optional<Seat> to_bet;

    int total() const;
};

struct Fish {
    Seat seat = 0;
    int hand = kTilesPerFish;
    std::vector<int> butin;  // tiles per slot, aligned with Table::slots
    int caught = 0;          // this Fish's tiles the Fisher took (for the conservation check)
};

struct RoundResult {
    Seat fisher = 0;
    std::vector<int> points;
};

struct Table {
    int players = 0;
    std::vector<int> baits;  // the option, as given
    std::vector<int> slots;  // distinct bait values, ascending: the Butin board
    Rng rng;
    int rounds_total = 0;

    int round = 1;
    Seat fisher = 0;
    bool left = true;  // betting direction: left = increasing seats
    Phase phase = Phase::set_line;
    std::vector<int> baits_left;  // ascending, duplicates kept
    int prise_left = kPriseCards;
    int bredouille_left = kBredouilleCards;
    int prises_revealed = 0;
    std::optional<Line> line;  // the line being bet on
    std::vector<Line> lines;   // finished lines this round
    std::vector<Seat> bet_order;
    std::vector<Fish> fish;  // every Fish this round, by seat
    int captured = 0;

    std::vector<int> scores;
    std::vector<RoundResult> rounds;
    RoundPause pause;  // round_over: the finished round stays on the table until all continue

    const Fish* fish_at(Seat seat) const;
    Fish* fish_at(Seat seat);
    int lines_played() const { return static_cast<int>(lines.size()) + (line ? 1 : 0); }
    bool last_line() const { return line && line->number == kBaitCount; }
    int cards_left(Catch card) const { return card == Catch::prise ? prise_left : bredouille_left; }
};

// A new game with `baits` (checked) and the given first Fisher.
Table new_table(const std::vector<int>& baits, int players, std::uint64_t seed, Seat first_fisher);

// The Fisher sets a line (bait in hand, card left). May move straight on to the check.
std::vector<LogEntry> set_line(Table& table, int bait, Catch card, TimeMs now);

// The Fish to bet bets `tiles` (0..hand; all of them on the 5th line).
std::vector<LogEntry> place_bet(Table& table, int tiles, TimeMs now);

// The round pause is over (every seat continued, or its time ran out): the next round starts.
std::vector<LogEntry> next_round(Table& table, TimeMs now);

// Seats with the highest total.
std::vector<Seat> winners(const Table& table);

// Empty when tiles, cards and baits are all accounted for.
std::string check_invariants(const Table& table);

}  // namespace taol::games::fishfish
