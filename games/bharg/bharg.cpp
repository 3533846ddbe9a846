#include "games/bharg/bot.hpp"
#include "games/bharg/bharg.hpp"

#include <algorithm>

#include "games/bharg/table.hpp"
#include "games/bharg/view.hpp"

namespace taol::games::bharg {
namespace {

Json label(const char* fr, const char* en) { return Json{{"fr", fr}, {"en", en}}; }

RuleError game_over_error() { return {RuleCode::game_over, "the game is over"}; }

// Refuses any field an action of this type does not have.
std::optional<RuleError> only_fields(const Json& action, std::initializer_list<const char*> allowed) {
    for (const auto& item : action.items()) {
        const std::string& key = item.key();  // a named variable: clang 14 cannot capture a binding
        if (key == "type") continue;
        if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; })) {
            return illegal("unexpected field '" + key + "' in this action");
        }
    }
    return std::nullopt;
}

class State final : public GameState {
public:
    explicit State(Table table) : table_(std::move(table)) {}

    const Table& table() const { return table_; }

    std::unique_ptr<GameState> clone() const override { return std::make_unique<State>(*this); }

    Result<Applied> apply(Seat seat, const Json& action, TimeMs now) const override {
        if (table_.phase == Phase::finished) return game_over_error();
        if (seat < 0 || seat >= kPlayers) return illegal("no such seat");
        if (!action.is_object() || !action.contains("type") || !action.at("type").is_string()) {
            return illegal("an action is an object with a \"type\"");
        }
        const std::string type = action.at("type");
        if (type == "draw") return draw_action(seat, action, now);
        if (type == "discard") return discard_action(seat, action, now);
        if (type == kContinueAction) return continue_step(seat, action, now);
        return illegal("unknown action type '" + type + "': draw, discard or continue");
    }

    // The only game timer is the round summary's.
    Applied expire(TimeMs at) const override {
        if (!table_.pause.due(at)) return Applied{clone(), {}};
        Table table = table_;
        auto log = next_round(table, table_.pause.until());
        return Applied{std::make_unique<State>(std::move(table)), std::move(log)};
    }

    Json view(Viewer viewer) const override { return view_of(table_, viewer); }
    void write_view(Viewer viewer, JsonSink& out) const override { write_view_of(table_, viewer, out); }

    Json actions(Seat seat) const override { return actions_of(table_, seat); }

    // Nothing races: two players in strict turns, and the pause's continue races nobody.
    bool contested(Seat, const Json&) const override { return false; }

    std::vector<Deadline> deadlines() const override { return table_.pause.deadlines(); }

    std::vector<Seat> waiting_for() const override {
        switch (table_.phase) {
            case Phase::draw:
            case Phase::discard: return {table_.turn};
            case Phase::round_over: return table_.pause.waiting();
            case Phase::finished: break;
        }
        return {};
    }

    std::optional<Json> default_action(Seat seat) const override {
        const auto waiting = waiting_for();
        if (std::find(waiting.begin(), waiting.end(), seat) == waiting.end()) return std::nullopt;
        switch (table_.phase) {
            case Phase::draw: return Json{{"type", "draw"}, {"from", "deck"}};
            case Phase::discard: return Json{{"type", "discard"}, {"card", info(best_discard(table_)).name}};
            case Phase::round_over: return continue_action();
            case Phase::finished: break;
        }
        return std::nullopt;
    }

    bool finished() const override { return table_.phase == Phase::finished; }

    Json outcome() const override {
        if (!finished()) return Json{{"scores", table_.scores}, {"winners", Json::array()}};
        const int top = *std::max_element(table_.scores.begin(), table_.scores.end());
        Json rounds = view_of(table_, std::nullopt).at("rounds");
        return Json{{"scores", table_.scores},
                    {"winners", winners(table_)},
                    {"reason", top >= table_.target ? "target" : "rounds"},
                    {"target", table_.target},
                    {"rounds", std::move(rounds)}};
    }

    std::string check_invariants() const override { return bharg::check_invariants(table_); }

    std::vector<std::string> secrets_hidden_from(Viewer viewer) const override {
        return bharg::secrets_hidden_from(table_, viewer);
    }

private:
    Result<Applied> next(Table table, std::vector<LogEntry> log) const {
        return Applied{std::make_unique<State>(std::move(table)), std::move(log)};
    }

    std::optional<RuleError> check_turn(Seat seat) const {
        if (table_.phase == Phase::round_over) return illegal("the round is over: close the summary to deal the next one");
        if (seat != table_.turn) return not_your_turn("it is the other player's turn");
        return std::nullopt;
    }

    Result<Applied> draw_action(Seat seat, const Json& action, TimeMs now) const {
        if (auto error = check_turn(seat)) return *error;
        if (auto error = only_fields(action, {"from"})) return *error;
        if (table_.phase != Phase::draw) return illegal("you have already drawn: discard a card");
        const Json& from = action.value("from", Json());
        if (from != "deck" && from != "discard") return illegal("draw needs \"from\": \"deck\" or \"discard\"");
        const Source source = from == "deck" ? Source::deck : Source::discard;
        if (source == Source::discard && table_.discard.empty()) return illegal("the discard pile is empty");
        Table table = table_;
        auto log = bharg::draw(table, source, now);
        return next(std::move(table), std::move(log));
    }

    Result<Applied> discard_action(Seat seat, const Json& action, TimeMs now) const {
        if (auto error = check_turn(seat)) return *error;
        if (auto error = only_fields(action, {"card"})) return *error;
        if (table_.phase != Phase::discard) return illegal("draw a card first");
        if (!action.contains("card") || !action.at("card").is_string()) return illegal("discard needs a \"card\" name");
        const auto card = find_card(action.at("card").get<std::string>());
        const auto& hand = table_.hands[static_cast<std::size_t>(seat)];
        if (!card || std::find(hand.begin(), hand.end(), *card) == hand.end()) {
            return illegal("that card is not in your hand");
        }
        Table table = table_;
        auto log = bharg::discard(table, *card, now);
        return next(std::move(table), std::move(log));
    }

    Result<Applied> continue_step(Seat seat, const Json& action, TimeMs now) const {
        if (table_.phase != Phase::round_over) return illegal("there is no round summary to close");
        Table table = table_;
        auto all = table.pause.accept(seat, action);
        if (!all) return all.error();
        std::vector<LogEntry> log;
        if (all.value()) log = next_round(table, now);
        return next(std::move(table), std::move(log));
    }

    Table table_;
};

Extended extended_of(const Json& options) {
    return parse_extended(options.value("extended", std::string("none"))).value_or(Extended::none);
}

class BhargGame final : public Game {
public:
    std::string_view id() const override { return "bharg"; }
    std::string_view name() const override { return "Bharg"; }
    int min_players() const override { return kPlayers; }
    int max_players() const override { return kPlayers; }
    // 2: the round summary is closed with `continue` (was `ready`) and closes itself after 15 s.
    int rules_version() const override { return 2; }

    const Bot& bot() const override { return bharg::bot(); }

    Json own_options() const override {
        return Json::array({
            {{"name", "target"}, {"type", "int"}, {"default", 50}, {"min", 10}, {"max", 200},
             {"label", label("Points pour gagner", "Points to win")}},
            {{"name", "extended"}, {"type", "enum"}, {"default", "none"}, {"values", {"none", "pawns", "courts"}},
             {"label", label("Paquet étendu (aucun, Excuse et Pions, Excuse et Cours)",
                             "Extended deck (none, Excuse and Pawns, Excuse and Courts)")}},
        });
    }

    Json cards() const override { return card_data(); }

    std::optional<std::string> check_options(const Json&, int players) const override {
        if (players != kPlayers) return "Bharg is played by exactly 2 players";
        return std::nullopt;
    }

    std::unique_ptr<GameState> setup(const Json& options, int, std::uint64_t seed, TimeMs) const override {
        return std::make_unique<State>(new_table(extended_of(options), options.value("target", 50), seed));
    }
};

}  // namespace

const Game& game() {
    static const BhargGame instance;
    return instance;
}

Result<std::unique_ptr<GameState>, std::string> setup_layout(const Json& options, const Layout& layout,
                                                             std::uint64_t seed) {
    using Error = std::string;
    Table table;
    table.extended = extended_of(options);
    table.target = options.value("target", 50);
    table.rng = Rng(seed);
    if (layout.dealer < 0 || layout.dealer >= kPlayers) return Error("no such dealer");
    if (layout.round < 1 || layout.round > kMaxRounds) return Error("round out of range");
    std::vector<CardId> unused = deck_cards(table.extended);
    std::string error;
    auto take = [&](const std::vector<std::string>& names, std::vector<CardId>& into) {
        for (const std::string& name : names) {
            const auto card = find_card(name);
            const auto it = card ? std::find(unused.begin(), unused.end(), *card) : unused.end();
            if (it == unused.end()) {
                error = "card '" + name + "' is unknown, not in this deck or placed twice";
                return;
            }
            into.push_back(*card);
            unused.erase(it);
        }
    };
    for (std::size_t s = 0; s < kPlayers; ++s) take(layout.hands[s], table.hands[s]);
    take(layout.aces, table.aces);
    std::vector<CardId> deck_top;
    take(layout.deck, deck_top);
    take(layout.discard, table.discard);
    if (!error.empty()) return error;
    if (table.hands[0].size() != kHandSize || table.hands[1].size() != kHandSize) return Error("hands need 7 cards");
    // Piles keep their top at the back; the rest goes under the chosen pile.
    std::vector<CardId>& rest_pile = layout.rest_in_deck ? table.deck : table.discard;
    rest_pile.insert(rest_pile.begin(), unused.begin(), unused.end());
    table.deck.insert(table.deck.end(), deck_top.rbegin(), deck_top.rend());
    table.dealer = layout.dealer;
    table.turn = 1 - layout.dealer;
    table.round = layout.round;
    for (int r = 1; r < layout.round; ++r) table.rounds.push_back(RoundRecord{r, (layout.dealer + r) % 2, std::nullopt, 0, RoundEnd::turns});
    table.scores = layout.scores;
    table.phase = Phase::draw;
    if (std::string broken = bharg::check_invariants(table); !broken.empty()) return Error("bad layout: " + broken);
    return std::unique_ptr<GameState>(std::make_unique<State>(std::move(table)));
}

const Table* table_of(const GameState& state) {
    const auto* s = dynamic_cast<const State*>(&state);
    return s ? &s->table() : nullptr;
}

std::unique_ptr<GameState> state_from(Table table) { return std::make_unique<State>(std::move(table)); }

}  // namespace taol::games::bharg
