#include "tests/support/race_spot.hpp"

#include "games/core/bot_tools.hpp"
#include "games/core/options.hpp"
#include "games/core/rng.hpp"
#include "games/registry.hpp"

namespace taol::testing {
namespace {

using games::GameState;
using games::Json;
using games::Seat;

constexpr int kMaxSteps = 300;  // a game without a race by then has none to offer
constexpr int kFills = 2;       // random fillings tried per template
constexpr int kRetries = 8;     // draws of another move when one would end the races

// An action apply() accepts now, and the state it leads to.
struct Move {
    Seat seat = 0;
    Json action;
    std::unique_ptr<GameState> after;
};

// Every listed action of every seat (each template filled a few times) that is accepted now.
std::vector<Move> legal_moves(const GameState& state, int players, games::Rng& rng) {
    std::vector<Move> out;
    for (Seat seat = 0; seat < players; ++seat) {
        for (const Json& entry : state.actions(seat)) {
            const int tries = entry.contains("choose") ? kFills : 1;
            for (int i = 0; i < tries; ++i) {
                Json action = games::fill_template(entry, rng);
                auto applied = state.apply(seat, action, kRaceStart);
                if (applied.ok()) out.push_back({seat, std::move(action), std::move(applied.value().state)});
            }
        }
    }
    return out;
}

// Some seat has a listed action that is contested now.
bool any_contested(const GameState& state, int players, games::Rng& rng) {
    for (Seat seat = 0; seat < players; ++seat) {
        for (const Json& entry : state.actions(seat)) {
            if (state.contested(seat, games::fill_template(entry, rng))) return true;
        }
    }
    return false;
}

bool refused(const GameState& state, Seat seat, const Json& action) {
    return !state.apply(seat, action, kRaceStart).ok();
}

// Two contested moves of different seats, each of which the other makes illegal; of one type
// (two grabs, two acceptances) when `same_type`.
std::optional<std::pair<const Move*, const Move*>> race_among(const GameState& state, const std::vector<Move>& moves,
                                                             bool same_type) {
    std::vector<const Move*> contested;
    for (const Move& m : moves) {
        if (state.contested(m.seat, m.action)) contested.push_back(&m);
    }
    for (std::size_t i = 0; i < contested.size(); ++i) {
        for (std::size_t j = i + 1; j < contested.size(); ++j) {
            const Move& x = *contested[i];
            const Move& y = *contested[j];
            if (x.seat == y.seat || (same_type && x.action.at("type") != y.action.at("type"))) continue;
            if (refused(*x.after, y.seat, y.action) && refused(*y.after, x.seat, x.action)) return std::make_pair(&x, &y);
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<RaceSpot> find_race_spot(std::string_view game_id, int players, std::uint64_t seed) {
    const games::Game* game = games::find_game(game_id);
    if (!game || players < game->min_players() || players > game->max_players()) return std::nullopt;
    auto options = games::complete_options(*game, nullptr, players);
    if (!options.ok()) return std::nullopt;
    RaceSpot spot{std::string(game_id), options.value(), players, seed, {}, 0, 0, nullptr, nullptr};
    const auto with_race = [&](const std::pair<const Move*, const Move*>& race) {
        RaceSpot found = spot;
        found.a = race.first->seat;
        found.action_a = race.first->action;
        found.b = race.second->seat;
        found.action_b = race.second->action;
        return found;
    };
    // Two actions of one type make the plainest race; the first race of two types is kept in case.
    std::optional<RaceSpot> mixed;
    std::unique_ptr<GameState> state = game->setup(spot.options, players, seed, kRaceStart);
    games::Rng rng(seed);
    for (int step = 0; step <= kMaxSteps && !state->finished(); ++step) {
        std::vector<Move> moves = legal_moves(*state, players, rng);
        if (auto race = race_among(*state, moves, true)) return with_race(*race);
        if (!mixed) {
            if (auto race = race_among(*state, moves, false)) mixed = with_race(*race);
        }
        if (moves.empty()) break;  // only a deadline would move the game on
        // A random move, but not one that ends the races on offer (a closing bell) if others remain.
        const bool racing = any_contested(*state, players, rng);
        std::size_t pick = rng.below(moves.size());
        for (int retry = 0; retry < kRetries && racing && !any_contested(*moves[pick].after, players, rng); ++retry) {
            pick = rng.below(moves.size());
        }
        Move& next = moves[pick];
        spot.prefix.emplace_back(next.seat, next.action);
        state = std::move(next.after);
    }
    return mixed;
}

std::unique_ptr<games::GameState> replay_prefix(const RaceSpot& spot) {
    const games::Game* game = games::find_game(spot.game);
    if (!game) return nullptr;
    std::unique_ptr<GameState> state = game->setup(spot.options, spot.players, spot.seed, kRaceStart);
    for (const auto& [seat, action] : spot.prefix) {
        auto applied = state->apply(seat, action, kRaceStart);
        if (!applied.ok()) return nullptr;
        state = std::move(applied.value().state);
    }
    return state;
}

}  // namespace taol::testing
