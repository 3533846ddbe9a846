// The journal's cost, measured (not a test): plays `rooms` rooms of random Gang de castors (or
// --game) until each has `actions` accepted actions, every event journaled to SQLite, then
// restores every room from the journal as a restarting server would. Prints the cost per event
// and per action, and the restore time, for each sync policy asked for.
//
//   journal_bench [--rooms N] [--actions N] [--sync normal|full|both] [--game ID]
#include <spdlog/spdlog.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "games/registry.hpp"
#include "server/journal/sqlite_journal.hpp"
#include "tests/server/journal_writes.hpp"
#include "tests/server/random_room.hpp"
#include "tests/server/temp_dir.hpp"

using namespace taol;
using namespace taol::testing;
using Clock = std::chrono::steady_clock;

namespace {

struct Settings {
    int rooms = 1000;
    int actions = 200;
    std::vector<server::SyncPolicy> policies = {server::SyncPolicy::normal, server::SyncPolicy::full};
    std::string game = "castors";
};

double micros(Clock::duration d) { return std::chrono::duration<double, std::micro>(d).count(); }

double percentile(std::vector<double>& values, double p) {
    if (values.empty()) return 0;
    const auto k = static_cast<std::size_t>(p * static_cast<double>(values.size() - 1));
    std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(k), values.end());
    return values[k];
}

void run(const Settings& s, server::SyncPolicy policy) {
    const games::Game* game = games::find_game(s.game);
    const char* name = policy == server::SyncPolicy::full ? "FULL" : "NORMAL";
    TempDir dir;
    std::vector<double> writes;  // µs per event written
    long long actions = 0;
    Clock::duration playing{};
    {
        server::SqliteJournal journal(dir.path(), policy);
        const auto started = Clock::now();
        for (int r = 0; r < s.rooms; ++r) {
            const std::string code = RandomRoom::numbered("R", r);
            const std::uint64_t seed = 77 + static_cast<std::uint64_t>(r);
            const int players = RandomRoom::players_for(*game, seed);
            created(journal, code, s.game, RandomRoom::options_for(*game, players), kT0);
            int accepted = 0;
            server::RoomHooks hooks;
            hooks.journal = [&](const server::RoomEvent& e, server::WriteDone done) {
                const auto t0 = Clock::now();
                const bool ok = appended(journal, code, e);
                writes.push_back(micros(Clock::now() - t0));
                accepted += std::holds_alternative<server::event::Acted>(e.body) ? 1 : 0;
                done(ok ? server::WriteResult::written : server::WriteResult::failed);
            };
            RandomRoom table(*game, code, hooks, seed, players);
            while (accepted < s.actions) {
                if (table.room().status() == server::RoomStatus::finished) table.rematch();
                else table.step();
            }
            actions += accepted;
        }
        playing = Clock::now() - started;
    }
    const double total_write = [&] { double t = 0; for (double w : writes) t += w; return t; }();
    const auto db_bytes = [&] {
        std::uintmax_t bytes = 0;
        for (const auto& f : std::filesystem::directory_iterator(dir.path())) bytes += f.file_size();
        return bytes;
    }();

    // A restart: every room loaded from the journal and replayed.
    const auto restoring = Clock::now();
    std::size_t events = 0;
    {
        server::SqliteJournal journal(dir.path(), policy);
        for (int r = 0; r < s.rooms; ++r) {
            const std::string code = RandomRoom::numbered("R", r);
            const auto stored = journal.load(code);
            events += stored->events.size();
            server::Room::replay(server::RoomSetup{code, game, stored->options, stored->created}, stored->events);
        }
    }
    const auto restore = Clock::now() - restoring;

    std::printf("sync=%s  %d rooms of %s, %lld actions, %zu events (%.1f events per action)\n", name, s.rooms,
                s.game.c_str(), actions, writes.size(), static_cast<double>(writes.size()) / static_cast<double>(actions));
    std::printf("  journal write per event: mean %.1f us, median %.1f us, p99 %.1f us, max %.1f us\n",
                total_write / static_cast<double>(writes.size()), percentile(writes, 0.5), percentile(writes, 0.99),
                percentile(writes, 1.0));
    std::printf("  journal cost per accepted action: %.1f us; playing everything took %.2f s (%.1f%% of it writing)\n",
                total_write / static_cast<double>(actions), std::chrono::duration<double>(playing).count(),
                100.0 * total_write / micros(playing));
    std::printf("  restore (load + replay) of all %d rooms: %.0f ms, %.2f ms per room; database %.1f MiB\n", s.rooms,
                micros(restore) / 1000.0, micros(restore) / 1000.0 / s.rooms, static_cast<double>(db_bytes) / (1 << 20));
    std::fflush(stdout);
    (void)events;
}

}  // namespace

int main(int argc, char** argv) {
    spdlog::set_level(spdlog::level::off);
    Settings s;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string flag = argv[i];
        const std::string value = argv[i + 1];
        if (flag == "--rooms") s.rooms = std::max(1, std::atoi(value.c_str()));
        else if (flag == "--actions") s.actions = std::max(1, std::atoi(value.c_str()));
        else if (flag == "--game") s.game = value;
        else if (flag == "--sync" && value != "both") s.policies = {*server::parse_sync_policy(value)};
        else if (flag != "--sync") {
            std::fprintf(stderr, "usage: journal_bench [--rooms N] [--actions N] [--sync normal|full|both] [--game ID]\n");
            return 2;
        }
    }
    if (!games::find_game(s.game)) {
        std::fprintf(stderr, "unknown game '%s'\n", s.game.c_str());
        return 2;
    }
    for (server::SyncPolicy policy : s.policies) run(s, policy);
    return 0;
}
