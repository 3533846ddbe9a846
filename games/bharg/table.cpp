#include "games/bharg/table.hpp"

#include <algorithm>
#include <tuple>

namespace taol::games::bharg {
namespace {

LogEntry entry(TimeMs now, const char* key, Json params, std::vector<Seat> audience = {}) {
    return LogEntry{now, key, std::move(params), std::move(audience)};
}

Seat other(Seat seat) { return 1 - seat; }

CardId pop(std::vector<CardId>& pile) {
    const CardId card = pile.back();
    pile.pop_back();
    return card;
}

void erase_card(std::vector<CardId>& cards, CardId card) {
    if (auto it = std::find(cards.begin(), cards.end(), card); it != cards.end()) cards.erase(it);
}

bool game_over(const Table& table) {
    return std::any_of(table.scores.begin(), table.scores.end(), [&](int s) { return s >= table.target; }) ||
           static_cast<int>(table.rounds.size()) >= kMaxRounds;
}

void end_round(Table& table, std::optional<Seat> winner, RoundEnd end, int points, TimeMs now,
               std::vector<LogEntry>& log) {
    table.rounds.push_back(RoundRecord{table.round, table.dealer, winner, points, end});
    if (winner) {
        table.scores[*winner] += points;
        const Arrangement loser = arrangement_of(table, other(*winner));
        log.push_back(entry(now, "bharg.round_won", {{"round", table.round}, {"seat", *winner}, {"points", points},
                                                      {"unbound", card_names(loser.unbound)}}));
    } else {
        log.push_back(entry(now, "bharg.round_void", {{"round", table.round}, {"reason", to_string(end)}}));
    }
    table.drawn.reset();
    table.drawn_from.reset();
    if (game_over(table)) {
        table.phase = Phase::finished;
        Json best = Json::array();
        for (Seat s : winners(table)) best.push_back(s);
        log.push_back(entry(now, "bharg.game_end", {{"scores", table.scores}, {"winners", best}}));
    } else {
        table.phase = Phase::round_over;
        table.pause.open(kPlayers, now);
    }
}

// The empty draw pile is rebuilt from the discard pile but its top card. False when the round
// ends instead (nothing to shuffle, or the third reshuffle).
bool refill_deck(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    if (table.discard.size() <= 1) {
        end_round(table, std::nullopt, RoundEnd::no_cards, 0, now, log);
        return false;
    }
    if (table.reshuffles >= kMaxReshuffles) {
        end_round(table, std::nullopt, RoundEnd::reshuffles, 0, now, log);
        return false;
    }
    const CardId top = pop(table.discard);
    table.deck = std::move(table.discard);
    table.discard = {top};
    table.rng.shuffle(table.deck);
    ++table.reshuffles;
    log.push_back(entry(now, "bharg.reshuffle", {{"seat", table.turn}, {"cards", table.deck.size()},
                                                  {"reshuffles", table.reshuffles}}));
    return true;
}

}  // namespace

const char* to_string(Phase phase) {
    switch (phase) {
        case Phase::draw: return "draw";
        case Phase::discard: return "discard";
        case Phase::round_over: return "round_over";
        case Phase::finished: return "finished";
    }
    return "finished";
}

const char* to_string(RoundEnd end) {
    switch (end) {
        case RoundEnd::bharg: return "bharg";
        case RoundEnd::no_cards: return "no_cards";
        case RoundEnd::reshuffles: return "reshuffles";
        case RoundEnd::turns: return "turns";
    }
    return "bharg";
}

std::optional<CardId> Table::top_ace() const {
    if (aces.empty()) return std::nullopt;
    return aces.back();
}

Table new_table(Extended extended, int target, std::uint64_t seed) {
    Table table;
    table.extended = extended;
    table.target = target;
    table.rng = Rng(seed);
    table.dealer = table.rng.coin() ? 1 : 0;
    deal_round(table, 0);
    return table;
}

std::vector<LogEntry> deal_round(Table& table, TimeMs now) {
    ++table.round;
    table.deck = deck_cards(table.extended);
    table.rng.shuffle(table.deck);
    table.discard.clear();
    table.aces.clear();
    for (auto& hand : table.hands) hand.clear();
    for (auto& cards : table.known) cards.clear();
    for (int i = 0; i < kPlayers * kHandSize; ++i) {
        table.hands[static_cast<std::size_t>((table.dealer + 1 + i) % kPlayers)].push_back(pop(table.deck));
    }
    // There are at most six Aces and far more cards left, so a non-Ace always turns up.
    for (CardId card = pop(table.deck);; card = pop(table.deck)) {
        if (info(card).kind != Kind::ace) {
            table.discard.push_back(card);
            break;
        }
        table.aces.push_back(card);
    }
    table.turn = other(table.dealer);
    table.phase = Phase::draw;
    table.drawn.reset();
    table.drawn_from.reset();
    table.turns = 0;
    table.reshuffles = 0;
    return {entry(now, "bharg.deal", {{"round", table.round}, {"dealer", table.dealer}, {"aces", card_names(table.aces)},
                                      {"card", info(table.discard.back()).name}})};
}

std::vector<LogEntry> draw(Table& table, Source from, TimeMs now) {
    std::vector<LogEntry> log;
    const Seat seat = table.turn;
    CardId card = 0;
    if (from == Source::deck) {
        if (table.deck.empty() && !refill_deck(table, now, log)) return log;
        card = pop(table.deck);
        log.push_back(entry(now, "bharg.draw_deck", {{"seat", seat}}));
        log.push_back(entry(now, "bharg.drawn", {{"seat", seat}, {"card", info(card).name}}, {seat}));
    } else {
        card = pop(table.discard);
        table.known[static_cast<std::size_t>(seat)].push_back(card);
        log.push_back(entry(now, "bharg.take_discard", {{"seat", seat}, {"card", info(card).name}}));
    }
    table.hands[static_cast<std::size_t>(seat)].push_back(card);
    table.drawn = card;
    table.drawn_from = from;
    table.phase = Phase::discard;
    return log;
}

std::vector<LogEntry> discard(Table& table, CardId card, TimeMs now) {
    std::vector<LogEntry> log;
    const Seat seat = table.turn;
    const auto index = static_cast<std::size_t>(seat);
    erase_card(table.hands[index], card);
    erase_card(table.known[index], card);
    if (info(card).kind == Kind::ace) {
        table.aces.push_back(card);  // changes the win condition before the check below
        log.push_back(entry(now, "bharg.discard_ace", {{"seat", seat}, {"card", info(card).name}}));
    } else {
        table.discard.push_back(card);
        log.push_back(entry(now, "bharg.discard", {{"seat", seat}, {"card", info(card).name}}));
    }
    table.drawn.reset();
    table.drawn_from.reset();
    ++table.turns;
    if (arrangement_of(table, seat).all_bound()) {
        const int points = arrangement_of(table, other(seat)).unbound_value;
        end_round(table, seat, RoundEnd::bharg, points, now, log);
    } else if (table.turns >= kMaxTurns) {
        end_round(table, std::nullopt, RoundEnd::turns, 0, now, log);
    } else {
        table.turn = other(seat);
        table.phase = Phase::draw;
    }
    return log;
}

std::vector<LogEntry> next_round(Table& table, TimeMs now) {
    table.pause.close();
    table.dealer = other(table.dealer);  // the deal alternates
    return deal_round(table, now);
}

CardId best_discard(const Table& table) {
    const auto& hand = table.hands[static_cast<std::size_t>(table.turn)];
    const std::vector<int> left = unbound_without_each(hand, table.top_ace());
    std::optional<std::tuple<int, int>> best_key;
    CardId best = hand.front();
    std::vector<CardId> rest;
    for (std::size_t i = 0; i < hand.size(); ++i) {
        const CardId card = hand[i];
        int unbound = left[i];
        if (info(card).kind == Kind::ace) {  // it would become the top Ace
            rest = hand;
            rest.erase(rest.begin() + static_cast<std::ptrdiff_t>(i));
            unbound = arrange(rest, card).unbound_value;
        }
        const std::tuple<int, int> key{unbound, -info(card).value};
        if (!best_key || key < *best_key) {
            best_key = key;
            best = card;
        }
    }
    return best;
}

Arrangement arrangement_of(const Table& table, Seat seat) {
    return arrange(table.hands[static_cast<std::size_t>(seat)], table.top_ace());
}

std::vector<Seat> winners(const Table& table) {
    const int top = *std::max_element(table.scores.begin(), table.scores.end());
    std::vector<Seat> best;
    for (Seat s = 0; s < kPlayers; ++s) {
        if (table.scores[static_cast<std::size_t>(s)] == top) best.push_back(s);
    }
    return best;
}

std::string check_invariants(const Table& table) {
    std::vector<CardId> seen = table.deck;
    seen.insert(seen.end(), table.discard.begin(), table.discard.end());
    seen.insert(seen.end(), table.aces.begin(), table.aces.end());
    for (const auto& hand : table.hands) seen.insert(seen.end(), hand.begin(), hand.end());
    std::sort(seen.begin(), seen.end());
    if (seen != deck_cards(table.extended)) return "cards not conserved";
    for (CardId c : table.aces) {
        if (info(c).kind != Kind::ace) return "a card other than an Ace is on the Ace pile";
    }
    for (CardId c : table.discard) {
        if (info(c).kind == Kind::ace) return "an Ace is on the discard pile";
    }
    const bool playing = table.phase == Phase::draw || table.phase == Phase::discard;
    for (Seat s = 0; s < kPlayers; ++s) {
        const auto index = static_cast<std::size_t>(s);
        const std::size_t expected = kHandSize + (table.phase == Phase::discard && s == table.turn ? 1 : 0);
        if (table.hands[index].size() != expected) return "seat " + std::to_string(s) + " holds a wrong number of cards";
        for (CardId c : table.known[index]) {
            if (std::find(table.hands[index].begin(), table.hands[index].end(), c) == table.hands[index].end()) {
                return "a known card is not in its hand";
            }
        }
        if (table.scores[index] < 0) return "negative score";
    }
    if ((table.phase == Phase::discard) != table.drawn.has_value()) return "a drawn card outside the discard phase";
    if (table.turns > kMaxTurns || table.reshuffles > kMaxReshuffles) return "a stall limit was passed";
    const auto done = static_cast<int>(table.rounds.size());
    if (done != table.round - (playing ? 1 : 0)) return "round count is wrong";
    if ((table.phase == Phase::finished) != game_over(table)) return "the game ends exactly at the target or the last round";
    if (table.pause.running() != (table.phase == Phase::round_over)) return "a round pause outside a round summary";
    return {};
}

}  // namespace taol::games::bharg
