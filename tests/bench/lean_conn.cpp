#include "tests/bench/lean_conn.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "server/net/ws_deflate.hpp"
#include "server/net/ws_frame.hpp"
#include "tests/bench/wire_bytes.hpp"

namespace taol::bench {

namespace net = boost::asio;
using boost::system::error_code;
using server::ws::Opcode;

namespace {

constexpr std::size_t kMaxMessageBytes = 64 << 20;

std::uint8_t byte_at(std::string_view bytes, std::size_t i) { return static_cast<std::uint8_t>(bytes[i]); }

std::string error_text(int error) { return std::strerror(error); }

// How long ago a receive timestamp (CLOCK_REALTIME) was.
std::chrono::steady_clock::duration since(const timespec& received) {
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
        std::chrono::seconds(now.tv_sec - received.tv_sec) + std::chrono::nanoseconds(now.tv_nsec - received.tv_nsec));
}

}  // namespace

LeanLoop::LeanLoop(net::io_context& ioc) : ioc_(ioc), set_(ioc, ::epoll_create1(EPOLL_CLOEXEC)) { wait(); }

bool LeanLoop::add(int fd, LeanConn* conn) {
    epoll_event event{};
    event.events = EPOLLIN | EPOLLOUT | EPOLLRDHUP | EPOLLET;
    event.data.ptr = conn;
    return ::epoll_ctl(set_.native_handle(), EPOLL_CTL_ADD, fd, &event) == 0;
}

void LeanLoop::wait() {
    set_.async_wait(net::posix::descriptor_base::wait_read, [this](error_code ec) {
        if (ec) return;
        take_events();
        wait();
    });
}

void LeanLoop::take_events() {
    for (;;) {
        const int n = ::epoll_wait(set_.native_handle(), events_.data(), static_cast<int>(events_.size()), 0);
        for (int i = 0; i < n; ++i) static_cast<LeanConn*>(events_[i].data.ptr)->on_events(events_[i].events);
        if (n < static_cast<int>(events_.size())) return;
    }
}

LeanConn::~LeanConn() {
    if (fd_ >= 0) ::close(fd_);
}

void LeanConn::open(unsigned short port) {
    deadline_.expires_after(std::chrono::seconds(30));
    deadline_.async_wait([self = shared_from_this()](error_code ec) {
        if (ec || self->open_) return;
        self->closed(false, self->connecting_ ? "connect: no answer in 30 s" : "handshake: no answer in 30 s");
        self->close();
    });
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return closed(false, "connect: " + error_text(errno));
    // As browsers do: a small frame goes out at once, not after the last one's ACK.
    const int one = 1;
    ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    ::setsockopt(fd_, SOL_SOCKET, SO_TIMESTAMPNS, &one, sizeof one);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    const int result = ::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    if (result != 0 && errno != EINPROGRESS) {
        closed(false, "connect: " + error_text(errno));
        return close();
    }
    self_ = shared_from_this();
    connecting_ = true;
    if (!loop_.add(fd_, this)) {
        closed(false, "connect: epoll: " + error_text(errno));
        return close();
    }
    if (result == 0) connected();
}

void LeanConn::connected() {
    connecting_ = false;
    out_ =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
    if (offer_deflate) out_ += "Sec-WebSocket-Extensions: permessage-deflate; client_max_window_bits\r\n";
    out_ += "\r\n";
    flush();
}

void LeanConn::close() {
    if (fd_ < 0) return;
    ::close(fd_);  // which takes it out of the epoll set
    fd_ = -1;
    closed(false, "closed by the client");
    // Events of this wake-up may still name it: it goes once they are taken.
    net::post(loop_.context(), [self = std::move(self_)] {});
}

std::size_t LeanConn::wire_bytes() { return fd_ >= 0 ? socket_bytes_received(fd_) : 0; }

void LeanConn::on_events(std::uint32_t events) {
    if (fd_ < 0) return;
    if (connecting_) {
        if ((events & (EPOLLOUT | EPOLLERR | EPOLLHUP)) == 0) return;
        int error = 0;
        socklen_t size = sizeof error;
        ::getsockopt(fd_, SOL_SOCKET, SO_ERROR, &error, &size);
        if (error != 0) {
            closed(false, "connect: " + error_text(error));
            return close();
        }
        connected();
    }
    if ((events & EPOLLOUT) != 0) flush();
    const bool peer_gone = (events & (EPOLLRDHUP | EPOLLERR | EPOLLHUP)) != 0;
    if (peer_gone || (events & EPOLLIN) != 0) read_all(peer_gone);
}

// Edge-triggered: each socket is read until a read comes back short, which means it is drained
// (a TCP read takes all there is, up to the buffer's size); the next bytes to come raise a new event.
// Once the peer has closed, no event will come again: it is read to its end.
void LeanConn::read_all(bool to_the_end) {
    // One buffer for every connection of the thread: bytes are copied to the connection only when
    // they end in the middle of a frame.
    thread_local std::vector<char> scratch(64 * 1024);
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(timespec))];
    while (fd_ >= 0) {
        iovec into{scratch.data(), scratch.size()};
        msghdr message{};
        message.msg_iov = &into;
        message.msg_iovlen = 1;
        message.msg_control = control;
        message.msg_controllen = sizeof control;
        const ssize_t n = ::recvmsg(fd_, &message, MSG_DONTWAIT);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return;
        if (n <= 0) {
            closed(n == 0, n == 0 ? "read: End of file" : "read: " + error_text(errno));
            return close();
        }
        const auto now = std::chrono::steady_clock::now();
        reached_socket_ = now;
        for (cmsghdr* c = CMSG_FIRSTHDR(&message); c != nullptr; c = CMSG_NXTHDR(&message, c)) {
            if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_TIMESTAMPNS) continue;
            timespec received{};
            std::memcpy(&received, CMSG_DATA(c), sizeof received);
            reached_socket_ = std::min(now, now - since(received));
        }
        const std::string_view got(scratch.data(), static_cast<std::size_t>(n));
        if (in_.empty()) {
            const std::size_t taken = take(got);
            if (!done_) in_.assign(got.substr(taken));
        } else {
            in_.append(got);
            const std::size_t taken = take(in_);
            if (!done_) in_.erase(0, taken);
        }
        if (!to_the_end && static_cast<std::size_t>(n) < scratch.size()) return;
    }
}

std::size_t LeanConn::take(std::string_view bytes) {
    std::size_t at = 0;
    if (!open_) {
        const std::size_t end = bytes.find("\r\n\r\n");
        if (end == std::string_view::npos) return 0;
        const std::string_view head = bytes.substr(0, end);
        if (!head.starts_with("HTTP/1.1 101")) {
            closed(false, "handshake: " + std::string(head.substr(0, head.find('\r'))));
            close();
            return bytes.size();
        }
        deflate_ = offer_deflate && head.find("permessage-deflate") != std::string_view::npos;
        open_ = true;
        deadline_.cancel();
        if (on_open) on_open();
        at = end + 4;
    }
    while (!done_ && bytes.size() - at >= 2) {
        const std::uint8_t b0 = byte_at(bytes, at), b1 = byte_at(bytes, at + 1);
        const bool fin = (b0 & 0x80) != 0, compressed = (b0 & 0x40) != 0;
        const auto opcode = static_cast<Opcode>(b0 & 0x0F);
        if ((b1 & 0x80) != 0) {
            closed(false, "read: a masked frame from the server");
            close();
            return bytes.size();
        }
        std::uint64_t length = 0;
        const std::size_t head = server::ws::read_length(bytes.substr(at), length);
        if (head == 0 || bytes.size() - at - head < length) break;
        const std::string_view payload = bytes.substr(at + head, static_cast<std::size_t>(length));
        at += head + static_cast<std::size_t>(length);
        switch (opcode) {
            case Opcode::text:
            case Opcode::binary:
                if (fin) {
                    take_message(payload, compressed);
                } else {
                    message_.assign(payload);
                    message_compressed_ = compressed;
                }
                break;
            case Opcode::continuation:
                message_.append(payload);
                if (fin) {
                    const std::string whole = std::move(message_);
                    message_.clear();
                    take_message(whole, message_compressed_);
                }
                break;
            case Opcode::close: {
                std::string why = "closed by the server, code " +
                                  std::to_string(payload.size() >= 2 ? (byte_at(payload, 0) << 8) | byte_at(payload, 1) : 1005);
                if (payload.size() > 2) why += ": " + std::string(payload.substr(2));
                closed(true, std::move(why));
                close();
                return bytes.size();
            }
            case Opcode::ping:
                send_frame(Opcode::pong, payload);
                break;
            case Opcode::pong:
                break;
        }
    }
    return at;
}

void LeanConn::take_message(std::string_view payload, bool compressed) {
    if (!compressed || !deflate_) {
        received_bytes_ += payload.size();
        if (on_text) on_text(payload);
        return;
    }
    bool too_large = false;
    const auto text = server::ws::inflate_message(payload, kMaxMessageBytes, too_large);
    if (!text) {
        closed(false, "read: a compressed message that does not inflate");
        return close();
    }
    received_bytes_ += text->size();
    if (on_text) on_text(*text);
}

void LeanConn::send_text(std::string_view text) { send_frame(Opcode::text, text); }

// The server's header with the mask bit set, then the key and the payload masked with it: a client
// masks every frame (RFC 6455, 5.3), and the key only has to vary.
void LeanConn::send_frame(Opcode opcode, std::string_view payload) {
    server::ws::ServerHeader header = server::ws::server_header(opcode, payload.size());
    header.bytes[1] |= 0x80;
    mask_seed_ ^= mask_seed_ << 13;
    mask_seed_ ^= mask_seed_ >> 17;
    mask_seed_ ^= mask_seed_ << 5;
    std::array<std::uint8_t, 4> key{};
    std::memcpy(key.data(), &mask_seed_, key.size());
    out_.append(reinterpret_cast<const char*>(header.bytes.data()), header.size);
    out_.append(reinterpret_cast<const char*>(key.data()), key.size());
    const std::size_t start = out_.size();
    out_.append(payload);
    server::ws::unmask(out_.data() + start, payload.size(), key, 0);  // XOR: masking is unmasking
    flush();
}

// What the socket does not take now goes with its next EPOLLOUT: a send that fell short marks
// it as waiting for room, and the room coming raises the event.
void LeanConn::flush() {
    if (out_.empty() || fd_ < 0 || connecting_) return;
    const ssize_t n = ::send(fd_, out_.data(), out_.size(), MSG_DONTWAIT | MSG_NOSIGNAL);
    if (n > 0) out_.erase(0, static_cast<std::size_t>(n));  // an error: the read sees the end
}

void LeanConn::closed(bool by_server, std::string why) {
    if (done_) return;
    done_ = true;
    deadline_.cancel();
    why_closed_ = std::move(why);
    if (on_closed) on_closed(by_server);
}

}  // namespace taol::bench
