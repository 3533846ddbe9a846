#pragma once
// Small words shared by the tests that talk to a live server.
#include <cstdint>
#include <string>

#include "server/server.hpp"
#include "tests/server/ws_client.hpp"

namespace taol::testing {

inline Json join_message(const std::string& code, const char* as) {
    return Json{{"type", "join"}, {"room", code}, {"as", as}};
}

// Sends an action, played from the snapshot of `rev`; returns the answer.
inline Json act(WsClient& client, const Json& action, std::int64_t rev) {
    return client.request({{"type", "act"}, {"action", action}, {"rev", rev}});
}

inline bool is_error(const Json& m, const char* code) { return m.at("type") == "error" && m.at("code") == code; }

// For tests that play at machine speed, far above the rate a person sends at (the limiter has
// its own test in ws_game_test.cpp).
inline server::ServerConfig machine_speed() {
    server::ServerConfig config;
    config.limits.messages_per_second = 100000;
    config.limits.burst = 100000;
    return config;
}

}  // namespace taol::testing
