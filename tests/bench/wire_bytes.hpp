#pragma once
// What a socket has received so far as it came over the wire (WebSocket framing and any
// compression included): the kernel's own count.
#include <cstddef>

namespace taol::bench {

// 0 when the kernel cannot tell.
std::size_t socket_bytes_received(int fd);

}  // namespace taol::bench
