// taol-server: the game server. Flags: --host, --port, --data-dir, --journal, --node, --public-url,
// --sync, --web-root, --trust-proxy, --limit, --deflate, --help.
#include <spdlog/spdlog.h>
#include <sys/resource.h>

#include <cstdlib>
#include <iostream>
#include <string>
#include <string_view>

#include "server/server.hpp"

namespace {

constexpr std::string_view kUsage =
    "Usage: taol-server [options]\n"
    "  --host ADDRESS    address to listen on (default 0.0.0.0)\n"
    "  --port N          port for HTTP and WebSocket (default 8080)\n"
    "  --data-dir DIR    where rooms are kept (default ./data, created if missing)\n"
    "  --journal URL     postgresql://user@host:port/db: rooms kept in PostgreSQL, shared with other\n"
    "                    nodes (README, \"Several nodes\"); default: SQLite in --data-dir\n"
    "  --node NAME       this node's name among the nodes (default: the host name and --port)\n"
    "  --public-url URL  where clients reach this node (ws://host:port/ws), sent to the clients\n"
    "                    of its rooms that asked another node\n"
    "  --sync POLICY     normal (default): each event survives the server being killed;\n"
    "                    full: each event is also on the disk before play goes on, so it\n"
    "                    survives a power cut (slower: one fsync per batch of events)\n"
    "  --web-root DIR    the web client's files (default ./web-client)\n"
    "  --trust-proxy IP  a reverse proxy's address (besides loopback): its connections are not\n"
    "                    limited per address, and X-Forwarded-For names its clients\n"
    "  --limit NAME=N    changes one limit (README, \"Security and limits\"); NAME is one of\n"
    "                    per-address, hello-seconds, idle-seconds, write-stall-seconds,\n"
    "                    messages-per-second, messages-burst, read-kib-per-second,\n"
    "                    api-per-second, api-burst, busy-loop-lag-ms, busy-journal-wait-ms,\n"
    "                    busy-action-ms\n"
    "  --deflate on|off  compress WebSocket frames for clients that offer it (permessage-deflate:\n"
    "                    every browser does): each frame once, for all who receive it, about half\n"
    "                    the bytes, for some CPU and no memory per connection (default on; README,\n"
    "                    \"Compression\")\n"
    "  --help            this text\n";

// Ten thousand connections need more descriptors than the usual soft limit of 1024.
void raise_descriptor_limit() {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        if (setrlimit(RLIMIT_NOFILE, &limit) != 0) spdlog::warn("could not raise the open files limit");
    }
}

int usage_error(const std::string& message) {
    std::cerr << "taol-server: " << message << "\n\n" << kUsage;
    return 2;
}

// NAME=N of --limit into `config`; false when NAME is unknown or N is not a positive number
// (0 is allowed for per-address and the busy limits: no limit).
bool set_limit(taol::server::ServerConfig& config, const std::string& text) {
    const auto equals = text.find('=');
    if (equals == std::string::npos) return false;
    const std::string name = text.substr(0, equals);
    const std::string value = text.substr(equals + 1);
    char* end = nullptr;
    const double n = std::strtod(value.c_str(), &end);
    const bool zero_allowed = name == "per-address" || name == "busy-loop-lag-ms" || name == "busy-journal-wait-ms" ||
                              name == "busy-action-ms";
    if (value.empty() || *end != '\0' || n < 0 || (n == 0 && !zero_allowed)) return false;
    const auto ms = static_cast<taol::server::TimeMs>(n * 1000);
    auto& limits = config.limits;
    if (name == "per-address") limits.max_per_address = static_cast<std::size_t>(n);
    else if (name == "hello-seconds") limits.hello_ms = ms;
    else if (name == "idle-seconds") limits.idle_ms = ms;
    else if (name == "write-stall-seconds") limits.write_stall_ms = ms;
    else if (name == "messages-per-second") limits.messages_per_second = n;
    else if (name == "messages-burst") limits.burst = n;
    else if (name == "read-kib-per-second") limits.read_bytes_per_second = static_cast<std::size_t>(n * 1024);
    else if (name == "api-per-second") limits.api_per_second = n;
    else if (name == "api-burst") limits.api_burst = n;
    else if (name == "busy-loop-lag-ms") config.hub.load.loop_lag_ms = static_cast<taol::server::TimeMs>(n);
    else if (name == "busy-journal-wait-ms") config.hub.load.journal_wait_ms = static_cast<taol::server::TimeMs>(n);
    else if (name == "busy-action-ms") config.hub.load.action_ms = static_cast<taol::server::TimeMs>(n);
    else return false;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    taol::server::ServerConfig config;
    for (int i = 1; i < argc; ++i) {
        const std::string_view flag = argv[i];
        if (flag == "--help" || flag == "-h") {
            std::cout << kUsage;
            return 0;
        }
        if (flag != "--host" && flag != "--port" && flag != "--data-dir" && flag != "--web-root" && flag != "--sync" &&
            flag != "--limit" && flag != "--trust-proxy" && flag != "--journal" && flag != "--node" &&
            flag != "--public-url" && flag != "--deflate") {
            return usage_error("unknown option '" + std::string(flag) + "'");
        }
        if (i + 1 >= argc) return usage_error(std::string(flag) + " needs a value");
        const std::string value = argv[++i];
        if (flag == "--host") config.host = value;
        else if (flag == "--data-dir") config.data_dir = value;
        else if (flag == "--web-root") config.web_root = value;
        else if (flag == "--trust-proxy") config.limits.proxies.push_back(value);
        else if (flag == "--journal") {
            if (value.rfind("postgresql://", 0) != 0 && value.rfind("postgres://", 0) != 0) {
                return usage_error("--journal must be a postgresql:// URL (without it: SQLite in --data-dir)");
            }
            config.journal_url = value;
        }
        else if (flag == "--node") config.node_name = value;
        else if (flag == "--public-url") config.public_url = value;
        else if (flag == "--deflate") {
            if (value != "on" && value != "off") return usage_error("--deflate must be on or off");
            config.deflate = value == "on";
        }
        else if (flag == "--limit") {
            if (!set_limit(config, value)) return usage_error("--limit " + value + ": unknown limit or bad number");
        }
        else if (flag == "--sync") {
            const auto sync = taol::server::parse_sync_policy(value);
            if (!sync) return usage_error("--sync must be normal or full");
            config.sync = *sync;
        }
        else {
            char* end = nullptr;
            const long port = std::strtol(value.c_str(), &end, 10);
            if (value.empty() || *end != '\0' || port < 0 || port > 65535) {
                return usage_error("--port must be a number from 0 to 65535");
            }
            config.port = static_cast<unsigned short>(port);
        }
    }
    raise_descriptor_limit();
    try {
        taol::server::Server server(std::move(config));
        server.start();
        server.stop_on_signals();
        server.run();
    } catch (const std::exception& e) {
        spdlog::critical("{}", e.what());
        return 1;
    }
    return 0;
}
