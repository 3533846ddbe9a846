#pragma once
// A room as an actor: its synchronous core (room.hpp) runs on its own strand, one call at a time,
// with one steady_timer armed at its next deadline. While the room waits for the journal to answer
// an event, the calls that come meanwhile wait their turn, each with the clocks as it came; actions
// that waited together are then taken as one group (Room::begin_group).
#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include "server/rooms/room.hpp"

namespace taol::server {

// Both clocks at once (clock.hpp); tests inject their own.
using Clock = std::function<Instant()>;
Instant system_now();

class RoomActor : public std::enable_shared_from_this<RoomActor> {
public:
    using Executor = boost::asio::any_io_executor;

    RoomActor(Executor executor, std::unique_ptr<Room> room, Clock clock);

    const std::string& code() const { return code_; }

    using Call = std::function<void(Room&, Instant)>;
    using After = std::function<void(Room&)>;
    // Runs `fn(room, now)` on the room's strand (`now`: the clocks as the call reaches the strand),
    // then `after(room)` once what the call wrote is answered, then re-arms the timer. Safe from
    // any thread. A call that may be `grouped` (an `act`) is taken with the others like it that
    // waited together while the room wrote, or that came right behind it (Room::begin_group).
    void post(Call fn, After after = {}, bool grouped = false);

    // Stops the timer once the calls already posted are done; no deadline fires afterwards.
    void close();

    // Read from any thread (for the directory and /metrics).
    RoomStatus status() const { return status_.load(); }
    int connected() const { return connected_.load(); }
    TimeMs idle_since() const { return idle_since_.load(); }  // monotonic
    // Room::summary() as of the last call the room handled.
    Json summary() const;
    // Room::summary() as the room stands, given to `reply` on its strand: it holds whatever a call
    // that ran before this was asked has sent (a member told of its room sees itself in it), where
    // summary() may be a call behind. Not queued behind a write.
    void read_summary(std::function<void(Json)> reply);

private:
    struct Queued {
        Call fn;
        After after;
        Instant now;
        bool grouped = false;
    };
    // Runs the waiting calls, in order, until the room waits for the journal.
    void run_queue();
    // Two calls or more that may be grouped wait at the front, and the room can take a group.
    bool group_waits() const;
    // Runs them as one group (and every such call after them); returns the last one's clocks.
    Instant run_group();
    void run(Queued& call);
    void settle(Instant now);
    void on_timer(const boost::system::error_code& ec);

    std::string code_;
    boost::asio::strand<Executor> strand_;
    boost::asio::steady_timer timer_;
    Clock clock_;
    std::atomic<TimeMs> idle_since_;  // since when nobody is connected
    std::unique_ptr<Room> room_;
    std::optional<TimeMs> armed_for_;  // monotonic time the timer is set for
    bool closed_ = false;
    bool gathering_ = false;    // an act waits one hop for the others of its pass (post)
    std::deque<Queued> queue_;  // calls that came while the room was writing or gathering
    std::vector<After> afters_; // of the calls whose writes are not all answered yet, in order
    std::shared_ptr<RoomActor> writing_keeps_;  // itself, while the journal has to answer

    std::atomic<RoomStatus> status_;
    std::atomic<int> connected_{0};
    mutable std::mutex summary_mutex_;
    Json summary_;
    std::string summary_key_;  // Room::summary_key() of summary_
};

}  // namespace taol::server
