#pragma once
// Accepts TCP connections and starts an HttpSession for each, on its own strand.
#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/server_context.hpp"

namespace taol::server {

class Listener : public std::enable_shared_from_this<Listener> {
public:
    // Binds and listens; throws boost::system::system_error when the address cannot be used.
    Listener(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& endpoint, ServerContext& context);

    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run();
    void stop();  // any thread

private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

    boost::asio::io_context& ioc_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::steady_timer retry_;  // after a failed accept (out of descriptors...), breathe first
    ServerContext& context_;
};

}  // namespace taol::server
