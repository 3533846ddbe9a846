#pragma once
// Every journal implementation, as the journal suite (journal_suite_test.cpp) runs them: how to
// open one in a directory (again after closing it: what was written is still there) and how to
// make its writes fail, as a full or read-only disk would.
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "server/journal/sqlite_journal.hpp"

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
    };
}

}  // namespace taol::testing
