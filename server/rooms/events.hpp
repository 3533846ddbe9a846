#pragma once
// Everything that changes a room, as stamped events. A room is its creation (RoomSetup) followed by
// its events: replaying them in order rebuilds the same room, which is what a journal records.
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "games/core/game.hpp"

namespace taol::server {

using games::Json;
using games::Seat;
using games::TimeMs;

// How a room was created.
struct RoomSetup {
    std::string code;
    const games::Game* game = nullptr;
    Json options;        // completed (defaults filled in)
    TimeMs wall = 0;     // creation time: the room clock starts equal to the wall clock
};

namespace event {

// `token_hash`: the SHA-256 of the player's token, so that it can take its seat back after a restart.
struct Joined { std::string player; std::string name; bool spectator = false; std::string token_hash; };
struct Left { std::string player; };
struct Connected { std::string player; };
struct Disconnected { std::string player; };
// A new game with the current seats (start and rematch), under the game's rules version `rules`.
struct Started { Json options; std::uint64_t seed = 0; int rules = 1; };
// In a room with fair races, a compensated action's stamp (the event's `at`) is the moment its
// player acted, as its client said and the room bounded it; `arrived` is when the room took it.
struct Acted { Seat seat = 0; Json action; std::optional<TimeMs> arrived = std::nullopt; };
// The game's own deadlines due at the event's time.
struct Expired {};
// The room played a seat's default action: its turn clock ran out ("turn") or it is away ("absent").
struct Defaulted { Seat seat = 0; std::string kind; Json action; };
// A chat line (it changes nothing, but a room's journal is all that happened in it).
struct Chatted { std::string player; std::string text; };
// The host changed the room's own options (spectators' chat, how many may watch).
struct Configured { Json options; };
// Before the start, the host put a bot in the next seat; `seed` seeds its every step (bot.hpp).
struct BotSeated { std::string name; std::uint64_t seed = 0; };
// Before the start, the host took the bot of `seat` away (the seats close up).
struct BotRemoved { Seat seat = 0; };
// During a game, `player` asked that a bot play `seat`, whose player is away: the host's request
// hands it at once, another's is a vote (room.hpp, bots.cpp).
struct BotAsked { std::string player; Seat seat = 0; std::uint64_t seed = 0; };

}  // namespace event

using EventBody = std::variant<event::Joined, event::Left, event::Connected, event::Disconnected,
                               event::Started, event::Acted, event::Expired, event::Defaulted,
                               event::Chatted, event::Configured, event::BotSeated, event::BotRemoved,
                               event::BotAsked>;

struct RoomEvent {
    TimeMs at = 0;     // room clock: the stamp that orders the room
    TimeMs wall = 0;   // wall clock when the room took it (what clients are told: log times, replays)
    EventBody body;
    std::int64_t rev = 0;  // the game's rev once the event is applied (set by the room as it commits)
};

// What became of a write handed to the journal: durable, failed (nothing was recorded), or refused
// because the room belongs to another node (a new room: its code is taken).
enum class WriteResult { written, failed, owned_elsewhere };
const char* to_string(WriteResult result);
// Called exactly once with a write's result, during the call that wrote or later, on any thread.
using WriteDone = std::function<void(WriteResult)>;

// For logs and journals: "joined", "acted", ...
const char* event_name(const EventBody& body);

// Whether the event changes the game itself (a move, an expiry, a default), not the room around it.
bool is_game_event(const EventBody& body);
// The same, and whether it starts a game, for an event known by its name only (a journal's row
// before its body is read); false for a name no event has.
bool is_game_event(std::string_view name);
bool is_game_start(std::string_view name);

// An event's body as stored in a journal, and back (throws on a body that does not fit `name`).
Json event_body_json(const EventBody& body);
// The same as the text a journal stores (bad UTF-8 refused: it throws).
std::string event_body_text(const EventBody& body);
EventBody event_body_from_json(std::string_view name, const Json& json);

}  // namespace taol::server
