// Nothing lost: a real taol-server process plays several rooms part-way (one with a running
// deadline), is killed with SIGKILL, and restarts on the same data directory. Every client comes
// back with its token to its seat, at the same rev, with the same view and the same actions; the
// time the server was down does not count against the running deadline.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <memory>
#include <thread>

#include "games/core/rng.hpp"
#include "tests/server/live_play.hpp"
#include "tests/server/live_table.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/temp_dir.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"
#include "tests/support/playout.hpp"

using namespace taol::testing;

namespace {

using Clock = std::chrono::system_clock;

std::int64_t now_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now().time_since_epoch()).count();
}

// The deadline of `kind` in a snapshot, on the wall clock.
std::optional<std::int64_t> deadline_at(const Json& snapshot, const std::string& kind) {
    for (const Json& d : snapshot.at("deadlines")) {
        if (d.at("kind") == kind) return d.at("at").get<std::int64_t>();
    }
    return std::nullopt;
}

}  // namespace

TEST_CASE("After SIGKILL and a restart every client finds its seat, rev, view, actions and deadline") {
    TempDir dir;
    const auto data = dir.path() / "data";
    const unsigned short port = free_port();
    taol::games::Rng rng(2026);
    auto server = std::make_unique<ServerProcess>(data, port);

    // Fish Fish, three players and a spectator, part-way.
    LiveTable fish(port, "fishfish", nullptr, {"Anna", "Bleuenn", "Corentin"}, {"Soizic"});
    std::int64_t fish_rev = play(fish.players(), fish.start().at("rev"), 12, rng);

    // Bharg, two players, part-way.
    LiveTable bharg(port, "bharg", nullptr, {"Dewi", "Enora"});
    const std::int64_t bharg_rev = play(bharg.players(), bharg.start().at("rev"), 6, rng);

    // Gang de castors, just started: the 10-second look at the end cards is running.
    LiveTable castors(port, "castors", nullptr, {"Fanch", "Gwen"});
    const std::int64_t castors_rev = castors.start().at("rev");
    const std::int64_t started_at = now_ms();
    const Json castors_before = castors.player(0).snapshot(castors_rev);
    const auto peek_at = deadline_at(castors_before, "peek");
    REQUIRE(peek_at);
    const std::int64_t peek_left = *peek_at - started_at;  // what the deadline had left (a little less)

    const std::vector<std::pair<LiveTable*, std::int64_t>> tables = {{&fish, fish_rev}, {&bharg, bharg_rev}, {&castors, castors_rev}};
    std::map<std::string, Seen> before;
    for (auto& [table, rev] : tables) {
        for (std::size_t i = 0; i < table->size(); ++i) before[table->name(i)] = seen_by(table->client(i), rev);
    }

    server->stop(SIGKILL);
    for (auto& [table, rev] : tables) {
        for (WsClient* c : table->everyone()) c->wait_closed();
    }
    std::this_thread::sleep_for(std::chrono::seconds(2));  // the server is down: this must not count
    server = std::make_unique<ServerProcess>(data, port);

    // Everyone comes back with its token, to its seat, at the same rev with the same view and actions.
    std::int64_t fanch_back_at = 0;
    for (auto& [table, rev] : tables) {
        for (std::size_t i = 0; i < table->size(); ++i) {
            const std::string& name = table->name(i);
            const std::string token = table->welcome(i).at("token");
            INFO(name);
            WsClient& client = table->reconnect(i);
            if (table == &castors && i == 0) fanch_back_at = now_ms();
            const Json welcome = client.hello(name, token);
            CHECK(welcome.at("resumed") == true);
            CHECK(welcome.at("token") == token);
            const Json room = client.wait_for([](const Json& m) { return m.at("type") == "room"; });
            CHECK(room.at("you") == before[name].seat);
            const Seen after = seen_by(client, rev);
            CHECK(after.rev == before[name].rev);
            CHECK(after.view == before[name].view);
            CHECK(after.actions == before[name].actions);
        }
    }

    // The look at the end cards resumes with the time it had left, and then ends by itself.
    const Json castors_after = castors.player(0).snapshot(castors_rev);
    const auto peek_again = deadline_at(castors_after, "peek");
    REQUIRE(peek_again);
    CHECK(*peek_again >= fanch_back_at + peek_left - 1500);
    CHECK(*peek_again <= now_ms() + peek_left + 1500);
    const Json peeked = castors.player(0).wait_for(
        [&](const Json& m) { return m.at("type") == "snapshot" && m.at("rev").get<std::int64_t>() > castors_rev; });
    CHECK(now_ms() >= *peek_again - 100);
    CHECK_FALSE(deadline_at(peeked, "peek"));

    // A newcomer can watch by code, and the game goes on.
    WsClient hoel(port);
    hoel.hello("Hoel");
    REQUIRE(hoel.request(join_message(fish.code(), "spectator")).at("type") == "room");
    CHECK(seen_by(hoel, fish_rev).view == before["Soizic"].view);
    CHECK(play(fish.players(), fish_rev, 3, rng) > fish_rev);
}

namespace {

// Whether the running process `pid` has a library whose file name holds `name` mapped.
bool maps_library(pid_t pid, const std::string& name) {
    std::ifstream maps("/proc/" + std::to_string(pid) + "/maps");
    std::string line;
    while (std::getline(maps, line)) {
        if (line.find(name) != std::string::npos) return true;
    }
    return false;
}

}  // namespace

TEST_CASE("The server allocates with jemalloc") {
    TempDir dir;
    ServerProcess server(dir.path() / "data", free_port());  // its log beside, inside `dir`
    CHECK(maps_library(server.pid(), "libjemalloc"));
}
