#pragma once
// Child processes for tests: the taol-server binary (TAOL_SERVER_BINARY) on a loopback port, or
// any program (PostgreSQL's, HAProxy); stopped with SIGTERM at the end, or with any signal before.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/server/stop_process.hpp"

namespace taol::testing {

inline unsigned short free_port() {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::acceptor acceptor(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
    return acceptor.local_endpoint().port();
}

inline bool accepts_connections(unsigned short port) {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::socket socket(ioc);
    boost::system::error_code ec;
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), port}, ec);
    return !ec;
}

// A program in a child process of its own, its output appended to `log`.
class ChildProcess {
public:
    ChildProcess(std::vector<std::string> argv, const std::string& log) {
        pid_ = fork();
        REQUIRE(pid_ >= 0);
        if (pid_ == 0) {
            const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
            if (fd >= 0) {
                dup2(fd, 1);
                dup2(fd, 2);
            }
            std::vector<char*> args;
            for (std::string& a : argv) args.push_back(a.data());
            args.push_back(nullptr);
            execv(args[0], args.data());
            _exit(127);
        }
    }
    ~ChildProcess() {
        if (paused_) signal(SIGCONT);
        stop(SIGTERM);
    }
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // Sends `sig` and waits for the process to end; false when it had to be killed (stop_process.hpp).
    bool stop(int sig) {
        if (pid_ <= 0) return true;
        const bool ended = stop_within(pid_, sig);
        pid_ = -1;
        return ended;
    }
    // SIGSTOP or SIGCONT: the process is frozen, or goes on.
    void signal(int sig) {
        if (pid_ <= 0) return;
        kill(pid_, sig);
        paused_ = sig == SIGSTOP;
    }
    bool running() {
        int status = 0;
        return pid_ > 0 && waitpid(pid_, &status, WNOHANG) == 0;
    }
    pid_t pid() const { return pid_; }

private:
    pid_t pid_ = -1;
    bool paused_ = false;
};

// Returns once something accepts connections on `port`, failing the test if `process` ends first
// or 30 s go by.
inline void wait_accepting(ChildProcess& process, unsigned short port) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!accepts_connections(port)) {
        REQUIRE(process.running());
        REQUIRE(std::chrono::steady_clock::now() < until);
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

// taol-server on `port`, its log beside its data directory.
class ServerProcess : public ChildProcess {
public:
    // `extra`: more flags (a shared journal, a node's name...).
    ServerProcess(const std::filesystem::path& data_dir, unsigned short port, std::vector<std::string> extra = {})
        : ChildProcess(arguments(data_dir, port, std::move(extra)),
                       (data_dir.parent_path() / (data_dir.filename().string() + ".log")).string()),
          port_(port) {
        wait_accepting(*this, port_);
    }
    unsigned short port() const { return port_; }

private:
    static std::vector<std::string> arguments(const std::filesystem::path& data_dir, unsigned short port,
                                              std::vector<std::string> extra) {
        std::vector<std::string> argv = {TAOL_SERVER_BINARY, "--host", "127.0.0.1", "--port", std::to_string(port),
                                         "--data-dir", data_dir.string(), "--web-root", data_dir.string(),
                                         // The overload guard off: a loaded test machine must not refuse these players.
                                         "--limit", "busy-loop-lag-ms=0", "--limit", "busy-journal-wait-ms=0",
                                         "--limit", "busy-action-ms=0"};
        argv.insert(argv.end(), extra.begin(), extra.end());
        return argv;
    }
    unsigned short port_;
};

}  // namespace taol::testing
