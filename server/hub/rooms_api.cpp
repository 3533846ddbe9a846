#include "server/hub/rooms_api.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

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

bool rooms_api(Hub& hub, std::string_view path, std::string_view query, std::function<void(ApiReply)> reply) {
    if (path.substr(0, kPrefix.size()) != kPrefix) return false;
    std::string_view rest = path.substr(kPrefix.size());
    const std::size_t slash = rest.find('/');
    std::string code(rest.substr(0, slash));
    std::transform(code.begin(), code.end(), code.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    const std::string_view tail = slash == std::string_view::npos ? "" : rest.substr(slash);
    if (tail != "" && tail != "/replay") return false;
    if (code.empty() || code.size() > 32) {
        reply(not_found(code));
        return true;
    }
    if (tail.empty()) {
        hub.summary(code, std::move(reply));
        return true;
    }
    const std::optional<int> index = game_number(query);
    if (!index) reply(api_error(400, "bad_request", "game must be a game number from 1"));
    else hub.replay(code, *index, std::move(reply));
    return true;
}

}  // namespace taol::server
