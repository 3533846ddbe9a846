// The journal suite: what every journal implementation must do (journal_kinds.hpp lists them),
// through the Journal interface only: events, players, loaded rooms, refused writes, and a room
// that journals to it, where a write that fails refuses what it would have recorded and changes
// nothing.
#include <catch2/catch.hpp>

#include "games/core/sha256.hpp"
#include "tests/server/journal_kinds.hpp"
#include "tests/server/journal_writes.hpp"
#include "tests/server/room_fixture.hpp"
#include "tests/server/temp_dir.hpp"

using namespace taol;
using namespace taol::testing;
using server::RoomEvent;
namespace event = server::event;

namespace {

std::string text_of(const RoomEvent& e) {
    return std::to_string(e.at) + "/" + std::to_string(e.wall) + "/" + std::to_string(e.rev) + "/" +
           server::event_name(e.body) + "/" + server::event_body_json(e.body).dump();
}

// A room on the fake game that journals to `journal`, with recording peers.
struct JournaledRoom {
    explicit JournaledRoom(server::Journal& journal) : journal(journal) {
        spdlog::set_level(spdlog::level::off);
        REQUIRE(created(journal, "ROOMCODE", "fake", fake_options(), kT0));
        server::RoomHooks hooks;
        hooks.journal = appending_to(journal, "ROOMCODE");
        hooks.new_seed = [] { return 7; };
        room = std::make_unique<server::Room>(server::RoomSetup{"ROOMCODE", &fake_game(), fake_options(), kT0}, hooks);
    }
    server::Caller caller(const std::string& who) {
        auto& peer = peers[who];
        if (!peer) peer = std::make_shared<FakePeer>();
        return server::Caller{who, peer, ++id, games::sha256_hex("token-" + who), {}};
    }
    std::string error_of(const std::string& who) { return peers[who]->last_error(); }
    // Anna and Bleuenn seated and a game started with `options` at `t`.
    void start_two(const Json& options, TimeMs t) {
        room->join(caller("a"), "Anna", false, when(0));
        room->join(caller("b"), "Bleuenn", false, when(0));
        room->start(caller("a"), options, instant(t));
    }

    server::Journal& journal;
    std::unique_ptr<server::Room> room;
    std::map<std::string, std::shared_ptr<FakePeer>> peers;
    std::int64_t id = 0;
};

// A journal of `kind` in a directory of its own, room ROOMAAAA created in it.
struct WithRoom {
    explicit WithRoom(const JournalKind& kind)
        : owner(kind.open(dir.path(), server::SyncPolicy::normal)), journal(*owner) {
        REQUIRE(created(journal, "ROOMAAAA", "fake", nullptr, at(0)));
    }
    TempDir dir;
    std::unique_ptr<server::Journal> owner;
    server::Journal& journal;
};

}  // namespace

TEST_CASE("Every kind of event comes back from the journal as it was written, in order") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        spdlog::set_level(spdlog::level::off);  // the refused duplicate is logged
        TempDir dir;
        const std::vector<RoomEvent> events = {
            {at(0), at(0), event::Joined{"p1", "Anna", false, "h1"}, 0},
            {at(1), at(1), event::Joined{"p2", "Bleuenn", true, "h2"}, 0},
            {at(2), at(2), event::Started{Json{{"turns", 2}}, 18446744073709551557ull}, 1},
            {at(3), at(3), event::Acted{1, Json{{"type", "bet"}, {"amount", 3}}}, 2},
            {at(4), at(9), event::Disconnected{"p1"}, 2},
            {at(4), at(12), event::Connected{"p1"}, 2},
            {at(5), at(13), event::Expired{}, 3},
            {at(6), at(14), event::Defaulted{0, "turn", Json{{"type", "pass"}}}, 4},
            {at(7), at(15), event::Chatted{"p2", "Kenavo ! \"quotes\" and é"}, 4},
            {at(8), at(16), event::Left{"p2"}, 4},
        };
        {
            const auto journal_owner = kind.open(dir.path(), server::SyncPolicy::full);
            server::Journal& journal = *journal_owner;
            REQUIRE(created(journal, "ABCDEFGH", "fake", Json{{"turns", 2}}, at(0)));
            CHECK(create_room(journal, "ABCDEFGH", "fake", nullptr, at(1)) == server::WriteResult::owned_elsewhere);  // a code is taken once
            for (const RoomEvent& e : events) REQUIRE(appended(journal, "ABCDEFGH", e));
        }
        const auto reopened_owner = kind.open(dir.path(), server::SyncPolicy::normal);
        server::Journal& reopened = *reopened_owner;
        const auto stored = reopened.load("ABCDEFGH");
        REQUIRE(stored);
        CHECK(stored->game == "fake");
        CHECK(stored->options == Json{{"turns", 2}});
        CHECK(stored->created == at(0));
        REQUIRE(stored->events.size() == events.size());
        for (std::size_t i = 0; i < events.size(); ++i) CHECK(text_of(stored->events[i]) == text_of(events[i]));
        CHECK_FALSE(reopened.load("ZZZZZZZZ"));

        // Appending after a reopen goes on where the room stopped, once the room is claimed again.
        CHECK(reopened.claim("ZZZZZZZZ").result == server::Claim::Result::unknown);
        REQUIRE(reopened.claim("ABCDEFGH").result == server::Claim::Result::ours);
        REQUIRE(appended(reopened, "ABCDEFGH", RoomEvent{at(9), at(17), event::Expired{}, 5}));
        CHECK(reopened.load("ABCDEFGH")->events.size() == events.size() + 1);
    }
}

TEST_CASE("The journal knows each token's player and room, and which rooms are loaded") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        WithRoom opened(kind);
        server::Journal& journal = opened.journal;
        REQUIRE(created(journal, "ROOMBBBB", "fake", nullptr, at(1)));
        REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(0), at(0), event::Joined{"p1", "Anna", false, "hash1"}, 0}));
        CHECK(journal.find_player("hash1")->id == "p1");
        CHECK(journal.find_player("hash1")->room == "ROOMAAAA");
        CHECK_FALSE(journal.find_player("hash2"));

        REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(1), at(1), event::Left{"p1"}, 0}));
        CHECK(journal.find_player("hash1")->room.empty());
        REQUIRE(appended(journal, "ROOMBBBB", RoomEvent{at(2), at(2), event::Joined{"p1", "Anna K.", false, "hash1"}, 0}));
        CHECK(journal.find_player("hash1")->room == "ROOMBBBB");
        CHECK(journal.find_player("hash1")->name == "Anna K.");

        CHECK(journal.loaded_rooms() == std::vector<std::string>{"ROOMAAAA", "ROOMBBBB"});
        REQUIRE(loaded_set(journal, "ROOMAAAA", false));
        CHECK(journal.loaded_rooms() == std::vector<std::string>{"ROOMBBBB"});
        CHECK(journal.has_room("ROOMAAAA"));
        CHECK_FALSE(journal.has_room("ROOMCCCC"));
    }
}

TEST_CASE("A write that fails records nothing") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        spdlog::set_level(spdlog::level::off);  // the failures are logged
        WithRoom opened(kind);
        server::Journal& journal = opened.journal;
        kind.refuse_writes(journal, true);
        CHECK_FALSE(created(journal, "ROOMBBBB", "fake", nullptr, at(0)));
        CHECK_FALSE(appended(journal, "ROOMAAAA", RoomEvent{at(0), at(0), event::Joined{"p1", "Anna", false, "hash1"}, 0}));
        kind.refuse_writes(journal, false);
        CHECK(journal.load("ROOMAAAA")->events.empty());
        CHECK_FALSE(journal.find_player("hash1"));
        REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(1), at(1), event::Joined{"p1", "Anna", false, "hash1"}, 0}));
        CHECK(journal.load("ROOMAAAA")->events.size() == 1);
    }
}

TEST_CASE("Events written together are all recorded, in order, or none of them") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        spdlog::set_level(spdlog::level::off);  // the failures are logged
        WithRoom opened(kind);
        server::Journal& journal = opened.journal;
        const std::vector<RoomEvent> first{RoomEvent{at(1), at(1), event::Joined{"p1", "Anna", false, "hash1"}, 0},
                                           RoomEvent{at(2), at(2), event::Joined{"p2", "Bleuenn", false, "hash2"}, 0}};
        REQUIRE(appended_all(journal, "ROOMAAAA", first));
        kind.refuse_writes(journal, true);
        CHECK_FALSE(appended_all(journal, "ROOMAAAA",
                                 {RoomEvent{at(3), at(3), event::Started{Json::object(), 3, 1}, 1},
                                  RoomEvent{at(4), at(4), event::Chatted{"p1", "lost"}, 1}}));
        kind.refuse_writes(journal, false);
        const std::vector<RoomEvent> last{RoomEvent{at(5), at(5), event::Started{Json::object(), 4, 1}, 1},
                                          RoomEvent{at(6), at(6), event::Chatted{"p2", "kept"}, 1}};
        REQUIRE(appended_all(journal, "ROOMAAAA", last));
        REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(7), at(7), event::Expired{}, 2}));
        std::vector<std::string> expected;
        for (const auto* events : {&first, &last}) {
            for (const RoomEvent& e : *events) expected.push_back(text_of(e));
        }
        expected.push_back(text_of(RoomEvent{at(7), at(7), event::Expired{}, 2}));
        std::vector<std::string> stored;
        const std::optional<server::StoredRoom> room = journal.load("ROOMAAAA");
        for (const RoomEvent& e : room->events) stored.push_back(text_of(e));
        CHECK(stored == expected);
        CHECK(journal.find_player("hash2")->room == "ROOMAAAA");
    }
}

TEST_CASE("When the journal cannot write, the room refuses with storage_error and nothing changes") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        TempDir dir;
        const auto journal_owner = kind.open(dir.path(), server::SyncPolicy::normal);
        server::Journal& journal = *journal_owner;
        JournaledRoom t(journal);
        t.start_two(Json{{"window_seconds", 0}}, at(1));
        server::Room& room = *t.room;
        REQUIRE(room.status() == server::RoomStatus::playing);
        const std::int64_t rev = room.rev();
        const std::string view = room.state()->view(0).dump();
        const std::size_t recorded = journal.load("ROOMCODE")->events.size();

        kind.refuse_writes(journal, true);
        room.act(t.caller("a"), bet(2), rev, when(2));
        CHECK(t.error_of("a") == "storage_error");
        room.chat(t.caller("b"), "demat", when(3));
        CHECK(t.error_of("b") == "storage_error");
        room.join(t.caller("c"), "Corentin", true, when(4));
        CHECK(t.error_of("c") == "storage_error");
        CHECK_FALSE(room.is_member("c"));
        CHECK(room.rev() == rev);
        CHECK(room.state()->view(0).dump() == view);

        kind.refuse_writes(journal, false);
        CHECK(journal.load("ROOMCODE")->events.size() == recorded);
        room.act(t.caller("a"), bet(2), rev, when(5));
        CHECK(room.rev() == rev + 1);
        CHECK(journal.load("ROOMCODE")->events.size() == recorded + 1);
    }
}

TEST_CASE("A deadline that cannot be recorded waits, holds everything else back, and happens once it can") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        TempDir dir;
        const auto journal_owner = kind.open(dir.path(), server::SyncPolicy::normal);
        server::Journal& journal = *journal_owner;
        JournaledRoom t(journal);
        t.start_two(Json{{"window_seconds", 10}}, at(0));
        server::Room& room = *t.room;
        const std::int64_t rev = room.rev();
        REQUIRE(room.next_tick(when(0)) == at(10'000));

        kind.refuse_writes(journal, true);
        room.tick(when(10'000));
        CHECK(room.rev() == rev);                            // the window did not close unrecorded
        CHECK(room.next_tick(when(10'000)) == at(11'000));     // it is tried again a second later
        room.act(t.caller("b"), grab(), rev, when(10'500));   // nothing may pass it meanwhile
        CHECK(t.error_of("b") == "storage_error");
        CHECK(room.rev() == rev);

        kind.refuse_writes(journal, false);
        room.tick(when(11'000));
        CHECK(room.rev() == rev + 1);
        const auto events = journal.load("ROOMCODE")->events;
        REQUIRE(std::holds_alternative<event::Expired>(events.back().body));
        CHECK(events.back().at == at(10'000));  // stamped with its own time, not the retry's
    }
}

TEST_CASE("Only a room's last chat lines are kept") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        WithRoom opened(kind);
        server::Journal& journal = opened.journal;
        REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(0), at(0), event::Joined{"p1", "Anna", false, ""}, 0}));
        const int lines = server::Journal::kChatLinesKept + 300;
        for (int i = 0; i < lines; ++i) {
            REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(i), at(i), event::Chatted{"p1", "line " + std::to_string(i)}, 0}));
        }
        const auto events = journal.load("ROOMAAAA")->events;
        std::vector<std::string> chat;
        for (const RoomEvent& e : events) {
            if (auto* c = std::get_if<event::Chatted>(&e.body)) chat.push_back(c->text);
        }
        CHECK(std::holds_alternative<event::Joined>(events.front().body));  // the room's own events stay
        CHECK(chat.size() <= static_cast<std::size_t>(server::Journal::kChatLinesKept) + 50);
        CHECK(chat.size() >= static_cast<std::size_t>(server::Journal::kChatLinesKept));
        CHECK(chat.back() == "line " + std::to_string(lines - 1));
    }
}

TEST_CASE("Replays and summaries are stored and read back, and a room's games are counted") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        TempDir dir;
        const auto journal_owner = kind.open(dir.path(), server::SyncPolicy::normal);
        server::Journal& journal = *journal_owner;
        CHECK_FALSE(journal.games_started("ROOMAAAA"));
        REQUIRE(created(journal, "ROOMAAAA", "fake", nullptr, at(0)));
        CHECK(journal.games_started("ROOMAAAA") == 0);
        REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(1), at(1), event::Started{Json::object(), 3, 1}, 1}));
        REQUIRE(appended(journal, "ROOMAAAA", RoomEvent{at(2), at(2), event::Started{Json::object(), 4, 1}, 2}));
        CHECK(journal.games_started("ROOMAAAA") == 2);
        CHECK_FALSE(journal.load_replay("ROOMAAAA", 1));
        REQUIRE(replay_stored(journal, "ROOMAAAA", 1, Json{{"steps", Json::array()}}));
        CHECK(journal.load_replay("ROOMAAAA", 1) == Json{{"steps", Json::array()}});
        CHECK_FALSE(journal.load_summary("ROOMAAAA"));
        REQUIRE(summary_stored(journal, "ROOMAAAA", Json{{"status", "finished"}}));
        CHECK(journal.load_summary("ROOMAAAA") == Json{{"status", "finished"}});
    }
}

TEST_CASE("A game's replay reads the room's events without the earlier games' moves, up to the next game") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        WithRoom opened(kind);
        server::Journal& journal = opened.journal;
        const std::vector<RoomEvent> events = {
            {at(0), at(0), event::Joined{"p1", "Anna", false, "h1"}, 0},
            {at(1), at(1), event::Started{Json::object(), 3, 1}, 1},                 // game 1
            {at(2), at(2), event::Acted{0, Json{{"type", "bet"}}}, 2},
            {at(3), at(3), event::Expired{}, 3},
            {at(4), at(4), event::Defaulted{0, "turn", Json{{"type", "pass"}}}, 4},
            {at(5), at(5), event::Joined{"p2", "Bleuenn", false, "h2"}, 4},
            {at(6), at(6), event::Started{Json::object(), 4, 1}, 5},                 // game 2
            {at(7), at(7), event::Acted{1, Json{{"type", "pass"}}}, 6},
            {at(8), at(8), event::Chatted{"p2", "encore"}, 6},
            {at(9), at(9), event::Started{Json::object(), 5, 1}, 7},                 // game 3
            {at(10), at(10), event::Acted{0, Json{{"type", "pass"}}}, 8},
        };
        for (const RoomEvent& e : events) REQUIRE(appended(journal, "ROOMAAAA", e));
        const auto read = [&](int game) {
            const std::optional<server::StoredRoom> stored = journal.load_for_replay("ROOMAAAA", game);
            std::vector<std::string> texts;
            for (const RoomEvent& e : stored->events) texts.push_back(text_of(e));
            return texts;
        };
        const auto texts = [&](std::initializer_list<int> indices) {
            std::vector<std::string> out;
            for (int i : indices) out.push_back(text_of(events[static_cast<std::size_t>(i)]));
            return out;
        };
        CHECK(read(1) == texts({0, 1, 2, 3, 4, 5}));
        CHECK(read(2) == texts({0, 1, 5, 6, 7, 8}));
        CHECK(read(3) == texts({0, 1, 5, 6, 8, 9, 10}));
        CHECK(read(4) == texts({0, 1, 5, 6, 8, 9}));  // no such game: every game is an earlier one
        CHECK_FALSE(journal.load_for_replay("ZZZZZZZZ", 1));
    }
}

TEST_CASE("Writes handed over without waiting are made in order, each answered on its own") {
    for (const JournalKind& kind : journal_kinds()) DYNAMIC_SECTION(kind.name) {
        spdlog::set_level(spdlog::level::off);  // the refused code is logged
        WithRoom opened(kind);
        server::Journal& journal = opened.journal;
        constexpr int kLines = 300;
        std::vector<std::promise<server::WriteResult>> answers(kLines + 1);
        for (int i = 0; i < kLines; ++i) {
            // A taken code in the middle of a burst: refused alone, the lines around it written.
            if (i == kLines / 2) {
                journal.create_room("ROOMAAAA", "fake", nullptr, at(i),
                                    [&answer = answers[kLines]](server::WriteResult r) { answer.set_value(r); });
            }
            journal.append("ROOMAAAA", RoomEvent{at(i), at(i), event::Chatted{"p1", std::to_string(i)}, 0},
                           [&answer = answers[i]](server::WriteResult r) { answer.set_value(r); });
        }
        journal.drain();
        for (int i = 0; i < kLines; ++i) CHECK(answers[i].get_future().get() == server::WriteResult::written);
        CHECK(answers[kLines].get_future().get() == server::WriteResult::owned_elsewhere);
        const auto events = journal.load("ROOMAAAA")->events;
        REQUIRE(events.size() == static_cast<std::size_t>(kLines));
        for (int i = 0; i < kLines; ++i) CHECK(std::get<event::Chatted>(events[i].body).text == std::to_string(i));
    }
}
