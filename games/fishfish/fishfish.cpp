#include "games/fishfish/bot.hpp"
#include "games/fishfish/fishfish.hpp"

#include <algorithm>
#include <array>

#include "games/fishfish/table.hpp"
#include "games/fishfish/view.hpp"

namespace taol::games::fishfish {
namespace {

constexpr std::array<int, kBaitCount> kDefaultBaits = {2, 3, 3, 4, 5};

// Options are complete and checked when they reach setup; anything else falls back to the default.
std::vector<int> baits_from(const Json& options) {
    const std::vector<int> fallback(kDefaultBaits.begin(), kDefaultBaits.end());
    if (!options.is_object() || !options.contains("baits")) return fallback;
    const Json& baits = options.at("baits");
    if (!baits.is_array() || baits.size() != kDefaultBaits.size()) return fallback;
    std::vector<int> values;
    for (const Json& v : baits) {
        if (!v.is_number_integer() || v.get<long long>() < 1 || v.get<long long>() > 9) return fallback;
        values.push_back(v.get<int>());
    }
    return values;
}

// The fields an action may have besides "type"; anything else is refused.
std::optional<RuleError> unexpected_fields(const Json& action, std::initializer_list<const char*> allowed) {
    for (const auto& item : action.items()) {
        const std::string& key = item.key();  // a named variable: clang 14 cannot capture a binding
        if (key == "type") continue;
        if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; })) {
            return illegal("unexpected field \"" + key + "\"");
        }
    }
    return std::nullopt;
}

class State final : public GameState {
public:
    explicit State(Table table) : t_(std::move(table)) {}

    const Table& table() const { return t_; }

    std::unique_ptr<GameState> clone() const override { return std::make_unique<State>(t_); }

    Result<Applied> apply(Seat seat, const Json& action, TimeMs now) const override {
        if (t_.phase == Phase::finished) return RuleError{RuleCode::game_over, "the game is over"};
        if (!action.is_object() || !action.contains("type") || !action.at("type").is_string()) {
            return illegal("an action must be an object with a \"type\"");
        }
        const std::string type = action.at("type").get<std::string>();
        if (type == kContinueAction) return apply_continue(seat, action, now);
        if (t_.phase == Phase::round_over) return illegal("the round is over: continue to start the next one");
        if (type == "set_line") return apply_set_line(seat, action, now);
        if (type == "bet") return apply_bet(seat, action, now);
        return illegal("unknown action type; Fish Fish knows \"set_line\", \"bet\" and \"continue\"");
    }

    // The only game timer is the pause between rounds.
    Applied expire(TimeMs at) const override {
        if (!t_.pause.due(at)) return Applied{clone(), {}};
        Table next = t_;
        auto log = next_round(next, t_.pause.until());
        return Applied{std::make_unique<State>(std::move(next)), std::move(log)};
    }

    Json view(Viewer viewer) const override { return view_of(t_, viewer); }
    void write_view(Viewer viewer, JsonSink& out) const override { write_view_of(t_, viewer, out); }

    Json actions(Seat seat) const override { return actions_of(t_, seat); }

    // Nothing races: each line is set and bet on in turn, and the pause's continue races nobody.
    bool contested(Seat, const Json&) const override { return false; }

    std::vector<Deadline> deadlines() const override { return t_.pause.deadlines(); }

    std::vector<Seat> waiting_for() const override {
        if (t_.phase == Phase::set_line) return {t_.fisher};
        if (t_.phase == Phase::bet) return {*t_.line->to_bet};
        return t_.pause.waiting();
    }

    std::optional<Json> default_action(Seat seat) const override {
        if (t_.pause.awaits(seat)) return continue_action();
        if (t_.phase == Phase::set_line && seat == t_.fisher) {
            // A fixed card would tell everyone what the absent Fisher holds: draw it instead.
            return Json{{"type", "set_line"}, {"bait", t_.baits_left.front()}, {"catch", "random"}};
        }
        if (t_.phase == Phase::bet && seat == *t_.line->to_bet) {
            return Json{{"type", "bet"}, {"tiles", t_.last_line() ? t_.fish_at(seat)->hand : 0}};
        }
        return std::nullopt;
    }

    bool finished() const override { return t_.phase == Phase::finished; }

    Json outcome() const override {
        Json rounds = Json::array();
        for (const RoundResult& r : t_.rounds) rounds.push_back({{"fisher", r.fisher}, {"points", r.points}});
        return {{"scores", t_.scores}, {"winners", winners(t_)}, {"rounds", std::move(rounds)}};
    }

    std::string check_invariants() const override { return fishfish::check_invariants(t_); }

    std::vector<std::string> secrets_hidden_from(Viewer viewer) const override {
        return fishfish::secrets_hidden_from(t_, viewer);
    }

private:
    Result<Applied> apply_set_line(Seat seat, const Json& action, TimeMs now) const {
        if (seat != t_.fisher) return not_your_turn("only the Fisher sets a line");
        if (t_.phase != Phase::set_line) return not_your_turn("the Fish are betting on the current line");
        if (auto error = unexpected_fields(action, {"bait", "catch"})) return *error;
        if (!action.contains("bait") || !action.at("bait").is_number_integer()) {
            return illegal("set_line needs a \"bait\" value");
        }
        const long long wanted = action.at("bait").get<long long>();
        const auto held = std::find_if(t_.baits_left.begin(), t_.baits_left.end(), [&](int b) { return b == wanted; });
        if (held == t_.baits_left.end()) {
            return illegal("no bait of value " + std::to_string(wanted) + " is left in the Fisher's hand");
        }
        const int bait = *held;
        const Json catch_field = action.value("catch", Json());
        const std::string choice = catch_field.is_string() ? catch_field.get<std::string>() : "";
        if (choice != "prise" && choice != "bredouille" && choice != "random") {
            return illegal("set_line needs a \"catch\": \"prise\", \"bredouille\" or \"random\"");
        }
        Table next = t_;
        Catch card = choice == "prise" ? Catch::prise : Catch::bredouille;
        if (choice == "random") {
            // Each card left equally likely: the Prise take the first prise_left draws.
            const auto draw = next.rng.below(static_cast<std::uint64_t>(next.prise_left + next.bredouille_left));
            card = draw < static_cast<std::uint64_t>(next.prise_left) ? Catch::prise : Catch::bredouille;
        } else if (t_.cards_left(card) == 0) {
            // Only the Fisher reads this: it names the Fisher's own hand.
            return illegal(std::string("no ") + (card == Catch::prise ? "Prise" : "Bredouille") + " card is left in your hand");
        }
        auto log = set_line(next, bait, card, now);
        return Applied{std::make_unique<State>(std::move(next)), std::move(log)};
    }

    Result<Applied> apply_continue(Seat seat, const Json& action, TimeMs now) const {
        Table next = t_;
        auto all = next.pause.accept(seat, action);
        if (!all) return all.error();
        std::vector<LogEntry> log;
        if (all.value()) log = next_round(next, now);
        return Applied{std::make_unique<State>(std::move(next)), std::move(log)};
    }

    Result<Applied> apply_bet(Seat seat, const Json& action, TimeMs now) const {
        if (seat == t_.fisher) return not_your_turn("the Fisher does not bet");
        if (t_.phase != Phase::bet) return not_your_turn("wait for the Fisher to set a line");
        if (seat != *t_.line->to_bet) return not_your_turn("it is another Fish's turn to bet");
        if (auto error = unexpected_fields(action, {"tiles"})) return *error;
        if (!action.contains("tiles") || !action.at("tiles").is_number_integer()) {
            return illegal("bet needs a number of \"tiles\"");
        }
        const long long tiles = action.at("tiles").get<long long>();
        const int hand = t_.fish_at(seat)->hand;
        if (tiles < 0) return illegal("a bet cannot be negative");
        if (tiles > hand) {
            return illegal("you hold only " + std::to_string(hand) + (hand == 1 ? " tile" : " tiles"));
        }
        if (t_.last_line() && tiles != hand) {
            return illegal("on the 5th line you must bet all your " + std::to_string(hand) + " remaining tiles");
        }
        Table next = t_;
        auto log = place_bet(next, static_cast<int>(tiles), now);
        return Applied{std::make_unique<State>(std::move(next)), std::move(log)};
    }

    Table t_;
};

class FishFish final : public Game {
public:
    std::string_view id() const override { return "fishfish"; }
    std::string_view name() const override { return "Fish Fish"; }
    int min_players() const override { return 2; }
    int max_players() const override { return 8; }
    // 2: a pause after each round but the last (every seat continues, or 15 s pass).
    int rules_version() const override { return 2; }

    // The pieces of a round (the baits are an option).
    Json cards() const override {
        return {{"catch", {{{"card", to_string(Catch::prise)}, {"copies", kPriseCards}},
                           {{"card", to_string(Catch::bredouille)}, {"copies", kBredouilleCards}}}},
                {"lines", kBaitCount}, {"tiles_per_fish", kTilesPerFish}, {"points_per_capture", kPointsPerCapture}};
    }

    const Bot& bot() const override { return fishfish::bot(); }

    Json own_options() const override {
        return Json::array({{{"name", "baits"},
                             {"type", "int_list"},
                             {"default", kDefaultBaits},
                             {"min", 1},
                             {"max", 9},
                             {"length", kBaitCount},
                             {"label", {{"fr", "Valeurs des 5 appâts"}, {"en", "Values of the 5 baits"}}}}});
    }

    std::unique_ptr<GameState> setup(const Json& options, int players, std::uint64_t seed, TimeMs) const override {
        Rng draw(seed);
        const Seat first = static_cast<Seat>(draw.below(static_cast<std::uint64_t>(players)));
        // The table's own generator continues from the draw, so one seed drives the whole game.
        Table table = new_table(baits_from(options), players, seed, first);
        table.rng = draw;
        return std::make_unique<State>(std::move(table));
    }
};

}  // namespace

const Game& game() {
    static const FishFish instance;
    return instance;
}

std::unique_ptr<GameState> setup_with_first_fisher(const Json& options, int players, std::uint64_t seed,
                                                   Seat first_fisher, TimeMs) {
    return std::make_unique<State>(new_table(baits_from(options), players, seed, first_fisher));
}

const Table* table_of(const GameState& state) {
    const auto* s = dynamic_cast<const State*>(&state);
    return s ? &s->table() : nullptr;
}

std::unique_ptr<GameState> state_from(Table table) { return std::make_unique<State>(std::move(table)); }

}  // namespace taol::games::fishfish
