#pragma once
// One HTTP connection: answers requests (keep-alive) until it asks to become a WebSocket on /ws.
#include <memory>
#include <optional>

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/net/context.hpp"

namespace taol::server {

class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    HttpSession(boost::asio::ip::tcp::socket&& socket, ServerContext& context, AddressSlot slot);
    void run();

private:
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    void write(boost::beast::http::message_generator response);
    void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
    void do_close();
    // Who asks: the peer's address, or the client's as a proxy on this machine forwards it.
    std::string client_of(const HttpRequest& request) const;

    boost::beast::tcp_stream stream_;
    boost::beast::flat_buffer buffer_;
    ServerContext& context_;
    AddressSlot slot_;
    std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
};

}  // namespace taol::server
