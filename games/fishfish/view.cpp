#include "games/fishfish/view.hpp"

#include <algorithm>

namespace taol::games::fishfish {
namespace {

// Views are built field by field: nlohmann's initializer lists deep-copy every value, and views
// are built for every viewer after every move.
Json bets_json(const Line& line) {
    Json bets = Json::array();
    for (const Bet& b : line.bets) {
        Json bet = Json::object();
        bet["seat"] = b.seat;
        bet["tiles"] = b.tiles;
        bets.push_back(std::move(bet));
    }
    return bets;
}

Json line_json(const Line& line, const char* card) {
    Json out = Json::object();
    out["number"] = line.number;
    out["bait"] = line.bait;
    out["bets"] = bets_json(line);
    out["catch"] = card ? Json(card) : Json(nullptr);
    return out;
}

// A finished line: its card only once revealed (a line nobody bet on keeps it hidden for ever).
Json past_line_json(const Line& line) { return line_json(line, line.revealed ? to_string(line.card) : nullptr); }

// The line being bet on: its card is shown to the Fisher alone.
Json current_line_json(const Table& table, Viewer viewer) {
    const Line& line = *table.line;
    const bool fisher = viewer && *viewer == table.fisher;
    Json out = line_json(line, fisher ? to_string(line.card) : nullptr);
    out["to_bet"] = line.to_bet ? Json(*line.to_bet) : Json(nullptr);
    return out;
}

Json fish_json(const Table& table, const Fish& f) {
    Json butin = Json::array();
    for (std::size_t i = 0; i < table.slots.size(); ++i) {
        Json slot = Json::object();
        slot["value"] = table.slots[i];
        slot["tiles"] = f.butin[i];
        butin.push_back(std::move(slot));
    }
    Json out = Json::object();
    out["seat"] = f.seat;
    out["tiles"] = f.hand;
    out["butin"] = std::move(butin);
    return out;
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

Json view_of(const Table& table, Viewer viewer) {
    Json view = Json::object();
    view["round"] = table.round;
    view["rounds_total"] = table.rounds_total;
    view["fisher"] = table.fisher;
    view["direction"] = table.left ? "left" : "right";
    view["phase"] = to_string(table.phase);
    view["baits"] = table.baits;
    view["baits_left"] = table.baits_left;
    view["prises_revealed"] = table.prises_revealed;
    view["line"] = table.line ? current_line_json(table, viewer) : Json(nullptr);
    Json& lines = view["lines"] = Json::array();
    for (const Line& line : table.lines) lines.push_back(past_line_json(line));
    view["bet_order"] = table.bet_order;
    Json& fish = view["fish"] = Json::array();
    for (const Fish& f : table.fish) fish.push_back(fish_json(table, f));
    view["captured"] = table.captured;
    view["scores"] = table.scores;
    Json& rounds = view["rounds"] = Json::array();
    for (const RoundResult& r : table.rounds) {
        Json round = Json::object();
        round["fisher"] = r.fisher;
        round["points"] = r.points;
        rounds.push_back(std::move(round));
    }
    if (viewer && *viewer == table.fisher && table.phase != Phase::finished) {
        Json& left = view["catch_left"] = Json::object();
        left["prise"] = table.prise_left;
        left["bredouille"] = table.bredouille_left;
    }
    return view;
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
