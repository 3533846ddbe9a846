// Fuzzes every game's apply and expire. The first bytes pick the game, the player count, the
// options and the seed; then each step, driven by the next bytes, lets time pass and sends from
// any seat a listed action (its template filled), a listed action mutated, raw JSON read by the
// message decoder or the seat's default action, or lets the next deadline expire.
// After each step: the invariants hold; no viewer, the spectator included, is sent a secret hidden
// from it (view, actions, the log it may read, the error it gets); a refused action changed nothing
// anyone sees; a listed complete action and the default of a seat the game waits for are accepted.
// At the end, the events replayed from their journaled text (as a restart does) give the same game.
#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "games/core/options.hpp"
#include "games/registry.hpp"
#include "protocol/messages.hpp"
#include "tests/fuzz/action_mutation.hpp"
#include "tests/fuzz/byte_reader.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/support/game_checks.hpp"

namespace {

namespace games = taol::games;
using games::Json;
using games::Seat;
using games::TimeMs;
using taol::fuzz::broken;
using taol::fuzz::ByteReader;

constexpr int kMaxSteps = 1500;

// Options from the bytes: each of the game's own either left to its default or given a value
// its schema allows (check_options may still refuse the set: then all defaults).
Json options_from(const games::Game& game, int players, ByteReader& in) {
    Json given = Json::object();
    for (const Json& spec : game.own_options()) {
        if (in.byte() % 2 == 0) continue;
        const std::string type = spec.at("type");
        const auto pick_int = [&] {
            const long long lo = spec.at("min"), hi = spec.at("max");
            return lo + static_cast<long long>(in.below(static_cast<std::size_t>(hi - lo + 1)));
        };
        Json& value = given[spec.at("name").get<std::string>()];
        if (type == "int") value = pick_int();
        else if (type == "bool") value = in.byte() % 2 == 1;
        else if (type == "enum") value = spec.at("values").at(in.below(spec.at("values").size()));
        else if (type == "int_list") {
            value = Json::array();
            for (std::size_t i = 0; i < spec.at("length").get<std::size_t>(); ++i) value.push_back(pick_int());
        }
    }
    auto completed = games::complete_options(game, given, players);
    if (!completed.ok()) completed = games::complete_options(game, nullptr, players);
    if (!completed.ok()) broken(std::string(game.id()) + ": the default options are refused");
    return completed.value();
}

struct Event {
    bool expiry = false;
    Seat seat = 0;
    std::string action;  // as the journal writes it
    TimeMs at = 0;
};

class Session {
public:
    Session(const games::Game& game, ByteReader& in) : game_(game) {
        players_ = game.min_players() + static_cast<int>(in.below(game.max_players() - game.min_players() + 1));
        options_ = options_from(game, players_, in);
        seed_ = in.word();
        state_ = game.setup(options_, players_, seed_, now_);
        checked({});
    }

    int steps() const { return step_; }

    void step(ByteReader& in) {
        ++step_;
        now_ += in.byte() * 40;  // up to 10 s pass between two messages
        expire_until(now_);
        const Seat seat = some_seat(in);
        const int kind = in.byte() % 16;
        if (kind < 8) {
            send_listed(seat, in, false);
        } else if (kind < 11) {
            send_listed(seat, in, true);
        } else if (kind < 12) {
            send_raw(seat, in);
        } else if (kind < 14) {
            if (auto d = state_->default_action(seat)) send(seat, *d, waited_for(seat), "its default");
        } else if (auto due = taol::testing::earliest_deadline(*state_)) {
            now_ = std::max(now_, *due);
            expire_until(now_);
        }
    }

    // The journaled events on a new game, as a restart replays them.
    void check_replay() const {
        auto state = game_.setup(options_, players_, seed_, taol::testing::kPlayStart);
        for (const Event& e : events_) {
            if (e.expiry) {
                state = state->expire(e.at).state;
                continue;
            }
            auto applied = state->apply(e.seat, Json::parse(e.action), e.at);
            if (!applied.ok()) broken(where() + ": a journaled action does not replay: " + e.action);
            state = std::move(applied.value().state);
        }
        if (taol::testing::fingerprint(*state, players_) != print_ || state->outcome() != state_->outcome()) {
            broken(where() + ": the replayed game differs from the one played");
        }
    }

private:
    std::string where() const {
        return std::string(game_.id()) + " players=" + std::to_string(players_) + " seed=" + std::to_string(seed_) +
               " options=" + options_.dump() + " step=" + std::to_string(step_);
    }

    bool waited_for(Seat seat) const {
        if (state_->finished()) return false;
        const auto waiting = state_->waiting_for();
        return std::find(waiting.begin(), waiting.end(), seat) != waiting.end();
    }

    // Mostly a seat the game waits for, so that games move on; any seat otherwise.
    Seat some_seat(ByteReader& in) const {
        const std::uint8_t b = in.byte();
        const auto waiting = state_->waiting_for();
        if (b < 160 && !waiting.empty()) return waiting[b % waiting.size()];
        return b % players_;
    }

    std::vector<Json> all_actions() const {
        std::vector<Json> lists;
        for (Seat s = 0; s < players_; ++s) lists.push_back(state_->actions(s));
        return lists;
    }

    // A seat with nothing to do sends what another seat may.
    void send_listed(Seat seat, ByteReader& in, bool mutated) {
        const std::vector<Json> lists = all_actions();
        const bool own = !lists[seat].empty();
        Json pool = lists[seat];
        if (!own) {
            for (const Json& list : lists) pool.insert(pool.end(), list.begin(), list.end());
        }
        if (pool.empty()) return;
        const Json& entry = pool[in.below(pool.size())];
        games::Rng rng(in.byte());
        Json action = taol::testing::fill_template(entry, rng);
        if (mutated) action = taol::fuzz::mutate_action(std::move(action), in, taol::fuzz::values_in(lists));
        const bool must = own && !mutated && !entry.contains("choose");
        send(seat, action, must, mutated ? "a mutated action" : "a listed action");
    }

    void send_raw(Seat seat, ByteReader& in) {
        const std::string frame = R"({"type":"act","action":)" + std::string(in.text(in.byte() % 128)) + "}";
        const auto message = taol::protocol::parse_client_message(frame);
        if (!message.ok()) return;
        if (const auto* act = std::get_if<taol::protocol::Act>(&message.value().body)) send(seat, act->action, false, "raw JSON");
    }

    void send(Seat seat, const Json& action, bool must_accept, const char* what) {
        const std::string sent = action.dump();
        const auto about = [&] { return where() + ": " + what + " from seat " + std::to_string(seat) + ", " + sent; };
        auto result = [&]() -> games::Result<games::Applied> {
            try {
                return state_->apply(seat, action, now_);
            } catch (const std::exception& e) {
                broken(about() + ", made apply throw: " + e.what());
            }
        }();
        if (!result.ok()) {
            const std::string& message = result.error().message;
            if (must_accept) broken(about() + ", is refused: " + message);
            // An error may quote what the seat sent (a secret it guessed), nothing else hidden from it.
            for (const std::string& secret : state_->secrets_hidden_from(seat)) {
                if (message.find(secret) != std::string::npos && sent.find(secret) == std::string::npos) {
                    broken(about() + ", is refused naming the secret " + secret + ": " + message);
                }
            }
            if (taol::testing::fingerprint(*state_, players_) != print_) broken(about() + ", refused, changed what viewers see");
            return;
        }
        events_.push_back({false, seat, sent, now_});
        state_ = std::move(result.value().state);
        checked(result.value().log);
    }

    void expire_until(TimeMs t) {
        for (int guard = 0; guard < 1000; ++guard) {
            const auto due = taol::testing::earliest_deadline(*state_);
            if (!due || *due > t) return;
            games::Applied applied;
            try {
                applied = state_->expire(*due);
            } catch (const std::exception& e) {
                broken(where() + ": expire(" + std::to_string(*due) + ") threw: " + e.what());
            }
            state_ = std::move(applied.state);
            events_.push_back({true, 0, {}, *due});
            if (std::string b = taol::testing::check_expired(*state_, *due); !b.empty()) broken(where() + ": " + b);
            checked(applied.log);
        }
        broken(where() + ": deadlines never stop expiring");
    }

    void checked(const std::vector<games::LogEntry>& log) {
        const taol::testing::StateCheck check = taol::testing::check_state(*state_, log, players_);
        if (!check.broken.empty()) broken(where() + ": " + check.broken);
        print_ = check.fingerprint;
    }

    const games::Game& game_;
    int players_ = 0;
    Json options_;
    std::uint64_t seed_ = 0;
    TimeMs now_ = taol::testing::kPlayStart;
    std::unique_ptr<games::GameState> state_;
    std::size_t print_ = 0;
    std::vector<Event> events_;
    int step_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    ByteReader in(data, size);
    const auto all = games::all_games();
    Session session(*all[in.below(all.size())], in);
    while (!in.empty() && session.steps() < kMaxSteps) session.step(in);
    session.check_replay();
    return 0;
}
