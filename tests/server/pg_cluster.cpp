#include "tests/server/pg_cluster.hpp"
#include "tests/server/stop_process.hpp"

#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <thread>
#include <vector>

namespace taol::testing {
namespace {

namespace fs = std::filesystem;

// The newest PostgreSQL of Debian's /usr/lib/postgresql/<version>/bin.
std::string postgres_bin() {
    std::string best;
    int best_version = -1;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/usr/lib/postgresql", ec)) {
        const std::string version = entry.path().filename().string();
        const int v = std::atoi(version.c_str());
        if (v > best_version && fs::exists(entry.path() / "bin" / "postgres")) {
            best_version = v;
            best = (entry.path() / "bin").string();
        }
    }
    if (best.empty()) {
        throw std::runtime_error("no PostgreSQL server in /usr/lib/postgresql: install Debian's postgresql package (./test does)");
    }
    return best;
}

unsigned short free_port() {
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len);
    ::close(fd);
    return ntohs(addr.sin_port);
}

// argv, run as the postgres user when this process is root.
std::vector<std::string> as_postgres(std::vector<std::string> argv) {
    if (::geteuid() != 0) return argv;
    argv.insert(argv.begin(), {"runuser", "-u", "postgres", "--"});
    return argv;
}

pid_t spawn(const std::vector<std::string>& argv, const std::string& log) {
    const pid_t pid = ::fork();
    if (pid != 0) return pid;
    std::vector<char*> args;
    for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    if (FILE* out = std::freopen(log.c_str(), "a", stdout)) (void)out;
    ::dup2(STDOUT_FILENO, STDERR_FILENO);
    ::setpgid(0, 0);  // not in the test's process group: a ^C of the test stops it through us
    ::execvp(args[0], args.data());
    std::_Exit(127);
}

std::string read_file(const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

}  // namespace

PgCluster& PgCluster::shared() {
    static PgCluster cluster;
    return cluster;
}

PgCluster::PgCluster() : bin_(postgres_bin()) {
    char pattern[] = "/tmp/taol-pg-XXXXXX";
    if (!::mkdtemp(pattern)) throw std::runtime_error("cannot make a temp dir for PostgreSQL");
    dir_ = pattern;
    if (::geteuid() == 0) {
        const passwd* pg = ::getpwnam("postgres");
        if (!pg) throw std::runtime_error("PostgreSQL will not run as root, and there is no postgres user");
        if (::chown(dir_.c_str(), pg->pw_uid, pg->pw_gid) != 0) throw std::runtime_error("cannot give " + dir_ + " to postgres");
    }
    const std::string log = dir_ + "/log";
    const pid_t initdb = spawn(as_postgres({bin_ + "/initdb", "-D", dir_ + "/data", "-U", "postgres", "--auth=trust",
                                            "-E", "UTF8", "--no-sync", "--no-instructions"}),
                               log);
    int status = 0;
    ::waitpid(initdb, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) throw std::runtime_error("initdb failed:\n" + read_file(log));
    // Tests need no durability across a power cut; they need speed.
    port_ = free_port();
    pid_ = spawn(as_postgres({bin_ + "/postgres", "-D", dir_ + "/data", "-p", std::to_string(port_), "-k", dir_, "-c",
                              "listen_addresses=127.0.0.1", "-c", "fsync=off", "-c", "max_connections=200"}),
                 log);
    const std::string probe = conninfo("postgres");
    for (int i = 0; i < 300; ++i) {
        if (PQping(probe.c_str()) == PQPING_OK) return;
        if (::waitpid(pid_, &status, WNOHANG) == pid_) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
    throw std::runtime_error("PostgreSQL did not start:\n" + read_file(log));
}

PgCluster::~PgCluster() {
    // A fast shutdown, through the postmaster's own pid (runuser may stand between).
    std::istringstream pidfile(read_file(dir_ + "/data/postmaster.pid"));
    pid_t postmaster = 0;
    if (pidfile >> postmaster && postmaster > 0) ::kill(postmaster, SIGINT);
    constexpr std::chrono::seconds kLimit{60};
    if (pid_ > 0 && !ended_within(pid_, kLimit)) {
        if (postmaster > 0) ::kill(postmaster, SIGKILL);
        kill_late(pid_, "PostgreSQL after a fast shutdown", kLimit);
    }
    std::error_code ec;
    fs::remove_all(dir_, ec);
}

namespace {

// utime + stime and the parent of process `pid`, from /proc/<pid>/stat.
std::pair<double, pid_t> cpu_and_parent(pid_t pid) {
    std::string text = read_file("/proc/" + std::to_string(pid) + "/stat");
    const auto close = text.rfind(')');
    if (close == std::string::npos) return {0, 0};
    std::istringstream fields(text.substr(close + 2));
    std::string field;
    double ticks = 0;
    pid_t parent = 0;
    for (int i = 3; i <= 15 && fields >> field; ++i) {
        if (i == 4) parent = static_cast<pid_t>(std::stol(field));
        if (i == 14 || i == 15) ticks += std::stod(field);
    }
    return {ticks / static_cast<double>(::sysconf(_SC_CLK_TCK)), parent};
}

}  // namespace

double PgCluster::cpu_seconds() const {
    std::istringstream pidfile(read_file(dir_ + "/data/postmaster.pid"));
    pid_t postmaster = 0;
    if (!(pidfile >> postmaster)) return 0;
    double total = cpu_and_parent(postmaster).first;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || !std::isdigit(static_cast<unsigned char>(name[0]))) continue;
        const auto [cpu, parent] = cpu_and_parent(static_cast<pid_t>(std::stol(name)));
        if (parent == postmaster) total += cpu;
    }
    return total;
}

std::string PgCluster::conninfo(const std::string& db) const {
    return "host=" + dir_ + " port=" + std::to_string(port_) + " user=postgres dbname=" + db;
}

std::string PgCluster::database(const std::string& name) {
    PGconn* admin = PQconnectdb(conninfo("postgres").c_str());
    PGresult* exists = PQexec(admin, ("SELECT 1 FROM pg_database WHERE datname = '" + name + "'").c_str());
    const bool there = PQntuples(exists) > 0;
    PQclear(exists);
    if (!there) PQclear(PQexec(admin, ("CREATE DATABASE " + name).c_str()));
    PQfinish(admin);
    return conninfo(name);
}

std::string PgCluster::url_of(const std::string& conninfo) const {
    const std::string db = conninfo.substr(conninfo.rfind("dbname=") + 7);
    return "postgresql://postgres@127.0.0.1:" + std::to_string(port_) + "/" + db;
}

std::string PgCluster::new_database() { return database("t" + std::to_string(::getpid()) + "_" + std::to_string(++databases_)); }

}  // namespace taol::testing
