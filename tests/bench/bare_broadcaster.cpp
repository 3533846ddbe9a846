#include "tests/bench/bare_broadcaster.hpp"

#include <unistd.h>

#include <deque>
#include <map>
#include <string>
#include <vector>

#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

namespace taol::bench {

namespace beast = boost::beast;
namespace net = boost::asio;
using Json = nlohmann::json;

// Named, not anonymous: the broadcaster's Hub (declared in the header) holds these.
namespace bare {

class Session;

struct BareRoom {
    std::vector<std::shared_ptr<Session>> members;
    int players = 0;  // seated so far
    std::int64_t rev = 0;
    int turn = 0;
};

}  // namespace bare

struct BareBroadcaster::Hub {
    using BareRoom = bare::BareRoom;
    using Session = bare::Session;

    int members_per_room;
    int players_per_room;
    std::size_t frame_bytes;
    std::map<std::string, BareRoom> rooms;

    // A snapshot of `rev`, `id` > 0 for an answer, padded to frame_bytes.
    std::shared_ptr<const std::string> frame(std::int64_t rev, std::int64_t id, bool your_turn) const {
        Json m = {{"type", "snapshot"}, {"rev", rev}, {"status", "playing"}};
        m["actions"] = your_turn ? Json::array({{{"type", "go"}}}) : Json::array();
        if (id > 0) m["id"] = id;
        std::string text = m.dump();
        text.back() = ',';
        text += "\"pad\":\"";
        text.append(frame_bytes > text.size() + 2 ? frame_bytes - text.size() - 2 : 0, 'x');
        text += "\"}";
        return std::make_shared<const std::string>(std::move(text));
    }
    void broadcast(BareRoom& room, const Session* actor, std::int64_t id);
};

namespace bare {

class Session : public std::enable_shared_from_this<Session> {
public:
    Session(net::ip::tcp::socket socket, BareBroadcaster::Hub& hub) : ws_(std::move(socket)), hub_(hub) {}

    void start() {
        ws_.async_accept([self = shared_from_this()](beast::error_code ec) {
            if (!ec) self->read();
        });
    }
    void send(std::shared_ptr<const std::string> frame) {
        outbox_.push_back(std::move(frame));
        if (outbox_.size() == 1) write();
    }
    int seat() const { return seat_; }

private:
    void read() {
        ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            const Json m = Json::parse(beast::buffers_to_string(self->buffer_.data()), nullptr, false);
            self->buffer_.consume(self->buffer_.size());
            if (m.is_object()) self->handle(m);
            self->read();
        });
    }
    void handle(const Json& m) {
        const std::int64_t id = m.value("id", std::int64_t{0});
        if (m.value("type", "") == "join" && room_ == nullptr) {
            room_ = &hub_.rooms[m.value("room", "")];
            seat_ = m.value("as", "player") == "player" ? room_->players++ : -1;
            room_->members.push_back(shared_from_this());
            send(std::make_shared<const std::string>(Json{{"type", "room"}, {"id", id}}.dump()));
            if (static_cast<int>(room_->members.size()) == hub_.members_per_room) hub_.broadcast(*room_, nullptr, 0);
        } else if (m.value("type", "") == "act" && room_ != nullptr && seat_ == room_->turn && room_->rev > 0) {
            room_->turn = (room_->turn + 1) % hub_.players_per_room;
            hub_.broadcast(*room_, this, id);
        } else {
            send(std::make_shared<const std::string>(
                Json{{"type", "error"}, {"id", id}, {"code", "not_your_turn"}}.dump()));
        }
    }
    void write() {
        ws_.async_write(net::buffer(*outbox_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
            if (ec) return;
            self->outbox_.pop_front();
            if (!self->outbox_.empty()) self->write();
        });
    }

    beast::websocket::stream<beast::tcp_stream> ws_;
    BareBroadcaster::Hub& hub_;
    beast::flat_buffer buffer_;
    std::deque<std::shared_ptr<const std::string>> outbox_;
    BareRoom* room_ = nullptr;
    int seat_ = -1;
};

void accept_next(net::ip::tcp::acceptor& acceptor, BareBroadcaster::Hub& hub) {
    acceptor.async_accept([&acceptor, &hub](beast::error_code ec, net::ip::tcp::socket socket) {
        if (ec) return;
        socket.set_option(net::ip::tcp::no_delay(true), ec);  // as Taol's sockets
        std::make_shared<Session>(std::move(socket), hub)->start();
        accept_next(acceptor, hub);
    });
}

}  // namespace bare

// Like Taol's rooms, the frame for the others is made once and shared; the actor's carries its id.
void BareBroadcaster::Hub::broadcast(BareRoom& room, const Session* actor, std::int64_t id) {
    ++room.rev;
    const auto plain = frame(room.rev, 0, false);
    const auto next = frame(room.rev, 0, true);
    for (const auto& member : room.members) {
        const bool their_turn = member->seat() == room.turn;
        if (member.get() == actor) {
            member->send(frame(room.rev, id, their_turn));
        } else {
            member->send(their_turn ? next : plain);
        }
    }
}

BareBroadcaster::BareBroadcaster(int members_per_room, int players_per_room, std::size_t frame_bytes)
    : acceptor_(ioc_, net::ip::tcp::endpoint(net::ip::make_address("127.0.0.1"), 0)),
      hub_(new Hub{members_per_room, players_per_room, frame_bytes, {}}) {
    port_ = acceptor_.local_endpoint().port();
    bare::accept_next(acceptor_, *hub_);
    thread_ = std::thread([this] {
        tid_ = gettid();
        ioc_.run();
    });
    while (tid_.load() == 0) std::this_thread::yield();
}

BareBroadcaster::~BareBroadcaster() {
    ioc_.stop();
    thread_.join();
}

}  // namespace taol::bench
