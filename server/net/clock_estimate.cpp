#include "server/net/clock_estimate.hpp"

#include <algorithm>

namespace taol::server {

void ClockEstimate::add(double sent, double received, double client_t) {
    const double rtt = std::max(0.0, received - sent);
    // The client read its clock about halfway through the exchange.
    samples_.push_back({rtt, client_t - (sent + rtt / 2)});
    if (samples_.size() > kWindow) samples_.pop_front();
}

const ClockEstimate::Sample& ClockEstimate::best() const {
    return *std::min_element(samples_.begin(), samples_.end(),
                             [](const Sample& a, const Sample& b) { return a.rtt < b.rtt; });
}

double ClockEstimate::jitter_ms() const {
    if (samples_.empty()) return 0;
    const double shortest = best().rtt;
    double excess = 0;
    for (const Sample& s : samples_) excess += s.rtt - shortest;
    return excess / static_cast<double>(samples_.size());
}

std::optional<double> ClockEstimate::to_server(double t) const {
    if (!ready()) return std::nullopt;
    return t - offset_ms();
}

void RoundTrips::add(double rtt_ms) {
    samples_.push_back(std::max(0.0, rtt_ms));
    if (samples_.size() > ClockEstimate::kWindow) samples_.pop_front();
}

std::optional<double> RoundTrips::shortest() const {
    if (samples_.empty()) return std::nullopt;
    return *std::min_element(samples_.begin(), samples_.end());
}

}  // namespace taol::server
