#include "server/net/ws_handshake.hpp"

#include <boost/beast/websocket/detail/hybi13.hpp>

namespace taol::server::ws {
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

Handshake refused(const HttpRequest& request, http::status status, const char* why) {
    Handshake h;
    h.response = http::response<http::string_body>(status, request.version());
    h.response.set(http::field::server, "taol");
    h.response.set(http::field::content_type, "text/plain; charset=utf-8");
    if (status == http::status::upgrade_required) h.response.set(http::field::sec_websocket_version, "13");
    h.response.body() = why;
    h.response.keep_alive(false);
    h.response.prepare_payload();
    return h;
}

// A key is 16 random bytes in base64: 24 characters ending in "==".
bool good_key(beast::string_view key) {
    if (key.size() != 24 || key.substr(22) != "==") return false;
    for (char c : key.substr(0, 22)) {
        const bool base64 = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' || c == '/';
        if (!base64) return false;
    }
    return true;
}

}  // namespace

Handshake answer_upgrade(const HttpRequest& request, bool deflate_offered) {
    if (request.method() != http::verb::get || request.version() < 11) {
        return refused(request, http::status::bad_request, "a WebSocket opens with GET over HTTP/1.1\n");
    }
    if (request[http::field::sec_websocket_version] != "13") {
        return refused(request, http::status::upgrade_required, "WebSocket version 13 only\n");
    }
    const beast::string_view key = request[http::field::sec_websocket_key];
    if (!good_key(key)) return refused(request, http::status::bad_request, "missing or malformed Sec-WebSocket-Key\n");

    Handshake h;
    h.accepted = true;
    h.response = http::response<http::string_body>(http::status::switching_protocols, request.version());
    h.response.set(http::field::server, "taol");
    h.response.set(http::field::upgrade, "websocket");
    h.response.set(http::field::connection, "Upgrade");
    beast::websocket::detail::sec_ws_accept_type accept;
    beast::websocket::detail::make_sec_ws_accept(accept, key);
    h.response.set(http::field::sec_websocket_accept, beast::string_view(accept.data(), accept.size()));
    if (deflate_offered) {
        h.deflate = negotiate_deflate(request[http::field::sec_websocket_extensions]);
        if (h.deflate) h.response.set(http::field::sec_websocket_extensions, h.deflate->response);
    }
    return h;
}

}  // namespace taol::server::ws
