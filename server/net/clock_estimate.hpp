#pragma once
// A connection's round trip and the offset of its client's clock, from the server's clock probes
// (PROTOCOL.md, "Fair races"). As NTP does, of the last samples the one with the shortest round trip
// tells best: delay only ever adds, so the quickest exchange is the one least distorted by queues,
// and a client that delays some answers changes nothing. Jitter is how far the others stray from it.
#include <cstddef>
#include <deque>
#include <optional>

namespace taol::server {

class ClockEstimate {
public:
    static constexpr std::size_t kWindow = 16;   // samples kept (at one probe every 2 s: half a minute)
    static constexpr std::size_t kEnough = 3;    // samples before an estimate is given

    // A probe sent at server time `sent` (steady clock, ms), answered with the client's clock
    // `client_t`, received at server time `received`.
    void add(double sent, double received, double client_t);

    bool ready() const { return samples_.size() >= kEnough; }
    std::size_t samples() const { return samples_.size(); }
    // Only once ready():
    double round_trip_ms() const { return best().rtt; }
    double one_way_ms() const { return best().rtt / 2; }
    // The client's clock minus the server's.
    double offset_ms() const { return best().offset; }
    // The mean excess of the window's round trips over the shortest.
    double jitter_ms() const;
    // The server time of client time `t`; nullopt before ready().
    std::optional<double> to_server(double t) const;

private:
    struct Sample {
        double rtt = 0;
        double offset = 0;
    };
    const Sample& best() const;

    std::deque<Sample> samples_;
};

// Round trips of WebSocket pings, which a browser's network stack answers by itself: a page cannot
// delay them to look farther away than it is, so they bound the delay the probes tell.
class RoundTrips {
public:
    void add(double rtt_ms);
    // The shortest of the last ClockEstimate::kWindow; nullopt before the first.
    std::optional<double> shortest() const;

private:
    std::deque<double> samples_;
};

}  // namespace taol::server
