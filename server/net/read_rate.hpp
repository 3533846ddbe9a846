#pragma once
// A cap on the bytes a WebSocket connection may read per second (a Beast rate policy). Beast reads
// the frames of a message inside one read, and consumes empty fragments without a word, so a
// stream of them would cost the server without ever reaching the message rate limit: the cap
// bounds it, and a connection that keeps it exhausted is told apart as a flood.
#include <cstddef>
#include <limits>

#include <boost/beast/core/rate_policy.hpp>

namespace taol::server {

class ReadRate {
public:
    explicit ReadRate(std::size_t bytes_per_second = 256 * 1024) : per_second_(bytes_per_second), left_(bytes_per_second) {}

    // Seconds in a row in which the connection used all it may read.
    int starved_seconds() const { return starved_seconds_; }

private:
    friend class boost::beast::rate_policy_access;

    std::size_t available_read_bytes() const { return left_; }
    std::size_t available_write_bytes() const { return std::numeric_limits<std::size_t>::max(); }
    void transfer_read_bytes(std::size_t n) { left_ -= std::min(n, left_); }
    void transfer_write_bytes(std::size_t) {}
    void on_timer() {
        starved_seconds_ = left_ == 0 ? starved_seconds_ + 1 : 0;
        left_ = per_second_;
    }

    std::size_t per_second_;
    std::size_t left_;
    int starved_seconds_ = 0;
};

}  // namespace taol::server
