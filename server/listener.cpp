#include "server/listener.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>

#include "server/http_session.hpp"

namespace taol::server {
namespace net = boost::asio;

Listener::Listener(net::io_context& ioc, const net::ip::tcp::endpoint& endpoint, ServerContext& context)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), retry_(acceptor_.get_executor()), context_(context) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
}

void Listener::run() {
    net::dispatch(acceptor_.get_executor(), boost::beast::bind_front_handler(&Listener::do_accept, shared_from_this()));
}

void Listener::stop() {
    net::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ec;
        self->acceptor_.close(ec);
        self->retry_.cancel();
    });
}

void Listener::do_accept() {
    acceptor_.async_accept(net::make_strand(ioc_),
                           boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::beast::error_code ec, net::ip::tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;  // stopped
    if (ec) {
        spdlog::error("accept failed: {}", ec.message());  // e.g. out of file descriptors
        retry_.expires_after(std::chrono::milliseconds(100));
        retry_.async_wait([self = shared_from_this()](const boost::system::error_code& wait_ec) {
            if (!wait_ec && self->acceptor_.is_open()) self->do_accept();
        });
        return;
    }
    std::make_shared<HttpSession>(std::move(socket), context_)->run();
    do_accept();
}

}  // namespace taol::server
