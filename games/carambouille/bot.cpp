#include "games/carambouille/bot.hpp"

#include "games/carambouille/bot_sale.hpp"
#include "games/carambouille/bot_trade.hpp"
#include "games/core/bot_tools.hpp"

namespace taol::games::carambouille {
namespace {

// The memory follows the round, this seat's offers, the market's last activity and the copies
// sold, from the view and the new log entries alone.
BotMemory remember(const Json& memory, const Json& snapshot) {
    BotMemory m = BotMemory::from_json(memory);
    const Json& view = snapshot.at("view");
    const int round = view.value("round", 0);
    if (round != m.round) m = {round, 0, 0, 0, m.sold};
    const Seat me = snapshot.at("seat").get<Seat>();
    for (const Json& entry : snapshot.value("log", Json::array())) {
        const std::string key = entry.value("text_key", "");
        const Json& params = entry.value("params", Json::object());
        const TimeMs at = entry.value("at", TimeMs{0});
        if (key == "carambouille.trading_open") m.open_at = at;
        if (key == "carambouille.offer" || key == "carambouille.trade") m.talk_at = at;
        if (key == "carambouille.offer" && params.value("from", -1) == me) ++m.offers;
        if (key == "carambouille.sold") {
            if (const auto kind = product_by_name(params.value("product", ""))) m.sold[*kind] += params.value("count", 0);
        }
    }
    if (view.value("phase", "") == "trading" && m.open_at == 0) m.open_at = snapshot.value("server_time", TimeMs{0});
    return m;
}

enum class Pace { reaction, race, normal };

struct Move {
    std::optional<Json> action;
    Pace pace = Pace::normal;
    TimeMs look_again = 0;
};

bool my_window(const Seen& seen) {
    const Json& sale = seen.view.value("sale", Json());
    return sale.is_object() && sale.value("reactor", -1) == seen.me;
}

std::optional<Json> listed_one(const Seen& seen, const char* type) {
    const auto all = seen.entries(type);
    if (all.empty()) return std::nullopt;
    return *all.front();
}

Move choose(const Seen& seen, const BotMemory& memory) {
    const bool selling = seen.phase == "sale" || seen.phase == "final_sale";
    if (selling && my_window(seen)) return {reaction_move(seen), Pace::reaction};
    if (auto exchange = persuasion_move(seen)) return {exchange};
    if (seen.phase == "bell") {
        if (auto ring = listed_one(seen, "ring")) return {ring};
    }
    if (seen.phase == "sale" && seen.view.value("seller", -1) == seen.me && seen.view.value("sale", Json()).is_null()) {
        return {sale_move(seen, memory)};
    }
    // A Panier raises the hand limit for every Change to come.
    if (!seen.last_round() && seen.reserve() > 0 && !selling) {
        if (auto lay = listed_one(seen, "lay_panier")) return {lay};
    }
    if (auto next = listed_one(seen, "continue")) return {next};
    const TradeMove trade = trading_move(seen, memory);
    return {trade.action, trade.quick ? Pace::race : Pace::normal, trade.look_again};
}

// Never stall when waited for: the simplest listed move (a policy gap, not a choice).
std::optional<Json> fallback(const Seen& seen) {
    for (const char* type : {"pass", "continue", "ring"}) {
        if (auto entry = listed_one(seen, type)) return entry;
    }
    for (const char* type : {"buy", "persuasion_exchange"}) {
        for (const Json* e : seen.entries(type)) {
            if (!e->contains("choose")) return *e;
        }
    }
    return std::nullopt;
}

TimeMs think_for(Pace pace, Rng& rng) {
    switch (pace) {
        case Pace::reaction: return think_between(rng, 400, 1500);
        case Pace::race: return think_between(rng, 700, 2000);
        case Pace::normal: break;
    }
    return human_think(rng);
}

class CarambouilleBot final : public Bot {
public:
    BotTurn step(const Json& memory, const Json& snapshot, Rng& rng) const override {
        const BotMemory m = remember(memory, snapshot);
        if (snapshot.at("actions").empty()) return {m.to_json(), std::nullopt, 0};
        const Seen seen(snapshot);
        Move move = choose(seen, m);
        if (!move.action && waited_for(snapshot)) move = {fallback(seen), Pace::normal};
        if (move.action) return {m.to_json(), move.action, think_for(move.pace, rng)};
        return {m.to_json(), std::nullopt, move.look_again};
    }
};

}  // namespace

const Bot& bot() {
    static const CarambouilleBot instance;
    return instance;
}

}  // namespace taol::games::carambouille
