#pragma once
// How late the event loop runs: a timer every `period` on the loop's executor, each firing's delay
// told to the load gauge and counted in the metrics' histogram. However many threads run the
// io_context, a handler that is due waits in its one queue until a thread is free, so this is how
// long anything a player sent waits to run.
#include <atomic>
#include <chrono>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "server/hub/load_gauge.hpp"
#include "server/hub/metrics.hpp"

namespace taol::server {

class LoopLagProbe {
public:
    LoopLagProbe(boost::asio::any_io_executor executor, LoadGauge& gauge, Metrics& metrics,
                 std::chrono::milliseconds period = std::chrono::milliseconds(100));

    void start();
    // No firing afterwards (any thread).
    void stop();

private:
    void arm();

    boost::asio::strand<boost::asio::any_io_executor> strand_;
    boost::asio::steady_timer timer_;
    LoadGauge& gauge_;
    Metrics& metrics_;
    const std::chrono::milliseconds period_;
    std::atomic<bool> stopped_{false};
};

}  // namespace taol::server
