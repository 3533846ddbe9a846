#pragma once
// The load generator's WebSocket client: the RFC 6455 client side written straight on sockets,
// without Beast's stream or Asio's sockets. The generator shares the machine with the server it
// measures, so every system call it makes is taken from the server. Through Asio, a read is
// either tried again after every message, finding the socket empty about half of the time (Asio
// counts a socket as drained only at its end), or waited for with an `epoll_ctl` each time. Here
// every connection of the thread sits once in an epoll set of its own (edge-triggered), which
// the io_context watches as one descriptor: a wake-up reads each socket that has something, once,
// and nothing else. Its interface is bench_conn.hpp's Conn's, which the other benchmarks use.
#include <sys/epoll.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include <boost/asio.hpp>
#include <nlohmann/json.hpp>

#include "server/net/ws_frame.hpp"

namespace taol::bench {

class LeanConn;

// One io_context's epoll set of connections, watched by the io_context as one descriptor.
class LeanLoop {
public:
    explicit LeanLoop(boost::asio::io_context& ioc);
    LeanLoop(const LeanLoop&) = delete;
    LeanLoop& operator=(const LeanLoop&) = delete;

    boost::asio::io_context& context() { return ioc_; }
    bool add(int fd, LeanConn* conn);  // for reads, writes and errors, edge-triggered

private:
    void wait();
    void take_events();

    boost::asio::io_context& ioc_;
    boost::asio::posix::stream_descriptor set_;  // owns the epoll descriptor
    std::array<epoll_event, 256> events_{};
};

class LeanConn : public std::enable_shared_from_this<LeanConn> {
public:
    explicit LeanConn(LeanLoop& loop) : loop_(loop), deadline_(loop.context()) {}
    ~LeanConn();
    LeanConn(const LeanConn&) = delete;
    LeanConn& operator=(const LeanConn&) = delete;

    std::function<void(std::string_view)> on_text;  // a whole message's text, valid for the call only
    std::function<void(bool closed_by_server)> on_closed;
    std::function<void()> on_open;
    bool offer_deflate = false;  // offers permessage-deflate, as browsers do

    void open(unsigned short port);
    void send(const nlohmann::json& message) { send_text(message.dump()); }
    void send_text(std::string_view text);
    void close();
    // Once closed: where and why (the connect, the handshake, a read's error, or the server's close code).
    const std::string& why_closed() const { return why_closed_; }
    // Payload bytes of every message received so far (as inflated, when compressed).
    std::size_t received_bytes() const { return received_bytes_; }
    // Bytes the socket has received so far, as they came over the wire (framing and compression included).
    std::size_t wire_bytes();
    // When the bytes read last reached the socket, by the kernel's receive timestamp (on loopback,
    // the moment the server's send went through): during on_text, its message's arrival, before
    // the generator's own thread came to read it.
    std::chrono::steady_clock::time_point reached_socket() const { return reached_socket_; }

private:
    friend class LeanLoop;
    void on_events(std::uint32_t events);
    void connected();
    void read_all(bool to_the_end);
    // Takes the handshake's answer, then every whole frame at the start of `bytes`; returns how
    // many bytes it took.
    std::size_t take(std::string_view bytes);
    void take_message(std::string_view payload, bool compressed);
    void send_frame(server::ws::Opcode opcode, std::string_view payload);
    void flush();
    void closed(bool by_server, std::string why);

    LeanLoop& loop_;
    boost::asio::steady_timer deadline_;  // for the connect and the handshake
    int fd_ = -1;
    // Kept alive while the epoll set may name it; let go one turn of the loop after it closed.
    std::shared_ptr<LeanConn> self_;
    std::string in_;       // bytes read and not yet taken
    std::string message_;  // a fragmented message's payload so far
    bool message_compressed_ = false;
    std::string out_;      // bytes the socket has not taken yet
    bool connecting_ = false;
    bool deflate_ = false;  // negotiated
    bool open_ = false;     // the handshake is done
    bool done_ = false;
    std::uint32_t mask_seed_ = 0x9e3779b9;
    std::size_t received_bytes_ = 0;
    std::chrono::steady_clock::time_point reached_socket_;
    std::string why_closed_;
};

}  // namespace taol::bench
