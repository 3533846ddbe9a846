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
      summary_(room_->summary()),
      summary_key_(room_->summary_key()) {
    // An answer of the journal that comes after its call is handled here, on the strand; the
    // calls that waited for it then go on.
    room_->answer_later_through([this](std::function<void()> answer) {
        boost::asio::post(strand_, [this, answer = std::move(answer)] {
            const std::shared_ptr<RoomActor> self = std::move(writing_keeps_);
            try {
                answer();
            } catch (const std::exception& e) {
                spdlog::error("room {}: {}", code_, e.what());
            }
            run_queue();
        });
    });
}

Json RoomActor::summary() const {
    std::lock_guard lock(summary_mutex_);
    return summary_;
}

void RoomActor::post(Call fn, After after, bool grouped) {
    boost::asio::post(strand_, [self = shared_from_this(), fn = std::move(fn), after = std::move(after), grouped]() mutable {
        self->queue_.push_back({std::move(fn), std::move(after), self->clock_(), grouped});
        if (self->gathering_) return;  // its hop runs them all
        if (grouped && self->queue_.size() == 1 && !self->room_->writing() && self->room_->can_group()) {
            // An act that finds its room idle waits one hop on the strand, so that the acts of the
            // same pass of the event loop (every seat confirming one snapshot) are taken with it
            // as one group: one write, and one snapshot per member for them all.
            self->gathering_ = true;
            return boost::asio::post(self->strand_, [self] {
                self->gathering_ = false;
                self->run_queue();
            });
        }
        self->run_queue();
    });
}

void RoomActor::run_queue() {
    std::optional<Instant> ran;
    while (!room_->writing() && (!afters_.empty() || !queue_.empty())) {
        if (!afters_.empty()) {  // the last calls' writes are answered: their senders may go on
            const std::vector<After> afters = std::move(afters_);
            afters_.clear();
            for (const After& after : afters) {
                if (after) after(*room_);
            }
            continue;
        }
        if (group_waits()) {
            ran = run_group();
            continue;
        }
        Queued call = std::move(queue_.front());
        queue_.pop_front();
        run(call);
        ran = call.now;
    }
    // The journal's answer comes back to this actor: it stays alive until then.
    if (room_->writing()) writing_keeps_ = shared_from_this();
    settle(ran ? *ran : clock_());
}

bool RoomActor::group_waits() const {
    return queue_.size() >= 2 && queue_[0].grouped && queue_[1].grouped && room_->can_group();
}

Instant RoomActor::run_group() {
    Instant last = queue_.front().now;
    room_->begin_group();
    while (!queue_.empty() && queue_.front().grouped) {
        Queued call = std::move(queue_.front());
        queue_.pop_front();
        run(call);
        last = call.now;
    }
    room_->end_group(last);
    return last;
}

void RoomActor::run(Queued& call) {
    try {
        call.fn(*room_, call.now);
    } catch (const std::exception& e) {  // a bug: keep the room and the server running
        spdlog::error("room {}: {}", code_, e.what());
    }
    afters_.push_back(std::move(call.after));
}

void RoomActor::read_summary(std::function<void(Json)> reply) {
    boost::asio::post(strand_, [self = shared_from_this(), reply = std::move(reply)] { reply(self->room_->summary()); });
}

void RoomActor::close() {
    boost::asio::post(strand_, [self = shared_from_this()] {
        self->closed_ = true;
        self->timer_.cancel();
    });
}

void RoomActor::settle(Instant now) {
    status_ = room_->status();
    if (std::string key = room_->summary_key(); key != summary_key_) {
        Json summary = room_->summary();
        std::lock_guard lock(summary_mutex_);
        summary_ = std::move(summary);
        summary_key_ = std::move(key);
    }
    const int connected = room_->connected_count();
    if (connected == 0 && connected_.load() != 0) idle_since_ = now.mono;
    connected_ = connected;
    // While the room waits for the journal, a deadline waits behind the write as calls do, and
    // the answer settles again: armed now, a due one would fire at once, over and over, until then.
    if (closed_ || room_->writing()) return;
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
    // In line with the calls: a tick while the room writes waits for its turn like they do.
    queue_.push_back({[](Room& room, Instant now) { room.tick(now); }, nullptr, clock_()});
    run_queue();
}

}  // namespace taol::server
