#pragma once
// A room as an actor: its synchronous core (room.hpp) runs on its own strand, one call at a time,
// with one steady_timer armed at its next deadline.
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "server/room.hpp"

namespace taol::server {

// The wall clock, in milliseconds since the Unix epoch.
using WallClock = std::function<TimeMs()>;
TimeMs system_wall_clock();

class RoomActor : public std::enable_shared_from_this<RoomActor> {
public:
    using Executor = boost::asio::any_io_executor;

    RoomActor(Executor executor, std::unique_ptr<Room> room, WallClock clock);

    const std::string& code() const { return code_; }

    // Runs `fn(room, now)` on the room's strand (`now`: the wall clock as the room takes the call),
    // then re-arms the timer. Safe from any thread.
    void post(std::function<void(Room&, TimeMs)> fn);

    // Stops the timer once the calls already posted are done; no deadline fires afterwards.
    void close();

    // Read from any thread (for the directory and /metrics).
    RoomStatus status() const { return status_.load(); }
    int connected() const { return connected_.load(); }
    TimeMs idle_since() const { return idle_since_.load(); }
    // Room::summary() as of the last call the room handled.
    Json summary() const;

private:
    void settle(TimeMs wall);
    void on_timer(const boost::system::error_code& ec);

    std::string code_;
    boost::asio::strand<Executor> strand_;
    boost::asio::steady_timer timer_;
    WallClock clock_;
    std::atomic<TimeMs> idle_since_;  // since when nobody is connected
    std::unique_ptr<Room> room_;
    std::optional<TimeMs> armed_for_;  // wall time the timer is set for
    bool closed_ = false;

    std::atomic<RoomStatus> status_;
    std::atomic<int> connected_{0};
    mutable std::mutex summary_mutex_;
    Json summary_;
};

}  // namespace taol::server
