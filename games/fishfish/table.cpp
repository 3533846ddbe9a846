#include "games/fishfish/table.hpp"

#include <algorithm>
#include <numeric>

namespace taol::games::fishfish {
namespace {

LogEntry entry(TimeMs now, const char* key, Json params) { return LogEntry{now, key, std::move(params), {}}; }

int slot_index(const Table& table, int bait) {
    const auto it = std::lower_bound(table.slots.begin(), table.slots.end(), bait);
    return static_cast<int>(it - table.slots.begin());
}

// Deals the round's tiles and cards to the current Fisher and Fish.
void start_round(Table& table) {
    table.phase = Phase::set_line;
    table.baits_left = table.baits;
    std::sort(table.baits_left.begin(), table.baits_left.end());
    table.prise_left = kPriseCards;
    table.bredouille_left = kBredouilleCards;
    table.prises_revealed = 0;
    table.line.reset();
    table.lines.clear();
    table.captured = 0;
    table.fish.clear();
    for (Seat s = 0; s < table.players; ++s) {
        if (s == table.fisher) continue;
        table.fish.push_back(Fish{s, kTilesPerFish, std::vector<int>(table.slots.size(), 0), 0});
    }
    // Round 1 starts at the Fisher's left and goes clockwise; each round flips it.
    table.bet_order.clear();
    const int step = table.left ? 1 : table.players - 1;
    for (int k = 1; k < table.players; ++k) table.bet_order.push_back((table.fisher + k * step) % table.players);
}

// The next Fish after position `from` in betting order that still holds tiles.
std::optional<Seat> next_bettor(const Table& table, std::size_t from) {
    for (std::size_t i = from; i < table.bet_order.size(); ++i) {
        if (table.fish_at(table.bet_order[i])->hand > 0) return table.bet_order[i];
    }
    return std::nullopt;
}

bool all_tiles_bet(const Table& table) {
    return std::all_of(table.fish.begin(), table.fish.end(), [](const Fish& f) { return f.hand == 0; });
}

void end_round(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    std::vector<int> points(table.players, 0);
    points[table.fisher] = kPointsPerCapture * table.captured;
    for (const Fish& f : table.fish) {
        for (std::size_t i = 0; i < table.slots.size(); ++i) points[f.seat] += table.slots[i] * f.butin[i];
    }
    for (Seat s = 0; s < table.players; ++s) table.scores[s] += points[s];
    table.rounds.push_back(RoundResult{table.fisher, points});
    log.push_back(entry(now, "fishfish.round_end", {{"round", table.round}, {"points", points}}));
    if (table.round == table.rounds_total) {
        table.phase = Phase::finished;
        log.push_back(entry(now, "fishfish.game_end", {{"scores", table.scores}, {"winners", winners(table)}}));
        return;
    }
    // The lines, the Butin boards and the points stay on the table until everyone continues.
    table.phase = Phase::round_over;
    table.pause.open(table.players, now);
}

// Every Fish has had its say on the line: reveal (or not), then go on or end the round.
void check_line(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    Line line = std::move(*table.line);
    table.line.reset();
    line.to_bet.reset();
    const int total = line.total();
    line.revealed = total > 0;
    if (!line.revealed) {
        // Discarded face down: its card is never told to anyone.
        log.push_back(entry(now, "fishfish.line_unrevealed", {{"line", line.number}}));
    } else if (line.card == Catch::prise) {
        table.captured += total;
        ++table.prises_revealed;
        for (const Bet& b : line.bets) table.fish_at(b.seat)->caught += b.tiles;
        log.push_back(entry(now, "fishfish.reveal_prise", {{"line", line.number}, {"captured", total}}));
    } else {
        const int slot = slot_index(table, line.bait);
        for (const Bet& b : line.bets) table.fish_at(b.seat)->butin[slot] += b.tiles;
        log.push_back(entry(now, "fishfish.reveal_bredouille", {{"line", line.number}}));
    }
    const int number = line.number;
    table.lines.push_back(std::move(line));

    if (table.prises_revealed == kPriseCards && !all_tiles_bet(table) && !table.baits_left.empty()) {
        const int bait = table.baits_left.back();
        const int slot = slot_index(table, bait);
        for (Fish& f : table.fish) {
            f.butin[slot] += f.hand;
            f.hand = 0;
        }
        log.push_back(entry(now, "fishfish.early_end", {{"bait", bait}}));
    }
    if (all_tiles_bet(table) || number >= kBaitCount) {
        end_round(table, now, log);
    } else {
        table.phase = Phase::set_line;
    }
}

}  // namespace

const char* to_string(Catch card) { return card == Catch::prise ? "prise" : "bredouille"; }

const char* to_string(Phase phase) {
    switch (phase) {
        case Phase::set_line: return "set_line";
        case Phase::bet: return "bet";
        case Phase::round_over: return "round_over";
        case Phase::finished: return "finished";
    }
    return "finished";
}

int Line::total() const {
    return std::accumulate(bets.begin(), bets.end(), 0, [](int sum, const Bet& b) { return sum + b.tiles; });
}

const Fish* Table::fish_at(Seat seat) const {
    for (const Fish& f : fish) {
        if (f.seat == seat) return &f;
    }
    return nullptr;
}

Fish* Table::fish_at(Seat seat) {
    return const_cast<Fish*>(static_cast<const Table*>(this)->fish_at(seat));
}

Table new_table(const std::vector<int>& baits, int players, std::uint64_t seed, Seat first_fisher) {
    Table table;
    table.players = players;
    table.baits = baits;
    table.slots = baits;
    std::sort(table.slots.begin(), table.slots.end());
    table.slots.erase(std::unique(table.slots.begin(), table.slots.end()), table.slots.end());
    table.rng = Rng(seed);
    table.rounds_total = players * (players <= 3 ? 2 : 1);
    table.fisher = first_fisher;
    table.left = true;
    table.scores.assign(players, 0);
    start_round(table);
    return table;
}

std::vector<LogEntry> set_line(Table& table, int bait, Catch card, TimeMs now) {
    std::vector<LogEntry> log;
    table.baits_left.erase(std::find(table.baits_left.begin(), table.baits_left.end(), bait));
    (card == Catch::prise ? table.prise_left : table.bredouille_left) -= 1;
    Line line;
    line.number = static_cast<int>(table.lines.size()) + 1;
    line.bait = bait;
    line.card = card;
    line.to_bet = next_bettor(table, 0);
    table.line = std::move(line);
    table.phase = Phase::bet;
    log.push_back(entry(now, "fishfish.line_set",
                        {{"fisher", table.fisher}, {"line", table.line->number}, {"bait", bait}}));
    // Cannot happen while the round runs (it ends once every tile is bet), kept for safety.
    if (!table.line->to_bet) check_line(table, now, log);
    return log;
}

std::vector<LogEntry> place_bet(Table& table, int tiles, TimeMs now) {
    std::vector<LogEntry> log;
    Line& line = *table.line;
    const Seat seat = *line.to_bet;
    table.fish_at(seat)->hand -= tiles;
    line.bets.push_back(Bet{seat, tiles});
    log.push_back(entry(now, "fishfish.bet", {{"seat", seat}, {"tiles", tiles}}));
    const auto at = std::find(table.bet_order.begin(), table.bet_order.end(), seat) - table.bet_order.begin();
    line.to_bet = next_bettor(table, static_cast<std::size_t>(at) + 1);
    if (!line.to_bet) check_line(table, now, log);
    return log;
}

std::vector<LogEntry> next_round(Table& table, TimeMs now) {
    table.pause.close();
    ++table.round;
    table.fisher = (table.fisher + 1) % table.players;  // the role passes to the left
    table.left = !table.left;
    start_round(table);
    return {entry(now, "fishfish.round_start", {{"round", table.round}, {"fisher", table.fisher}})};
}

std::vector<Seat> winners(const Table& table) {
    std::vector<Seat> best;
    const int top = *std::max_element(table.scores.begin(), table.scores.end());
    for (Seat s = 0; s < table.players; ++s) {
        if (table.scores[s] == top) best.push_back(s);
    }
    return best;
}

std::string check_invariants(const Table& table) {
    if (table.fish.size() + 1 != static_cast<std::size_t>(table.players)) return "wrong number of Fish";
    if (table.fish_at(table.fisher)) return "the Fisher is also a Fish";
    int caught = 0;
    for (const Fish& f : table.fish) {
        const int on_line = table.line ? [&] {
            int n = 0;
            for (const Bet& b : table.line->bets) n += b.seat == f.seat ? b.tiles : 0;
            return n;
        }() : 0;
        const int on_butin = std::accumulate(f.butin.begin(), f.butin.end(), 0);
        if (f.hand < 0 || f.caught < 0 || f.hand + on_line + on_butin + f.caught != kTilesPerFish) {
            return "tiles of seat " + std::to_string(f.seat) + " not conserved";
        }
        caught += f.caught;
    }
    if (caught != table.captured) return "captured tiles do not match the Fish's losses";

    int prise = table.prise_left;
    int bredouille = table.bredouille_left;
    int revealed_prise = 0;
    std::vector<int> baits = table.baits_left;
    auto count = [&](const Line& l) {
        (l.card == Catch::prise ? prise : bredouille) += 1;
        revealed_prise += (l.revealed && l.card == Catch::prise) ? 1 : 0;
        baits.push_back(l.bait);
    };
    for (const Line& l : table.lines) {
        if (l.revealed != (l.total() > 0)) return "line " + std::to_string(l.number) + " revealed wrongly";
        count(l);
    }
    if (table.line) {
        if (table.line->revealed) return "the current line is revealed";
        count(*table.line);
    }
    if (prise != kPriseCards || bredouille != kBredouilleCards) return "catch cards not conserved";
    if (revealed_prise != table.prises_revealed) return "revealed Prise count is wrong";
    std::vector<int> all = table.baits;
    std::sort(all.begin(), all.end());
    std::sort(baits.begin(), baits.end());
    if (baits != all) return "bait cards not conserved";
    if (table.lines_played() > kBaitCount) return "more than five lines";
    if ((table.phase == Phase::bet) != table.line.has_value()) return "a line is set only while betting";
    if (table.line && !table.line->to_bet) return "nobody to bet on the current line";
    if (table.line && table.line->to_bet) {
        const Fish* f = table.fish_at(*table.line->to_bet);
        if (!f || f->hand == 0) return "the Fish to bet holds no tile";
    }
    const int round_points = std::accumulate(table.rounds.begin(), table.rounds.end(), 0, [](int sum, const RoundResult& r) {
        return sum + std::accumulate(r.points.begin(), r.points.end(), 0);
    });
    if (round_points != std::accumulate(table.scores.begin(), table.scores.end(), 0)) return "scores do not add up";
    const int done = static_cast<int>(table.rounds.size());
    const bool round_done = table.phase == Phase::finished || table.phase == Phase::round_over;
    if (done != (round_done ? table.round : table.round - 1)) return "round count is wrong";
    if (table.phase == Phase::finished && done != table.rounds_total) return "the game ended early";
    if (table.pause.running() != (table.phase == Phase::round_over)) return "a round pause outside round_over";
    return {};
}

}  // namespace taol::games::fishfish
