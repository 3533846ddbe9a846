// A room's public summary is rebuilt only when its summary_key() changes (RoomActor::settle): over
// random games of every game, with connections dropping and coming back and rematches, the key
// must change whenever the summary does, or the API would show a stale table.
#include <catch2/catch.hpp>

#include <spdlog/spdlog.h>

#include "games/registry.hpp"
#include "tests/server/random_room.hpp"

using namespace taol;
using namespace taol::testing;

TEST_CASE("A room's summary key changes whenever its summary does") {
    spdlog::set_level(spdlog::level::off);
    int changes = 0;
    for (const games::Game* game : games::all_games()) {
        for (std::uint64_t seed = 1; seed <= 6; ++seed) {
            RandomRoom table(*game, "ABCDEFGH", server::RoomHooks{}, seed);
            Json summary = table.room().summary();
            std::string key = table.room().summary_key();
            // After each move, and with a seat's connection dropped between moves now and then.
            const auto check = [&](const char* what) {
                Json now = table.room().summary();
                std::string now_key = table.room().summary_key();
                if (now != summary) {
                    INFO(game->id() << " seed " << seed << ", " << what << ": " << summary.dump() << " -> "
                                    << now.dump());
                    CHECK(now_key != key);
                    ++changes;
                }
                summary = std::move(now);
                key = std::move(now_key);
            };
            for (int step = 0; step < 400; ++step) {
                if (table.room().status() == server::RoomStatus::finished) table.rematch();
                else table.step();
                check("a step");
                if (step % 20 == 0) {
                    const int seat = step / 20 % table.players();
                    table.drop(seat);
                    check("a drop");
                    table.come_back(seat);
                    check("a return");
                }
            }
        }
    }
    WARN(changes << " changes of summary");
    CHECK(changes > 20);  // the summary did move: connections, rematches, outcomes
}
