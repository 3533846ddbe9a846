#pragma once
// The wire contract (protocol/PROTOCOL.md) as C++ types: client messages are parsed and checked
// here, at the edge, so nothing behind it ever sees malformed input; server messages are built
// here, so their shape is written once.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/core/result.hpp"

namespace taol::protocol {

using Json = nlohmann::json;
using TimeMs = std::int64_t;

constexpr std::size_t kMaxFrameBytes = 64 * 1024;
constexpr std::size_t kMaxChatChars = 500;   // Unicode code points
constexpr std::size_t kMaxNameChars = 32;
constexpr std::size_t kRoomCodeLength = 8;
// Arrays and objects nested deeper than this are refused at the edge, before they are parsed: no
// message of the protocol needs more, and parsing or copying deep nesting recurses.
constexpr int kMaxDepth = 32;
// 32 symbols without look-alikes (no 0/O, 1/I): 8 of them make 40 bits.
constexpr std::string_view kRoomCodeAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
static_assert(kRoomCodeAlphabet.size() == 32);

enum class ErrorCode {
    // message level
    bad_json, bad_request, unknown_type, too_large, rate_limited, not_hello,
    // rooms
    room_not_found, room_full, already_in_room, not_in_room, not_host, not_started, already_started,
    not_enough_players, bad_options,
    // actions
    not_a_player, not_your_turn, illegal_action, too_late, game_over, duplicate,
    // server
    storage_error, room_damaged, server_busy,
};

const char* to_string(ErrorCode code);

// ---- Client -> server ----

// deltas: the connection takes `delta` messages after its first snapshot (an addition).
// clock: the connection answers the server's clock probes, so its actions can be compensated for its
// network delay in rooms with fair races (an addition).
struct Hello { std::string name; std::optional<std::string> token; bool deltas = false; bool clock = false; };
struct Create { std::string game; Json options; };          // options: object or null
struct Join { std::string room; bool as_spectator = false; };
struct Leave {};
struct Start { Json options; };                             // object or null (keep the room's)
struct Rematch { Json options; };
// t: the client's monotonic clock, in ms, when the person acted (an addition; fair races).
struct Act { Json action; std::optional<std::int64_t> rev; std::optional<double> t; };
struct Ping { Json t; };                                    // echoed back as given (a number)
struct Chat { std::string text; };
struct Configure { Json options; };                         // an object: the room's own options
struct Resync {};                                           // a full snapshot, please (an addition)
// Bots (additions): the host fills the next seat with one or takes one away before the start; a
// seat whose player is away is handed to one during a game.
struct AddBot {};
struct RemoveBot { int seat = 0; };
struct BotFor { int seat = 0; };
// The answer to the server's clock probe `n`: the client's monotonic clock `t`, in ms (an addition).
struct ClockAnswer { std::int64_t n = 0; double t = 0; };

using ClientBody = std::variant<Hello, Create, Join, Leave, Start, Rematch, Act, Ping, Chat, Configure, Resync,
                                AddBot, RemoveBot, BotFor, ClockAnswer>;

struct ClientMessage {
    std::optional<std::int64_t> id;
    ClientBody body;
};

// Why a client message was refused. `id` is the message's id when it could be read.
struct ProtocolError {
    ErrorCode code;
    std::string message;
    std::optional<std::int64_t> id;
};

// Parses one text frame. Every way a frame can be wrong gives a named error and a plain message:
// not JSON (bad_json), too long (too_large), nested deeper than kMaxDepth, no or unknown type
// (bad_request / unknown_type), missing or mistyped fields, out-of-range values (bad_request).
games::Result<ClientMessage, ProtocolError> parse_client_message(std::string_view frame);

// How deeply the JSON text nests arrays and objects (strings are skipped), without parsing it.
int nesting_depth(std::string_view text);

// The message's type name ("hello", "act", ...), for logs and metrics.
const char* type_name(const ClientBody& body);

// ---- Server -> client ----

struct SeatInfo {
    int seat = 0;
    std::string name;
    bool connected = false;
    bool bot = false;             // a bot plays this seat (an addition)
    std::vector<int> bot_votes = {};  // who asked that a bot play it, while that vote runs (an addition)
    std::optional<int> rtt_ms = std::nullopt;  // its connection's measured round trip (an addition; fair races)
};

struct RoomInfo {
    std::string room;
    std::string game;
    Json options;
    int host = 0;
    std::string status;  // "waiting", "playing", "finished"
    std::vector<SeatInfo> seats;
    int spectators = 0;
    bool interrupted = false;  // the last game was stopped by a change of the server's rules
};

struct ErrorInfo {
    ErrorCode code;
    std::string message;
    bool has_winner = false;           // too_late only: winner present (a seat, or null for a deadline)
    std::optional<int> winner;
    std::optional<std::int64_t> margin_ms;
    bool compensated = false;          // too_late in a room with fair races: stamps compensated for delay
};

Json welcome_json(const std::string& player, const std::string& token, bool resumed);
Json room_json(const RoomInfo& room);
Json error_json(const ErrorInfo& error);
Json pong_json(const Json& t, TimeMs server_time);
// The server's clock probe `n` (fair races): the client answers at once with its own clock.
Json clock_probe_json(std::int64_t n);
// Room `room` is served by another node, at `url` ("": the address the client used).
Json moved_json(const std::string& room, const std::string& url);
Json chat_json(const std::string& from, std::optional<int> seat, const std::string& text, TimeMs server_time);

// Adds "id" when the answer is to a message that carried one.
Json with_id(Json message, std::optional<std::int64_t> id);

// A compact frame.
std::string encode(const Json& message);


}  // namespace taol::protocol
