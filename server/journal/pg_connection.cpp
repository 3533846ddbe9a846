#include "server/journal/pg_connection.hpp"

#include <libpq-fe.h>
#include <spdlog/spdlog.h>

namespace taol::server {

PgResult::PgResult(pg_result* result) : result_(result, PQclear) {
    const ExecStatusType status = result ? PQresultStatus(result) : PGRES_FATAL_ERROR;
    ok_ = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (!ok_) error_ = result ? PQresultErrorMessage(result) : "no answer from PostgreSQL";
    while (!error_.empty() && (error_.back() == '\n' || error_.back() == ' ')) error_.pop_back();
}

int PgResult::rows() const { return ok_ ? PQntuples(result_.get()) : 0; }

std::string PgResult::text(int row, int column) const {
    const char* value = PQgetvalue(result_.get(), row, column);
    return std::string(value, static_cast<std::size_t>(PQgetlength(result_.get(), row, column)));
}

std::int64_t PgResult::integer(int row, int column) const { return std::stoll(text(row, column)); }

bool PgResult::null(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }

PgConnection::PgConnection(const std::string& conninfo, std::string session) : session_(std::move(session)) {
    conn_ = PQconnectdb(conninfo.c_str());
    if (PQstatus(conn_) != CONNECTION_OK) {
        std::string why = conn_ ? PQerrorMessage(conn_) : "out of memory";
        while (!why.empty() && why.back() == '\n') why.pop_back();
        PQfinish(conn_);
        conn_ = nullptr;
        throw std::runtime_error("cannot connect to PostgreSQL: " + why);
    }
    PgResult set(exec(session_));
    if (!set.ok()) {
        PQfinish(conn_);
        conn_ = nullptr;
        throw std::runtime_error("PostgreSQL refused the session's settings: " + set.error());
    }
}

PgConnection::~PgConnection() { PQfinish(conn_); }

PgResult PgConnection::exec(const std::string& sql) { return PgResult(PQexec(conn_, sql.c_str())); }

void PgConnection::prepare(const std::string& name, const std::string& sql) {
    prepared_.emplace_back(name, sql);
    PgResult result(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
    if (!result.ok()) throw std::runtime_error("journal: cannot prepare '" + name + "': " + result.error());
}

void PgConnection::prepare_all() {
    for (const auto& [name, sql] : prepared_) {
        PgResult result(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
        if (!result.ok()) spdlog::error("journal: cannot prepare '{}' again: {}", name, result.error());
    }
}

PgResult PgConnection::run(const std::string& name, const std::vector<std::optional<std::string>>& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    return PgResult(PQexecPrepared(conn_, name.c_str(), static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0));
}

bool PgConnection::ensure() {
    if (PQstatus(conn_) == CONNECTION_OK) return true;
    PQreset(conn_);
    if (PQstatus(conn_) != CONNECTION_OK) return false;
    spdlog::warn("journal: connected to PostgreSQL again");
    exec(session_);
    prepare_all();
    return true;
}

}  // namespace taol::server
