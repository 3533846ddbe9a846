#pragma once
// The whole server: one io_context run by one thread per core, the listener, the hub, the sweep
// of idle rooms, and a graceful stop.
#include <atomic>
#include <filesystem>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>

#include "server/hub/loop_lag_probe.hpp"
#include "server/net/context.hpp"

namespace taol::server {

class Listener;

struct ServerConfig {
    std::string host = "0.0.0.0";
    unsigned short port = 8080;  // 0: any free port (see Server::port)
    std::filesystem::path data_dir = "data";
    SyncPolicy sync = SyncPolicy::normal;  // how hard the journal pushes each write to the disk
    // A journal shared by several nodes (postgresql://...); empty: SQLite in data_dir.
    std::string journal_url;
    std::string node_name;   // this node among them (default: host name and port)
    std::string public_url;  // where clients reach this node
    TimeMs lease_ms = 3000;  // how long a room's lease lasts without renewal
    std::filesystem::path web_root = "web-client";
    int threads = 0;             // 0: one per core
    HubConfig hub;
    ConnectionLimits limits;
    bool deflate = true;  // permessage-deflate for WebSocket clients that offer it (--deflate off: never)
    bool refuse_journal_writes = false;  // tests: the journal's disk is full or read-only
    TimeMs sweep_every_ms = 60'000;
    TimeMs stop_grace_ms = 3'000;  // how long a stop waits for connections to close
};

class Server {
public:
    // Opens the journal in config.data_dir (created when missing); throws std::runtime_error when
    // it cannot.
    explicit Server(ServerConfig config);
    ~Server();

    // Restores the rooms of the journal, binds and starts accepting. Throws std::runtime_error
    // with a readable message when it cannot.
    void start();
    unsigned short port() const { return port_; }

    // Stops on SIGINT and SIGTERM.
    void stop_on_signals();

    // Runs the io_context on config.threads threads; returns once stopped.
    void run();

    // Graceful: stops accepting, closes every connection, stops the rooms' timers; run() returns
    // once the connections are closed (or after stop_grace_ms). Any thread.
    void stop();

    Hub& hub() { return hub_; }
    Metrics& metrics() { return metrics_; }

private:
    void sweep_later();
    void close_everything();
    void wait_for_connections(TimeMs left_ms);

    ServerConfig config_;
    std::unique_ptr<Journal> journal_;
    boost::asio::io_context ioc_;
    // Journal reads and background writes: one thread, so that they keep their order.
    boost::asio::thread_pool background_{1};
    // Finished games' replays kept: one thread, at a lower priority (thread_role.hpp).
    boost::asio::thread_pool chores_{1};
    Metrics metrics_;
    AddressLimits addresses_;
    ConnectionRegistry connections_;
    Hub hub_;
    LoopLagProbe loop_lag_;  // tells the hub's load gauge and the metrics how late the event loop runs
    ServerContext context_;
    std::shared_ptr<Listener> listener_;
    boost::asio::steady_timer sweep_timer_;
    boost::asio::steady_timer stop_timer_;
    boost::asio::signal_set signals_;
    std::atomic<bool> stopping_{false};
    unsigned short port_ = 0;
};

}  // namespace taol::server
