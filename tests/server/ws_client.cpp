#include "tests/server/ws_client.hpp"

#include "protocol/snapshot_text.hpp"

#include <stdexcept>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>

namespace taol::testing {
namespace beast = boost::beast;
namespace net = boost::asio;

WsClient::WsClient(unsigned short port, const std::string& target, bool offer_deflate) : ws_(ioc_) {
    net::ip::tcp::endpoint endpoint(net::ip::make_address("127.0.0.1"), port);
    beast::get_lowest_layer(ws_).connect(endpoint);
    beast::get_lowest_layer(ws_).socket().set_option(net::ip::tcp::no_delay(true));  // no Nagle: time what is sent
    ws_.read_message_max(64 * 1024 * 1024);
    if (offer_deflate) {
        beast::websocket::permessage_deflate deflate;
        deflate.client_enable = true;
        ws_.set_option(deflate);
    }
    beast::websocket::response_type response;
    ws_.handshake(response, "127.0.0.1:" + std::to_string(port), target);
    extensions_ = std::string(response[beast::http::field::sec_websocket_extensions]);
    do_read();
    thread_ = std::thread([this] { ioc_.run(); });
}

WsClient::~WsClient() {
    net::post(ioc_, [this] {
        for (auto& timer : answer_timers_) timer.cancel();
        if (!closed_) {
            beast::error_code ec;
            beast::get_lowest_layer(ws_).socket().close(ec);
        }
    });
    thread_.join();
}

void WsClient::do_read() {
    ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
        std::unique_lock lock(mutex_);
        if (ec) {
            closed_ = true;
            close_code_ = ws_.reason().code;
            changed_.notify_all();
            return;
        }
        Json message = Json::parse(beast::buffers_to_string(buffer_.data()));
        buffer_.consume(buffer_.size());
        if (clock_ && message.at("type") == "clock") {
            ++probes_received_;
            const ClockSim sim = clock_sim_;
            lock.unlock();
            changed_.notify_all();
            if (sim.answer) answer_probe(message.at("n"), sim.answer_delay_ms);
            do_read();
            return;
        }
        if (message.at("type") == "snapshot") baseline_ = protocol::baseline_of(message);
        else if (message.at("type") == "delta") message = from_delta(message);
        received_.push_back(std::move(message));
        changed_.notify_all();
        do_read();
    });
}

void WsClient::answer_probe(Json n, double delay_ms) {
    if (delay_ms <= 0) return send_answer(n);
    const auto timer = answer_timers_.emplace(answer_timers_.end(), ioc_);
    timer->expires_after(
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double, std::milli>(delay_ms)));
    timer->async_wait([this, timer, n = std::move(n)](beast::error_code ec) {
        answer_timers_.erase(timer);
        if (!ec) send_answer(n);
    });
}

void WsClient::send_answer(const Json& n) {
    outbox_.push_back(Json{{"type", "clock"}, {"n", n}, {"t", client_now()}}.dump());
    {
        std::lock_guard lock(mutex_);
        ++probes_answered_;
    }
    changed_.notify_all();
    if (!writing_) do_write();
}

void WsClient::send_raw(std::string text) {
    net::post(ioc_, [this, text = std::move(text)]() mutable {
        outbox_.push_back(std::move(text));
        if (!writing_) do_write();
    });
}

void WsClient::do_write() {
    if (outbox_.empty() || closed()) {
        writing_ = false;
        return;
    }
    writing_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(outbox_.front()), [this](beast::error_code ec, std::size_t) {
        outbox_.pop_front();
        if (ec) {
            outbox_.clear();
            writing_ = false;
            return;
        }
        do_write();
    });
}

template <class Pred>
void WsClient::wait_until(Pred pred, const char* what) {
    std::unique_lock lock(mutex_);
    if (!changed_.wait_for(lock, kTimeout, pred)) throw std::runtime_error(std::string("timed out waiting for ") + what);
}

Json WsClient::request(Json message) {
    const std::int64_t id = ++next_id_;
    message["id"] = id;
    const std::size_t from = count();
    send(message);
    return wait_for([id](const Json& m) { return m.value("id", Json()) == id; }, from);
}

Json WsClient::wait_for(const std::function<bool(const Json&)>& pred, std::size_t from) {
    Json found;
    wait_until(
        [&] {
            for (std::size_t i = from; i < received_.size(); ++i) {
                if (pred(received_[i])) {
                    found = received_[i];
                    return true;
                }
            }
            if (closed_) throw std::runtime_error("connection closed while waiting");
            return false;
        },
        "a message");
    return found;
}

Json WsClient::snapshot(std::int64_t min_rev) {
    Json latest;
    wait_until(
        [&] {
            for (auto it = received_.rbegin(); it != received_.rend(); ++it) {
                if (it->at("type") == "snapshot") {
                    if (it->at("rev").get<std::int64_t>() < min_rev) return false;
                    latest = *it;
                    return true;
                }
            }
            return false;
        },
        "a snapshot");
    return latest;
}

int WsClient::wait_closed() {
    wait_until([&] { return closed_; }, "the connection to close");
    std::lock_guard lock(mutex_);
    return close_code_;
}

bool WsClient::closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
}

std::vector<Json> WsClient::received() const {
    std::lock_guard lock(mutex_);
    return received_;
}

std::size_t WsClient::count() const {
    std::lock_guard lock(mutex_);
    return received_.size();
}

Json WsClient::from_delta(const Json& delta) {
    ++deltas_;
    // A test client has no doubt to resolve: a delta that does not apply is the server's bug.
    return protocol::apply_delta(baseline_, delta);
}

std::size_t WsClient::deltas_received() const {
    std::lock_guard lock(mutex_);
    return deltas_;
}

Json WsClient::hello(const std::string& name, const std::optional<std::string>& token, bool deltas, bool clock) {
    Json message{{"type", "hello"}, {"name", name}};
    if (token) message["token"] = *token;
    if (deltas) message["deltas"] = true;
    if (clock) {
        message["clock"] = true;
        std::lock_guard lock(mutex_);
        clock_ = true;
    }
    return request(message);
}

void WsClient::simulate_clock(ClockSim sim) {
    std::lock_guard lock(mutex_);
    clock_ = true;
    clock_sim_ = sim;
}

double WsClient::client_now() const {
    const double steady_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
    std::lock_guard lock(mutex_);
    return steady_ms + clock_sim_.offset_ms;
}

std::size_t WsClient::probes_received() const {
    std::lock_guard lock(mutex_);
    return probes_received_;
}

std::size_t WsClient::probes_answered() const {
    std::lock_guard lock(mutex_);
    return probes_answered_;
}

void WsClient::wait_probes_answered(std::size_t n) {
    wait_until([&] { return probes_answered_ >= n; }, "clock probes to be answered");
}

}  // namespace taol::testing
