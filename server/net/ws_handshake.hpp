#pragma once
// The server's answer to a WebSocket upgrade request (RFC 6455, section 4.2): 101 with the
// accept key and, for a client that offers it, permessage-deflate; or why it is refused.
#include <optional>

#include <boost/beast/http.hpp>

#include "server/net/http_routes.hpp"
#include "server/net/ws_deflate.hpp"

namespace taol::server::ws {

struct Handshake {
    boost::beast::http::response<boost::beast::http::string_body> response;
    bool accepted = false;
    std::optional<DeflateTerms> deflate;  // negotiated
};

Handshake answer_upgrade(const HttpRequest& request, bool deflate_offered);

}  // namespace taol::server::ws
