#include "tests/bench/machine_probe.hpp"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstddef>

namespace taol::bench {
namespace {

using ProbeClock = std::chrono::steady_clock;

double micros_since(ProbeClock::time_point start, int rounds) {
    return std::chrono::duration<double, std::micro>(ProbeClock::now() - start).count() / rounds;
}

// The best of a few tries: what the machine can do, not what a neighbour took from it meanwhile.
template <typename Try>
double best_of(int tries, Try&& one) {
    double best = one();
    for (int i = 1; i < tries; ++i) best = std::min(best, one());
    return best;
}

double syscall_cost() {
    constexpr int kRounds = 100'000;
    return best_of(5, [] {
        const auto start = ProbeClock::now();
        for (int i = 0; i < kRounds; ++i) syscall(SYS_getppid);  // not cached by the C library
        return micros_since(start, kRounds);
    });
}

// A connected pair of loopback TCP sockets, as the server and its clients use; -1s if refused.
std::array<int, 2> loopback_pair() {
    const int listener = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    std::array<int, 2> pair{-1, -1};
    if (listener >= 0 && bind(listener, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        listen(listener, 1) == 0 && getsockname(listener, reinterpret_cast<sockaddr*>(&address), &length) == 0) {
        pair[0] = socket(AF_INET, SOCK_STREAM, 0);
        if (pair[0] >= 0 && connect(pair[0], reinterpret_cast<sockaddr*>(&address), sizeof address) == 0) {
            pair[1] = accept(listener, nullptr, nullptr);
        }
    }
    if (listener >= 0) close(listener);
    const int on = 1;
    for (int fd : pair) {
        if (fd >= 0) setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    }
    return pair;
}

double loopback_cost() {
    const std::array<int, 2> pair = loopback_pair();
    const int sender = pair[0];
    const int receiver = pair[1];
    double cost = 0;  // not measured
    if (sender >= 0 && receiver >= 0) {
        constexpr int kRounds = 20'000;
        std::array<char, 1024> block{};
        cost = best_of(3, [&] {
            const auto start = ProbeClock::now();
            for (int i = 0; i < kRounds; ++i) {
                if (send(sender, block.data(), block.size(), 0) != static_cast<ssize_t>(block.size())) return 0.0;
                for (std::size_t got = 0; got < block.size();) {
                    const ssize_t n = recv(receiver, block.data(), block.size() - got, 0);
                    if (n <= 0) return 0.0;
                    got += static_cast<std::size_t>(n);
                }
            }
            return micros_since(start, kRounds);
        });
    }
    if (sender >= 0) close(sender);
    if (receiver >= 0) close(receiver);
    return cost;
}

}  // namespace

MachineCost probe_machine() { return {syscall_cost(), loopback_cost()}; }

}  // namespace taol::bench
