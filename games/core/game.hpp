#pragma once
// The interface every game implements. A game module is pure: no sockets, no clocks, no logging,
// no globals. Same options, seed and stamped actions give the same states, byte for byte.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/bot.hpp"
#include "games/core/json_sink.hpp"
#include "games/core/result.hpp"
#include "games/core/types.hpp"

namespace taol::games {

class GameState;

// The effect of an accepted action or of a deadline: the next state and what the log gains.
struct Applied {
    std::unique_ptr<GameState> state;
    std::vector<LogEntry> log;
};

// One game in progress. Every method is const: apply/expire return a new state, so a rejected
// action leaves the old one untouched by construction.
class GameState {
public:
    virtual ~GameState() = default;

    virtual std::unique_ptr<GameState> clone() const = 0;

    // `seat` sends `action` (a JSON object with a "type") stamped `now`.
    virtual Result<Applied> apply(Seat seat, const Json& action, TimeMs now) const = 0;

    // Applies the effect of every game deadline due at or before `at` (the room calls it with the
    // earliest deadline's own time). Afterwards no deadline <= `at` may remain.
    virtual Applied expire(TimeMs at) const = 0;

    // What `viewer` may see. The only place where secrets are stripped.
    virtual Json view(Viewer viewer) const = 0;

    // The same view written into `out` piece by piece (json_sink.hpp): the server writes every
    // viewer's frame this way after every change, as text with no tree. A game that writes its
    // view here once gets view() from it too (tree_of); by default the tree is written whole.
    virtual void write_view(Viewer viewer, JsonSink& out) const { out.value(view(viewer)); }

    // A viewer whose view is byte for byte `viewer`'s now: the spectators' (nullopt) when `viewer`
    // may see nothing they may not. The server then writes one view for both. Must agree with
    // view(): the game checks (tests/support/game_checks.cpp) compare the two. By default, itself.
    virtual Viewer same_view_as(Viewer viewer) const { return viewer; }

    // The protocol's action list for `seat` now (complete actions or "choose" templates).
    virtual Json actions(Seat seat) const = 0;

    // The same list written into `out` piece by piece, as write_view() writes the view: the server
    // lists every seat's actions after every change, as text with no tree. A game that writes them
    // here gets actions() from it too (tree_of); by default the tree is written whole.
    virtual void write_actions(Seat seat, JsonSink& out) const { out.value(actions(seat)); }

    // Whether `seat`'s `action` races other seats' actions or a closing deadline now: a grab, a
    // TEUT!, an acceptance of an offer others may accept too, anything sent against a running
    // window or bell. A room with the option fair_races orders such actions by each client's
    // compensated time rather than by arrival (PROTOCOL.md, "Fair races"). Pure; false by default.
    virtual bool contested(Seat seat, const Json& action) const { (void)seat; (void)action; return false; }

    // The game's own running timers (the room adds the turn clock and the absent clock).
    virtual std::vector<Deadline> deadlines() const = 0;

    // Seats whose decision the game is waiting for: they get the turn clock (turn_seconds) and
    // default actions when absent. Optional actions (a grab, a TEUT) do not make a seat wait.
    virtual std::vector<Seat> waiting_for() const = 0;

    // What `seat` does when its time runs out or it is away; nullopt when it has nothing to do.
    // Must be accepted by apply() whenever `seat` is in waiting_for().
    virtual std::optional<Json> default_action(Seat seat) const = 0;

    virtual bool finished() const = 0;

    // Once finished: {"scores": [per seat], "winners": [seats], ...game details}.
    virtual Json outcome() const = 0;

    // --- For tests only: never sent anywhere. ---

    // A description of any broken invariant (cards not conserved...), empty when all is well.
    virtual std::string check_invariants() const { return {}; }

    // Substrings that must not appear in anything sent to `viewer` (views, actions, log, errors):
    // the serialized form in which this game would write a value hidden from that viewer.
    virtual std::vector<std::string> secrets_hidden_from(Viewer) const { return {}; }
};

// A game's description and its setup. One static instance per game, listed in the registry.
class Game {
public:
    virtual ~Game() = default;
    virtual std::string_view id() const = 0;
    virtual std::string_view name() const = 0;
    virtual int min_players() const = 0;
    virtual int max_players() const = 0;

    // Bumped whenever the rules change how a journaled game replays (new rules, new ids, another
    // order of draws). A room records it when a game starts; a game begun under another version is
    // not replayed through today's rules (the room is restored with that game interrupted).
    virtual int rules_version() const { return 1; }

    // The game's own options, as PROTOCOL.md describes them (the common ones are added by core).
    virtual Json own_options() const = 0;

    // The game's static data that renderers draw from (card tables, prices, deck composition), as
    // JSON: pure data, the same whatever the game. Served by GET /api/games/<id> (PROTOCOL.md).
    virtual Json cards() const { return nullptr; }

    // Checks across options that the schema cannot express; options are already complete.
    virtual std::optional<std::string> check_options(const Json& /*options*/, int /*players*/) const {
        return std::nullopt;
    }

    // A new game. `options` are complete (defaults filled in, checked); `now` starts its timers.
    virtual std::unique_ptr<GameState> setup(const Json& options, int players, std::uint64_t seed,
                                             TimeMs now) const = 0;

    // The game's bot: plays a seat from that seat's snapshots alone (bot.hpp).
    virtual const Bot& bot() const = 0;

    // The /api/games entry: id, name, player counts and every option (own and common).
    Json describe() const;

    // Own and common option schemas.
    Json all_options() const;
};

}  // namespace taol::games
