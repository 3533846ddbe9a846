#pragma once
// One WebSocket client over its TCP stream (the framing in ws_frame.*, the handshake in
// ws_handshake.*): reads one message at a time (the next is read once the message is handled, so a
// client's messages keep their order across rooms), checks size and rate, hands it to the hub, and
// writes what it is sent from a queue, one frame in flight and control frames between them. With
// permessage-deflate, a shared frame goes out in the compressed form its first sender made.
#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include "server/net/clock_estimate.hpp"
#include "server/net/context.hpp"
#include "server/net/frame_queue.hpp"
#include "server/net/rate_limiter.hpp"
#include "server/net/read_rate.hpp"
#include "server/net/ws_frame.hpp"
#include "server/net/ws_handshake.hpp"

namespace taol::server {

class WebSocketSession : public Connection, public std::enable_shared_from_this<WebSocketSession> {
public:
    WebSocketSession(boost::asio::ip::tcp::socket&& socket, ServerContext& context, AddressSlot slot);

    // Answers the upgrade `request` and, once accepted, starts reading.
    void run(HttpRequest request);

    void deliver(Frame frame) override;  // any thread
    void close() override;               // any thread: a graceful close ("going away")
    std::optional<Timing> timing_of(double t) const override;

private:
    using Clock = std::chrono::steady_clock;

    void on_handshake(boost::beast::error_code ec, std::size_t bytes);
    // Takes the whole frames read so far, until a message goes to the hub; then reads more.
    void take_frames();
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    // One whole frame, unmasked.
    void on_frame(const ws::FrameHeader& header, std::string_view payload);
    void on_control(ws::Opcode op, std::string_view payload);
    // One whole message; one that goes to the hub holds the reading until it is handled.
    void on_message(const std::string& text);
    // A message past 64 KiB: `too_large`, then the connection closes.
    void refuse_too_large();
    // Whether one more message (a message, a ping, an empty fragment) is within the rate; closes a
    // connection that floods.
    bool within_rate();
    // Every few seconds: a connection that said no hello in time, whose write stalled (a client
    // that stopped reading), that answers no ping, or that sends all it may read second after
    // second is closed; an idle one is pinged.
    void watch();
    void refuse(protocol::ErrorCode code, std::string message, std::optional<std::int64_t> id);
    void queue(Frame frame);
    void queue_control(ws::Opcode op, std::string_view payload);
    // Writes what is queued, control frames first, at once as far as the socket takes it.
    void do_write();
    void on_write(boost::beast::error_code ec, std::size_t bytes);
    // The frame being written is out: drops it; true when another is waiting.
    bool frame_written();
    // Sends a close frame once what is queued is written; the client's close, or its silence for a
    // moment, ends the connection.
    void close_gracefully(ws::CloseCode code);
    void on_close_written();
    // Closes at once, counted under the limit the client met.
    void drop(DropReason reason, const char* why, bool quietly = false);
    // Once, when the connection is over: closes the socket and tells the hub.
    void finish();
    // Fair races: a client that said "clock" in its hello is probed now and then; its answers
    // measure its round trip and clock (clock_estimate.hpp), and its room hears of the figures.
    void start_probing();
    void probe();
    // Takes `frame` if it answers a probe still awaited (answers are not counted against the rate).
    bool took_clock_answer(const std::string& frame);
    // A WebSocket ping beside each probe, and its pong: a round trip no page can stretch.
    void ping_beside_probe(std::int64_t n);
    void took_pong(std::string_view payload);
    // What the room is told of the connection's delay: the probes' figures, bounded by the pings'.
    void tell_delay();
    // The payload `frame` goes out with, and whether it is compressed.
    std::pair<std::string_view, bool> payload_of(const Frame& frame);

    using Stream = boost::beast::basic_stream<boost::asio::ip::tcp, boost::asio::any_io_executor, ReadRate>;
    Stream stream_;
    ServerContext& context_;
    AddressSlot slot_;
    boost::asio::steady_timer watchdog_;
    Clock::time_point opened_;
    Clock::time_point write_started_;
    Clock::time_point last_heard_;  // the last bytes read
    std::optional<Clock::time_point> keepalive_sent_;
    std::optional<Clock::time_point> close_sent_at_;
    std::string remote_;
    std::unique_ptr<ws::Handshake> handshake_;  // until its answer is written
    std::optional<int> deflate_bits_;            // permessage-deflate, with the client's window

    static constexpr std::size_t kFirstReadBytes = 256;
    boost::beast::flat_buffer in_;  // bytes read, not yet taken as frames
    std::size_t wanted_ = 0;        // bytes the next frame needs in all (0: a header's worth)
    std::uint64_t discard_ = 0;     // bytes of a frame still to pass over unread (closing)
    std::string message_;           // the fragments of the message under way, unmasked
    bool in_message_ = false;
    bool message_compressed_ = false;
    bool reading_ = false;
    bool handling_ = false;  // a message is with the hub
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
    std::unique_ptr<Probing> probing_;  // only for clients that take part

    FrameQueue queue_;
    std::size_t queued_bytes_ = 0;
    std::string control_out_;      // control frames waiting, written before the next queued frame
    std::string control_writing_;  // control frames being written
    ws::ServerHeader header_;      // the header of the frame being written
    std::string own_compressed_;   // a frame compressed for this connection's smaller window alone
    bool writing_ = false;
    std::optional<ws::CloseCode> closing_;  // set once a close is decided
    bool close_queued_ = false;
    bool close_received_ = false;
    bool accepted_ = false;
    bool finished_ = false;
};

}  // namespace taol::server
