#pragma once
// Accepts TCP connections and starts an HttpSession for each, on its own strand.
#include <chrono>
#include <cstdint>
#include <memory>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "server/net/context.hpp"

namespace taol::server {

class Listener : public std::enable_shared_from_this<Listener> {
public:
    // Binds and listens; throws boost::system::system_error when the address cannot be used.
    Listener(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& endpoint, ServerContext& context);

    ~Listener();

    unsigned short port() const { return acceptor_.local_endpoint().port(); }
    void run();
    void stop();  // any thread

private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
    // Out of descriptors: the spare one makes room to take the waiting connection and close it,
    // so that it does not wait (and the accept loop does not spin) until a descriptor frees up.
    void shed_one();

    boost::asio::io_context& ioc_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::steady_timer retry_;  // after a failed accept (out of descriptors...), breathe first
    ServerContext& context_;
    int spare_fd_ = -1;
    std::uint64_t failures_ = 0;        // accept failures since the last one logged
    std::chrono::steady_clock::time_point logged_at_{};
};

}  // namespace taol::server
