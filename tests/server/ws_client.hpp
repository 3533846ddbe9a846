#pragma once
// A WebSocket test client (Boost.Beast) with its own I/O thread: everything received is kept, in
// order, and the test waits on conditions with generous timeouts, never on sleeps.
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

namespace taol::testing {

using Json = nlohmann::json;

class WsClient {
public:
    static constexpr std::chrono::seconds kTimeout{30};

    // Connects to ws://127.0.0.1:<port><target>; with `offer_deflate`, offers permessage-deflate
    // as browsers do.
    explicit WsClient(unsigned short port, const std::string& target = "/ws", bool offer_deflate = false);
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

    // The server's Sec-WebSocket-Extensions answer ("permessage-deflate; ..." when it compresses).
    const std::string& extensions() const { return extensions_; }

    // Everything received so far.
    std::vector<Json> received() const;
    std::size_t count() const;

    // "hello": returns the welcome. With `deltas`, the server sends `delta` messages after the
    // first snapshot; this client turns each back into the snapshot it stands for (as the web
    // client does), so that tests read snapshots either way, and fails on one that does not apply.
    // With `clock`, it says "clock": true and takes part in the clock protocol (as simulate_clock
    // says, or with an honest clock if simulate_clock was not called).
    Json hello(const std::string& name, const std::optional<std::string>& token = std::nullopt, bool deltas = false,
               bool clock = false);
    // How many deltas it was sent, and turned into snapshots.
    std::size_t deltas_received() const;

    // The clock protocol (fair races): the server probes {"type":"clock","n"}, the client answers
    // {"type":"clock","n","t"} with t its own monotonic clock in ms; an act may carry that clock's
    // "t" at the moment the person acted (send client_now()).
    struct ClockSim {
        double offset_ms = 0;        // the client's clock: the steady clock in ms plus this
        double answer_delay_ms = 0;  // answers this late (a cheat: it looks farther away)
        bool answer = true;          // false: probes are counted, never answered
    };
    // Takes part in the clock protocol: probes are then kept out of received() (counted instead)
    // and answered from the I/O thread as `sim` says. Call before hello(...).
    void simulate_clock(ClockSim sim);
    double client_now() const;  // the simulated clock, ms
    std::size_t probes_received() const;
    std::size_t probes_answered() const;
    // Waits until at least `n` probes have been answered.
    void wait_probes_answered(std::size_t n);

private:
    void do_read();
    void do_write();
    // The answer to a probe numbered `n` (I/O thread), after `delay_ms`.
    void answer_probe(Json n, double delay_ms);
    void send_answer(const Json& n);
    // The snapshot `delta` stands for, from the baseline (requires mutex_).
    Json from_delta(const Json& delta);
    template <class Pred>
    void wait_until(Pred pred, const char* what);

    boost::asio::io_context ioc_;
    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    std::string extensions_;
    boost::beast::flat_buffer buffer_;
    std::deque<std::string> outbox_;
    bool writing_ = false;
    std::list<boost::asio::steady_timer> answer_timers_;  // the answers waiting for their delay
    std::thread thread_;

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    std::vector<Json> received_;
    Json baseline_;              // the last snapshot without type, id, log and server_time
    std::size_t deltas_ = 0;
    bool clock_ = false;  // takes part in the clock protocol
    ClockSim clock_sim_;
    std::size_t probes_received_ = 0;
    std::size_t probes_answered_ = 0;
    bool closed_ = false;
    int close_code_ = 0;
    std::int64_t next_id_ = 1000;
};

}  // namespace taol::testing
