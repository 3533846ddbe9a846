// A connection's queue of frames to write (server/net/frame_queue.hpp): first in, first out,
// holding nothing once drained, and bounded by what waits even when it is never quite drained.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "server/net/frame_queue.hpp"

namespace taol::server {
namespace {

Frame frame(int n) { return make_frame(std::to_string(n)); }

}  // namespace

TEST_CASE("A connection's frames are written in the order they came") {
    FrameQueue queue;
    CHECK(queue.empty());
    for (int i = 0; i < 5; ++i) queue.push_back(frame(i));
    CHECK(queue.size() == 5);
    for (int i = 0; i < 5; ++i) {
        REQUIRE_FALSE(queue.empty());
        CHECK(queue.front()->text() == std::to_string(i));
        queue.pop_front();
    }
    CHECK(queue.empty());
    CHECK(queue.size() == 0);
}

TEST_CASE("A queue never quite drained keeps its order and only what waits") {
    FrameQueue queue;
    int next_in = 0, next_out = 0;
    std::weak_ptr<const FrameText> first_written;
    for (int round = 0; round < 10000; ++round) {
        // Two in, one out, until 50 wait; then one in, one out: never empty.
        Frame f = frame(next_in++);
        if (round == 0) first_written = f;
        queue.push_back(std::move(f));
        if (queue.size() < 50) queue.push_back(frame(next_in++));
        CHECK(queue.front()->text() == std::to_string(next_out++));
        queue.pop_front();
        REQUIRE(queue.size() <= 50);
    }
    CHECK(first_written.expired());  // a written frame is not kept alive by the queue
    while (!queue.empty()) {
        CHECK(queue.front()->text() == std::to_string(next_out++));
        queue.pop_front();
    }
    CHECK(next_out == next_in);
}

}  // namespace taol::server
