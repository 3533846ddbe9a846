#include "tests/support/delay_proxy.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <deque>
#include <list>
#include <mutex>
#include <random>
#include <string>
#include <thread>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/write.hpp>

namespace taol::testing {
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using boost::system::error_code;

// Named, not anonymous: DelayProxy::Impl, declared in the header, derives from its Proxy.
namespace delay {

Clock::duration from_ms(double ms) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(ms));
}

class Connection;

// What the proxy is, on its I/O thread (DelayProxy::Impl is this).
struct Proxy {
    Proxy(unsigned short target_port, LinkDelay up, LinkDelay down, std::uint64_t seed)
        : target(net::ip::make_address("127.0.0.1"), target_port),
          acceptor(ioc, tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)),
          port(acceptor.local_endpoint().port()),
          rng(seed),
          up(up),
          down(down) {}

    void accept();
    void stop();

    // The delay of a chunk read now (I/O thread: the generator is its own).
    Clock::duration draw(bool upward) {
        LinkDelay delay;
        {
            std::lock_guard lock(mutex);
            delay = upward ? up : down;
        }
        const double uniform = static_cast<double>(rng() >> 11) * 0x1.0p-53;  // in [0, 1)
        return from_ms(delay.one_way_ms + delay.jitter_ms * uniform);
    }

    net::io_context ioc;
    const tcp::endpoint target;
    tcp::acceptor acceptor;
    const unsigned short port;
    std::mt19937_64 rng;
    std::mutex mutex;  // guards up and down, which set_delays changes from any thread
    LinkDelay up;
    LinkDelay down;
    std::list<std::weak_ptr<Connection>> connections;  // to close them all when the proxy stops
    std::thread thread;
};

// One proxied connection: two directions, each a queue of chunks due at given times, written on
// one at a time, in order, each when its timer says.
class Connection : public std::enable_shared_from_this<Connection> {
public:
    Connection(Proxy& proxy, tcp::socket client)
        : proxy_(proxy), client_(std::move(client)), server_(proxy.ioc), up_(client_, server_, true),
          down_(server_, client_, false) {}

    void connect() {
        server_.async_connect(proxy_.target, [self = shared_from_this()](error_code ec) {
            if (ec) return self->close();
            self->client_.set_option(tcp::no_delay(true), ec);
            self->server_.set_option(tcp::no_delay(true), ec);
            self->read(self->up_);
            self->read(self->down_);
        });
    }

    // Closes both sockets at once (a write failed, or the proxy stops).
    void close() {
        closed_ = true;
        error_code ignored;
        client_.close(ignored);
        server_.close(ignored);
        up_.timer.cancel();
        down_.timer.cancel();
    }

private:
    struct Chunk {
        Clock::time_point due;
        std::string bytes;
        bool end = false;  // the reading side was closed: close the writing side's sending half
    };
    struct Direction {
        Direction(tcp::socket& from, tcp::socket& to, bool upward)
            : from(from), to(to), upward(upward), timer(from.get_executor()) {}
        tcp::socket& from;
        tcp::socket& to;
        const bool upward;
        net::steady_timer timer;
        std::array<char, 64 * 1024> buffer{};
        std::deque<Chunk> queue;
        Clock::time_point last_due{};
        bool writing = false;
    };

    void read(Direction& d) {
        d.from.async_read_some(net::buffer(d.buffer), [self = shared_from_this(), &d](error_code ec, std::size_t n) {
            const Clock::time_point now = Clock::now();
            if (self->closed_) return;
            // Never before the chunk before it: jitter must not reorder a TCP stream.
            Chunk chunk{std::max(now + self->proxy_.draw(d.upward), d.last_due), {}, bool(ec)};
            if (!ec) chunk.bytes.assign(d.buffer.data(), n);
            d.last_due = chunk.due;
            d.queue.push_back(std::move(chunk));
            if (!d.writing) self->write_next(d);
            if (!ec) self->read(d);
        });
    }

    void write_next(Direction& d) {
        d.writing = !d.queue.empty();
        if (!d.writing) return;
        d.timer.expires_at(d.queue.front().due);
        d.timer.async_wait([self = shared_from_this(), &d](error_code ec) {
            if (ec || self->closed_) return;
            if (d.queue.front().end) {
                // Half-close (or close) goes on; once both directions have ended, nothing holds
                // this connection any more and its sockets close with it.
                d.to.shutdown(tcp::socket::shutdown_send, ec);
                d.queue.clear();
                d.writing = false;
                return;
            }
            net::async_write(d.to, net::buffer(d.queue.front().bytes), [self, &d](error_code ec, std::size_t) {
                if (ec) return self->close();  // the other side is gone: so is this one
                d.queue.pop_front();
                self->write_next(d);
            });
        });
    }

    Proxy& proxy_;
    tcp::socket client_;
    tcp::socket server_;
    Direction up_;
    Direction down_;
    bool closed_ = false;
};

void Proxy::accept() {
    acceptor.async_accept([this](error_code ec, tcp::socket socket) {
        if (ec) return;  // the acceptor was closed: the proxy stops
        auto connection = std::make_shared<Connection>(*this, std::move(socket));
        connections.remove_if([](const std::weak_ptr<Connection>& c) { return c.expired(); });
        connections.push_back(connection);
        connection->connect();
        accept();
    });
}

void Proxy::stop() {
    error_code ignored;
    acceptor.close(ignored);
    for (const auto& weak : connections) {
        if (auto connection = weak.lock()) connection->close();
    }
}

}  // namespace delay

struct DelayProxy::Impl : delay::Proxy {
    using Proxy::Proxy;
};

DelayProxy::DelayProxy(unsigned short target_port, LinkDelay up, LinkDelay down, std::uint64_t seed)
    : impl_(std::make_unique<Impl>(target_port, up, down, seed)) {
    impl_->accept();
    impl_->thread = std::thread([impl = impl_.get()] { impl->ioc.run(); });
}

DelayProxy::~DelayProxy() {
    // Once every socket, timer and the acceptor are closed, nothing is left to wait for: run() returns.
    net::post(impl_->ioc, [impl = impl_.get()] { impl->stop(); });
    impl_->thread.join();
}

unsigned short DelayProxy::port() const { return impl_->port; }

void DelayProxy::set_delays(LinkDelay up, LinkDelay down) {
    std::lock_guard lock(impl_->mutex);
    impl_->up = up;
    impl_->down = down;
}

}  // namespace taol::testing
