#include "server/net/http_routes.hpp"

#include <map>

#include <boost/beast/version.hpp>

#include "games/registry.hpp"
#include "server/net/static_files.hpp"

namespace taol::server {
namespace http = boost::beast::http;

namespace {

int hex_value(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

template <class Body>
void common_headers(http::response<Body>& res, std::string_view type) {
    res.set(http::field::server, "taol");
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, "no-cache");
    res.set("X-Content-Type-Options", "nosniff");
}

http::message_generator text(const HttpRequest& req, http::status status, std::string body,
                             std::string_view type = "text/plain; charset=utf-8") {
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> res{status, req.version()};
        common_headers(res, type);
        res.content_length(body.size());
        res.keep_alive(req.keep_alive());
        return res;
    }
    http::response<http::string_body> res{status, req.version()};
    common_headers(res, type);
    res.keep_alive(req.keep_alive());
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

http::message_generator file(const HttpRequest& req, const std::filesystem::path& path) {
    boost::beast::error_code ec;
    http::file_body::value_type body;
    body.open(path.c_str(), boost::beast::file_mode::scan, ec);
    if (ec) return text(req, http::status::not_found, "not found\n");
    const auto size = body.size();
    const std::string name = path.filename().string();
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> res{http::status::ok, req.version()};
        common_headers(res, mime_type(name));
        res.content_length(size);
        res.keep_alive(req.keep_alive());
        return res;
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, req.version())};
    common_headers(res, mime_type(name));
    res.content_length(size);
    res.keep_alive(req.keep_alive());
    return res;
}

// A resource sent as it is, in the best encoding the client takes; 304 when it holds this version.
http::message_generator represented(const HttpRequest& req, const Representations& r) {
    const Encoding encoding = r.choose(req[http::field::accept_encoding]);
    const auto validators = [&](auto& res) {
        res.set(http::field::etag, r.etag(encoding));
        if (r.compressed()) res.set(http::field::vary, "Accept-Encoding");
        res.keep_alive(req.keep_alive());
    };
    if (r.matches(req[http::field::if_none_match])) {
        http::response<http::empty_body> res{http::status::not_modified, req.version()};
        common_headers(res, r.type);
        validators(res);
        return res;
    }
    const std::string& body = r.body(encoding);
    const auto headers = [&](auto& res) {
        common_headers(res, r.type);
        validators(res);
        if (encoding != Encoding::identity) res.set(http::field::content_encoding, encoding_name(encoding));
        res.content_length(body.size());
    };
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> res{http::status::ok, req.version()};
        headers(res);
        return res;
    }
    http::response<http::string_body> res{http::status::ok, req.version()};
    headers(res);
    res.body() = body;
    return res;
}

// GET /api/games: every game's entry.
const Representations& games_list() {
    static const Representations list = [] {
        nlohmann::json all = nlohmann::json::array();
        for (const games::Game* game : games::all_games()) all.push_back(game->describe());
        return represent(all.dump(), "application/json");
    }();
    return list;
}

// GET /api/games/<id>: the game's entry with its static card data; nullptr for no such game.
const Representations* game_entry(std::string_view id) {
    static const std::map<std::string, Representations, std::less<>> entries = [] {
        std::map<std::string, Representations, std::less<>> out;
        for (const games::Game* game : games::all_games()) {
            nlohmann::json entry = game->describe();
            entry["cards"] = game->cards();
            out.emplace(std::string(game->id()), represent(entry.dump(), "application/json"));
        }
        return out;
    }();
    const auto it = entries.find(id);
    return it == entries.end() ? nullptr : &it->second;
}

// "/r/<CODE>" and "/replay/<CODE>": the client page, which opens that room or its replay.
bool is_room_link(std::string_view path) {
    for (const std::string_view prefix : {std::string_view("/r/"), std::string_view("/replay/")}) {
        if (path.substr(0, prefix.size()) != prefix) continue;
        const std::string_view code = path.substr(prefix.size());
        return !code.empty() && code.size() <= 32 && code.find('/') == std::string_view::npos;
    }
    return false;
}

// Whether `path` resolves (symlinks included) to a regular file inside `root`.
bool inside(const std::filesystem::path& root, const std::filesystem::path& path) {
    std::error_code ec;
    const auto real_root = std::filesystem::canonical(root, ec);
    if (ec) return false;
    const auto real = std::filesystem::canonical(path, ec);
    if (ec || !std::filesystem::is_regular_file(real, ec)) return false;
    auto r = real_root.begin();
    auto p = real.begin();
    for (; r != real_root.end(); ++r, ++p) {
        if (p == real.end() || *p != *r) return false;
    }
    return true;
}

}  // namespace

std::optional<std::string> safe_path(std::string_view target) {
    const std::string_view raw = target.substr(0, target.find('?'));
    if (raw.empty() || raw.front() != '/') return std::nullopt;
    std::string path;
    for (std::size_t i = 0; i < raw.size(); ++i) {
        if (raw[i] != '%') {
            path.push_back(raw[i]);
            continue;
        }
        if (i + 2 >= raw.size()) return std::nullopt;
        const int hi = hex_value(raw[i + 1]);
        const int lo = hex_value(raw[i + 2]);
        if (hi < 0 || lo < 0) return std::nullopt;
        path.push_back(static_cast<char>(hi * 16 + lo));
        i += 2;
    }
    if (path.find('\0') != std::string::npos || path.find('\\') != std::string::npos) return std::nullopt;
    std::size_t start = 1;
    while (start <= path.size()) {
        const std::size_t end = std::min(path.find('/', start), path.size());
        const std::string_view segment = std::string_view(path).substr(start, end - start);
        if (segment == ".." || segment == "." || (segment.empty() && end < path.size())) return std::nullopt;
        start = end + 1;
    }
    return path;
}

std::string_view mime_type(std::string_view path) {
    const auto dot = path.rfind('.');
    const std::string_view ext = dot == std::string_view::npos ? "" : path.substr(dot + 1);
    if (ext == "html" || ext == "htm") return "text/html; charset=utf-8";
    if (ext == "js" || ext == "mjs") return "text/javascript; charset=utf-8";
    if (ext == "css") return "text/css; charset=utf-8";
    if (ext == "svg") return "image/svg+xml";
    if (ext == "png") return "image/png";
    if (ext == "json") return "application/json";
    if (ext == "ico") return "image/x-icon";
    if (ext == "woff2") return "font/woff2";
    if (ext == "txt" || ext == "md") return "text/plain; charset=utf-8";
    return "application/octet-stream";
}

http::message_generator json_answer(const HttpRequest& request, int status, std::string body) {
    return text(request, static_cast<http::status>(status), std::move(body), "application/json");
}

std::optional<ApiRequest> api_request(const HttpRequest& req) {
    if (req.method() != http::verb::get && req.method() != http::verb::head) return std::nullopt;
    std::optional<std::string> path = safe_path(req.target());
    if (!path || path->rfind("/api/rooms/", 0) != 0) return std::nullopt;
    const std::string_view target = req.target();
    const std::size_t question = target.find('?');
    return ApiRequest{std::move(*path), question == std::string_view::npos ? "" : std::string(target.substr(question + 1))};
}

http::message_generator handle_http(const HttpContext& context, HttpRequest&& req) {
    if (req.method() != http::verb::get && req.method() != http::verb::head) {
        return text(req, http::status::method_not_allowed, "only GET and HEAD\n");
    }
    const std::optional<std::string> path = safe_path(req.target());
    if (!path) return text(req, http::status::bad_request, "bad path\n");
    if (*path == "/healthz") return text(req, http::status::ok, "ok");
    if (*path == "/api/games") return represented(req, games_list());
    if (path->rfind("/api/games/", 0) == 0) {
        if (const Representations* entry = game_entry(std::string_view(*path).substr(11))) return represented(req, *entry);
        return json_answer(req, 404, R"({"error":"game_not_found","message":"no game with this id"})");
    }
    if (*path == "/metrics") return text(req, http::status::ok, context.metrics(), "text/plain; version=0.0.4");
    if (*path == "/ws") return text(req, http::status::upgrade_required, "WebSocket only\n");
    const std::string relative = (*path == "/" || is_room_link(*path)) ? "index.html" : path->substr(1);
    const std::filesystem::path full = context.web_root / relative;
    if (!inside(context.web_root, full)) return text(req, http::status::not_found, "not found\n");
    if (auto represented_file = context.files->get(full, mime_type(relative))) return represented(req, *represented_file);
    return file(req, full);  // too large to keep: from the disk, as it is
}

}  // namespace taol::server
