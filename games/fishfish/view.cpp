#include "games/fishfish/view.hpp"

#include <algorithm>

namespace taol::games::fishfish {
namespace {

// A line: its card, if `card`, as the line's catch. Keys in ascending order (json_sink.hpp).
void write_line(JsonSink& out, const Line& line, const char* card, bool current) {
    out.begin_object();
    out.field("bait", line.bait);
    out.key("bets");
    out.begin_array();
    for (const Bet& b : line.bets) {
        out.begin_object();
        out.field("seat", b.seat);
        out.field("tiles", b.tiles);
        out.end_object();
    }
    out.end_array();
    out.key("catch");
    if (card) out.string(card);
    else out.null();
    out.field("number", line.number);
    if (current) out.field("to_bet", line.to_bet);
    out.end_object();
}

void write_fish(JsonSink& out, const Table& table, const Fish& f) {
    out.begin_object();
    out.key("butin");
    out.begin_array();
    for (std::size_t i = 0; i < table.slots.size(); ++i) {
        out.begin_object();
        out.field("tiles", f.butin[i]);
        out.field("value", table.slots[i]);
        out.end_object();
    }
    out.end_array();
    out.field("seat", f.seat);
    out.field("tiles", f.hand);
    out.end_object();
}

std::vector<int> distinct(std::vector<int> values) {
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    return values;
}

// Keys come out sorted (bait, bets, catch, number, to_bet): these fragments can only come from a
// line object carrying a card it must not show.
std::string card_of_line(Catch card, int number, const char* after) {
    return std::string("\"catch\":\"") + to_string(card) + "\",\"number\":" + std::to_string(number) + after;
}

}  // namespace

void write_view_of(const Table& table, Viewer viewer, JsonSink& out) {
    const bool fisher = viewer && *viewer == table.fisher;
    out.begin_object();
    out.field("baits", table.baits);
    out.field("baits_left", table.baits_left);
    out.field("bet_order", table.bet_order);
    out.field("captured", table.captured);
    if (fisher && table.phase != Phase::finished) {
        out.key("catch_left");
        out.begin_object();
        out.field("bredouille", table.bredouille_left);
        out.field("prise", table.prise_left);
        out.end_object();
    }
    out.field("direction", table.left ? "left" : "right");
    out.key("fish");
    out.begin_array();
    for (const Fish& f : table.fish) write_fish(out, table, f);
    out.end_array();
    out.field("fisher", table.fisher);
    out.key("line");
    // The line being bet on: its card is shown to the Fisher alone.
    if (table.line) write_line(out, *table.line, fisher ? to_string(table.line->card) : nullptr, true);
    else out.null();
    out.key("lines");
    out.begin_array();
    // A finished line: its card only once revealed (a line nobody bet on keeps it hidden for ever).
    for (const Line& line : table.lines) write_line(out, line, line.revealed ? to_string(line.card) : nullptr, false);
    out.end_array();
    out.field("phase", to_string(table.phase));
    out.field("prises_revealed", table.prises_revealed);
    out.field("round", table.round);
    out.key("rounds");
    out.begin_array();
    for (const RoundResult& r : table.rounds) {
        out.begin_object();
        out.field("fisher", r.fisher);
        out.field("points", r.points);
        out.end_object();
    }
    out.end_array();
    out.field("rounds_total", table.rounds_total);
    out.field("scores", table.scores);
    out.end_object();
}

Json view_of(const Table& table, Viewer viewer) {
    return tree_of([&](JsonSink& out) { write_view_of(table, viewer, out); });
}

Json actions_of(const Table& table, Seat seat) {
    if (table.phase == Phase::round_over) return table.pause.actions(seat);
    Json actions = Json::array();
    if (table.phase == Phase::set_line && seat == table.fisher) {
        Json cards = Json::array();
        if (table.prise_left > 0) cards.push_back(to_string(Catch::prise));
        if (table.bredouille_left > 0) cards.push_back(to_string(Catch::bredouille));
        actions.push_back({{"type", "set_line"},
                           {"choose", {{"bait", {{"one_of", distinct(table.baits_left)}}},
                                       {"catch", {{"one_of", std::move(cards)}}}}}});
    } else if (table.phase == Phase::bet && table.line->to_bet == seat) {
        const int hand = table.fish_at(seat)->hand;
        if (table.last_line()) {
            actions.push_back({{"type", "bet"}, {"tiles", hand}});
        } else {
            actions.push_back({{"type", "bet"}, {"choose", {{"tiles", {{"range", {0, std::min(kTilesPerFish, hand)}}}}}}});
        }
    }
    return actions;
}

std::vector<std::string> secrets_hidden_from(const Table& table, Viewer viewer) {
    std::vector<std::string> secrets;
    const bool fisher = viewer && *viewer == table.fisher;
    if (!fisher) {
        secrets.push_back("\"catch_left\"");
        secrets.push_back("\"catch\":{\"one_of\"");  // the Fisher's own action template
        if (table.line) {
            for (Catch card : {Catch::prise, Catch::bredouille}) {
                secrets.push_back(card_of_line(card, table.line->number, ",\"to_bet\""));
            }
        }
    }
    // A line nobody bet on: hidden from everyone, the Fisher included, in views and in the log.
    for (const Line& line : table.lines) {
        if (line.revealed) continue;
        for (Catch card : {Catch::prise, Catch::bredouille}) secrets.push_back(card_of_line(card, line.number, "}"));
        secrets.push_back("\"line\":" + std::to_string(line.number) + "},\"text_key\":\"fishfish.reveal_");
    }
    return secrets;
}

}  // namespace taol::games::fishfish
