// Room events as a journal stores them: a name and a JSON body.
#include "server/rooms/events.hpp"

#include <stdexcept>

#include "protocol/json_text.hpp"
#include "server/rooms/frames.hpp"

namespace taol::server {
namespace {

constexpr const char* kNames[] = {"joined", "left",    "connected", "disconnected", "started",
                                  "acted",  "expired", "defaulted", "chatted", "configured",
                                  "bot_seated", "bot_removed", "bot_asked"};
static_assert(std::size(kNames) == std::variant_size_v<EventBody>);

// The body type whose name is `name`, default-constructed; nullopt for a name no event has.
std::optional<EventBody> body_named(std::string_view name) {
    std::optional<EventBody> body;
    [&]<std::size_t... I>(std::index_sequence<I...>) {
        ((name == kNames[I] ? (body.emplace().emplace<I>(), true) : false) || ...);
    }(std::make_index_sequence<std::variant_size_v<EventBody>>{});
    return body;
}

EventBody blank_body(std::string_view name) {
    std::optional<EventBody> body = body_named(name);
    if (!body) throw std::runtime_error("unknown event '" + std::string(name) + "'");
    return std::move(*body);
}

}  // namespace

const char* event_name(const EventBody& body) { return kNames[body.index()]; }

bool is_game_event(const EventBody& body) {
    return std::holds_alternative<event::Acted>(body) || std::holds_alternative<event::Expired>(body) ||
           std::holds_alternative<event::Defaulted>(body);
}

bool is_game_event(std::string_view name) {
    const std::optional<EventBody> body = body_named(name);
    return body && is_game_event(*body);
}

bool is_game_start(std::string_view name) {
    const std::optional<EventBody> body = body_named(name);
    return body && std::holds_alternative<event::Started>(*body);
}

const char* to_string(WriteResult result) {
    switch (result) {
        case WriteResult::written: return "written";
        case WriteResult::failed: return "failed";
        case WriteResult::owned_elsewhere: return "owned elsewhere";
    }
    return "failed";
}

Json event_body_json(const EventBody& body) {
    return std::visit(
        Overloaded{
            [](const event::Joined& e) {
                return Json{{"player", e.player}, {"name", e.name}, {"spectator", e.spectator}, {"token_hash", e.token_hash}};
            },
            [](const event::Left& e) { return Json{{"player", e.player}}; },
            [](const event::Connected& e) { return Json{{"player", e.player}}; },
            [](const event::Disconnected& e) { return Json{{"player", e.player}}; },
            [](const event::Started& e) { return Json{{"options", e.options}, {"seed", e.seed}, {"rules", e.rules}}; },
            [](const event::Acted& e) {
                Json out{{"seat", e.seat}, {"action", e.action}};
                if (e.arrived) out["arrived"] = *e.arrived;
                return out;
            },
            [](const event::Expired&) { return Json::object(); },
            [](const event::Defaulted& e) { return Json{{"seat", e.seat}, {"kind", e.kind}, {"action", e.action}}; },
            [](const event::Chatted& e) { return Json{{"player", e.player}, {"text", e.text}}; },
            [](const event::Configured& e) { return Json{{"options", e.options}}; },
            [](const event::BotSeated& e) { return Json{{"name", e.name}, {"seed", e.seed}}; },
            [](const event::BotRemoved& e) { return Json{{"seat", e.seat}}; },
            [](const event::BotAsked& e) { return Json{{"player", e.player}, {"seat", e.seat}, {"seed", e.seed}}; },
        },
        body);
}

std::string event_body_text(const EventBody& body) {
    return protocol::json_text(event_body_json(body), protocol::BadUtf8::strict);
}

EventBody event_body_from_json(std::string_view name, const Json& j) {
    EventBody body = blank_body(name);
    std::visit(Overloaded{
                   [&](event::Joined& e) {
                       e.player = j.at("player");
                       e.name = j.at("name");
                       e.spectator = j.at("spectator");
                       e.token_hash = j.value("token_hash", "");
                   },
                   [&](event::Left& e) { e.player = j.at("player"); },
                   [&](event::Connected& e) { e.player = j.at("player"); },
                   [&](event::Disconnected& e) { e.player = j.at("player"); },
                   [&](event::Started& e) {
                       e.options = j.at("options");
                       e.seed = j.at("seed");
                       e.rules = j.value("rules", 1);  // journals from before rules versions
                   },
                   [&](event::Acted& e) {
                       e.seat = j.at("seat");
                       e.action = j.at("action");
                       if (auto arrived = j.find("arrived"); arrived != j.end()) e.arrived = arrived->get<TimeMs>();
                   },
                   [&](event::Expired&) {},
                   [&](event::Defaulted& e) {
                       e.seat = j.at("seat");
                       e.kind = j.at("kind");
                       e.action = j.at("action");
                   },
                   [&](event::Chatted& e) {
                       e.player = j.at("player");
                       e.text = j.at("text");
                   },
                   [&](event::Configured& e) { e.options = j.at("options"); },
                   [&](event::BotSeated& e) {
                       e.name = j.at("name");
                       e.seed = j.at("seed");
                   },
                   [&](event::BotRemoved& e) { e.seat = j.at("seat"); },
                   [&](event::BotAsked& e) {
                       e.player = j.at("player");
                       e.seat = j.at("seat");
                       e.seed = j.at("seed");
                   },
               },
               body);
    return body;
}

}  // namespace taol::server
