#include "games/bigoudenn/bot.hpp"

#include "games/bigoudenn/bot_policy.hpp"
#include "games/core/bot_tools.hpp"

namespace taol::games::bigoudenn {
namespace {

// Memory: {"turn": number, "grabs": own grabs this turn, "seen": every seat's surface as last
// shown}. All of it comes from the snapshots, so stepping through them again rebuilds it.
Json next_memory(const Json& memory, const Json& snapshot) {
    const Json& view = snapshot.at("view");
    const int turn = view.at("turn").at("number").get<int>();
    const bool same_turn = memory.is_object() && memory.value("turn", -1) == turn;
    int grabs = same_turn ? memory.value("grabs", 0) : 0;
    const Seat me = own_seat(snapshot);
    for (const Json& entry : snapshot.at("log")) {
        const std::string key = entry.value("text_key", "");
        if (key == "bigoudenn.turn") grabs = 0;
        if (key == "bigoudenn.grab" && entry.at("params").value("seat", -1) == me) ++grabs;
    }
    Json seen = Json::array();
    const Json old = memory.is_object() ? memory.value("seen", Json::array()) : Json::array();
    for (const Json& p : view.at("players")) {
        const std::size_t s = p.at("seat").get<std::size_t>();
        const Json& shown = p.at("surface");
        seen.push_back(!shown.is_null() ? shown : s < old.size() ? old.at(s) : Json::array());
    }
    return {{"turn", turn}, {"grabs", grabs}, {"seen", std::move(seen)}};
}

bool teut_running(const Json& snapshot) { return snapshot.at("view").at("teut").is_object(); }

std::optional<Decision> decide(const BotView& v, const Json& snapshot, const Json& memory, Rng& rng) {
    const bool waited = waited_for(snapshot);
    if (waited && teut_running(snapshot)) return teut_step(v, snapshot, memory, rng);
    if (waited && v.active == v.me && !v.simplified) return full_turn(v, snapshot, rng);
    if (waited && v.active == v.me) {
        // The simplified variant lets the active player grab too: first what its takes need.
        if (auto grab = useful_grab(v, snapshot, memory.value("grabs", 0), rng)) return grab;
        return simplified_turn(v, snapshot, rng);
    }
    // Not waited for: only the optional real-time moves, when they pay.
    if (auto call = teut_call(v, snapshot, rng)) return call;
    return useful_grab(v, snapshot, memory.value("grabs", 0), rng);
}

class BigoudennBot final : public Bot {
public:
    BotTurn step(const Json& memory, const Json& snapshot, Rng& rng) const override {
        Json next = next_memory(memory, snapshot);
        if (snapshot.value("status", "playing") != "playing" || snapshot.at("actions").empty()) {
            return {std::move(next), std::nullopt, 0};
        }
        const BotView v = read_view(snapshot, next.at("seen"));
        auto decision = decide(v, snapshot, next, rng);
        if (!decision) return {std::move(next), std::nullopt, 0};
        return {std::move(next), std::move(decision->action), decision->think_ms};
    }
};

}  // namespace

const Bot& bot() {
    static const BigoudennBot instance;
    return instance;
}

}  // namespace taol::games::bigoudenn
