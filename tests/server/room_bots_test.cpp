// Bots at the table (PROTOCOL.md, "Bots"): the host seats and removes them before the start, a seat
// whose player is away is handed to one (by the host, or by a vote) and taken back on return; the
// room drives them at their think times, journals their moves like a player's, and a room rebuilt
// from its journal goes on with the very same bot decisions.
#include <catch2/catch.hpp>

#include "games/registry.hpp"
#include "tests/server/room_fixture.hpp"

using namespace taol::testing;
using taol::server::Room;
using taol::server::RoomEvent;
using taol::server::RoomStatus;
namespace event = taol::server::event;

namespace {

const taol::games::Game& game_named(const char* id) { return *taol::games::find_game(id); }

Json seats_of(FakePeer& peer) { return peer.last("room").at("seats"); }

// The people at a table, each played from its own snapshots by the game's bot, acting at once when
// it has decided (only bots wait like people, so that the room's own pacing is what is tested).
struct People {
    struct Person {
        Json memory = nullptr;
        std::int64_t stepped_rev = -1;
        std::optional<Json> action;
    };
    std::map<std::string, Person> people;

    // One more step of the table after time `t`: a person's move or the room's next tick. False
    // once nothing is left to do.
    bool step(Room& room, std::map<std::string, std::shared_ptr<FakePeer>>& peers, TimeMs& t) {
        look(room, peers, t);
        for (auto& [name, p] : people) {
            if (!p.action) continue;
            t += 1;
            room.act(taol::server::Caller{name, peers.at(name), std::nullopt, "", name}, *p.action, p.stepped_rev,
                     instant(t));
            p.action.reset();
            return true;
        }
        const std::optional<TimeMs> next = room.next_tick(instant(t));
        if (!next) return false;
        t = std::max(t, *next);
        room.tick(instant(t));
        return true;
    }

    // Each person reads its latest snapshot, if it has not yet.
    void look(Room& room, std::map<std::string, std::shared_ptr<FakePeer>>& peers, TimeMs t) {
        const taol::games::Bot& bot = room.game().bot();
        for (auto& [name, p] : people) {
            const Json snapshot = peers.at(name)->last("snapshot");
            if (snapshot.is_null() || snapshot.at("rev") == p.stepped_rev) continue;
            p.stepped_rev = snapshot.at("rev");
            taol::games::Rng rng = taol::games::bot_rng(7, p.stepped_rev, t);
            taol::games::BotTurn turn = bot.step(p.memory, snapshot, rng);
            p.memory = std::move(turn.memory);
            p.action = std::move(turn.action);
        }
    }
};

std::vector<const RoomEvent*> bot_moves(const std::vector<RoomEvent>& journal, int seat) {
    std::vector<const RoomEvent*> out;
    for (const RoomEvent& e : journal) {
        if (auto acted = std::get_if<event::Acted>(&e.body); acted && acted->seat == seat) out.push_back(&e);
    }
    return out;
}

}  // namespace

TEST_CASE("Before the start the host seats bots and takes them away, and they count as players") {
    Table t(game_named("carambouille"), 3, nullptr);
    t.join("a", at(0));
    t.join("b", at(10));
    auto a = t.peer("a");

    t.room().add_bot(t.caller("b"), when(20));
    CHECK(t.peer("b")->last_error() == "not_host");
    t.room().add_bot(t.caller("a"), when(30));
    t.room().add_bot(t.caller("a"), when(40));
    Json seats = seats_of(*a);
    REQUIRE(seats.size() == 4);
    CHECK(seats[2] == Json{{"seat", 2}, {"name", "Bot Katell"}, {"connected", false}, {"bot", true}});
    CHECK(seats[3].at("name") == "Bot Yann");
    CHECK(t.room().connected_count() == 2);  // bots are nobody's connection
    CHECK(t.room().spectator_count() == 0);

    t.room().remove_bot(t.caller("a"), 1, when(50));  // b is a person
    CHECK(a->last_error() == "bad_request");
    t.room().remove_bot(t.caller("a"), 2, when(60));
    seats = seats_of(*a);
    REQUIRE(seats.size() == 3);
    CHECK(seats[2].at("name") == "Bot Yann");
    CHECK(seats[2].at("seat") == 2);
    t.room().add_bot(t.caller("a"), when(70));
    CHECK(seats_of(*a)[3].at("name") == "Bot Katell");  // the first name not at the table

    // Up to the game's seats, no more.
    for (int i = 0; i < 3; ++i) t.room().add_bot(t.caller("a"), when(80 + i));
    CHECK(seats_of(*a).size() == 7);
    t.room().add_bot(t.caller("a"), when(90));
    CHECK(a->last_error() == "room_full");
    t.room().remove_bot(t.caller("a"), 6, when(95));

    t.room().start(t.caller("a"), nullptr, when(100));
    REQUIRE(t.room().status() == RoomStatus::playing);
    CHECK(t.room().state()->view(std::nullopt).is_object());
    t.room().add_bot(t.caller("a"), when(110));
    CHECK(a->last_error() == "already_started");
    t.room().remove_bot(t.caller("a"), 2, when(120));
    CHECK(a->last_error() == "already_started");
}

TEST_CASE("The host is always a person: when the last one leaves a waiting room, its bots go too") {
    Table t(game_named("castors"), 2, nullptr);
    t.join("a", at(0));
    t.room().add_bot(t.caller("a"), when(10));
    t.join("b", at(20));
    t.room().leave(t.caller("a"), when(30));  // seat 0 goes: the bot is seat 0 now, b seat 1 and host
    Json seats = seats_of(*t.peer("b"));
    REQUIRE(seats.size() == 2);
    CHECK(seats[0].at("bot") == true);
    CHECK(t.peer("b")->last("room").at("host") == 1);
    t.room().leave(t.caller("b"), when(40));
    CHECK(t.room().info().seats.empty());
}

TEST_CASE("Bots play a whole game at a person's pace, their moves journaled like a player's") {
    for (const char* id : {"castors", "bharg", "fishfish", "bigoudenn", "carambouille"}) {
        INFO(id);
        const taol::games::Game& game = game_named(id);
        const int players = std::min(std::max(3, game.min_players()), game.max_players());
        Table t(game, players, nullptr);
        t.join("a", at(0));
        for (int i = 1; i < players; ++i) {
            t.set_seed(static_cast<std::uint64_t>(i));
            t.room().add_bot(t.caller("a"), when(i));
        }
        t.room().start(t.caller("a"), nullptr, when(100));
        REQUIRE(t.room().status() == RoomStatus::playing);

        People people;
        people.people["a"];
        std::map<std::string, std::shared_ptr<FakePeer>> peers{{"a", t.peer("a")}};
        TimeMs now = at(100);
        for (int i = 0; i < 20000 && t.room().status() == RoomStatus::playing; ++i) {
            if (!people.step(t.room(), peers, now)) break;
        }
        CHECK(t.room().status() == RoomStatus::finished);
        const std::vector<RoomEvent>& journal = t.journal();
        for (int seat = 1; seat < static_cast<int>(t.room().info().seats.size()); ++seat) {
            const auto moves = bot_moves(journal, seat);
            CHECK_FALSE(moves.empty());
            // Never at once: a bot's moves are at least 300 ms apart (after the start, too), and
            // most come a person's time after the change before them (not all: a decision kept
            // while others moved keeps the time it was made at).
            std::vector<TimeMs> gaps;
            TimeMs own_last = at(100);
            for (const RoomEvent* move : moves) {
                CHECK(move->at - own_last >= 300);
                own_last = move->at;
                const RoomEvent* before = nullptr;
                for (const RoomEvent& e : journal) {
                    if (&e == move) break;
                    before = &e;
                }
                gaps.push_back(move->at - before->at);
            }
            std::sort(gaps.begin(), gaps.end());
            CHECK(gaps[gaps.size() / 2] >= 400);
        }
        // No default was played for a bot, and bots never chat.
        for (const RoomEvent& e : journal) {
            CHECK_FALSE(std::holds_alternative<event::Chatted>(e.body));
            if (auto d = std::get_if<event::Defaulted>(&e.body)) CHECK(d->seat == 0);
        }
    }
}

TEST_CASE("A room rebuilt from its journal goes on with the very same bot decisions") {
    for (const char* id : {"castors", "bigoudenn", "carambouille", "fishfish", "bharg"}) {
        INFO(id);
        const taol::games::Game& game = game_named(id);
        const int players = std::min(std::max(3, game.min_players()), game.max_players());
        Table live(game, players, nullptr);
        live.join("a", at(0));
        for (int i = 1; i < players; ++i) {
            live.set_seed(static_cast<std::uint64_t>(i));
            live.room().add_bot(live.caller("a"), when(i));
        }
        live.room().start(live.caller("a"), nullptr, when(100));

        People people;
        people.people["a"];
        std::map<std::string, std::shared_ptr<FakePeer>> peers{{"a", live.peer("a")}};
        TimeMs now = at(100);
        for (int i = 0; i < 30; ++i) people.step(live.room(), peers, now);
        REQUIRE(live.room().status() == RoomStatus::playing);
        people.look(live.room(), peers, now);  // a has read what it was sent before the restart

        // The server restarts here: the room comes back from its journal, a reconnects.
        const std::vector<RoomEvent> before = live.journal();
        std::vector<RoomEvent> recorded;
        taol::server::RoomHooks hooks;
        hooks.journal = [&](const RoomEvent& e, taol::server::WriteDone done) {
            recorded.push_back(e);
            done(taol::server::WriteResult::written);
        };
        auto room = Room::replay(taol::server::RoomSetup{"ABCDEFGH", &game, live.room().options(), kT0}, before, hooks);
        auto a_again = std::make_shared<FakePeer>();
        room->reconnect(taol::server::Caller{"a", a_again, std::nullopt, "", "a"}, instant(before.back().at));
        CHECK(recorded.empty());  // a was connected when it stopped: nothing to record
        CHECK(a_again->last("snapshot").at("rev") == live.room().rev());

        People people_again = people;
        std::map<std::string, std::shared_ptr<FakePeer>> peers_again{{"a", a_again}};
        TimeMs now_again = now;
        for (int i = 0; i < 300; ++i) {
            people.step(live.room(), peers, now);
            people_again.step(*room, peers_again, now_again);
        }
        const std::vector<RoomEvent> after(live.journal().begin() + static_cast<long>(before.size()), live.journal().end());
        REQUIRE(after.size() >= 5);
        REQUIRE(recorded.size() >= after.size() - 1);
        for (std::size_t i = 0; i + 1 < after.size(); ++i) {
            INFO("event " << i << ": " << taol::server::event_name(after[i].body));
            CHECK(taol::server::event_name(recorded[i].body) == std::string(taol::server::event_name(after[i].body)));
            CHECK(taol::server::event_body_json(recorded[i].body) == taol::server::event_body_json(after[i].body));
            CHECK(recorded[i].at == after[i].at);
        }
        CHECK(room->state()->view(0) == live.room().state()->view(0));
    }
}

TEST_CASE("A seat whose player is away goes to a bot, by the host or a vote, and back to the player on return") {
    Table t(game_named("castors"), 4, nullptr);
    for (const char* p : {"a", "b", "c", "d"}) t.join(p, at(0));
    t.room().start(t.caller("a"), nullptr, when(10));
    REQUIRE(t.room().status() == RoomStatus::playing);

    t.room().bot_for(t.caller("b"), 3, when(20));
    CHECK(t.peer("b")->last_error() == "bad_request");  // d is here
    t.join("s", at(25), true);
    t.room().disconnect("d", t.peer("d").get(), when(30));
    t.room().bot_for(t.caller("s"), 3, when(35));
    CHECK(t.peer("s")->last_error() == "not_a_player");
    t.room().bot_for(t.caller("b"), 9, when(36));
    CHECK(t.peer("b")->last_error() == "bad_request");

    // b's request is one vote of the three players here: not yet.
    t.room().bot_for(t.caller("b"), 3, when(40));
    Json seat = seats_of(*t.peer("a"))[3];
    CHECK(seat.at("bot_votes") == Json::array({1}));
    CHECK(seat.count("bot") == 0);
    // c's makes two of three.
    t.room().bot_for(t.caller("c"), 3, when(50));
    seat = seats_of(*t.peer("a"))[3];
    CHECK(seat.at("bot") == true);
    CHECK(seat.at("name") == "d");
    CHECK(seat.at("connected") == false);
    CHECK(seat.count("bot_votes") == 0);
    // The absent clock of seat 3 no longer runs: the bot plays it.
    for (const Json& d : t.peer("a")->last("snapshot").at("deadlines")) CHECK(!(d.at("kind") == "absent" && d.at("seat") == 3));
    t.room().bot_for(t.caller("b"), 3, when(55));
    CHECK(t.peer("b")->last_error() == "bad_request");  // a bot plays it already

    // d comes back: the seat is d's again.
    t.room().reconnect(t.connection("d", t.new_peer("d")), when(60));
    seat = seats_of(*t.peer("a"))[3];
    CHECK(seat.count("bot") == 0);
    CHECK(seat.at("connected") == true);

    // d leaves the game; the host hands its seat at once.
    t.room().leave(t.caller("d"), when(70));
    t.room().bot_for(t.caller("a"), 3, when(80));
    CHECK(seats_of(*t.peer("a"))[3].at("bot") == true);
    const auto asked = std::count_if(t.journal().begin(), t.journal().end(), [](const RoomEvent& e) {
        return std::holds_alternative<event::BotAsked>(e.body);
    });
    CHECK(asked == 3);
    // Back with join as a player: the seat is d's again.
    t.join("d", at(90));
    CHECK(seats_of(*t.peer("a"))[3].count("bot") == 0);

    // The bot's seat, journaled, replays the same.
    auto again = Room::replay(taol::server::RoomSetup{"ABCDEFGH", &t.room().game(), t.room().options(), kT0}, t.journal());
    CHECK(taol::protocol::room_json(again->info()).at("seats") == taol::protocol::room_json(t.room().info()).at("seats"));
}

TEST_CASE("A room with bots and no connected person is suspended: the bots wait with it") {
    Table t(game_named("castors"), 3, nullptr);
    t.join("a", at(0));
    t.room().add_bot(t.caller("a"), when(1));
    t.room().add_bot(t.caller("a"), when(2));
    t.room().start(t.caller("a"), nullptr, when(10));
    t.room().disconnect("a", t.peer("a").get(), when(20));
    CHECK(t.room().suspended());
    const auto events = t.journal().size();
    t.room().tick(when(60'000));
    CHECK(t.journal().size() == events);
    CHECK_FALSE(t.room().next_tick(when(60'000)).has_value());
}
