#pragma once
// The ceiling for load_bench: a bare WebSocket broadcaster (Boost.Beast, one thread of its own)
// that does what Taol does on the wire and nothing else. A client joins with
// {"type":"join","room":R,"as":"player"|"spectator","id":N} and gets {"type":"room","id":N}; once
// a room has all its members, each gets a snapshot. Seats play in turn: an "act" from the seat
// whose turn it is gets its answer (a snapshot with the act's id) and every other member a
// snapshot of the new rev; only the next seat's snapshot lists an action. An act from any other
// seat gets {"type":"error","code":"not_your_turn"}. Every snapshot is padded to `frame_bytes`.
#include <sys/types.h>

#include <atomic>
#include <cstddef>
#include <memory>
#include <thread>

#include <boost/asio.hpp>

namespace taol::bench {

class BareBroadcaster {
public:
    BareBroadcaster(int members_per_room, int players_per_room, std::size_t frame_bytes);
    ~BareBroadcaster();
    BareBroadcaster(const BareBroadcaster&) = delete;
    BareBroadcaster& operator=(const BareBroadcaster&) = delete;

    unsigned short port() const { return port_; }
    // Its thread's id, for its CPU time in /proc/self/task/<tid>.
    pid_t thread_id() const { return tid_.load(); }

    struct Hub;  // the rooms and their sessions, touched by the broadcaster's thread only

private:
    boost::asio::io_context ioc_;
    boost::asio::ip::tcp::acceptor acceptor_;
    std::unique_ptr<Hub> hub_;
    unsigned short port_ = 0;
    std::atomic<pid_t> tid_{0};
    std::thread thread_;
};

}  // namespace taol::bench
