#pragma once
// A connection as the rest of the server sees it: something frames can be delivered to.
#include <atomic>
#include <memory>
#include <string>

namespace taol::server {

// One encoded message. A broadcast shares one buffer between every recipient.
using Frame = std::shared_ptr<const std::string>;

inline Frame make_frame(std::string text) { return std::make_shared<const std::string>(std::move(text)); }

class Peer {
public:
    virtual ~Peer() = default;
    // Queues `frame` for sending; never blocks, callable from any thread.
    virtual void deliver(Frame frame) = 0;

    // Whether its client asked for deltas (hello's "deltas"): it then gets `delta` messages after
    // its first snapshot.
    bool wants_deltas() const { return deltas_.load(std::memory_order_relaxed); }
    void want_deltas(bool on) { deltas_.store(on, std::memory_order_relaxed); }

private:
    std::atomic<bool> deltas_{false};
};

using PeerPtr = std::shared_ptr<Peer>;

// A client's connection: a peer that can also be closed (a newer connection of the same player
// took over, or the server shuts down).
class Connection : public Peer {
public:
    virtual void close() = 0;
};

using ConnectionPtr = std::shared_ptr<Connection>;

}  // namespace taol::server
