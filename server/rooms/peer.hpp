#pragma once
// A connection as the rest of the server sees it: something frames can be delivered to.
#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace taol::server {

// One encoded message. A broadcast shares it between every recipient, and the form a connection
// sends it in when that differs (compressed: permessage-deflate) is made once, by the first
// connection that needs it, on whichever thread.
class FrameText {
public:
    explicit FrameText(std::string text) : text_(std::move(text)) {}
    const std::string& text() const { return text_; }
    std::size_t size() const { return text_.size(); }
    // `compress(text())`, computed on the first call only.
    template <class Compress>
    const std::string& compressed(Compress compress) const {
        std::call_once(compressed_once_, [&] { compressed_ = compress(text_); });
        return compressed_;
    }

private:
    std::string text_;
    mutable std::once_flag compressed_once_;
    mutable std::string compressed_;
};

using Frame = std::shared_ptr<const FrameText>;

inline Frame make_frame(std::string text) { return std::make_shared<const FrameText>(std::move(text)); }

class Peer {
public:
    virtual ~Peer() = default;
    // Queues `frame` for sending; never blocks, callable from any thread.
    virtual void deliver(Frame frame) = 0;

    // Whether its client asked for deltas (hello's "deltas"): it then gets `delta` messages after
    // its first snapshot.
    bool wants_deltas() const { return deltas_.load(std::memory_order_relaxed); }
    void want_deltas(bool on) { deltas_.store(on, std::memory_order_relaxed); }

    // Its connection's round trip as measured by clock probes, bounded by WebSocket pings (fair
    // races), in ms; nullopt until measured. Set where the connection runs, read by its room. The
    // one-way delay is half of it.
    std::optional<int> rtt_ms() const {
        const int rtt = rtt_ms_.load(std::memory_order_relaxed);
        return rtt < 0 ? std::nullopt : std::optional(rtt);
    }
    std::optional<int> one_way_ms() const {
        const auto rtt = rtt_ms();
        return rtt ? std::optional((*rtt + 1) / 2) : std::nullopt;
    }
    void set_rtt_ms(int rtt) { rtt_ms_.store(rtt, std::memory_order_relaxed); }

    // Whether its connection has ended (set where it ran, before its room hears of it): the room
    // records it as dropped with the first departure it handles (Room::disconnect).
    bool gone() const { return gone_.load(std::memory_order_relaxed); }
    void mark_gone() { gone_.store(true, std::memory_order_relaxed); }

private:
    std::atomic<bool> deltas_{false};
    std::atomic<bool> gone_{false};
    std::atomic<int> rtt_ms_{-1};  // -1: not measured
};

using PeerPtr = std::shared_ptr<Peer>;

// When a client says its person acted, put on the server's monotonic clock (ms) by its
// connection's clock estimate, with that connection's one-way delay (fair races; PROTOCOL.md).
struct Timing {
    std::int64_t acted_mono = 0;
    std::int64_t one_way_ms = 0;
};

// A client's connection: a peer that can also be closed (a newer connection of the same player
// took over, or the server shuts down).
class Connection : public Peer {
public:
    virtual void close() = 0;
    // Client time `t` (an action's own stamp) as a Timing, once the connection measures its clock.
    // Called where the connection handles its messages.
    virtual std::optional<Timing> timing_of(double t) const {
        (void)t;
        return std::nullopt;
    }
};

using ConnectionPtr = std::shared_ptr<Connection>;

}  // namespace taol::server
