#include "games/carambouille/bot.hpp"
#include "games/carambouille/carambouille.hpp"

#include <algorithm>
#include <array>

#include "games/carambouille/dealing.hpp"
#include "games/carambouille/persuasion.hpp"
#include "games/carambouille/sales.hpp"
#include "games/carambouille/trading.hpp"
#include "games/carambouille/view.hpp"

namespace taol::games::carambouille {
namespace {

using Handler = Refusal (*)(Table&, Seat, const Json&, TimeMs, std::vector<LogEntry>&);

Refusal continue_round(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    auto all = table.pause.accept(seat, action);
    if (!all) return all.error();
    if (all.value()) change(table, now, log);
    return std::nullopt;
}

Refusal ring(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log) {
    if (action.size() != 1) return illegal("'ring' has no other field");
    if (seat != table.merchant) return not_your_turn("only the First Merchant rings the bell");
    if (table.phase == Phase::bell) {
        open_trading(table, now, false, log);
    } else if (table.phase == Phase::trading) {
        close_trading(table, now, false, log);
    } else {
        return illegal("the bell does not ring now");
    }
    return std::nullopt;
}

struct Route {
    std::string_view type;
    Handler handler;
};

constexpr std::array<Route, 13> kRoutes{{
    {kContinueAction, continue_round},
    {"ring", ring},
    {"offer", make_offer},
    {"accept", accept_offer},
    {"refuse", refuse_offer},
    {"withdraw", withdraw_offer},
    {"persuade", persuade},
    {"persuasion_exchange", persuasion_exchange},
    {"sell", sell},
    {"buy", buy},
    {"react", react},
    {"pass", pass},
    {"lay_panier", lay_panier},
}};

// A running timer and what it does.
struct Due {
    Deadline deadline;
    int order = 0;  // among equal times: bell, Persuasions, trading, reaction, round pause
};

std::vector<Due> due_list(const Table& table) {
    std::vector<Due> list;
    if (table.phase == Phase::bell) list.push_back({{"bell", table.phase_ends, table.merchant}, 0});
    for (const Persuasion& p : table.persuasions) list.push_back({{"persuasion", p.ends_at, p.persuader}, 1});
    if (table.phase == Phase::trading) list.push_back({{"trading", table.phase_ends, std::nullopt}, 2});
    if (table.sale) list.push_back({{"reaction", table.sale->window_ends, table.sale->reactor()}, 3});
    for (const Deadline& d : table.pause.deadlines()) list.push_back({d, 4});
    return list;
}

class State final : public GameState {
public:
    explicit State(Table table) : table_(std::move(table)) {}

    const Table& table() const { return table_; }

    std::unique_ptr<GameState> clone() const override { return std::make_unique<State>(table_); }

    Result<Applied> apply(Seat seat, const Json& action, TimeMs now) const override {
        if (table_.phase == Phase::finished) return RuleError{RuleCode::game_over, "the game is over"};
        if (seat < 0 || seat >= table_.players) return illegal("no such seat");
        if (!action.is_object() || !action.contains("type") || !action.at("type").is_string()) {
            return illegal("an action is an object with a 'type'");
        }
        const std::string type = action.at("type").get<std::string>();
        const auto route = std::find_if(kRoutes.begin(), kRoutes.end(), [&](const Route& r) { return r.type == type; });
        if (route == kRoutes.end()) return illegal("unknown action '" + type + "'");
        Table next = table_;
        std::vector<LogEntry> log;
        if (Refusal refused = route->handler(next, seat, action, now, log)) return *refused;
        return Applied{std::make_unique<State>(std::move(next)), std::move(log)};
    }

    Applied expire(TimeMs at) const override {
        Table next = table_;
        std::vector<LogEntry> log;
        for (;;) {
            auto list = due_list(next);
            const auto first = std::min_element(list.begin(), list.end(), [](const Due& a, const Due& b) {
                return a.deadline.at != b.deadline.at ? a.deadline.at < b.deadline.at : a.order < b.order;
            });
            if (first == list.end() || first->deadline.at > at) break;
            const TimeMs when = first->deadline.at;
            const std::string& kind = first->deadline.kind;
            if (kind == "bell") {
                open_trading(next, when, true, log);
            } else if (kind == "persuasion") {
                persuasion_timeout(next, *first->deadline.seat, when, log);
            } else if (kind == "trading") {
                close_trading(next, when, true, log);
            } else if (kind == kRoundOverDeadline) {
                change(next, when, log);
            } else {
                pass(next, next.sale->reactor(), Json{{"type", "pass"}}, when, log);
            }
        }
        return Applied{std::make_unique<State>(std::move(next)), std::move(log)};
    }

    Json view(Viewer viewer) const override { return view_of(table_, viewer); }
    void write_view(Viewer viewer, JsonSink& out) const override { write_view_of(table_, viewer, out); }

    Json actions(Seat seat) const override {
        if (seat < 0 || seat >= table_.players) return Json::array();
        return actions_of(table_, seat);
    }

    bool contested(Seat seat, const Json& action) const override {
        if (!action.is_object()) return false;
        const Json type = action.value("type", Json());
        // Every trading move races other traders and the closing bell; a Persuasion's exchange and
        // a reaction race their own deadlines.
        if (table_.phase == Phase::trading) return true;
        if (type == "persuasion_exchange") return table_.persuasion_of(seat) != nullptr;
        return table_.sale && table_.sale->reactor() == seat && (type == "react" || type == "pass");
    }

    std::vector<Deadline> deadlines() const override {
        std::vector<Deadline> list;
        for (const Due& d : due_list(table_)) list.push_back(d.deadline);
        return list;
    }

    std::vector<Seat> waiting_for() const override {
        std::vector<Seat> seats;
        switch (table_.phase) {
            case Phase::bell: seats.push_back(table_.merchant); break;
            // Trading waits for nobody: it ends when the First Merchant rings by choice, or at
            // trading_seconds. (Waiting for the Merchant would let its turn clock or its absence
            // ring the bell.)
            case Phase::trading: break;
            case Phase::sale:
            case Phase::final_sale: seats.push_back(table_.sale ? table_.sale->reactor() : table_.seller); break;
            case Phase::round_over: seats = table_.pause.waiting(); break;
            case Phase::closing:
            case Phase::finished: break;
        }
        for (const Persuasion& p : table_.persuasions) seats.push_back(p.persuader);
        std::sort(seats.begin(), seats.end());
        seats.erase(std::unique(seats.begin(), seats.end()), seats.end());
        return seats;
    }

    std::optional<Json> default_action(Seat seat) const override {
        const Persuasion* p = table_.persuasion_of(seat);
        if (p && p->persuader == seat) {
            return Json{{"type", "persuasion_exchange"}, {"take", Json::array()}, {"give", Json::array()}};
        }
        switch (table_.phase) {
            case Phase::bell:
                if (seat == table_.merchant) return Json{{"type", "ring"}};
                break;
            case Phase::sale:
                if (table_.sale && table_.sale->reactor() == seat) return Json{{"type", "pass"}};
                if (!table_.sale && table_.seller == seat) return Json{{"type", "buy"}, {"count", 0}};
                break;
            case Phase::final_sale:
                if (table_.sale && table_.sale->reactor() == seat) return Json{{"type", "pass"}};
                break;
            case Phase::round_over:
                if (table_.pause.awaits(seat)) return continue_action();
                break;
            case Phase::trading:
            case Phase::closing:
            case Phase::finished: break;
        }
        return std::nullopt;
    }

    bool finished() const override { return table_.phase == Phase::finished; }

    Json outcome() const override {
        const int top = *std::max_element(table_.accounts.begin(), table_.accounts.end());
        Json winners = Json::array();
        Json unsold = Json::array();
        for (Seat s = 0; s < table_.players; ++s) {
            if (table_.accounts[s] == top) winners.push_back(s);
            unsold.push_back(table_.products_of(s));
        }
        return {{"scores", table_.accounts}, {"winners", std::move(winners)}, {"unsold", std::move(unsold)},
                {"rounds", table_.round}};
    }

    std::string check_invariants() const override { return carambouille::check_invariants(table_); }

    std::vector<std::string> secrets_hidden_from(Viewer viewer) const override {
        return carambouille::secrets_hidden_from(table_, viewer);
    }

private:
    Table table_;
};

Json label(const char* fr, const char* en) { return Json{{"fr", fr}, {"en", en}}; }

TimeMs trading_ms(const Json& options) {
    return options.contains("trading_seconds") ? options.at("trading_seconds").get<TimeMs>() * 1000 : 180'000;
}

class CarambouilleGame final : public Game {
public:
    std::string_view id() const override { return "carambouille"; }
    std::string_view name() const override { return "Carambouille"; }
    int min_players() const override { return 3; }
    int max_players() const override { return 7; }
    // 2: ids from the seed's id maker (no longer drawn from the generator), fresh on every private
    // handover; trading waits for nobody; `lie` required in offers and acceptances. 3: a pause
    // between the sale and the Change.
    int rules_version() const override { return 3; }

    Json cards() const override { return card_data(); }

    const Bot& bot() const override { return carambouille::bot(); }

    Json own_options() const override {
        return Json::array({{{"name", "trading_seconds"}, {"type", "int"}, {"default", 180}, {"min", 30}, {"max", 900},
                             {"label", label("Durée des échanges (s)", "Trading time (s)")}}});
    }

    std::unique_ptr<GameState> setup(const Json& options, int players, std::uint64_t seed, TimeMs now) const override {
        Rng rng(seed);
        const Layout layout = random_layout(players, rng);
        std::vector<LogEntry> log;  // the opening round entry is implied by the first snapshot
        return std::make_unique<State>(new_table(layout, seed, rng, trading_ms(options), now, log));
    }
};

// Takes one card of the named kind from the unplaced ones.
std::optional<int> take_named(std::array<std::vector<int>, kKinds>& left, const std::string& name) {
    const auto kind = kind_by_name(name);
    if (!kind || left[*kind].empty()) return std::nullopt;
    const int card = left[*kind].front();
    left[*kind].erase(left[*kind].begin());
    return card;
}

}  // namespace

const Game& game() {
    static const CarambouilleGame instance;
    return instance;
}

std::unique_ptr<GameState> setup_stacked(const Stacked& stacked, const Json& options, std::uint64_t seed, TimeMs now) {
    std::array<std::vector<int>, kKinds> left;
    for (int card = 0; card < kAllCards; ++card) left[kind_of(card)].push_back(card);
    Layout layout;
    layout.players = stacked.players;
    layout.merchant = stacked.merchant;
    layout.accounts = stacked.accounts;
    layout.hands.assign(stacked.players, {});
    for (std::size_t s = 0; s < stacked.hands.size() && s < layout.hands.size(); ++s) {
        for (const std::string& name : stacked.hands[s]) {
            auto card = take_named(left, name);
            if (!card) return nullptr;
            layout.hands[s].push_back(*card);
        }
    }
    std::vector<int> reserve_top, stack_top;
    for (const std::string& name : stacked.reserve) {
        auto card = take_named(left, name);
        if (!card || !is_product(*card)) return nullptr;
        reserve_top.push_back(*card);
    }
    for (const std::string& name : stacked.stack) {
        auto card = take_named(left, name);
        if (!card || is_product(*card)) return nullptr;
        stack_top.push_back(*card);
    }
    for (int kind = 0; kind < kKinds; ++kind) {
        for (int card : left[kind]) {
            if (!is_product(card)) {
                layout.stack.push_back(card);
            } else if (stacked.rest_in_reserve) {
                layout.reserve.push_back(card);
            } else {
                layout.product_discard.push_back(card);
            }
        }
    }
    // Tops are at the back: the named cards come out first, in the order given.
    layout.reserve.insert(layout.reserve.end(), reserve_top.rbegin(), reserve_top.rend());
    layout.stack.insert(layout.stack.end(), stack_top.rbegin(), stack_top.rend());
    std::vector<LogEntry> log;
    return std::make_unique<State>(new_table(layout, seed, Rng(seed), trading_ms(options), now, log));
}

const Table* table_of(const GameState& state) {
    const auto* s = dynamic_cast<const State*>(&state);
    return s ? &s->table() : nullptr;
}

std::unique_ptr<GameState> state_from(Table table) { return std::make_unique<State>(std::move(table)); }

}  // namespace taol::games::carambouille
