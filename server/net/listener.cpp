#include "server/net/listener.hpp"

#include <fcntl.h>
#include <spdlog/spdlog.h>
#include <unistd.h>

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core/bind_handler.hpp>

#include "server/net/http_session.hpp"

namespace taol::server {
namespace net = boost::asio;

namespace {
constexpr auto kLogFailuresEvery = std::chrono::seconds(10);
}  // namespace

Listener::Listener(net::io_context& ioc, const net::ip::tcp::endpoint& endpoint, ServerContext& context)
    : ioc_(ioc), acceptor_(net::make_strand(ioc)), retry_(acceptor_.get_executor()), context_(context) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(net::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(net::socket_base::max_listen_connections);
    spare_fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

Listener::~Listener() {
    if (spare_fd_ >= 0) ::close(spare_fd_);
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

void Listener::shed_one() {
    if (spare_fd_ < 0) return;
    ::close(spare_fd_);
    boost::system::error_code ec;
    net::ip::tcp::socket waiting(ioc_);
    acceptor_.accept(waiting, ec);
    waiting.close(ec);
    spare_fd_ = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
}

void Listener::on_accept(boost::beast::error_code ec, net::ip::tcp::socket socket) {
    if (ec == net::error::operation_aborted || !acceptor_.is_open()) return;  // stopped
    if (ec) {
        context_.metrics.accept_failures++;
        if (ec == net::error::no_descriptors || ec.value() == ENFILE) shed_one();
        // Logged once per interval, with how many there were meanwhile: a full table must not
        // fill the log too.
        const auto now = std::chrono::steady_clock::now();
        ++failures_;
        if (now - logged_at_ >= kLogFailuresEvery) {
            spdlog::error("accept failed: {} ({} time(s) since the last report)", ec.message(), failures_);
            failures_ = 0;
            logged_at_ = now;
        }
        retry_.expires_after(std::chrono::milliseconds(50));
        retry_.async_wait([self = shared_from_this()](const boost::system::error_code& wait_ec) {
            if (!wait_ec && self->acceptor_.is_open()) self->do_accept();
        });
        return;
    }
    boost::system::error_code endpoint_ec;
    const auto remote = socket.remote_endpoint(endpoint_ec);
    AddressSlot slot = endpoint_ec ? nullptr : context_.addresses.connect(remote.address());
    if (!slot) {
        context_.metrics.connections_refused++;
        spdlog::debug("connection from {} refused: too many open from that address",
                      endpoint_ec ? "?" : remote.address().to_string());
        socket.close(endpoint_ec);
    } else {
        // Frames go out at once: without it, a second frame to a client within ~40 ms waits for
        // that client's delayed acknowledgement (Nagle's algorithm).
        socket.set_option(net::ip::tcp::no_delay(true), endpoint_ec);
        std::make_shared<HttpSession>(std::move(socket), context_, std::move(slot))->run();
    }
    do_accept();
}

}  // namespace taol::server
