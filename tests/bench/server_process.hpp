#pragma once
// A taol-server binary run in its own process for a benchmark (on a free port, with a fresh data
// directory, stopped at the end), and what a process or thread costs, read from /proc.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio.hpp>

#include "tests/server/stop_process.hpp"
#include "tests/server/temp_dir.hpp"

extern char** environ;

namespace taol::bench {

struct Usage {
    long rss_kib = 0;
    double cpu_seconds = 0;  // user + system
    // The same by thread name (the server names its threads by their work: taol-io, taol-journal...),
    // for a process; empty for a thread.
    std::map<std::string, double> cpu_seconds_by_thread;
};

// utime + stime of the /proc/<pid> or /proc/<pid>/task/<tid> directory `proc`, in seconds (0
// once it has gone).
inline double read_cpu_seconds(const std::string& proc) {
    std::ifstream stat(proc + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    const std::size_t name_end = text.rfind(')');
    if (name_end == std::string::npos) return 0;
    std::istringstream fields(text.substr(name_end + 2));
    std::string field;
    double ticks = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 14 || i == 15) ticks += std::stod(field);  // utime, stime
    }
    return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// `proc` is a /proc directory: /proc/<pid> for a process, /proc/<pid>/task/<tid> for a thread
// (whose VmRSS is its process's).
inline Usage read_usage(const std::string& proc) {
    Usage usage;
    std::ifstream status(proc + "/status");
    for (std::string line; std::getline(status, line);) {
        if (line.rfind("VmRSS:", 0) == 0) usage.rss_kib = std::stol(line.substr(6));
    }
    usage.cpu_seconds = read_cpu_seconds(proc);
    // The main thread carries the binary's name, which a copied binary changes: it is named for
    // what it is instead (the server's runs an event loop, as its taol-io threads do).
    const std::string pid = std::filesystem::path(proc).filename().string();
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator(proc + "/task", ec)) {
        std::ifstream comm(task.path() / "comm");
        std::string name;
        if (!std::getline(comm, name)) continue;
        if (task.path().filename() == pid) name = "the main thread";
        usage.cpu_seconds_by_thread[name] += read_cpu_seconds(task.path().string());
    }
    return usage;
}

inline unsigned short free_port() {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::acceptor acceptor(
        ioc, boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0));
    return acceptor.local_endpoint().port();
}

class ServerProcess {
public:
    // With `descriptors` > 0, the server may open no more files than that (prlimit), so that a
    // crowd can run it out of them. `extra` flags go to the server as they are. With `log_to_file`
    // its log (stdout) goes to log_path() instead of mixing with the figures.
    ServerProcess(const std::string& binary, unsigned short port, int descriptors,
                  const std::vector<std::string>& extra = {}, bool log_to_file = false)
        : port_(port) {
        const std::string port_text = std::to_string(port);
        const std::string data = dir_.path().string();
        std::vector<std::string> args = {binary, "--host", "127.0.0.1", "--port", port_text, "--data-dir", data,
                                         "--web-root", data};
        args.insert(args.end(), extra.begin(), extra.end());
        if (descriptors > 0) {
            const std::string limit = std::to_string(descriptors);
            args.insert(args.begin(), {"/usr/bin/prlimit", "--nofile=" + limit + ":" + limit});
        }
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        if (log_to_file) {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, log_path().c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                             0644);
        }
        const int spawned = posix_spawn(&pid_, args.front().c_str(), &actions, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        if (spawned != 0) throw std::runtime_error("cannot start " + binary);
        for (int i = 0; i < 200; ++i) {  // until it listens
            try {
                boost::asio::io_context ioc;
                boost::asio::ip::tcp::socket s(ioc);
                s.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
                return;
            } catch (const std::exception&) {
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
            }
        }
        throw std::runtime_error("the server did not start");
    }
    ~ServerProcess() { stop(); }
    // Stops it (and so flushes its log), with SIGTERM or another signal (SIGKILL: a node that
    // dies); its data directory stays until the destructor. False when it did not end in time and
    // had to be killed (tests/server/stop_process.hpp).
    bool stop(int sig = SIGTERM) {
        if (pid_ == 0) return true;
        const bool ended = testing::stop_within(pid_, sig);
        pid_ = 0;
        return ended;
    }
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    Usage usage() const { return read_usage("/proc/" + std::to_string(pid_)); }
    unsigned short port() const { return port_; }
    std::string log_path() const { return (dir_.path() / "server.log").string(); }

private:
    testing::TempDir dir_;
    unsigned short port_;
    pid_t pid_ = 0;
};

}  // namespace taol::bench
