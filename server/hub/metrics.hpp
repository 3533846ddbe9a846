#pragma once
// Counters for /metrics (Prometheus text format). Lock-free: bumped from any thread.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <string>

#include "server/journal/journal.hpp"  // Ownership

namespace taol::server {

struct RoomCounts {
    long waiting = 0;
    long playing = 0;
    long finished = 0;
};

// Why the server closed a connection without the client asking: each its own count, so that a
// run that lost connections says which limit it met.
enum class DropReason {
    no_hello,         // said no hello in time
    no_pong,          // silent past the idle time, pings unanswered
    write_stalled,    // stopped reading what it is sent
    too_far_behind,   // its queue of frames passed the limit
    read_flood,       // sends more bytes than it may, second after second
    message_flood,    // past the message rate again and again
    malformed_frame,  // broke WebSocket's framing
};
inline constexpr std::array<const char*, 7> kDropReasonNames = {
    "no_hello", "no_pong", "write_stalled", "too_far_behind", "read_flood", "message_flood", "malformed_frame"};
static_assert(kDropReasonNames.size() == static_cast<std::size_t>(DropReason::malformed_frame) + 1);

// A Prometheus histogram of durations, lock-free. Bounds in seconds: finer around 20 ms, the bound
// load tests hold the server to.
class DurationHistogram {
public:
    void observe(std::chrono::nanoseconds elapsed);
    void render(std::ostringstream& out, const char* name, const char* help) const;

private:
    static constexpr std::array<double, 15> kBuckets = {0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.015,
                                                        0.02,   0.025,   0.035,  0.05,  0.1,    0.25,  1.0};
    std::array<std::atomic<std::uint64_t>, kBuckets.size()> bucket_counts_{};
    std::atomic<std::uint64_t> count_{0};
    std::atomic<std::uint64_t> sum_ns_{0};
};

class Metrics {
public:
    std::atomic<std::int64_t> connections{0};          // open WebSocket connections
    std::atomic<std::uint64_t> connections_total{0};
    std::atomic<std::uint64_t> connections_refused{0}; // over the limit of one address
    std::atomic<std::uint64_t> accept_failures{0};     // out of descriptors...
    std::atomic<std::uint64_t> messages_in{0};
    std::atomic<std::uint64_t> messages_out{0};
    std::atomic<std::uint64_t> messages_refused{0};    // rate_limited, bad_json, too_large...
    std::atomic<std::uint64_t> actions_accepted{0};
    std::atomic<std::uint64_t> actions_rejected{0};
    std::atomic<std::uint64_t> rooms_created{0};
    std::atomic<std::uint64_t> rooms_unloaded{0};
    std::atomic<std::uint64_t> rooms_loaded{0};        // from the journal: restored or reopened
    std::atomic<std::uint64_t> journal_failures{0};    // events that could not be recorded
    std::atomic<std::uint64_t> rooms_damaged{0};       // rooms whose record does not read
    std::atomic<std::int64_t> busy{0};                 // 1 while new rooms and newcomers are refused
    std::atomic<std::uint64_t> busy_refusals{0};       // creates and joins refused with server_busy
    std::atomic<std::uint64_t> moved_clients{0};       // told that their room is served by another node

    void count_drop(DropReason reason) { dropped_[static_cast<std::size_t>(reason)].fetch_add(1, std::memory_order_relaxed); }

    // Time from taking an `act` off the wire to its answers being queued.
    void observe_action_latency(std::chrono::nanoseconds elapsed) { action_latency_.observe(elapsed); }
    // How late a timer due on the event loop ran: what anything ready (a message read, a frame to
    // write) waits for a free thread, outside the act's own time above.
    void observe_loop_lag(std::chrono::nanoseconds late) { loop_lag_.observe(late); }

    // `ownership`: what the node holds of a shared journal (null: a journal of its own).
    std::string render(const RoomCounts& rooms, const Ownership* ownership = nullptr) const;

private:
    std::array<std::atomic<std::uint64_t>, kDropReasonNames.size()> dropped_{};
    DurationHistogram action_latency_;
    DurationHistogram loop_lag_;
};

}  // namespace taol::server
