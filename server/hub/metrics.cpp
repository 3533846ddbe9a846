#include "server/hub/metrics.hpp"

#include <algorithm>
#include <sstream>

namespace taol::server {
namespace {

void counter(std::ostringstream& out, const char* name, const char* help, std::uint64_t value) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << " counter\n" << name << ' ' << value << '\n';
}

void gauge(std::ostringstream& out, const char* name, const char* help, std::int64_t value) {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << " gauge\n" << name << ' ' << value << '\n';
}

}  // namespace

void DurationHistogram::observe(std::chrono::nanoseconds elapsed) {
    const double seconds = std::chrono::duration<double>(elapsed).count();
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
        if (seconds <= kBuckets[i]) {
            bucket_counts_[i].fetch_add(1, std::memory_order_relaxed);
            break;
        }
    }
    count_.fetch_add(1, std::memory_order_relaxed);
    sum_ns_.fetch_add(static_cast<std::uint64_t>(std::max<std::int64_t>(elapsed.count(), 0)), std::memory_order_relaxed);
}

void DurationHistogram::render(std::ostringstream& out, const char* name, const char* help) const {
    out << "# HELP " << name << ' ' << help << "\n# TYPE " << name << " histogram\n";
    std::uint64_t cumulative = 0;
    for (std::size_t i = 0; i < kBuckets.size(); ++i) {
        cumulative += bucket_counts_[i].load(std::memory_order_relaxed);
        out << name << "_bucket{le=\"" << kBuckets[i] << "\"} " << cumulative << '\n';
    }
    const std::uint64_t count = count_.load();
    out << name << "_bucket{le=\"+Inf\"} " << count << '\n'
        << name << "_sum " << static_cast<double>(sum_ns_.load()) / 1e9 << '\n'
        << name << "_count " << count << '\n';
}

std::string Metrics::render(const RoomCounts& rooms, const Ownership* ownership) const {
    std::ostringstream out;
    gauge(out, "taol_connections", "Open WebSocket connections.", connections.load());
    counter(out, "taol_connections_total", "WebSocket connections accepted.", connections_total.load());
    out << "# HELP taol_connections_dropped_total Connections the server closed, by the limit they met.\n"
        << "# TYPE taol_connections_dropped_total counter\n";
    for (std::size_t i = 0; i < kDropReasonNames.size(); ++i) {
        out << "taol_connections_dropped_total{reason=\"" << kDropReasonNames[i] << "\"} " << dropped_[i].load() << '\n';
    }
    counter(out, "taol_connections_refused_total", "Connections refused: too many open from one address.",
            connections_refused.load());
    counter(out, "taol_accept_failures_total", "Failed accepts (out of file descriptors...).", accept_failures.load());
    out << "# HELP taol_rooms Rooms in memory, by status.\n# TYPE taol_rooms gauge\n"
        << "taol_rooms{status=\"waiting\"} " << rooms.waiting << '\n'
        << "taol_rooms{status=\"playing\"} " << rooms.playing << '\n'
        << "taol_rooms{status=\"finished\"} " << rooms.finished << '\n';
    counter(out, "taol_rooms_created_total", "Rooms created.", rooms_created.load());
    counter(out, "taol_rooms_unloaded_total", "Idle rooms unloaded from memory.", rooms_unloaded.load());
    counter(out, "taol_rooms_loaded_total", "Rooms rebuilt from the journal (restored or reopened).", rooms_loaded.load());
    counter(out, "taol_journal_failures_total", "Room events that could not be recorded (refused or retried).",
            journal_failures.load());
    counter(out, "taol_rooms_damaged_total", "Rooms whose record in the journal does not read (not opened).",
            rooms_damaged.load());
    gauge(out, "taol_busy", "1 while the server is too far behind to open rooms or let newcomers in.", busy.load());
    counter(out, "taol_busy_refusals_total", "Creates and joins of newcomers refused with server_busy.",
            busy_refusals.load());
    counter(out, "taol_moved_clients_total", "Clients told that their room is served by another node.",
            moved_clients.load());
    if (ownership) {
        gauge(out, "taol_leases_held", "Rooms this node holds the lease of (a shared journal).",
              static_cast<std::int64_t>(ownership->leases_held));
        counter(out, "taol_lease_takeovers_total", "Rooms claimed from a node that had stopped renewing its lease.",
                ownership->takeovers);
    }
    counter(out, "taol_messages_in_total", "Client messages received.", messages_in.load());
    counter(out, "taol_messages_out_total", "Messages sent to clients.", messages_out.load());
    counter(out, "taol_messages_refused_total", "Client messages refused before reaching a room.",
            messages_refused.load());
    counter(out, "taol_actions_accepted_total", "Game actions accepted.", actions_accepted.load());
    counter(out, "taol_actions_rejected_total", "Game actions refused.", actions_rejected.load());

    action_latency_.render(out, "taol_action_latency_seconds", "Time to handle an act message.");
    loop_lag_.render(out, "taol_event_loop_lag_seconds",
                     "How late a timer due on the event loop ran (sampled every 100 ms).");
    return out.str();
}

}  // namespace taol::server
