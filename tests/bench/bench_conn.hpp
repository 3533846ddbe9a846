#pragma once
// The benchmarks' asynchronous WebSocket client (Boost.Beast), run on one thread with the others,
// and the helpers that drive and summarize a run.
#include <algorithm>
#include <chrono>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include "tests/bench/wire_bytes.hpp"

namespace taol::bench {

using Clock = std::chrono::steady_clock;

inline double ms_since(Clock::time_point t) {
    return std::chrono::duration<double, std::milli>(Clock::now() - t).count();
}

// The value at rank p (0..1) of `values`, 0 when there are none.
inline double percentile(std::vector<double> values, double p) {
    if (values.empty()) return 0;
    std::sort(values.begin(), values.end());
    return values[static_cast<std::size_t>(p * static_cast<double>(values.size() - 1))];
}

// One client: connects, then calls on_message for every message, in order.
class Conn : public std::enable_shared_from_this<Conn> {
public:
    // No strand: every benchmark runs its clients' io_context on one thread.
    explicit Conn(boost::asio::io_context& ioc) : ws_(ioc.get_executor()) {}

    std::function<void(const nlohmann::json&)> on_message;
    // In place of on_message, for a client that reads frames its own way: the frame's text, valid
    // for the call only.
    std::function<void(std::string_view)> on_text;
    std::function<void(bool closed_by_server)> on_closed;
    std::function<void()> on_open;
    bool offer_deflate = false;  // offers permessage-deflate, as browsers do

    void open(unsigned short port) {
        auto self = shared_from_this();
        boost::beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
        boost::beast::get_lowest_layer(ws_).async_connect(
            boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port),
            [self](boost::beast::error_code ec) {
                if (ec) return self->closed(false, "connect: " + ec.message());
                // As browsers do: a small frame goes out at once, not after the last one's ACK.
                boost::beast::error_code no_delay_ec;
                boost::beast::get_lowest_layer(self->ws_).socket().set_option(boost::asio::ip::tcp::no_delay(true),
                                                                               no_delay_ec);
                if (self->offer_deflate) {
                    boost::beast::websocket::permessage_deflate deflate;
                    deflate.client_enable = true;
                    self->ws_.set_option(deflate);
                }
                self->ws_.async_handshake("127.0.0.1", "/ws", [self](boost::beast::error_code ec2) {
                    if (ec2) return self->closed(false, "handshake: " + ec2.message());
                    boost::beast::get_lowest_layer(self->ws_).expires_never();
                    self->open_ = true;
                    if (self->on_open) self->on_open();
                    self->read();
                });
            });
    }
    void send(const nlohmann::json& message) {
        outbox_.push_back(message.dump());
        if (outbox_.size() == 1) write();
    }
    void close() {
        boost::beast::error_code ec;
        boost::beast::get_lowest_layer(ws_).socket().close(ec);
    }
    bool is_open() const { return open_ && !done_; }
    // Once closed: where and why (the connect, the handshake, a read's error, or the server's close code).
    const std::string& why_closed() const { return why_closed_; }
    // Payload bytes of every message received so far.
    std::size_t received_bytes() const { return received_bytes_; }
    // Bytes the socket has received so far, as they came over the wire (WebSocket framing and any
    // compression included).
    std::size_t wire_bytes() {
        auto& socket = boost::beast::get_lowest_layer(ws_).socket();
        return socket.is_open() ? socket_bytes_received(socket.native_handle()) : 0;
    }

private:
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](boost::beast::error_code ec, std::size_t) {
            namespace websocket = boost::beast::websocket;
            if (ec == websocket::error::closed) {
                const auto& reason = self->ws_.reason();
                std::string why = "closed by the server, code " + std::to_string(reason.code);
                if (!reason.reason.empty()) why += ": " + std::string(reason.reason.data(), reason.reason.size());
                return self->closed(true, std::move(why));
            }
            if (ec) return self->closed(ec == boost::asio::error::eof, "read: " + ec.message());
            self->received_bytes_ += self->buffer_.size();
            const std::string_view text(static_cast<const char*>(self->buffer_.data().data()), self->buffer_.size());
            if (self->on_text) {
                self->on_text(text);
            } else {
                const auto m = nlohmann::json::parse(text);
                if (self->on_message) self->on_message(m);
            }
            self->buffer_.consume(self->buffer_.size());
            self->read();
        });
    }
    void write() {
        ws_.async_write(boost::asio::buffer(outbox_.front()),
                        [self = shared_from_this()](boost::beast::error_code ec, std::size_t) {
                            if (ec) return;
                            self->outbox_.pop_front();
                            if (!self->outbox_.empty()) self->write();
                        });
    }
    void closed(bool by_server, std::string why) {
        if (done_) return;
        done_ = true;
        why_closed_ = std::move(why);
        if (on_closed) on_closed(by_server);
    }

    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    boost::beast::flat_buffer buffer_;
    std::deque<std::string> outbox_;
    std::size_t received_bytes_ = 0;
    bool open_ = false;
    bool done_ = false;
    std::string why_closed_;
};

// Runs the io_context until `done()` or `seconds` pass.
inline bool run_until(boost::asio::io_context& ioc, const std::function<bool()>& done, double seconds) {
    const auto start = Clock::now();
    while (!done() && ms_since(start) < seconds * 1000) {
        ioc.restart();
        ioc.run_for(std::chrono::milliseconds(1));
    }
    return done();
}

}  // namespace taol::bench
