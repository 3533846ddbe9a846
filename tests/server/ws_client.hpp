#pragma once
// A WebSocket test client (Boost.Beast) with its own I/O thread: everything received is kept, in
// order, and the test waits on conditions with generous timeouts, never on sleeps.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

namespace taol::testing {

using Json = nlohmann::json;

class WsClient {
public:
    static constexpr std::chrono::seconds kTimeout{30};

    // Connects to ws://127.0.0.1:<port><target>.
    explicit WsClient(unsigned short port, const std::string& target = "/ws");
    ~WsClient();
    WsClient(const WsClient&) = delete;
    WsClient& operator=(const WsClient&) = delete;

    void send(const Json& message) { send_raw(message.dump()); }
    void send_raw(std::string text);

    // Sends `message` with a fresh id; returns the answer carrying that id.
    Json request(Json message);

    // The first message at index >= `from` that satisfies `pred` (waits for it).
    Json wait_for(const std::function<bool(const Json&)>& pred, std::size_t from = 0);
    // The latest snapshot received, once one with rev >= min_rev has arrived.
    Json snapshot(std::int64_t min_rev = 0);

    // Waits for the server to close the connection; returns the close code.
    int wait_closed();
    bool closed() const;

    // Everything received so far.
    std::vector<Json> received() const;
    std::size_t count() const;

    // "hello": returns the welcome. With `deltas`, the server sends `delta` messages after the
    // first snapshot; this client turns each back into the snapshot it stands for (as the web
    // client does), so that tests read snapshots either way, and fails on one that does not apply.
    Json hello(const std::string& name, const std::optional<std::string>& token = std::nullopt, bool deltas = false);
    // How many deltas it was sent, and turned into snapshots.
    std::size_t deltas_received() const;

private:
    void do_read();
    void do_write();
    // The snapshot `delta` stands for, from the baseline (requires mutex_).
    Json from_delta(const Json& delta);
    template <class Pred>
    void wait_until(Pred pred, const char* what);

    boost::asio::io_context ioc_;
    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    boost::beast::flat_buffer buffer_;
    std::deque<std::string> outbox_;
    bool writing_ = false;
    std::thread thread_;

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Json> received_;
    Json baseline_;              // the last snapshot without type, id, log and server_time
    std::size_t deltas_ = 0;
    bool closed_ = false;
    int close_code_ = 0;
    std::int64_t next_id_ = 1000;
};

}  // namespace taol::testing
