#pragma once
// Runs SQL on a journal's file behind the server's back: a bad row, as a damaged disk would leave
// one, or a change of rules under a stored game.
#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <filesystem>
#include <string>

namespace taol::testing {

inline void tamper(const std::filesystem::path& db, const std::string& sql) {
    sqlite3* handle = nullptr;
    REQUIRE(sqlite3_open(db.string().c_str(), &handle) == SQLITE_OK);
    char* error = nullptr;
    const int rc = sqlite3_exec(handle, sql.c_str(), nullptr, nullptr, &error);
    INFO((error ? error : ""));
    sqlite3_free(error);
    sqlite3_close(handle);
    REQUIRE(rc == SQLITE_OK);
}

}  // namespace taol::testing
