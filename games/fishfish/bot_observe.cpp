#include "games/fishfish/bot_observe.hpp"

#include <algorithm>

#include "games/fishfish/table.hpp"

namespace taol::games::fishfish {
namespace {

// Priors worth two lines each: a Fish bets about a third of what it can, one line in two.
constexpr double kPriorLines = 2.0;
constexpr double kPriorShare = 0.35;
constexpr double kPriorChance = 0.55;

bool round_over(const Json& view) {
    const std::string phase = view.value("phase", "");
    return phase == "round_over" || phase == "finished";
}

// Walks one line's bets, hands being what each seat held before it.
void add_line(const Json& view, const Json& line, std::vector<int>& hands, std::vector<SeatBuckets>& seats) {
    const bool forced = line.value("number", 0) >= kBaitCount;
    const int bucket = bait_bucket(view, line.value("bait", 0));
    for (const Json& bet : line.at("bets")) {
        const int seat = bet.value("seat", -1);
        const int tiles = bet.value("tiles", 0);
        if (seat < 0 || seat >= static_cast<int>(seats.size())) continue;
        if (!forced) {
            SeatStats& s = seats[seat][bucket];
            s.lines += 1;
            s.nonzero += tiles > 0 ? 1 : 0;
            s.tiles += tiles;
            s.cap += std::min(kTilesPerFish, hands[seat]);
        }
        hands[seat] -= tiles;
    }
}

}  // namespace

int bait_bucket(const Json& view, int bait) {
    std::vector<int> baits = view.at("baits").get<std::vector<int>>();
    if (baits.empty()) return 0;
    std::sort(baits.begin(), baits.end());
    return bait > baits[baits.size() / 2] ? 1 : 0;
}

double SeatStats::bet_share() const {
    const double cap_prior = kPriorLines * 2.0;  // about two tiles could be bet on a line
    return (tiles + kPriorShare * cap_prior) / (cap + cap_prior);
}

double SeatStats::bet_chance() const { return (nonzero + kPriorChance * kPriorLines) / (lines + kPriorLines); }

Observed observed_from(const Json& memory, int players) {
    Observed out;
    out.seats.assign(players, SeatBuckets{});
    if (!memory.is_object()) return out;
    out.folded_round = memory.value("round", 0);
    const Json& seats = memory.contains("seats") ? memory.at("seats") : Json::array();
    for (int s = 0; s < players && s < static_cast<int>(seats.size()); ++s) {
        // Eight numbers a seat: the low bucket's four, then the high one's.
        const Json& v = seats.at(s);
        if (!v.is_array() || v.size() < 8) continue;
        for (int b = 0; b < 2; ++b) {
            out.seats[s][b] = SeatStats{v.at(4 * b).get<int>(), v.at(4 * b + 1).get<int>(), v.at(4 * b + 2).get<int>(),
                                        v.at(4 * b + 3).get<int>()};
        }
    }
    return out;
}

Json to_memory(const Observed& observed) {
    Json seats = Json::array();
    for (const SeatBuckets& b : observed.seats) {
        Json v = Json::array();
        for (const SeatStats& s : b) {
            for (int n : {s.lines, s.nonzero, s.tiles, s.cap}) v.push_back(n);
        }
        seats.push_back(std::move(v));
    }
    Json out = Json::object();
    out["round"] = observed.folded_round;
    out["seats"] = std::move(seats);
    return out;
}

void add_round(const Json& view, std::vector<SeatBuckets>& seats) {
    std::vector<int> hands(seats.size(), kTilesPerFish);
    for (const Json& line : view.at("lines")) add_line(view, line, hands, seats);
    if (view.contains("line") && view.at("line").is_object()) add_line(view, view.at("line"), hands, seats);
}

Observed observe(const Json& memory, const Json& view, int players) {
    Observed out = observed_from(memory, players);
    const int round = view.value("round", 0);
    if (round_over(view) && round > out.folded_round) {
        add_round(view, out.seats);
        out.folded_round = round;
    }
    return out;
}

std::vector<SeatBuckets> current_stats(const Observed& observed, const Json& view) {
    std::vector<SeatBuckets> seats = observed.seats;
    if (view.value("round", 0) > observed.folded_round) add_round(view, seats);
    return seats;
}

}  // namespace taol::games::fishfish
