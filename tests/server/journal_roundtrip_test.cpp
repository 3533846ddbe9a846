// The journal round trip, for every game the server offers: random games are played in a room
// that journals to SQLite; the room rebuilt from the journal must give, at every rev the players
// were sent, byte for byte the same view and the same actions to every seat and to spectators. A
// finished game's replay must show exactly what the spectators were sent.
#include <catch2/catch.hpp>

#include <map>
#include <memory>

#include "games/registry.hpp"
#include "server/journal/sqlite_journal.hpp"
#include "server/hub/replay.hpp"
#include "server/rooms/room.hpp"
#include "tests/server/journal_writes.hpp"
#include "tests/server/random_room.hpp"
#include "tests/server/temp_dir.hpp"
#include "tests/support/playout.hpp"

using namespace taol;
using namespace taol::testing;

namespace {

constexpr int kSeedsPerGame = 200;
constexpr int kStepsPerGame = 150;     // enough for every phase of a game to come up across seeds
constexpr int kFinishedPerGame = 3;    // games also played to their end, for the replay check
constexpr int kStepsToFinish = 6000;

// What each viewer has at one rev: its view and its actions, as sent.
using Seen = std::map<std::int64_t, std::vector<std::string>>;

std::vector<std::string> seen_by_all(const server::Room& room) {
    std::vector<std::string> out;
    const games::GameState& state = *room.state();
    const bool playing = room.status() == server::RoomStatus::playing;
    for (int s = 0; s < static_cast<int>(room.info().seats.size()); ++s) {
        out.push_back(state.view(s).dump() + (playing ? state.actions(s).dump() : "[]"));
    }
    out.push_back(state.view(std::nullopt).dump());
    return out;
}

void record(Seen& seen, const server::Room& room) {
    if (room.state()) seen.emplace(room.rev(), seen_by_all(room));
}

struct Played {
    Seen seen;             // at the end of every call to the room: what was sent
    std::int64_t rev = 0;  // the last one
    Json outcome;          // when finished
    bool finished = false;
};

// A random game of `game` in room `code`, journaled; `steps` random steps at most.
Played play(const games::Game& game, server::Journal& journal, const std::string& code, std::uint64_t seed,
            int steps) {
    const Json options = RandomRoom::options_for(game, RandomRoom::players_for(game, seed));
    REQUIRE(created(journal, code, std::string(game.id()), options, kT0));
    server::RoomHooks hooks;
    hooks.journal = appending_to(journal, code);
    RandomRoom table(game, code, hooks, seed);
    server::Room& room = table.room();
    REQUIRE(room.state());
    Played out;
    record(out.seen, room);
    for (int step = 0; step < steps && room.status() == server::RoomStatus::playing; ++step) {
        if (table.step()) record(out.seen, room);
    }
    out.rev = room.rev();
    out.finished = room.status() == server::RoomStatus::finished;
    if (out.finished) out.outcome = room.state()->outcome();
    return out;
}

Seen replayed(const games::Game& game, server::Journal& journal, const std::string& code) {
    const std::optional<server::StoredRoom> stored = journal.load(code);
    REQUIRE(stored);
    Seen seen;
    server::Room::replay(server::RoomSetup{code, &game, stored->options, stored->created}, stored->events, {},
                         [&](const server::Room& room, const server::RoomEvent&) { record(seen, room); });
    return seen;
}

std::string room_code(const games::Game& game, int n) { return std::string(game.id()) + "-" + std::to_string(n); }

}  // namespace

TEST_CASE("Every game's rooms come back from the journal identical at every rev") {
    spdlog::set_level(spdlog::level::warn);
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    for (const games::Game* game : games::all_games()) {
        long long revs = 0;
        for (int n = 0; n < kSeedsPerGame; ++n) {
            const std::string code = room_code(*game, n);
            const Played live = play(*game, journal, code, 1000 + n, kStepsPerGame);
            const Seen again = replayed(*game, journal, code);
            INFO(game->id() << ", seed " << 1000 + n);
            REQUIRE(again.rbegin()->first == live.rev);
            for (const auto& [rev, seen] : live.seen) {
                INFO("rev " << rev);
                REQUIRE(again.count(rev));
                REQUIRE(again.at(rev) == seen);
            }
            revs += static_cast<long long>(live.seen.size());
        }
        WARN(game->id() << ": " << kSeedsPerGame << " rooms, " << revs << " revs replayed identically");
    }
}

TEST_CASE("A finished game's replay shows every step exactly as spectators saw it") {
    spdlog::set_level(spdlog::level::warn);
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    for (const games::Game* game : games::all_games()) {
        int finished = 0;
        for (int n = 0; finished < kFinishedPerGame && n < 5 * kFinishedPerGame; ++n) {
            const std::string code = room_code(*game, n);
            const Played live = play(*game, journal, code, 5000 + n, kStepsToFinish);
            const server::ApiReply reply = server::replay_reply(*journal.load(code), *game, 0);
            INFO(game->id() << ", seed " << 5000 + n);
            if (!live.finished) {
                CHECK(reply.status == 409);
                continue;
            }
            ++finished;
            REQUIRE(reply.status == 200);
            const Json& steps = reply.body.at("steps");
            REQUIRE(steps.back().at("rev") == live.rev);
            std::size_t matched = 0;
            for (const Json& step : steps) {
                auto it = live.seen.find(step.at("rev").get<std::int64_t>());
                if (it == live.seen.end()) continue;  // a rev within one call: nobody was sent it
                CHECK(step.at("view").dump() == it->second.back());
                ++matched;
            }
            CHECK(matched == live.seen.size());
            CHECK(reply.body.at("outcome") == live.outcome);
        }
        CHECK(finished == kFinishedPerGame);
    }
}

TEST_CASE("A game's replay from the journal's cut record equals the one from the whole record") {
    spdlog::set_level(spdlog::level::warn);
    TempDir dir;
    server::SqliteJournal journal(dir.path(), server::SyncPolicy::normal);
    for (const games::Game* game : games::all_games()) {
        const std::string code = room_code(*game, 0);
        const std::uint64_t seed = 7000;
        const Json options = RandomRoom::options_for(*game, RandomRoom::players_for(*game, seed));
        REQUIRE(created(journal, code, std::string(game->id()), options, kT0));
        server::RoomHooks hooks;
        hooks.journal = appending_to(journal, code);
        RandomRoom table(*game, code, hooks, seed);
        // Three games at the table, one after the other.
        for (int played = 1; played <= 3; ++played) {
            if (played > 1) table.rematch();
            for (int step = 0; step < kStepsToFinish && table.room().status() == server::RoomStatus::playing; ++step) {
                table.step();
            }
            REQUIRE(table.room().status() == server::RoomStatus::finished);
        }
        const server::StoredRoom whole = *journal.load(code);
        for (int index = 1; index <= 3; ++index) {
            INFO(game->id() << ", game " << index);
            const server::StoredRoom cut = *journal.load_for_replay(code, index);
            int started = 0;
            for (const server::RoomEvent& e : cut.events) started += std::holds_alternative<server::event::Started>(e.body);
            CHECK(started == index);  // nothing of the next game is read
            if (index > 1) CHECK(cut.events.size() < whole.events.size());  // nor the earlier games' moves
            server::ApiReply from_whole = server::replay_reply(whole, *game, index);
            server::ApiReply from_cut = server::replay_reply(cut, *game, index);
            REQUIRE(from_cut.status == 200);
            REQUIRE(from_whole.status == 200);
            from_whole.body.erase("games");
            from_cut.body.erase("games");
            CHECK(from_cut.body == from_whole.body);
        }
    }
}
