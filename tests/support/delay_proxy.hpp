#pragma once
// A TCP proxy on loopback that delays what goes through it, as a slow network would: for tests of
// what the server does about each client's delay (fair races). Every connection accepted on
// 127.0.0.1:port() is forwarded to 127.0.0.1:<target_port>; each chunk read in a direction is
// written on no earlier than the moment it was read plus that direction's delay, and never before
// the chunk read before it (jitter delays, it does not reorder: TCP's order is kept). A half-close
// or a close reaches the other side as late as the bytes before it. The proxy runs on its own
// thread, on timers (no sleeps, no polling): its delays hold to about a millisecond.
#include <cstdint>
#include <memory>

namespace taol::testing {

// Each chunk is delayed by one_way_ms plus a uniform draw in [0, jitter_ms).
struct LinkDelay {
    double one_way_ms = 0;
    double jitter_ms = 0;
};

class DelayProxy {
public:
    // up: client -> server, down: server -> client; `seed` draws the jitter.
    DelayProxy(unsigned short target_port, LinkDelay up, LinkDelay down, std::uint64_t seed = 1);
    // Stops its thread and closes every connection.
    ~DelayProxy();
    DelayProxy(const DelayProxy&) = delete;
    DelayProxy& operator=(const DelayProxy&) = delete;

    unsigned short port() const;
    // From any thread; applies to the bytes read from then on.
    void set_delays(LinkDelay up, LinkDelay down);

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace taol::testing
