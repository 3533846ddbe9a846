#pragma once
// Plain HTTP on the WebSocket's port: the web client's static files, /r/<CODE> and
// /replay/<CODE>, /healthz, /api/games and /api/games/<id>, the rooms API and /metrics.
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <boost/beast/http.hpp>

#include "server/net/static_files.hpp"

namespace taol::server {

// A JSON answer: its HTTP status and body.
using JsonReply = std::function<void(int status, std::string body)>;

struct HttpContext {
    std::filesystem::path web_root;
    std::function<std::string()> metrics;  // the /metrics text
    // The rooms API: answers a decoded path and its query, asked by `client` (an address), through
    // `reply`, maybe later and from another thread; false when the path is not one of its.
    std::function<bool(const std::string& path, std::string_view query, const std::string& client, JsonReply reply)> api;
    // The web root's files as sent (compressed, with ETags), shared by every session.
    std::shared_ptr<StaticFiles> files = std::make_shared<StaticFiles>();
};

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;

// The answer to every request but the rooms API's.
boost::beast::http::message_generator handle_http(const HttpContext& context, HttpRequest&& request);

// A JSON answer to `request`.
boost::beast::http::message_generator json_answer(const HttpRequest& request, int status, std::string body);

// The request's path and query when it is for the rooms API (GET under /api/rooms/).
struct ApiRequest {
    std::string path;
    std::string query;
};
std::optional<ApiRequest> api_request(const HttpRequest& request);

// The request target's path, percent-decoded, without its query; nullopt when it is malformed or
// could leave the web root (a ".." segment, a backslash, a NUL, a bad escape).
std::optional<std::string> safe_path(std::string_view target);

// The Content-Type for a file name.
std::string_view mime_type(std::string_view path);

}  // namespace taol::server
