#pragma once
// A throwaway PostgreSQL server for tests: initdb in a temp dir, `postgres` on a free loopback
// port with its socket in that dir, stopped and removed at the end of the test process.
// PostgreSQL refuses to run as root: as root, it runs as the `postgres` user (runuser), which
// Debian's package creates. Needs Debian's `postgresql` package (./test installs it).
#include <string>
#include <sys/types.h>

namespace taol::testing {

class PgCluster {
public:
    // The test process's cluster, started on first use (throws std::runtime_error, with
    // PostgreSQL's own log, when it cannot start).
    static PgCluster& shared();
    ~PgCluster();
    PgCluster(const PgCluster&) = delete;
    PgCluster& operator=(const PgCluster&) = delete;

    // libpq's conninfo for database `name`, which is created when missing.
    std::string database(const std::string& name);
    // A fresh, empty database's conninfo.
    std::string new_database();
    // The same database as a URL over TCP (taol-server's --journal), e.g. from new_database().
    std::string url_of(const std::string& conninfo) const;
    unsigned short port() const { return port_; }
    // The CPU time (user + system, seconds) its processes have used, those still running (benchmarks).
    double cpu_seconds() const;

private:
    PgCluster();
    std::string conninfo(const std::string& db) const;

    std::string dir_;
    std::string bin_;
    unsigned short port_ = 0;
    pid_t pid_ = -1;
    int databases_ = 0;
};

}  // namespace taol::testing
