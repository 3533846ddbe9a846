#include "server/room_api.hpp"

#include <charconv>

#include "games/registry.hpp"

namespace taol::server {
namespace {

constexpr std::string_view kPrefix = "/api/rooms/";

// N of "game=N" in `query`: 0 when absent, nullopt when malformed.
std::optional<int> game_number(std::string_view query) {
    for (std::size_t start = 0; start <= query.size();) {
        const std::size_t end = std::min(query.find('&', start), query.size());
        const std::string_view pair = query.substr(start, end - start);
        if (pair.substr(0, 5) == "game=") {
            int n = 0;
            const std::string_view digits = pair.substr(5);
            const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
            if (ec != std::errc() || ptr != digits.data() + digits.size() || n < 1) return std::nullopt;
            return n;
        }
        start = end + 1;
    }
    return 0;
}

ApiReply not_found(std::string_view code) {
    return api_error(404, "room_not_found", "no room has the code '" + std::string(code) + "'");
}

}  // namespace

std::optional<ApiReply> rooms_api(Hub& hub, Journal* journal, std::string_view path, std::string_view query) {
    if (path.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
    std::string_view rest = path.substr(kPrefix.size());
    const std::size_t slash = rest.find('/');
    const std::string code(rest.substr(0, slash));
    const std::string_view tail = slash == std::string_view::npos ? "" : rest.substr(slash);
    if (code.empty() || code.size() > 32) return not_found(code);
    if (tail.empty()) {
        std::optional<Json> summary = hub.summary(code);
        if (!summary) return not_found(code);
        return ApiReply{200, std::move(*summary)};
    }
    if (tail != "/replay") return std::nullopt;
    const std::optional<int> index = game_number(query);
    if (!index) return api_error(400, "bad_request", "game must be a game number from 1");
    std::optional<StoredRoom> stored = journal ? journal->load(code) : std::nullopt;
    if (!stored) return not_found(code);
    const games::Game* game = games::find_game(stored->game);
    if (!game) return api_error(500, "storage_error", "this room's game is not known to this server");
    try {
        return replay_reply(*stored, *game, *index);
    } catch (const std::exception& e) {
        return api_error(500, "storage_error", std::string("this room's journal does not replay: ") + e.what());
    }
}

}  // namespace taol::server
