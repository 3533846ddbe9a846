#pragma once
// One libpq connection to PostgreSQL, with prepared statements and results that free themselves.
// Not thread-safe: each user (the writer, the reader, the lease keeper) has its own.
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

struct pg_conn;
struct pg_result;

namespace taol::server {

// A statement's answer: rows of text, or an error (ok() false, error() says why).
class PgResult {
public:
    explicit PgResult(pg_result* result);
    bool ok() const { return ok_; }
    const std::string& error() const { return error_; }
    int rows() const;
    std::string text(int row, int column) const;
    std::int64_t integer(int row, int column) const;
    bool null(int row, int column) const;

private:
    std::shared_ptr<pg_result> result_;
    bool ok_ = false;
    std::string error_;
};

class PgConnection {
public:
    // Connects (a URI or key=value conninfo) and runs `session` (SET ...), again after every
    // reconnection; throws std::runtime_error with libpq's reason.
    PgConnection(const std::string& conninfo, std::string session);
    ~PgConnection();
    PgConnection(const PgConnection&) = delete;
    PgConnection& operator=(const PgConnection&) = delete;

    // Statements without parameters (several may be separated by semicolons).
    PgResult exec(const std::string& sql);
    // A statement prepared once under `name`, run with text parameters (nullopt: SQL NULL).
    void prepare(const std::string& name, const std::string& sql);
    PgResult run(const std::string& name, const std::vector<std::optional<std::string>>& params);
    // Whether the connection is still good; when not, tries once to connect again (the prepared
    // statements are prepared again). False when it could not.
    bool ensure();

private:
    void prepare_all();

    std::string session_;
    pg_conn* conn_ = nullptr;
    std::vector<std::pair<std::string, std::string>> prepared_;
};

// A parameter from an integer.
inline std::optional<std::string> pg_int(std::int64_t value) { return std::to_string(value); }

}  // namespace taol::server
