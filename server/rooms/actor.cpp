#include "server/rooms/actor.hpp"

#include <chrono>

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>

namespace taol::server {

Instant system_now() {
    using namespace std::chrono;
    return {duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count(),
            duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count()};
}

RoomActor::RoomActor(Executor executor, std::unique_ptr<Room> room, Clock clock)
    : code_(room->code()),
      strand_(boost::asio::make_strand(executor)),
      timer_(strand_),
      clock_(std::move(clock)),
      idle_since_(clock_().mono),
      room_(std::move(room)),
      status_(room_->status()),
      summary_(room_->summary()) {}

Json RoomActor::summary() const {
    std::lock_guard lock(summary_mutex_);
    return summary_;
}

void RoomActor::post(std::function<void(Room&, Instant)> fn) {
    boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn)] {
        const Instant now = self->clock_();
        try {
            fn(*self->room_, now);
        } catch (const std::exception& e) {  // a bug: keep the room and the server running
            spdlog::error("room {}: {}", self->code_, e.what());
        }
        self->settle(now);
    });
}

void RoomActor::close() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->closed_ = true;
        self->timer_.cancel();
    });
}

void RoomActor::settle(Instant now) {
    status_ = room_->status();
    {
        std::lock_guard lock(summary_mutex_);
        summary_ = room_->summary();
    }
    const int connected = room_->connected_count();
    if (connected == 0 && connected_.load() != 0) idle_since_ = now.mono;
    connected_ = connected;
    if (closed_) return;
    const std::optional<TimeMs> next = room_->next_tick(now);
    if (next == armed_for_) return;
    armed_for_ = next;
    if (!next) {
        timer_.cancel();
        return;
    }
    timer_.expires_after(std::chrono::milliseconds(std::max<TimeMs>(0, *next - now.mono)));
    timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) { self->on_timer(ec); });
}

void RoomActor::on_timer(const boost::system::error_code& ec) {
    if (ec || closed_) return;  // re-armed or closed meanwhile
    armed_for_.reset();
    const Instant now = clock_();
    try {
        room_->tick(now);
    } catch (const std::exception& e) {
        spdlog::error("room {}: {}", code_, e.what());
    }
    settle(now);
}

}  // namespace taol::server
