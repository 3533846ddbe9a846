#pragma once
// Every journal implementation, as the journal suite (journal_suite_test.cpp) runs them: how to
// open one in a directory (again after closing it: what was written is still there) and how to
// make its writes fail, as a full or read-only disk would.
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/journal/pg_journal.hpp"
#include "server/journal/sqlite_journal.hpp"
#include "tests/server/pg_cluster.hpp"

namespace taol::testing {

struct JournalKind {
    std::string name;
    std::function<std::unique_ptr<server::Journal>(const std::filesystem::path& dir, server::SyncPolicy sync)> open;
    std::function<void(server::Journal& journal, bool refuse)> refuse_writes;
};

inline std::vector<JournalKind> journal_kinds() {
    return {
        {"sqlite",
         [](const std::filesystem::path& dir, server::SyncPolicy sync) {
             return std::make_unique<server::SqliteJournal>(dir, sync);
         },
         [](server::Journal& journal, bool refuse) { static_cast<server::SqliteJournal&>(journal).refuse_writes(refuse); }},
        // One database of the test process's PostgreSQL per directory, so that opening the same
        // directory again opens the same journal.
        {"postgresql",
         [](const std::filesystem::path& dir, server::SyncPolicy sync) {
             const std::string db = "j" + std::to_string(std::hash<std::string>{}(dir.string()) % 1'000'000'007);
             server::PgJournalConfig config{PgCluster::shared().database(db), "node-a", "ws://node-a.test/ws", sync};
             return std::make_unique<server::PgJournal>(config);
         },
         [](server::Journal& journal, bool refuse) { static_cast<server::PgJournal&>(journal).refuse_writes(refuse); }},
    };
}

}  // namespace taol::testing
