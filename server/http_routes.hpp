#pragma once
// Plain HTTP on the WebSocket's port: the web client's static files, /r/<CODE> and
// /replay/<CODE>, /healthz, /api/games, the rooms API and /metrics.
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <boost/beast/http.hpp>

namespace taol::server {

struct HttpContext {
    std::filesystem::path web_root;
    std::function<std::string()> metrics;  // the /metrics text
    // JSON answers of the rooms API (status, body) for a decoded path and its query; nullopt when
    // the path is not one of its.
    std::function<std::optional<std::pair<int, std::string>>(const std::string& path, std::string_view query)> api;
};

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;

boost::beast::http::message_generator handle_http(const HttpContext& context, HttpRequest&& request);

// The request target's path, percent-decoded, without its query; nullopt when it is malformed or
// could leave the web root (a ".." segment, a backslash, a NUL, a bad escape).
std::optional<std::string> safe_path(std::string_view target);

// The Content-Type for a file name.
std::string_view mime_type(std::string_view path);

}  // namespace taol::server
