#pragma once
// A connection's frames waiting to be written, oldest first. A std::deque would do, but
// libstdc++'s allocates more than half a KiB as soon as it exists, for each of tens of thousands
// of connections whose queue is empty nearly all the time; this holds nothing until a frame waits.
#include <cstddef>
#include <utility>
#include <vector>

#include "server/rooms/peer.hpp"  // Frame

namespace taol::server {

class FrameQueue {
public:
    bool empty() const { return head_ == frames_.size(); }
    std::size_t size() const { return frames_.size() - head_; }
    const Frame& front() const { return frames_[head_]; }

    void push_back(Frame frame) {
        // The written ones at the front are dropped once they are half of it: pushes stay O(1)
        // amortized even for a connection that is never quite drained.
        if (head_ > 0 && head_ * 2 >= frames_.size()) {
            frames_.erase(frames_.begin(), frames_.begin() + static_cast<std::ptrdiff_t>(head_));
            head_ = 0;
        }
        frames_.push_back(std::move(frame));
    }
    void pop_front() {
        frames_[head_++].reset();
        if (!empty()) return;
        head_ = 0;
        // Back to nothing after a burst, not holding the burst's capacity.
        if (frames_.capacity() > kKeptCapacity) std::vector<Frame>().swap(frames_);
        else frames_.clear();
    }

private:
    static constexpr std::size_t kKeptCapacity = 8;
    std::vector<Frame> frames_;
    std::size_t head_ = 0;  // frames_[0, head_) are written
};

}  // namespace taol::server
