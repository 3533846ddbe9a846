#include "games/castors/bot.hpp"
#include "games/castors/castors.hpp"

#include "games/castors/actions.hpp"
#include "games/castors/view.hpp"

namespace taol::games::castors {
namespace {

Json label(const char* fr, const char* en) { return Json{{"fr", fr}, {"en", en}}; }

class State final : public GameState {
public:
    explicit State(Table table) : t_(std::move(table)) {}

    const Table& table() const { return t_; }

    std::unique_ptr<GameState> clone() const override { return std::make_unique<State>(t_); }

    Result<Applied> apply(Seat seat, const Json& action, TimeMs now) const override {
        Table next = t_;
        auto log = apply_action(next, seat, action, now);
        if (!log) return log.error();
        return Applied{std::make_unique<State>(std::move(next)), std::move(log.value())};
    }

    Applied expire(TimeMs at) const override {
        Table next = t_;
        Log log;
        // The pause's end deals a round whose peek may itself be due by `at`.
        if (next.pause.due(at)) next_round(next, next.pause.until(), log);
        if (next.phase == Phase::peek && next.peek_until <= at) end_peek(next, next.peek_until, log);
        return Applied{std::make_unique<State>(std::move(next)), std::move(log)};
    }

    Json view(Viewer viewer) const override { return view_of(t_, viewer); }
    void write_view(Viewer viewer, JsonSink& out) const override { write_view_of(t_, viewer, out); }
    Viewer same_view_as(Viewer viewer) const override { return castors::same_view_as(t_, viewer); }

    Json actions(Seat seat) const override { return actions_of(t_, seat); }
    void write_actions(Seat seat, JsonSink& out) const override { write_actions_of(t_, seat, out); }

    // Nothing races: turns are one seat's, and a "seen" (or continue) only ends that seat's own
    // wait early, exactly as its deadline would.
    bool contested(Seat, const Json&) const override { return false; }

    // The peek and the round pause are each unseen or waiting seat's own short window: one
    // deadline per seat they wait on, so the room gives those seats no turn clock on top.
    std::vector<Deadline> deadlines() const override {
        if (t_.phase == Phase::round_over) return t_.pause.deadlines();
        std::vector<Deadline> out;
        if (t_.phase != Phase::peek) return out;
        for (Seat s : waiting_of(t_)) out.push_back({"peek", t_.peek_until, s});
        return out;
    }

    std::vector<Seat> waiting_for() const override { return waiting_of(t_); }

    std::optional<Json> default_action(Seat seat) const override { return default_of(t_, seat); }

    bool finished() const override { return t_.phase == Phase::finished; }

    Json outcome() const override {
        Json rounds = Json::array();
        for (const RoundResult& r : t_.history) {
            rounds.push_back({{"round", r.round}, {"points", r.points}, {"winners", r.winners}});
        }
        return {{"scores", t_.totals}, {"winners", lowest(t_.totals)}, {"rounds", std::move(rounds)}};
    }

    std::string check_invariants() const override { return castors::check_invariants(t_); }

    std::vector<std::string> secrets_hidden_from(Viewer viewer) const override { return secrets_of(t_, viewer); }

private:
    Table t_;
};

class Castors final : public Game {
public:
    std::string_view id() const override { return "castors"; }
    std::string_view name() const override { return "Gang de castors"; }
    int min_players() const override { return 2; }
    int max_players() const override { return 6; }
    // 2: ids keyed from the seed, no longer from two draws of the generator (so every shuffle moved);
    // one peek deadline per seat. 3: a pause after each round but the last.
    int rules_version() const override { return 3; }

    Json cards() const override { return card_data(); }

    const Bot& bot() const override { return castors::bot(); }

    Json own_options() const override {
        return Json::array({
            {{"name", "rounds"}, {"type", "int"}, {"default", nullptr}, {"min", 1}, {"max", 12},
             {"label", label("Nombre de manches (vide : une par joueur, sans limite si un score limite est fixé)",
                             "Number of rounds (empty: one per player, no limit if a score limit is set)")}},
            {{"name", "score_limit"}, {"type", "int"}, {"default", 0}, {"min", 0}, {"max", 500},
             {"label", label("Fin de partie quand un joueur atteint ce score (0 : sans)",
                             "End the game when a player reaches this score (0: off)")}},
            {{"name", "cards"}, {"type", "int"}, {"default", 4}, {"min", 2}, {"max", 4},
             {"label", label("Cartes par joueur (2 ou 3 pour les plus jeunes)",
                             "Cards per player (2 or 3 for young players)")}},
        });
    }

    std::unique_ptr<GameState> setup(const Json& options, int players, std::uint64_t seed, TimeMs now) const override {
        return std::make_unique<State>(new_table(options, players, seed, std::nullopt, now));
    }
};

}  // namespace

const Game& game() {
    static const Castors instance;
    return instance;
}

std::unique_ptr<GameState> setup_stacked(const Json& options, int players, std::uint64_t seed, Seat dealer,
                                         const StackedDeal* stacked, TimeMs now) {
    return std::make_unique<State>(new_table(options, players, seed, dealer, now, stacked));
}

const Table* table_of(const GameState& state) {
    const auto* castors = dynamic_cast<const State*>(&state);
    return castors ? &castors->table() : nullptr;
}

std::unique_ptr<GameState> state_from(Table table) { return std::make_unique<State>(std::move(table)); }

}  // namespace taol::games::castors
