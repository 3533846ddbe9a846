#pragma once
// A string or a byte vector written at its end, in its own storage: its size runs ahead of what
// was written, grown a stretch at a time (resize() fills what it adds, so not to its whole
// capacity each time), so that each piece is one copy, with no capacity check and no terminator
// per append. Whoever holds the container sees exactly what was written once it is cut: the
// writers here cut it as each whole value ends, and when they go.
#include <algorithm>
#include <cstddef>

namespace taol::protocol {

template <class Bytes>
class WriteAhead {
public:
    using Byte = typename Bytes::value_type;

    explicit WriteAhead(Bytes& out) : out_(out), used_(out.size()) {}
    ~WriteAhead() { cut(); }
    WriteAhead(const WriteAhead&) = delete;
    WriteAhead& operator=(const WriteAhead&) = delete;

    // Where the next n bytes (at most) go; wrote() says where they stopped. Growing may move the
    // bytes: a pointer into them is good until the next call.
    Byte* room(std::size_t n) {
        if (out_.size() - used_ < n) out_.resize(used_ + std::max(n, kStretch));
        return out_.data() + used_;
    }
    void wrote(const Byte* end) { used_ = static_cast<std::size_t>(end - out_.data()); }
    void put(Byte b) {
        *room(1) = b;
        ++used_;
    }
    // The container holds exactly what was written.
    void cut() { out_.resize(used_); }

    std::size_t used() const { return used_; }
    Byte* data() { return out_.data(); }
    const Byte* data() const { return out_.data(); }

private:
    static constexpr std::size_t kStretch = 512;
    Bytes& out_;
    std::size_t used_;
};

}  // namespace taol::protocol
