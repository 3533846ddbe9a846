#include "server/net/websocket_session.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

#include "server/net/ws_deflate.hpp"
#include "server/rooms/frames.hpp"

namespace taol::server {
namespace beast = boost::beast;
namespace net = boost::asio;
using ws::CloseCode;
using ws::Opcode;

namespace {

constexpr auto kWatchEvery = std::chrono::milliseconds(2000);
// After its close frame, the server waits this long for the client's before it hangs up.
constexpr auto kCloseWait = std::chrono::milliseconds(2000);

// A few probes quickly, so that races are compensated soon after a player arrives; then a slow pace.
constexpr int kQuickProbes = 5;
constexpr std::chrono::milliseconds kQuickProbeEvery{200};
constexpr std::chrono::milliseconds kProbeEvery{2000};
constexpr std::size_t kProbesAwaited = 4;  // older unanswered probes are forgotten
constexpr std::size_t kClockAnswerMax = 160;  // bytes: {"type":"clock","n":...,"t":...}
// Pongs beyond this wait are not queued: a client that pings faster than it reads is flooding.
constexpr std::size_t kControlQueuedMax = 1024;

double steady_ms_exact() {
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

long long ms_between(std::chrono::steady_clock::time_point from, std::chrono::steady_clock::time_point to) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(to - from).count();
}

// The code a client's close frame is answered with: its own when it is one a peer may send.
CloseCode answer_to_close(std::string_view payload) {
    if (payload.size() < 2) return payload.empty() ? CloseCode::normal : CloseCode::protocol_error;
    const int code = (static_cast<std::uint8_t>(payload[0]) << 8) | static_cast<std::uint8_t>(payload[1]);
    const bool valid = (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1011) || (code >= 3000 && code <= 4999);
    return valid ? static_cast<CloseCode>(code) : CloseCode::protocol_error;
}

}  // namespace

WebSocketSession::WebSocketSession(net::ip::tcp::socket&& socket, ServerContext& context, AddressSlot slot)
    : stream_(std::move(socket)),
      context_(context),
      slot_(std::move(slot)),
      watchdog_(stream_.get_executor()),
      opened_(Clock::now()),
      last_heard_(opened_),
      limiter_(context.limits.messages_per_second, context.limits.burst, context.limits.flood) {
    stream_.rate_policy() = ReadRate(context.limits.read_bytes_per_second);
    beast::error_code ec;
    const auto endpoint = stream_.socket().remote_endpoint(ec);
    remote_ = ec ? "?" : endpoint.address().to_string() + ":" + std::to_string(endpoint.port());
}

void WebSocketSession::run(HttpRequest request) {
    stream_.expires_never();  // the watchdog keeps the time
    beast::error_code ec;
    stream_.socket().set_option(net::ip::tcp::no_delay(true), ec);
    stream_.socket().non_blocking(true, ec);  // do_write's sends return rather than wait
    handshake_ = std::make_unique<ws::Handshake>(ws::answer_upgrade(request, context_.deflate));
    if (handshake_->deflate) deflate_bits_ = handshake_->deflate->window_bits;
    writing_ = true;
    write_started_ = Clock::now();
    beast::http::async_write(stream_, handshake_->response,
                             beast::bind_front_handler(&WebSocketSession::on_handshake, shared_from_this()));
}

void WebSocketSession::on_handshake(beast::error_code ec, std::size_t) {
    writing_ = false;
    const bool accepted = handshake_->accepted;
    handshake_.reset();
    if (ec || !accepted) {
        if (ec) spdlog::debug("websocket {}: handshake failed: {}", remote_, ec.message());
        beast::error_code ignored;
        stream_.socket().shutdown(net::ip::tcp::socket::shutdown_both, ignored);
        stream_.close();
        return;
    }
    accepted_ = true;
    last_heard_ = Clock::now();
    context_.metrics.connections++;
    context_.metrics.connections_total++;
    context_.connections.add(shared_from_this());
    watch();
    take_frames();
}

void WebSocketSession::watch() {
    const auto every = std::min<std::chrono::milliseconds>(kWatchEvery, std::chrono::milliseconds(std::max<TimeMs>(context_.limits.idle_ms / 3, 1)));
    watchdog_.expires_after(every);
    watchdog_.async_wait([self = shared_from_this()](beast::error_code ec) {
        if (ec || self->finished_) return;
        const auto now = Clock::now();
        const auto& limits = self->context_.limits;
        if (self->close_sent_at_ && now - *self->close_sent_at_ >= kCloseWait) return self->finish();
        if (!self->player_ && ms_between(self->opened_, now) >= limits.hello_ms) {
            return self->drop(DropReason::no_hello, "said no hello in time", true);
        }
        if (self->writing_ && ms_between(self->write_started_, now) >= limits.write_stall_ms) {
            return self->drop(DropReason::write_stalled, "stopped reading what it is sent");
        }
        if (self->stream_.rate_policy().starved_seconds() >= limits.flood_seconds) {
            return self->drop(DropReason::read_flood, "sends more than it may read, second after second");
        }
        const long long silent = ms_between(self->last_heard_, now);
        if (silent >= limits.idle_ms) {
            return self->drop(DropReason::no_pong, "answered no ping", true);
        }
        // Half the idle time without a word: a ping, which any live client answers.
        if (silent * 2 >= limits.idle_ms && (!self->keepalive_sent_ || *self->keepalive_sent_ < self->last_heard_)) {
            self->keepalive_sent_ = now;
            self->queue_control(Opcode::ping, {});
        }
        self->watch();
    });
}

bool WebSocketSession::within_rate() {
    if (limiter_.allow(steady_seconds())) return true;
    context_.metrics.messages_refused++;
    if (limiter_.flooding() && !closing_) {
        spdlog::warn("websocket {}: flood of messages, closing", remote_);
        context_.metrics.count_drop(DropReason::message_flood);
        close_gracefully(CloseCode::policy_error);
    }
    return false;
}

void WebSocketSession::take_frames() {
    // Until a message is with the hub, the connection is over, or the client said close.
    while (!handling_ && !finished_ && !close_received_) {
        if (discard_ > 0) {
            const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(discard_, in_.size()));
            in_.consume(n);
            discard_ -= n;
            if (discard_ > 0) break;
        }
        const std::string_view bytes(static_cast<const char*>(in_.data().data()), in_.size());
        ws::FrameHeader header;
        const ws::HeaderRead read = ws::read_header(bytes, deflate_bits_.has_value(), header);
        if (read == ws::HeaderRead::bad) {
            spdlog::debug("websocket {}: malformed frame, closing", remote_);
            return drop(DropReason::malformed_frame, "sent a malformed frame", true);
        }
        if (read == ws::HeaderRead::need_more) {
            wanted_ = 0;
            break;
        }
        const bool data = !ws::is_control(header.op);
        // Past 64 KiB a message is refused whatever its frames announce, before they are read.
        if (data && !closing_ && message_.size() + header.length > protocol::kMaxFrameBytes) refuse_too_large();
        if (data && closing_) {  // nothing more is taken from a connection that is closing
            in_.consume(header.size);
            discard_ = header.length;
            continue;
        }
        if (bytes.size() < header.size + header.length) {
            wanted_ = header.size + static_cast<std::size_t>(header.length);
            break;
        }
        char* payload = static_cast<char*>(in_.data().data()) + header.size;
        const auto length = static_cast<std::size_t>(header.length);
        ws::unmask(payload, length, header.mask, 0);
        on_frame(header, std::string_view(payload, length));
        in_.consume(header.size + length);
        wanted_ = 0;
    }
    if (!handling_ && !finished_ && !close_received_) do_read();
}

void WebSocketSession::do_read() {
    if (reading_) return;
    if (in_.size() == 0 && in_.capacity() > kFirstReadBytes) in_.shrink_to_fit();  // a long message's room goes back
    // A waiting read holds the buffer it prepared, so it asks for little (most messages are a few
    // dozen bytes, on thousands of idle connections) unless a frame is known to need more.
    const std::size_t ask = std::max(kFirstReadBytes, wanted_ > in_.size() ? wanted_ - in_.size() : 0);
    reading_ = true;
    stream_.async_read_some(in_.prepare(ask), beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t bytes) {
    reading_ = false;
    if (ec) return finish();  // closed, reset, or cancelled by a close
    in_.commit(bytes);
    last_heard_ = Clock::now();
    take_frames();
}

void WebSocketSession::on_frame(const ws::FrameHeader& header, std::string_view payload) {
    if (ws::is_control(header.op)) return on_control(header.op, payload);
    if ((header.op == Opcode::continuation) != in_message_ || (header.op == Opcode::continuation && header.rsv1)) {
        return drop(DropReason::malformed_frame, "sent a fragment out of place", true);
    }
    if (!in_message_) {
        in_message_ = true;
        message_compressed_ = header.rsv1;
    }
    // An empty fragment costs a message's worth of the rate: a stream of them is a flood.
    if (payload.empty() && !header.fin && !within_rate()) return;
    message_.append(payload);
    if (!header.fin) return;
    in_message_ = false;
    std::string text = std::move(message_);
    message_ = std::string();
    if (message_compressed_) {
        bool too_large = false;
        std::optional<std::string> inflated = ws::inflate_message(text, protocol::kMaxFrameBytes, too_large);
        if (!inflated && too_large) return refuse_too_large();
        if (!inflated) {
            context_.metrics.messages_refused++;
            return close_gracefully(CloseCode::bad_payload);
        }
        text = std::move(*inflated);
    }
    on_message(text);
}

void WebSocketSession::refuse_too_large() {
    context_.metrics.messages_refused++;
    refuse(protocol::ErrorCode::too_large, "message larger than 64 KiB: closing", std::nullopt);
    close_gracefully(CloseCode::too_big);
}

void WebSocketSession::on_control(Opcode op, std::string_view payload) {
    if (op == Opcode::ping) {
        if (within_rate() && !closing_ && control_out_.size() < kControlQueuedMax) queue_control(Opcode::pong, payload);
    } else if (op == Opcode::pong) {
        took_pong(payload);
    } else if (op == Opcode::close) {
        close_received_ = true;
        if (close_queued_) {  // the answer to ours
            if (close_sent_at_) finish();
            return;
        }
        closing_ = answer_to_close(payload);
        close_gracefully(*closing_);
    }
}

void WebSocketSession::on_message(const std::string& text) {
    context_.metrics.messages_in++;
    if (took_clock_answer(text)) return;
    if (!within_rate()) {
        if (closing_) return;
        auto parsed = protocol::parse_client_message(text);
        return refuse(protocol::ErrorCode::rate_limited, "too many messages: at most 20 a second, please slow down",
                      parsed.ok() ? parsed.value().id : parsed.error().id);
    }
    auto parsed = protocol::parse_client_message(text);
    if (!parsed.ok()) {
        context_.metrics.messages_refused++;
        return refuse(parsed.error().code, parsed.error().message, parsed.error().id);
    }
    if (const auto* hello = std::get_if<protocol::Hello>(&parsed.value().body); hello && !player_) {
        clock_asked_ = hello->clock;
    }
    handling_ = true;
    auto self = shared_from_this();
    context_.hub.handle(self, player_, std::move(parsed.value()), [self](PlayerPtr player) {
        net::post(self->stream_.get_executor(), [self, player = std::move(player)] {
            if (!self->player_ && player) {
                self->player_ = player;
                // Closed while its hello was handled: the hub hears of it now that it has a player.
                if (self->finished_) self->context_.hub.closed(self, player);
                else if (self->clock_asked_) self->start_probing();
            }
            self->handling_ = false;
            self->take_frames();
        });
    });
}

void WebSocketSession::start_probing() {
    if (probing_) return;
    probing_ = std::make_unique<Probing>(stream_.get_executor());
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
    if (closing_) return;
    probing_->ping_out = {n, steady_ms_exact()};
    queue_control(Opcode::ping, std::to_string(n));
}

void WebSocketSession::took_pong(std::string_view payload) {
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
    net::post(stream_.get_executor(), [self = shared_from_this(), frame = std::move(frame)]() mutable {
        self->queue(std::move(frame));
    });
}

void WebSocketSession::close() {
    net::post(stream_.get_executor(), [self = shared_from_this()] { self->close_gracefully(CloseCode::going_away); });
}

void WebSocketSession::queue(Frame frame) {
    if (closing_ || finished_ || !accepted_) return;
    const auto& limits = context_.limits;
    if (queue_.size() >= limits.max_queued_frames || queued_bytes_ + frame->size() > limits.max_queued_bytes) {
        return drop(DropReason::too_far_behind, "cannot keep up with what it is sent");
    }
    queued_bytes_ += frame->size();
    queue_.push_back(std::move(frame));
    context_.metrics.messages_out++;
    if (!writing_) do_write();
}

void WebSocketSession::queue_control(Opcode op, std::string_view payload) {
    if (finished_ || close_queued_) return;
    control_out_ += ws::control_frame(op, payload);
    if (!writing_) do_write();
}

std::pair<std::string_view, bool> WebSocketSession::payload_of(const Frame& frame) {
    if (!deflate_bits_) return {frame->text(), false};
    // Compressed within the largest window, a frame refers no farther back than its own length:
    // the shared form suits any client whose window holds the whole frame.
    const int bits = *deflate_bits_;
    const std::string* compressed = nullptr;
    if (bits == 15 || frame->size() <= (std::size_t(1) << bits)) {
        compressed = &frame->compressed([](const std::string& text) { return ws::deflate_message(text); });
    } else {
        own_compressed_ = ws::deflate_message(frame->text(), bits);
        compressed = &own_compressed_;
    }
    if (compressed->empty()) return {frame->text(), false};  // not worth compressing
    return {*compressed, true};
}

void WebSocketSession::do_write() {
    // Most frames fit in the socket's buffer: written at once, they cost one send and no
    // completion to schedule (a pass of the event loop, often on the other thread). Only what the
    // socket does not take now waits for it, asynchronously.
    for (;;) {
        std::array<net::const_buffer, 2> buffers;
        if (!control_out_.empty()) {
            control_writing_ = std::move(control_out_);
            control_out_.clear();
            buffers = {net::buffer(control_writing_), net::const_buffer()};
        } else {
            const auto [payload, compressed] = payload_of(queue_.front());
            header_ = ws::server_header(Opcode::text, payload.size(), compressed);
            buffers = {net::buffer(header_.bytes.data(), header_.size), net::buffer(payload.data(), payload.size())};
        }
        beast::error_code ec;
        const std::size_t written = stream_.socket().write_some(buffers, ec);
        if (ec == net::error::would_block || ec == net::error::try_again) ec = {};
        if (ec) return finish();
        if (written < net::buffer_size(buffers)) {
            writing_ = true;
            write_started_ = Clock::now();
            beast::buffers_suffix<std::array<net::const_buffer, 2>> rest(buffers);
            rest.consume(written);
            return net::async_write(stream_, rest, beast::bind_front_handler(&WebSocketSession::on_write, shared_from_this()));
        }
        if (!frame_written()) return;
    }
}

void WebSocketSession::on_write(beast::error_code ec, std::size_t) {
    writing_ = false;
    if (ec) return finish();
    if (frame_written()) do_write();
}

bool WebSocketSession::frame_written() {
    if (!control_writing_.empty()) {
        control_writing_.clear();
    } else {
        queued_bytes_ -= queue_.front()->size();
        queue_.pop_front();
        own_compressed_.clear();
    }
    // The close frame goes in a write of its own, the last: nothing is queued once it is.
    if (close_queued_) {
        on_close_written();
        return false;
    }
    if (!control_out_.empty() || !queue_.empty()) return true;
    if (closing_) close_gracefully(*closing_);
    return false;
}

void WebSocketSession::close_gracefully(CloseCode code) {
    if (finished_ || close_queued_) return;
    if (!closing_) closing_ = code;
    if (writing_ || !queue_.empty()) return;  // on_write comes back here once the queue is written
    control_out_ += ws::close_frame(*closing_);
    close_queued_ = true;
    do_write();
}

void WebSocketSession::on_close_written() {
    close_sent_at_ = Clock::now();
    if (close_received_) return finish();
    // The client answers with its own close; until then the reading goes on and passes its data
    // over (take_frames).
    beast::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
}

void WebSocketSession::drop(DropReason reason, const char* why, bool quietly) {
    // A crowd of idle connections timing out must not fill the log: those go at debug level, and
    // /metrics counts each reason.
    if (quietly) spdlog::debug("websocket {}: {}: dropped", remote_, why);
    else spdlog::warn("websocket {}: {}: dropped", remote_, why);
    context_.metrics.count_drop(reason);
    if (!closing_) closing_ = CloseCode::policy_error;
    finish();
}

void WebSocketSession::finish() {
    if (finished_) return;
    finished_ = true;
    watchdog_.cancel();
    if (probing_) probing_->timer.cancel();
    beast::error_code ignored;
    stream_.socket().close(ignored);
    if (!accepted_) return;
    context_.metrics.connections--;
    context_.connections.remove(this);
    mark_gone();
    context_.hub.closed(shared_from_this(), player_);
}

}  // namespace taol::server
