#pragma once
// What every connection shares: the hub, the counters, the open connections, the HTTP routes'
// context, and the limits each connection lives under.
#include <cstddef>

#include "server/connection_registry.hpp"
#include "server/http_routes.hpp"
#include "server/hub.hpp"
#include "server/metrics.hpp"

namespace taol::server {

struct ConnectionLimits {
    std::size_t max_queued_frames = 1024;           // a client this far behind is dropped
    std::size_t max_queued_bytes = 16 * 1024 * 1024;
    double messages_per_second = 20;
    double burst = 50;
    int flood = 100;                                // refusals in a row that close the connection
};

struct ServerContext {
    Hub& hub;
    Metrics& metrics;
    ConnectionRegistry& connections;
    HttpContext http;
    ConnectionLimits limits;
};

}  // namespace taol::server
