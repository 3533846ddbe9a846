#include "server/net/websocket_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

#include <boost/asio/post.hpp>

#include "server/rooms/frames.hpp"

namespace taol::server {
namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace net = boost::asio;

namespace {

// Reads stop at 64 KiB + 1 byte (then too_large, whatever size the frame announces), so Beast
// is told no limit of its own: it would cut a large frame without the answer.
constexpr std::uint64_t kBeastMessageMax = std::numeric_limits<std::uint64_t>::max();
constexpr auto kWatchEvery = std::chrono::seconds(2);

// A few probes quickly, so that races are compensated soon after a player arrives; then a slow pace.
constexpr int kQuickProbes = 5;
constexpr std::chrono::milliseconds kQuickProbeEvery{200};
constexpr std::chrono::milliseconds kProbeEvery{2000};
constexpr std::size_t kProbesAwaited = 4;  // older unanswered probes are forgotten
constexpr std::size_t kClockAnswerMax = 160;  // bytes: {"type":"clock","n":...,"t":...}

double steady_ms_exact() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// permessage-deflate (--deflate on), with context takeover: a frame is compressed against the
// ones before it, which a delta mostly repeats. A 2 KiB window each way and a small hash table
// keep most of the gain (castors deltas of about 475 bytes arrive as about 126) for about 29 KiB
// per connection, where zlib's defaults held 279 KiB (README, "Compression").
websocket::permessage_deflate deflate_option() {
    websocket::permessage_deflate deflate;
    deflate.server_enable = true;
    deflate.server_max_window_bits = 11;
    deflate.client_max_window_bits = 11;
    deflate.memLevel = 3;
    deflate.compLevel = 6;
    return deflate;
}

}  // namespace

WebSocketSession::WebSocketSession(net::ip::tcp::socket&& socket, ServerContext& context, AddressSlot slot)
    : ws_(std::move(socket)),
      context_(context),
      slot_(std::move(slot)),
      watchdog_(ws_.get_executor()),
      opened_(std::chrono::steady_clock::now()),
      limiter_(context.limits.messages_per_second, context.limits.burst, context.limits.flood) {
    beast::get_lowest_layer(ws_).rate_policy() = ReadRate(context.limits.read_bytes_per_second);
    beast::error_code ec;
    const auto endpoint = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
    remote_ = ec ? "?" : endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

void WebSocketSession::run(HttpRequest request) {
    beast::get_lowest_layer(ws_).expires_never();  // the websocket stream has its own timeouts
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().set_option(net::ip::tcp::no_delay(true), ec);
    // A client that stops answering pings is gone within idle_ms (it then counts as away).
    websocket::stream_base::timeout timeout = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeout.idle_timeout = std::chrono::milliseconds(context_.limits.idle_ms);
    timeout.keep_alive_pings = true;
    ws_.set_option(timeout);
    // A client's pings count as messages: a flood of them is a flood.
    ws_.control_callback([this](websocket::frame_type kind, beast::string_view payload) {
        if (kind == websocket::frame_type::ping) within_rate();
        if (kind == websocket::frame_type::pong) took_pong(payload);
    });
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(beast::http::field::server, "taol"); }));
    ws_.read_message_max(kBeastMessageMax);
    if (context_.deflate) ws_.set_option(deflate_option());
    ws_.async_accept(request, beast::bind_front_handler(&WebSocketSession::on_accept, shared_from_this()));
}

void WebSocketSession::on_accept(beast::error_code ec) {
    if (ec) {
        spdlog::debug("websocket {}: handshake failed: {}", remote_, ec.message());
        return;
    }
    accepted_ = true;
    context_.metrics.connections++;
    context_.metrics.connections_total++;
    context_.connections.add(shared_from_this());
    watch();
    do_read();
}

void WebSocketSession::watch() {
    watchdog_.expires_after(kWatchEvery);
    watchdog_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (ec || self->finished_) return;
        const auto now = std::chrono::steady_clock::now();
        const auto& limits = self->context_.limits;
        const auto since = [&](auto t) { return std::chrono::duration_cast<std::chrono::milliseconds>(now - t).count(); };
        if (!self->player_ && since(self->opened_) >= limits.hello_ms) {
            self->context_.metrics.connections_timed_out++;
            return self->drop("said no hello in time", true);
        }
        if (self->writing_ && since(self->write_started_) >= limits.write_stall_ms) {
            self->context_.metrics.connections_timed_out++;
            return self->drop("stopped reading what it is sent");
        }
        if (beast::get_lowest_layer(self->ws_).rate_policy().starved_seconds() >= limits.flood_seconds) {
            self->context_.metrics.connections_dropped++;
            return self->drop("sends more than it may read, second after second");
        }
        self->watch();
    });
}

bool WebSocketSession::within_rate() {
    if (limiter_.allow(steady_seconds())) return true;
    context_.metrics.messages_refused++;
    if (limiter_.flooding() && !closing_) {
        spdlog::warn("websocket {}: flood of messages, closing", remote_);
        context_.metrics.connections_dropped++;
        // Not from inside Beast's read (a control callback): on the strand, next.
        net::post(ws_.get_executor(), [self = shared_from_this()] {
            self->close_gracefully(CloseReason(websocket::close_code::policy_error));
        });
        closing_ = CloseReason(websocket::close_code::policy_error);
    }
    return false;
}

void WebSocketSession::do_read() {
    if (closing_ || finished_) return;
    // A waiting read holds the buffer it prepared, so a message's first read asks for little (most
    // are a few dozen bytes; Beast would prepare 1.5 KB on each of thousands of idle connections)
    // and the rest of a longer one comes in a second read. Never more than one byte past the limit:
    // enough to know a message is too large.
    const std::size_t room = buffer_.size() == 0
        ? kFirstReadBytes
        : protocol::kMaxFrameBytes + 1 - std::min(buffer_.size(), protocol::kMaxFrameBytes);
    ws_.async_read_some(buffer_, room, beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t) {
    if (ec) return finish();  // closed, timed out, reset
    if (buffer_.size() > protocol::kMaxFrameBytes) {
        context_.metrics.messages_refused++;
        buffer_.clear();
        refuse(protocol::ErrorCode::too_large, "message larger than 64 KiB: closing", std::nullopt);
        return close_gracefully(CloseReason(websocket::close_code::too_big));
    }
    if (!ws_.is_message_done()) {
        return do_read();
    }
    const std::string frame = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (buffer_.capacity() > kFirstReadBytes) buffer_.shrink_to_fit();  // a long message's room goes back
    on_frame(frame);
}

void WebSocketSession::on_frame(const std::string& frame) {
    context_.metrics.messages_in++;
    if (took_clock_answer(frame)) return do_read();
    if (!within_rate()) {
        if (closing_) return;
        auto parsed = protocol::parse_client_message(frame);
        refuse(protocol::ErrorCode::rate_limited, "too many messages: at most 20 a second, please slow down",
               parsed.ok() ? parsed.value().id : parsed.error().id);
        return do_read();
    }
    auto parsed = protocol::parse_client_message(frame);
    if (!parsed.ok()) {
        context_.metrics.messages_refused++;
        refuse(parsed.error().code, parsed.error().message, parsed.error().id);
        return do_read();
    }
    if (const auto* hello = std::get_if<protocol::Hello>(&parsed.value().body); hello && !player_) {
        clock_asked_ = hello->clock;
    }
    auto self = shared_from_this();
    context_.hub.handle(self, player_, std::move(parsed.value()), [self](PlayerPtr player) {
        net::post(self->ws_.get_executor(), [self, player = std::move(player)] {
            if (!self->player_ && player) {
                self->player_ = player;
                // Closed while its hello was handled: the hub hears of it now that it has a player.
                if (self->finished_) self->context_.hub.closed(self, player);
                else if (self->clock_asked_) self->start_probing();
            }
            self->do_read();
        });
    });
}

void WebSocketSession::start_probing() {
    if (probing_) return;
    probing_ = std::make_unique<Probing>(ws_.get_executor());
    probe();
}

void WebSocketSession::probe() {
    if (finished_ || closing_) return;
    Probing& p = *probing_;
    const std::int64_t n = ++p.sent;
    p.out.emplace_back(n, steady_ms_exact());
    if (p.out.size() > kProbesAwaited) p.out.pop_front();
    queue(encode_frame(protocol::clock_probe_json(n)));
    ping_beside_probe(n);
    p.timer.expires_after(n < kQuickProbes ? kQuickProbeEvery : kProbeEvery);
    p.timer.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (!ec) self->probe();
    });
}

bool WebSocketSession::took_clock_answer(const std::string& frame) {
    if (!probing_ || probing_->out.empty() || frame.size() > kClockAnswerMax) return false;
    const double received = steady_ms_exact();
    auto parsed = protocol::parse_client_message(frame);
    if (!parsed.ok()) return false;
    const auto* answer = std::get_if<protocol::ClockAnswer>(&parsed.value().body);
    if (!answer) return false;
    Probing& p = *probing_;
    const auto awaited = std::find_if(p.out.begin(), p.out.end(), [&](const auto& o) { return o.first == answer->n; });
    if (awaited == p.out.end()) return false;  // not awaited: an ordinary message, counted
    p.estimate.add(awaited->second, received, answer->t);
    p.out.erase(p.out.begin(), awaited + 1);  // an answer to a later probe means the earlier are lost
    tell_delay();
    return true;
}

void WebSocketSession::ping_beside_probe(std::int64_t n) {
    if (pinging_ || closing_ || close_sent_) return;
    Probing& p = *probing_;
    p.ping_out = {n, steady_ms_exact()};
    pinging_ = true;
    const std::string payload = std::to_string(n);
    ws_.async_ping(websocket::ping_data(payload.c_str()), [self = shared_from_this()](beast::error_code) {
        self->pinging_ = false;
        if (self->closing_ && !self->close_sent_) self->close_gracefully(*self->closing_);
    });
}

void WebSocketSession::took_pong(beast::string_view payload) {
    if (!probing_ || !probing_->ping_out || payload != std::to_string(probing_->ping_out->first)) return;
    probing_->pings.add(steady_ms_exact() - probing_->ping_out->second);
    probing_->ping_out.reset();
    tell_delay();
}

namespace {

// The round trip a connection is judged by: its probes', never more than its pings' (a page that
// answers probes late to look farther away gains nothing by it).
std::optional<double> judged_round_trip(const ClockEstimate& estimate, const RoundTrips& pings) {
    if (!estimate.ready()) return std::nullopt;
    const std::optional<double> ping = pings.shortest();
    return ping ? std::min(estimate.round_trip_ms(), *ping) : estimate.round_trip_ms();
}

}  // namespace

void WebSocketSession::tell_delay() {
    const std::optional<double> rtt = judged_round_trip(probing_->estimate, probing_->pings);
    if (!rtt) return;
    const int shown = static_cast<int>(std::lround(*rtt));
    if (rtt_ms() == shown) return;
    set_rtt_ms(shown);
    context_.hub.measured(shared_from_this(), player_);
}

std::optional<Timing> WebSocketSession::timing_of(double t) const {
    if (!probing_) return std::nullopt;
    const std::optional<double> at = probing_->estimate.to_server(t);
    const std::optional<int> one_way = one_way_ms();
    if (!at || !one_way) return std::nullopt;
    return Timing{std::llround(*at), *one_way};
}

void WebSocketSession::refuse(protocol::ErrorCode code, std::string message, std::optional<std::int64_t> id) {
    queue(error_frame(code, std::move(message), id));
}

void WebSocketSession::deliver(Frame frame) {
    net::post(ws_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
        self->queue(std::move(frame));
    });
}

void WebSocketSession::close() {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
        self->close_gracefully(CloseReason(websocket::close_code::going_away));
    });
}

void WebSocketSession::queue(Frame frame) {
    if (closing_ || finished_ || !accepted_) return;
    const auto& limits = context_.limits;
    if (queue_.size() >= limits.max_queued_frames || queued_bytes_ + frame->size() > limits.max_queued_bytes) {
        return drop("cannot keep up with what it is sent");
    }
    queued_bytes_ += frame->size();
    queue_.push_back(std::move(frame));
    context_.metrics.messages_out++;
    if (!writing_) do_write();
}

void WebSocketSession::do_write() {
    writing_ = true;
    write_started_ = std::chrono::steady_clock::now();
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
}

void WebSocketSession::on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (ec) {
        beast::get_lowest_layer(ws_).close();
        return finish();
    }
    queued_bytes_ -= queue_.front()->size();
    queue_.pop_front();
    if (!queue_.empty()) return do_write();
    if (closing_ && !close_sent_) close_gracefully(*closing_);
}

void WebSocketSession::close_gracefully(CloseReason reason) {
    if (finished_ || close_sent_) return;
    if (!closing_) closing_ = reason;
    if (writing_ || pinging_) return;  // on_write, or the ping's end, comes back here
    close_sent_ = true;
    ws_.async_close(*closing_, [self = shared_from_this()](beast::error_code) { self->finish(); });
}

void WebSocketSession::drop(const char* why, bool quietly) {
    // A crowd of idle connections timing out must not fill the log: those go at debug level.
    if (quietly) spdlog::debug("websocket {}: {}: dropped", remote_, why);
    else spdlog::warn("websocket {}: {}: dropped", remote_, why);
    context_.metrics.connections_dropped++;
    closing_ = CloseReason(websocket::close_code::policy_error);
    beast::get_lowest_layer(ws_).close();
    finish();
}

void WebSocketSession::finish() {
    if (finished_) return;
    finished_ = true;
    watchdog_.cancel();
    if (probing_) probing_->timer.cancel();
    if (!accepted_) return;
    context_.metrics.connections--;
    context_.connections.remove(this);
    context_.hub.closed(shared_from_this(), player_);
}

}  // namespace taol::server
