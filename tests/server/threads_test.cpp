// The server's threads as the system sees them: named for their work (top -H, perf), and the one
// that keeps finished games' replays at a lower priority than those that serve players.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <thread>

#include "tests/server/live_server.hpp"

using namespace taol::testing;

namespace {

// This process's threads by name, each with its nice value (/proc/self/task/<tid>/stat, field 19).
std::multimap<std::string, int> threads_by_name() {
    std::multimap<std::string, int> out;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task")) {
        std::ifstream comm(task.path() / "comm");
        std::string name;
        std::getline(comm, name);
        std::ifstream stat_file(task.path() / "stat");
        std::string stat;
        std::getline(stat_file, stat);
        // After the name's closing parenthesis: state (field 3) ... nice (field 19).
        std::istringstream fields(stat.substr(stat.rfind(')') + 2));
        std::string field;
        for (int i = 3; i <= 19 && fields >> field; ++i) {
        }
        out.emplace(name, std::stoi(field));
    }
    return out;
}

}  // namespace

TEST_CASE("The server's threads are named for their work, and the replays' thread yields to the players'") {
    LiveServer live;
    std::multimap<std::string, int> threads;
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    // Each thread takes its name as it starts: the pools' with their first task, the second I/O
    // thread as run() starts it, the journal's as the journal opens.
    const auto all_named = [&] {
        for (const char* name : {"taol-journal", "taol-checkpoint", "taol-reads", "taol-chores", "taol-io"}) {
            if (!threads.count(name)) return false;
        }
        return true;
    };
    do {
        threads = threads_by_name();
        if (all_named()) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    } while (std::chrono::steady_clock::now() < give_up);

    REQUIRE(threads.count("taol-journal") == 1);
    REQUIRE(threads.count("taol-checkpoint") == 1);
    REQUIRE(threads.count("taol-reads") == 1);
    REQUIRE(threads.count("taol-chores") == 1);
    REQUIRE(threads.count("taol-io") == 1);  // the second of two; the first is the caller's
    CHECK(threads.find("taol-chores")->second == 10);
    CHECK(threads.find("taol-reads")->second == 0);
    CHECK(threads.find("taol-journal")->second == 0);
    CHECK(threads.find("taol-checkpoint")->second == 0);
    CHECK(threads.find("taol-io")->second == 0);
}
