// The castors bot: remembers every card it saw (bot_memory), values each row card at its face or,
// unseen, at the mean of the unseen numbers, and plays each turn for the largest expected saving
// (bot_policy): the discard when it beats a draw, a drawn number onto its worst card, Piocher
// always, Regarder on an unknown card of its own, Échanger when it pays; it knocks when its
// expected total is low or well below every opponent's.
#include "games/castors/bot.hpp"

#include <algorithm>
#include <string>

#include "games/castors/bot_memory.hpp"
#include "games/castors/bot_policy.hpp"
#include "games/core/bot_tools.hpp"

namespace taol::games::castors {
namespace {

struct Context {
    const Json& snapshot;
    const Json& view;
    const Knowledge& k;
    const Params& params;
    Outlook o;
    bool last_turn;  // someone knocked: this is our last turn of the round
};

// The listed entry of `type`, with the knock flag asked for when there is such a twin.
const Json* entry_of(const Json& snapshot, std::string_view type, bool knock) {
    const Json* fallback = nullptr;
    for (const Json* e : listed(snapshot, type)) {
        if (e->value("knock", false) == knock) return e;
        if (!fallback) fallback = e;
    }
    return fallback;
}

// The entry filled with `values` where its template allows them (else its first choice).
Json filled(const Json& entry, const Json& values, Rng& rng) {
    if (!entry.contains("choose")) return entry;
    Json action = entry;
    action.erase("choose");
    for (const auto& [key, rule] : entry.at("choose").items()) {
        if (!rule.contains("one_of") || rule.at("one_of").empty()) return fill_template(entry, rng);
        const Json& options = rule.at("one_of");
        const bool ok =
            values.contains(key) && std::find(options.begin(), options.end(), values.at(key)) != options.end();
        action[key] = ok ? values.at(key) : options.at(0);
    }
    return action;
}

// A turn-ending action of `type`, knocking when `row` (our expected row after it) is good enough.
std::optional<Json> ending(const Context& c, std::string_view type, const std::vector<double>& row, const Json& values,
                           Rng& rng) {
    const bool knock = c.view.value("can_knock", false) && should_knock(c.k, c.o, row, c.params);
    const Json* entry = entry_of(c.snapshot, type, knock);
    if (!entry) return std::nullopt;
    return filled(*entry, values, rng);
}

std::optional<Json> simple(const Json& snapshot, std::string_view type) {
    const Json* entry = first_listed(snapshot, type);
    return entry ? std::optional<Json>(*entry) : std::nullopt;
}

// Take the discard when it saves more than a draw is expected to.
std::optional<Json> take_or_draw(const Context& c, Rng& rng) {
    const Face top = face_from_json(c.view.at("discard").at("top"));
    const int p = worst_position(c.k, c.o);
    auto row = my_values(c.k, c.o);
    const bool takable = is_number(top) && first_listed(c.snapshot, "take_discard");
    if (takable && row[p] - top > draw_gain(c.k, c.o, c.last_turn, c.params)) {
        row[p] = top;
        return ending(c, "take_discard", row, {{"position", p}}, rng);
    }
    return simple(c.snapshot, "draw");
}

bool has_unknown_card(const Knowledge& k) {
    const auto& row = k.rows.at(static_cast<std::size_t>(k.me));
    return std::any_of(row.begin(), row.end(), [](int f) { return f < 0; });
}

// Whether a drawn action card is worth playing rather than discarding.
bool worth_playing(const Context& c, Face card) {
    if (card == kPiocher) return true;  // a number card to use or not: never worse
    if (card == kRegarder) return !c.last_turn && has_unknown_card(c.k);
    return best_exchange(c.k, c.o).gain >= c.params.exchange_worth;
}

std::optional<Json> use_drawn(const Context& c, Rng& rng) {
    const Face held = c.k.held;
    auto row = my_values(c.k, c.o);
    if (is_number(held)) {
        const int p = worst_position(c.k, c.o);
        const bool unseen = c.k.rows[c.k.me][p] < 0;
        if (held < row[p] - 1e-9 || (unseen && held <= row[p])) {
            row[p] = held;
            return ending(c, "swap", row, {{"position", p}}, rng);
        }
    } else if (held >= 0 && worth_playing(c, held) && first_listed(c.snapshot, "play")) {
        return simple(c.snapshot, "play");
    }
    return ending(c, "discard", row, Json::object(), rng);
}

std::optional<Json> exchange(const Context& c, Rng& rng) {
    const Exchange ex = best_exchange(c.k, c.o);
    auto row = my_values(c.k, c.o);
    row[ex.position] = their_value(c.k.rows[ex.seat][ex.target_position], c.o);
    const Json values = {{"position", ex.position}, {"target", {{"seat", ex.seat}, {"position", ex.target_position}}}};
    return ending(c, "exchange", row, values, rng);
}

std::optional<Json> look(const Context& c, Rng& rng) {
    const auto& row = c.k.rows.at(static_cast<std::size_t>(c.k.me));
    const auto unknown = std::find_if(row.begin(), row.end(), [](int f) { return f < 0; });
    const int p = unknown == row.end() ? 0 : static_cast<int>(unknown - row.begin());
    const Json* entry = first_listed(c.snapshot, "look");
    return entry ? std::optional<Json>(filled(*entry, {{"position", p}}, rng)) : std::nullopt;
}

std::optional<Json> decide(const Context& c, const std::string& phase, Rng& rng) {
    if (phase == "peek") return simple(c.snapshot, "seen");
    if (phase == "round_over") return simple(c.snapshot, "continue");
    if (phase == "turn") return take_or_draw(c, rng);
    if (phase == "drawn") return use_drawn(c, rng);
    if (phase == "echanger") return exchange(c, rng);
    if (phase == "regarder") return look(c, rng);
    if (phase == "looked") return ending(c, "end_turn", my_values(c.k, c.o), Json::object(), rng);
    return std::nullopt;
}

// A person's pace: a quick confirmation after a look, else a usual decision.
TimeMs think_for(const std::string& phase, Rng& rng) {
    if (phase == "looked") return think_between(rng, 700, 1800);
    return human_think(rng);
}

class CastorsBot final : public Bot {
public:
    explicit CastorsBot(const Params& params) : params_(params) {}

    BotTurn step(const Json& memory, const Json& snapshot, Rng& rng) const override {
        const Knowledge k = observe(knowledge_from(memory), snapshot);
        Json next = to_json(k);
        if (snapshot.at("actions").empty() || !waited_for(snapshot)) return {std::move(next), std::nullopt, 0};
        const Json& view = snapshot.at("view");
        const std::string phase = view.at("phase").get<std::string>();
        const Context c{snapshot, view, k, params_, outlook_of(k, params_), !view.at("knocker").is_null()};
        std::optional<Json> action = decide(c, phase, rng);
        // Never stall: whatever the policy missed, some listed action goes.
        if (!action) action = fill_template(snapshot.at("actions").at(0), rng);
        return {std::move(next), std::move(action), think_for(phase, rng)};
    }

private:
    Params params_;
};

}  // namespace

const Bot& bot() {
    static const CastorsBot instance{Params{}};
    return instance;
}

}  // namespace taol::games::castors
