// Compiled on its own: Linux's tcp_info (which has the byte counts) and glibc's (which Boost's
// headers bring in, and which has not) cannot meet in one translation unit.
#include "tests/bench/wire_bytes.hpp"

#include <linux/tcp.h>
#include <netinet/in.h>
#include <sys/socket.h>

namespace taol::bench {

std::size_t socket_bytes_received(int fd) {
    tcp_info info{};
    socklen_t size = sizeof info;
    if (getsockopt(fd, IPPROTO_TCP, TCP_INFO, &info, &size) != 0) return 0;
    return static_cast<std::size_t>(info.tcpi_bytes_received);
}

}  // namespace taol::bench
