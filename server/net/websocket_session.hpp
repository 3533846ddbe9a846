#pragma once
// One WebSocket client: reads frames one at a time (the next read starts once the message is
// handled, so a client's messages keep their order across rooms), checks size and rate, hands
// them to the hub, and writes what it is sent from a queue (one write in flight, a capped queue).
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include "server/net/clock_estimate.hpp"
#include "server/net/frame_queue.hpp"
#include "server/net/rate_limiter.hpp"
#include "server/net/read_rate.hpp"
#include "server/net/context.hpp"

namespace taol::server {

class WebSocketSession : public Connection, public std::enable_shared_from_this<WebSocketSession> {
public:
    WebSocketSession(boost::asio::ip::tcp::socket&& socket, ServerContext& context, AddressSlot slot);

    // Accepts the upgrade `request` and starts reading.
    void run(HttpRequest request);

    void deliver(Frame frame) override;  // any thread
    void close() override;               // any thread: a graceful close ("going away")
    std::optional<Timing> timing_of(double t) const override;

private:
    using CloseReason = boost::beast::websocket::close_reason;

    void on_accept(boost::beast::error_code ec);
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    void on_frame(const std::string& frame);
    // Whether one more message (a frame, a ping, an empty fragment) is within the rate; closes a
    // connection that floods.
    bool within_rate();
    // Every few seconds: a connection that said no hello in time, or whose write has stalled
    // (a client that stopped reading), is closed.
    void watch();
    void refuse(protocol::ErrorCode code, std::string message, std::optional<std::int64_t> id);
    void queue(Frame frame);
    void do_write();
    void on_write(boost::beast::error_code ec, std::size_t bytes);
    // Closes once what is queued is written.
    void close_gracefully(CloseReason reason);
    // Closes at once (a client that cannot keep up).
    void drop(const char* why, bool quietly = false);
    // Once, when the connection is over: tells the hub.
    void finish();
    // Fair races: a client that said "clock" in its hello is probed now and then; its answers
    // measure its round trip and clock (clock_estimate.hpp), and its room hears of the figures.
    void start_probing();
    void probe();
    // Takes `frame` if it answers a probe still awaited (answers are not counted against the rate).
    bool took_clock_answer(const std::string& frame);
    // A WebSocket ping beside each probe, and its pong: a round trip no page can stretch.
    void ping_beside_probe(std::int64_t n);
    void took_pong(boost::beast::string_view payload);
    // What the room is told of the connection's delay: the probes' figures, bounded by the pings'.
    void tell_delay();

    using Stream = boost::beast::basic_stream<boost::asio::ip::tcp, boost::asio::any_io_executor, ReadRate>;
    boost::beast::websocket::stream<Stream> ws_;
    ServerContext& context_;
    AddressSlot slot_;
    boost::asio::steady_timer watchdog_;
    std::chrono::steady_clock::time_point opened_;
    std::chrono::steady_clock::time_point write_started_;
    std::string remote_;
    static constexpr std::size_t kFirstReadBytes = 256;
    boost::beast::flat_buffer buffer_;
    RateLimiter limiter_;
    PlayerPtr player_;
    bool clock_asked_ = false;  // its hello said "clock"
    struct Probing {
        explicit Probing(const boost::asio::any_io_executor& executor) : timer(executor) {}
        boost::asio::steady_timer timer;
        ClockEstimate estimate;
        std::int64_t sent = 0;                            // probes sent so far
        std::deque<std::pair<std::int64_t, double>> out;  // awaited: number, sent at (steady ms)
        RoundTrips pings;
        std::optional<std::pair<std::int64_t, double>> ping_out;  // the ping awaited: number, sent at
    };
    bool pinging_ = false;  // a ping is being written: a close waits for it (Beast allows one at a time)
    std::unique_ptr<Probing> probing_;  // only for clients that take part

    FrameQueue queue_;
    std::size_t queued_bytes_ = 0;
    bool writing_ = false;
    std::optional<CloseReason> closing_;  // set once a close is decided
    bool close_sent_ = false;
    bool accepted_ = false;
    bool finished_ = false;
};

}  // namespace taol::server
