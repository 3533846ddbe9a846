#pragma once
// What every connection shares: the hub, the counters, the open connections, the HTTP routes'
// context, and the limits each connection lives under.
#include <cstddef>
#include <string>
#include <vector>

#include "server/net/address_limits.hpp"
#include "server/net/connection_registry.hpp"
#include "server/net/http_routes.hpp"
#include "server/hub/hub.hpp"
#include "server/hub/metrics.hpp"

namespace taol::server {

// Every limit a connection lives under (README, "Security and limits").
struct ConnectionLimits {
    std::size_t max_queued_frames = 1024;           // a client this far behind is dropped
    std::size_t max_queued_bytes = 16 * 1024 * 1024;
    double messages_per_second = 20;                // WebSocket messages, pings and empty fragments
    double burst = 50;
    int flood = 100;                                // refusals in a row that close the connection
    std::size_t read_bytes_per_second = 256 * 1024; // what one connection may send (empty fragments too)
    int flood_seconds = 5;                          // seconds in a row at that cap that close it
    TimeMs hello_ms = 10'000;                       // a connection must say hello within this
    TimeMs idle_ms = 30'000;                        // closed when the client stops answering pings
    TimeMs write_stall_ms = 20'000;                 // closed when one frame takes longer to write
    std::size_t max_per_address = 64;               // open connections per client address (0: any)
    std::vector<std::string> proxies;               // proxies' addresses: not limited, X-Forwarded-For believed
    bool limit_loopback = false;                    // loopback (a proxy on this machine) too: tests
    double api_per_second = 5;                      // rooms API requests per client address
    double api_burst = 20;
};

struct ServerContext {
    Hub& hub;
    Metrics& metrics;
    ConnectionRegistry& connections;
    HttpContext http;
    ConnectionLimits limits;
    AddressLimits& addresses;
    bool deflate = true;  // WebSocket frames compressed for clients that offer it (permessage-deflate)
};

}  // namespace taol::server
