#include "games/fishfish/bot.hpp"

#include <algorithm>
#include <optional>
#include <vector>

#include "games/core/bot_tools.hpp"
#include "games/fishfish/bot_fish.hpp"
#include "games/fishfish/bot_fisher.hpp"
#include "games/fishfish/bot_observe.hpp"
#include "games/fishfish/table.hpp"

namespace taol::games::fishfish {
namespace {

// Plans within this many points of the best are equally good to the Fisher: drawing among them
// keeps its cards from being read off its baits.
constexpr double kFisherSlack = 0.5;

bool contains(const Json& values, const Json& v) {
    return std::find(values.begin(), values.end(), v) != values.end();
}

// A point for one opponent is worth about 1/(n-1) of a point of one's own: only the best of
// the others matters for the win. At two players it is a point for a point.
double opponent_weight(int players) { return 1.0 / std::max(1, players - 1); }

const Json* fish_entry(const Json& view, Seat seat) {
    for (const Json& f : view.at("fish")) {
        if (f.value("seat", -1) == seat) return &f;
    }
    return nullptr;
}

int revealed_lines(const Json& view) {
    int n = 0;
    for (const Json& line : view.at("lines")) n += line.at("catch").is_null() ? 0 : 1;
    return n;
}

// Chance that at least one of `seats` (Fish still holding tiles) bets on a line it may pass.
// Without a bait (a line to come), the mean of both kinds.
double someone_bets(const Json& view, const std::vector<Seat>& seats, const std::vector<SeatBuckets>& stats,
                    std::optional<int> bucket) {
    double nobody = 1;
    for (Seat s : seats) {
        const Json* f = fish_entry(view, s);
        if (f && f->value("tiles", 0) > 0 && s >= 0 && s < static_cast<int>(stats.size())) {
            const SeatBuckets& b = stats[s];
            nobody *= 1 - (bucket ? b[*bucket].bet_chance() : (b[0].bet_chance() + b[1].bet_chance()) / 2);
        }
    }
    return 1 - nobody;
}

std::optional<Json> set_line(const Json& entry, const Json& view, const std::vector<SeatBuckets>& stats, int players,
                             Rng& rng) {
    if (!view.contains("catch_left") || !entry.contains("choose")) return std::nullopt;
    FisherSituation s;
    s.baits_left = view.at("baits_left").get<std::vector<int>>();
    s.prise_left = view.at("catch_left").value("prise", 0);
    s.bredouille_left = view.at("catch_left").value("bredouille", 0);
    s.prises_revealed = view.value("prises_revealed", 0);
    s.lambda = opponent_weight(players);
    std::vector<int> all = view.at("baits").get<std::vector<int>>();
    std::sort(all.begin(), all.end());
    if (!all.empty()) s.high_above = all[all.size() / 2];
    for (const Json& f : view.at("fish")) {
        const int tiles = f.value("tiles", 0);
        const Seat seat = f.value("seat", -1);
        if (tiles <= 0 || seat < 0 || seat >= static_cast<int>(stats.size())) continue;
        const SeatBuckets& b = stats[seat];
        s.fish.push_back(FishGuess{static_cast<double>(tiles), {b[0].bet_share(), b[1].bet_share()},
                                   {b[0].bet_chance(), b[1].bet_chance()}});
    }
    const Json& baits = entry.at("choose").at("bait").at("one_of");
    const Json& cards = entry.at("choose").at("catch").at("one_of");
    std::vector<LineChoice> choices;
    for (const LineChoice& c : line_choices(s)) {
        if (contains(baits, c.bait) && contains(cards, c.prise ? "prise" : "bredouille")) choices.push_back(c);
    }
    if (choices.empty()) return std::nullopt;
    double best = choices.front().value;
    for (const LineChoice& c : choices) best = std::max(best, c.value);
    std::vector<const LineChoice*> good;
    for (const LineChoice& c : choices) {
        if (c.value >= best - kFisherSlack) good.push_back(&c);
    }
    const LineChoice& pick = *good.at(rng.below(good.size()));
    Json action = Json::object();
    action["type"] = "set_line";
    action["bait"] = pick.bait;
    action["catch"] = pick.prise ? "prise" : "bredouille";
    return action;
}

std::optional<Json> bet(const Json& entry, const Json& view, Seat seat, const std::vector<SeatBuckets>& stats,
                        int players) {
    if (!entry.contains("choose")) return entry;  // the 5th line: all in, the only bet listed
    const Json& range = entry.at("choose").at("tiles").at("range");
    const int lo = range.at(0).get<int>();
    const int hi = range.at(1).get<int>();
    const Json& line = view.at("line");
    const Json* me = fish_entry(view, seat);
    if (!line.is_object() || !me) return std::nullopt;

    FishSituation s;
    s.baits = view.at("baits").get<std::vector<int>>();
    std::sort(s.baits.begin(), s.baits.end());
    s.baits_left = view.at("baits_left").get<std::vector<int>>();
    s.bait = line.value("bait", 0);
    s.unknown = kBaitCount - revealed_lines(view);
    s.prises_hidden = kPriseCards - view.value("prises_revealed", 0);
    s.hand = me->value("tiles", 0);
    s.max_bet = hi;
    s.lambda = opponent_weight(players);

    bool already_shown = false;
    for (const Json& b : line.at("bets")) already_shown = already_shown || b.value("tiles", 0) > 0;
    const std::vector<Seat> order = view.at("bet_order").get<std::vector<Seat>>();
    const auto at = std::find(order.begin(), order.end(), seat);
    const std::vector<Seat> after(at == order.end() ? order.end() : at + 1, order.end());
    std::vector<Seat> others;
    for (Seat o : order) {
        if (o != seat) others.push_back(o);
    }
    s.reveal_now = already_shown ? 1.0 : someone_bets(view, after, stats, bait_bucket(view, s.bait));
    s.reveal_later = someone_bets(view, others, stats, std::nullopt);

    Json action = Json::object();
    action["type"] = "bet";
    action["tiles"] = std::clamp(best_bet(s), lo, hi);
    return action;
}

class FishFishBot final : public Bot {
public:
    BotTurn step(const Json& memory, const Json& snapshot, Rng& rng) const override {
        const Json& view = snapshot.at("view");
        const int players = static_cast<int>(view.at("scores").size());
        const Observed observed = observe(memory, view, players);
        Json remembered = to_memory(observed);
        const Json& actions = snapshot.at("actions");
        if (actions.empty() || !waited_for(snapshot)) return {std::move(remembered), std::nullopt, 0};

        if (const Json* go_on = first_listed(snapshot, "continue")) {
            return {std::move(remembered), *go_on, think_between(rng, 800, 2500)};
        }
        const std::vector<SeatBuckets> stats = current_stats(observed, view);
        std::optional<Json> action;
        if (const Json* entry = first_listed(snapshot, "set_line")) {
            action = set_line(*entry, view, stats, players, rng);
        } else if (const Json* entry = first_listed(snapshot, "bet")) {
            action = bet(*entry, view, own_seat(snapshot), stats, players);
        }
        // Anything unforeseen: a listed action all the same, so the table never waits on us.
        if (!action) action = fill_template(actions.at(0), rng);
        return {std::move(remembered), std::move(action), human_think(rng)};
    }
};

}  // namespace

const Bot& bot() {
    static const FishFishBot instance;
    return instance;
}

}  // namespace taol::games::fishfish
