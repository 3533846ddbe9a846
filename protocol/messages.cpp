#include "protocol/messages.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "protocol/json_text.hpp"

namespace taol::protocol {
namespace {

using games::Result;
using Parsed = Result<ClientMessage, ProtocolError>;

// Counts Unicode code points of valid UTF-8 (the JSON parser has checked validity).
std::size_t code_points(std::string_view s) {
    return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) {
        return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    }));
}

bool has_control_chars(std::string_view s, bool allow_newlines) {
    return std::any_of(s.begin(), s.end(), [&](char c) {
        const auto u = static_cast<unsigned char>(c);
        if (allow_newlines && (c == '\n' || c == '\t')) return false;
        return u < 0x20 || u == 0x7F;
    });
}

// Characters that make a name read as another one: bidirectional overrides and isolates (a name
// that reverses what follows it) and invisible ones (zero-width spaces and joiners, the BOM).
bool has_deceptive_chars(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (n == 3 && i + 2 < s.size()) {
            const char32_t cp = ((c & 0x0Fu) << 12) | ((static_cast<unsigned char>(s[i + 1]) & 0x3Fu) << 6) |
                                (static_cast<unsigned char>(s[i + 2]) & 0x3Fu);
            if ((cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2064) ||
                (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF) {
                return true;
            }
        }
        i += n;
    }
    return false;
}

bool is_blank(std::string_view s) {
    return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\n' || c == '\t'; });
}

// Reads the fields of one message type; each failure names the field.
class FieldReader {
public:
    FieldReader(const Json& object, std::optional<std::int64_t> id) : object_(object), id_(id) {}

    ProtocolError bad(const std::string& message) const { return {ErrorCode::bad_request, message, id_}; }

    // A required string field; nullopt (with error_ set) when missing or mistyped.
    std::optional<std::string> string(const char* name, bool required = true) {
        auto it = object_.find(name);
        if (it == object_.end() || it->is_null()) {
            if (required) fail(std::string("missing field '") + name + "' (a string)");
            return std::nullopt;
        }
        if (!it->is_string()) {
            fail(std::string("field '") + name + "' must be a string");
            return std::nullopt;
        }
        return it->get<std::string>();
    }

    // An optional boolean field: nullopt when absent.
    std::optional<bool> boolean(const char* name) {
        auto it = object_.find(name);
        if (it == object_.end() || it->is_null()) return std::nullopt;
        if (!it->is_boolean()) {
            fail(std::string("field '") + name + "' must be true or false");
            return std::nullopt;
        }
        return it->get<bool>();
    }

    // A required seat number (an integer from 0; the room says whether that seat exists).
    int seat(const char* name) {
        auto it = object_.find(name);
        if (it == object_.end() || !it->is_number_integer() || it->get<std::int64_t>() < 0 ||
            it->get<std::int64_t>() > 1000) {
            fail(std::string("missing field '") + name + "' (a seat number)");
            return 0;
        }
        return it->get<int>();
    }

    // An optional object field: null when absent.
    Json object_or_null(const char* name) {
        auto it = object_.find(name);
        if (it == object_.end() || it->is_null()) return nullptr;
        if (!it->is_object()) {
            fail(std::string("field '") + name + "' must be an object");
            return nullptr;
        }
        return *it;
    }

    void fail(std::string message) {
        if (!error_) error_ = std::move(message);
    }
    const std::optional<std::string>& error() const { return error_; }

private:
    const Json& object_;
    std::optional<std::int64_t> id_;
    std::optional<std::string> error_;
};

Parsed parse_body(const std::string& type, const Json& obj, std::optional<std::int64_t> id) {
    FieldReader in(obj, id);
    auto done = [&](ClientBody body) -> Parsed {
        if (in.error()) return in.bad(*in.error());
        return ClientMessage{id, std::move(body)};
    };

    if (type == "hello") {
        Hello hello;
        hello.name = in.string("name").value_or("");
        hello.token = in.string("token", false);
        hello.deltas = in.boolean("deltas").value_or(false);
        hello.clock = in.boolean("clock").value_or(false);
        if (!in.error()) {
            if (is_blank(hello.name)) in.fail("'name' must not be empty");
            else if (code_points(hello.name) > kMaxNameChars) in.fail("'name' is longer than 32 characters");
            else if (has_control_chars(hello.name, false)) in.fail("'name' must not contain control characters");
            else if (has_deceptive_chars(hello.name)) {
                in.fail("'name' must not contain invisible or direction-changing characters");
            }
            else if (hello.token && hello.token->size() > 128) in.fail("'token' is too long");
        }
        return done(hello);
    }
    if (type == "create") {
        Create create;
        create.game = in.string("game").value_or("");
        create.options = in.object_or_null("options");
        return done(create);
    }
    if (type == "join") {
        Join join;
        join.room = in.string("room").value_or("");
        std::transform(join.room.begin(), join.room.end(), join.room.begin(),
                       [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
        const std::string as = in.string("as", false).value_or("player");
        if (as != "player" && as != "spectator") in.fail("'as' must be \"player\" or \"spectator\"");
        join.as_spectator = as == "spectator";
        return done(join);
    }
    if (type == "leave") return done(Leave{});
    if (type == "resync") return done(Resync{});
    if (type == "start") return done(Start{in.object_or_null("options")});
    if (type == "rematch") return done(Rematch{in.object_or_null("options")});
    if (type == "act") {
        Act act;
        auto action = obj.find("action");
        if (action == obj.end() || !action->is_object()) {
            in.fail("missing field 'action' (an object with a \"type\")");
        } else if (!action->contains("type") || !action->at("type").is_string()) {
            in.fail("'action' must have a string \"type\"");
        } else {
            act.action = *action;
        }
        if (auto rev = obj.find("rev"); rev != obj.end() && !rev->is_null()) {
            if (!rev->is_number_integer() || rev->get<std::int64_t>() < 0 ||
                (rev->is_number_unsigned() && rev->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))) {
                in.fail("'rev' must be a non-negative integer");
            }
            else act.rev = rev->get<std::int64_t>();
        }
        if (auto t = obj.find("t"); t != obj.end() && !t->is_null()) {
            if (!t->is_number() || !std::isfinite(t->get<double>())) in.fail("'t' must be a number (the client's clock, ms)");
            else act.t = t->get<double>();
        }
        return done(act);
    }
    if (type == "ping") {
        Ping ping;
        auto t = obj.find("t");
        if (t == obj.end() || !t->is_number()) in.fail("missing field 't' (a number: the client's time)");
        else ping.t = *t;
        return done(ping);
    }
    if (type == "chat") {
        Chat chat;
        chat.text = in.string("text").value_or("");
        if (!in.error()) {
            if (is_blank(chat.text)) in.fail("'text' must not be empty");
            else if (code_points(chat.text) > kMaxChatChars) in.fail("'text' is longer than 500 characters");
            else if (has_control_chars(chat.text, true)) in.fail("'text' must not contain control characters");
        }
        return done(chat);
    }
    if (type == "clock") {
        ClockAnswer answer;
        auto n = obj.find("n");
        auto t = obj.find("t");
        if (n == obj.end() || !n->is_number_integer()) in.fail("missing field 'n' (the probe's number)");
        else if (t == obj.end() || !t->is_number() || !std::isfinite(t->get<double>())) {
            in.fail("missing field 't' (a number: the client's clock, ms)");
        } else {
            answer.n = n->get<std::int64_t>();
            answer.t = t->get<double>();
        }
        return done(answer);
    }
    if (type == "add_bot") return done(AddBot{});
    if (type == "remove_bot" || type == "bot_for") {
        const int seat = in.seat("seat");
        if (type == "remove_bot") return done(RemoveBot{seat});
        return done(BotFor{seat});
    }
    if (type == "configure") {
        Configure configure;
        auto options = obj.find("options");
        if (options == obj.end() || !options->is_object()) in.fail("missing field 'options' (an object)");
        else configure.options = *options;
        return done(configure);
    }
    return ProtocolError{ErrorCode::unknown_type, "unknown message type '" + type + "'", id};
}

}  // namespace

int nesting_depth(std::string_view text) {
    int depth = 0;
    int deepest = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            deepest = std::max(deepest, ++depth);
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return deepest;
}

const char* to_string(ErrorCode code) {
    switch (code) {
        case ErrorCode::bad_json: return "bad_json";
        case ErrorCode::bad_request: return "bad_request";
        case ErrorCode::unknown_type: return "unknown_type";
        case ErrorCode::too_large: return "too_large";
        case ErrorCode::rate_limited: return "rate_limited";
        case ErrorCode::not_hello: return "not_hello";
        case ErrorCode::room_not_found: return "room_not_found";
        case ErrorCode::room_full: return "room_full";
        case ErrorCode::already_in_room: return "already_in_room";
        case ErrorCode::not_in_room: return "not_in_room";
        case ErrorCode::not_host: return "not_host";
        case ErrorCode::not_started: return "not_started";
        case ErrorCode::already_started: return "already_started";
        case ErrorCode::not_enough_players: return "not_enough_players";
        case ErrorCode::bad_options: return "bad_options";
        case ErrorCode::not_a_player: return "not_a_player";
        case ErrorCode::not_your_turn: return "not_your_turn";
        case ErrorCode::illegal_action: return "illegal_action";
        case ErrorCode::too_late: return "too_late";
        case ErrorCode::game_over: return "game_over";
        case ErrorCode::duplicate: return "duplicate";
        case ErrorCode::storage_error: return "storage_error";
        case ErrorCode::room_damaged: return "room_damaged";
        case ErrorCode::server_busy: return "server_busy";
    }
    return "bad_request";
}

games::Result<ClientMessage, ProtocolError> parse_client_message(std::string_view frame) {
    if (frame.size() > kMaxFrameBytes) {
        return ProtocolError{ErrorCode::too_large, "message larger than 64 KiB", std::nullopt};
    }
    if (nesting_depth(frame) > kMaxDepth) {
        return ProtocolError{ErrorCode::bad_request,
                             "message nests arrays or objects deeper than " + std::to_string(kMaxDepth) + " levels",
                             std::nullopt};
    }
    // The parser stops at a NUL byte as if the text ended there, and JSON has none outside escapes:
    // without this, `{"type":"leave"}` followed by a NUL and anything at all would be accepted.
    if (frame.find('\0') != std::string_view::npos) {
        return ProtocolError{ErrorCode::bad_json, "message is not valid JSON", std::nullopt};
    }
    Json obj = Json::parse(frame.begin(), frame.end(), nullptr, /*allow_exceptions=*/false);
    if (obj.is_discarded()) return ProtocolError{ErrorCode::bad_json, "message is not valid JSON", std::nullopt};
    if (!obj.is_object()) {
        return ProtocolError{ErrorCode::bad_request, "message must be a JSON object with a \"type\"", std::nullopt};
    }
    std::optional<std::int64_t> id;
    if (auto it = obj.find("id"); it != obj.end() && !it->is_null()) {
        // An unsigned beyond int64 would wrap to a negative id: refused like any other non-id.
        if (!it->is_number_integer() ||
            (it->is_number_unsigned() && it->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))) {
            return ProtocolError{ErrorCode::bad_request, "'id' must be an integer that fits in 64 bits", std::nullopt};
        }
        id = it->get<std::int64_t>();
    }
    auto type = obj.find("type");
    if (type == obj.end() || !type->is_string()) {
        return ProtocolError{ErrorCode::bad_request, "missing field 'type' (a string)", id};
    }
    return parse_body(type->get<std::string>(), obj, id);
}

const char* type_name(const ClientBody& body) {
    static constexpr const char* kNames[] = {"hello", "create", "join", "leave", "start",
                                             "rematch", "act", "ping", "chat", "configure", "resync",
                                             "add_bot", "remove_bot", "bot_for", "clock"};
    return kNames[body.index()];
}

Json welcome_json(const std::string& player, const std::string& token, bool resumed) {
    return Json{{"type", "welcome"}, {"player", player}, {"token", token}, {"resumed", resumed}};
}

Json room_json(const RoomInfo& room) {
    Json seats = Json::array();
    for (const SeatInfo& s : room.seats) {
        Json seat{{"seat", s.seat}, {"name", s.name}, {"connected", s.connected}};
        if (s.bot) seat["bot"] = true;
        if (!s.bot_votes.empty()) seat["bot_votes"] = s.bot_votes;
        if (s.rtt_ms) seat["rtt_ms"] = *s.rtt_ms;
        seats.push_back(std::move(seat));
    }
    Json out{{"type", "room"},         {"room", room.room},     {"game", room.game},
             {"options", room.options}, {"host", room.host},     {"status", room.status},
             {"seats", seats},          {"spectators", room.spectators}};
    if (room.interrupted) out["interrupted"] = true;
    return out;
}

Json error_json(const ErrorInfo& e) {
    Json out{{"type", "error"}, {"code", to_string(e.code)}, {"message", e.message}};
    if (e.has_winner) out["winner"] = e.winner ? Json(*e.winner) : Json(nullptr);
    if (e.margin_ms) out["margin_ms"] = *e.margin_ms;
    if (e.compensated) out["compensated"] = true;
    return out;
}

Json pong_json(const Json& t, TimeMs server_time) {
    return Json{{"type", "pong"}, {"t", t}, {"server_time", server_time}};
}

Json clock_probe_json(std::int64_t n) { return Json{{"type", "clock"}, {"n", n}}; }

Json moved_json(const std::string& room, const std::string& url) {
    return Json{{"type", "moved"}, {"room", room}, {"url", url}};
}

Json chat_json(const std::string& from, std::optional<int> seat, const std::string& text, TimeMs server_time) {
    return Json{{"type", "chat"},
                {"from", from},
                {"seat", seat ? Json(*seat) : Json(nullptr)},
                {"text", text},
                {"server_time", server_time}};
}

Json with_id(Json message, std::optional<std::int64_t> id) {
    if (id) message["id"] = *id;
    return message;
}

std::string encode(const Json& message) {
    // Replace invalid UTF-8 rather than throw: game text comes from players.
    return json_text(message);
}


}  // namespace taol::protocol
