#include "server/hub/loop_lag_probe.hpp"

#include <boost/asio/post.hpp>

namespace taol::server {

LoopLagProbe::LoopLagProbe(boost::asio::any_io_executor executor, LoadGauge& gauge, Metrics& metrics,
                           std::chrono::milliseconds period)
    : strand_(boost::asio::make_strand(executor)), timer_(strand_), gauge_(gauge), metrics_(metrics), period_(period) {}

void LoopLagProbe::start() {
    boost::asio::post(strand_, [this] { arm(); });
}

void LoopLagProbe::stop() {
    stopped_ = true;
    boost::asio::post(strand_, [this] { timer_.cancel(); });
}

void LoopLagProbe::arm() {
    if (stopped_) return;
    timer_.expires_after(period_);
    timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec || stopped_) return;
        const auto late = std::chrono::steady_clock::now() - timer_.expiry();
        gauge_.loop_lag(std::chrono::duration_cast<std::chrono::milliseconds>(late).count());
        metrics_.observe_loop_lag(late);
        arm();
    });
}

}  // namespace taol::server
