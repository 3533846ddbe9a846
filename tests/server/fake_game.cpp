#include "tests/server/fake_game.hpp"

#include "games/core/random_bot.hpp"
#include "games/core/rng.hpp"

namespace taol::testing {
namespace {

using games::Applied;
using games::Json;
using games::LogEntry;
using games::Result;
using games::Seat;
using games::TimeMs;
using games::Viewer;

class FakeState : public games::GameState {
public:
    enum class Phase { grab, turns, call, done };

    FakeState(int players, int turns, TimeMs window_ms, TimeMs call_ms, std::uint64_t seed, TimeMs now)
        : players_(players), call_ms_(call_ms), turns_left_(turns * players), scores_(players, 0) {
        games::Rng rng(seed);
        for (int s = 0; s < players; ++s) secrets_.push_back(1000 + static_cast<int>(rng.below(9000)));
        if (window_ms > 0) window_at_ = now + window_ms;
        else phase_ = Phase::turns;
    }

    std::unique_ptr<GameState> clone() const override { return std::make_unique<FakeState>(*this); }

    Result<Applied> apply(Seat seat, const Json& action, TimeMs now) const override {
        if (phase_ == Phase::done) return games::RuleError{games::RuleCode::game_over, "the game is over"};
        const std::string type = action.value("type", "");
        auto next = std::make_unique<FakeState>(*this);
        std::vector<LogEntry> log;
        if (type == "grab") {
            if (phase_ != Phase::grab) return games::illegal("the prize is gone");
            next->holder_ = seat;
            next->phase_ = Phase::turns;
            log.push_back(LogEntry{now, "fake.grab", Json{{"seat", seat}}, {}});
        } else if (type == "call") {
            // Like a TEUT!: the turn stops while the caller answers within its own time.
            if (call_ms_ == 0 || phase_ != Phase::turns || seat == turn_) return games::illegal("no call now");
            next->phase_ = Phase::call;
            next->caller_ = seat;
            next->call_at_ = now + call_ms_;
            log.push_back(LogEntry{now, "fake.call", Json{{"seat", seat}}, {}});
        } else if (type == "answer") {
            if (phase_ != Phase::call || seat != caller_) return games::not_your_turn("no call to answer");
            next->phase_ = Phase::turns;
            log.push_back(LogEntry{now, "fake.answer", Json{{"seat", seat}}, {}});
        } else if (type == "pass" || type == "bet") {
            if (phase_ != Phase::turns) return games::not_your_turn("wait for the turns");
            if (seat != turn_) return games::not_your_turn("it is seat " + std::to_string(turn_) + "'s turn");
            int amount = 0;
            if (type == "bet") {
                if (!action.contains("amount") || !action["amount"].is_number_integer()) return games::illegal("bet needs an amount");
                amount = action["amount"].get<int>();
                if (amount < 0 || amount > 3) return games::illegal("bet 0 to 3");
            }
            next->scores_[seat] += amount;
            next->turn_ = (turn_ + 1) % players_;
            if (--next->turns_left_ == 0) next->phase_ = Phase::done;
            log.push_back(LogEntry{now, "fake." + type, Json{{"seat", seat}, {"amount", amount}}, {}});
            log.push_back(LogEntry{now, "fake.note", Json{{"secret", secrets_[seat]}}, {seat}});  // private
        } else {
            return games::illegal("unknown action '" + type + "'");
        }
        return Applied{std::move(next), std::move(log)};
    }

    Applied expire(TimeMs at) const override {
        auto next = std::make_unique<FakeState>(*this);
        std::vector<LogEntry> log;
        if (phase_ == Phase::grab && at >= window_at_) {
            next->phase_ = Phase::turns;
            log.push_back(LogEntry{at, "fake.window_closed", Json::object(), {}});
        }
        if (phase_ == Phase::call && at >= call_at_) {
            next->phase_ = Phase::turns;
            log.push_back(LogEntry{at, "fake.call_lapsed", Json::object(), {}});
        }
        return Applied{std::move(next), std::move(log)};
    }

    Json view(Viewer viewer) const override {
        Json v{{"phase", static_cast<int>(phase_)}, {"turn", turn_}, {"scores", scores_},
               {"holder", holder_ ? Json(*holder_) : Json(nullptr)}, {"turns_left", turns_left_}};
        if (viewer) v["secret"] = secrets_[*viewer];
        return v;
    }

    Json actions(Seat seat) const override {
        if (phase_ == Phase::grab) return Json::array({Json{{"type", "grab"}}});
        if (phase_ == Phase::turns && seat == turn_) {
            return Json::array({Json{{"type", "pass"}},
                                Json{{"type", "bet"}, {"choose", {{"amount", {{"range", {0, 3}}}}}}}});
        }
        if (phase_ == Phase::turns && call_ms_ > 0) return Json::array({Json{{"type", "call"}}});
        if (phase_ == Phase::call && seat == caller_) return Json::array({Json{{"type", "answer"}}});
        return Json::array();
    }

    // The grab races other grabs and the window's end; a call races other seats' calls.
    bool contested(Seat, const Json& action) const override {
        const Json type = action.is_object() ? action.value("type", Json()) : Json();
        return (type == "grab" && phase_ == Phase::grab) || type == "call";
    }

    std::vector<games::Deadline> deadlines() const override {
        if (phase_ == Phase::grab) return {games::Deadline{"window", window_at_, std::nullopt}};
        if (phase_ == Phase::call) return {games::Deadline{"call", call_at_, caller_}};
        return {};
    }

    std::vector<Seat> waiting_for() const override {
        if (phase_ == Phase::turns) return {turn_};
        if (phase_ == Phase::call) return {caller_};
        return {};
    }

    std::optional<Json> default_action(Seat seat) const override {
        if (phase_ == Phase::turns && seat == turn_) return Json{{"type", "pass"}};
        if (phase_ == Phase::call && seat == caller_) return Json{{"type", "answer"}};
        return std::nullopt;
    }

    bool finished() const override { return phase_ == Phase::done; }

    Json outcome() const override {
        const int best = *std::max_element(scores_.begin(), scores_.end());
        Json winners = Json::array();
        for (int s = 0; s < players_; ++s) {
            if (scores_[s] == best) winners.push_back(s);
        }
        return Json{{"scores", scores_}, {"winners", winners}};
    }

    std::vector<std::string> secrets_hidden_from(Viewer viewer) const override {
        std::vector<std::string> out;
        for (int s = 0; s < players_; ++s) {
            if (viewer != s) out.push_back("\"secret\":" + std::to_string(secrets_[s]));
        }
        return out;
    }

private:
    int players_;
    TimeMs call_ms_ = 0;
    Seat caller_ = 0;
    TimeMs call_at_ = 0;
    Phase phase_ = Phase::grab;
    TimeMs window_at_ = 0;
    std::optional<Seat> holder_;
    Seat turn_ = 0;
    int turns_left_;
    std::vector<int> scores_;
    std::vector<int> secrets_;
};

class FakeGame : public games::Game {
public:
    explicit FakeGame(int rules_version = 1) : rules_version_(rules_version) {}

    std::string_view id() const override { return "fake"; }
    std::string_view name() const override { return "Fake"; }
    int min_players() const override { return 2; }
    int max_players() const override { return 4; }
    const games::Bot& bot() const override { return games::random_bot(); }
    Json own_options() const override {
        return Json::array({
            {{"name", "turns"}, {"type", "int"}, {"default", 2}, {"min", 1}, {"max", 100},
             {"label", {{"fr", "Tours"}, {"en", "Turns"}}}},
            {{"name", "window_seconds"}, {"type", "int"}, {"default", 10}, {"min", 0}, {"max", 60},
             {"label", {{"fr", "Fenêtre"}, {"en", "Window"}}}},
            {{"name", "call_seconds"}, {"type", "int"}, {"default", 0}, {"min", 0}, {"max", 60},
             {"label", {{"fr", "Appel"}, {"en", "Call"}}}},
        });
    }
    int rules_version() const override { return rules_version_; }
    std::unique_ptr<games::GameState> setup(const Json& options, int players, std::uint64_t seed,
                                            TimeMs now) const override {
        return std::make_unique<FakeState>(players, options.at("turns").get<int>(),
                                           options.at("window_seconds").get<TimeMs>() * 1000,
                                           options.at("call_seconds").get<TimeMs>() * 1000, seed, now);
    }

private:
    int rules_version_;
};

}  // namespace

const games::Game& fake_game() {
    static const FakeGame game;
    return game;
}

const games::Game& fake_game_with_new_rules() {
    static const FakeGame game(2);
    return game;
}

std::string fake_secret_text(const games::GameState& state, Seat seat) {
    return "\"secret\":" + std::to_string(state.view(seat).at("secret").get<int>());
}

}  // namespace taol::testing
