// Fair races in the room core (PROTOCOL.md, "Fair races"): contested actions ordered by their
// players' compensated stamps, capped; deadlines applied the hold later; the order journaled.
#include <catch2/catch.hpp>

#include "tests/server/room_fixture.hpp"

using namespace taol::testing;
using taol::server::Caller;
using taol::server::RoomEvent;
using taol::server::Timing;
namespace event = taol::server::event;

namespace {

Json fair(TimeMs cap = 100) { return Json{{"fair_races", true}, {"fair_races_cap_ms", cap}}; }

// A table of two: "a" on a 20 ms round trip, "b" on 150 ms, both measured; the game (a grab
// window of 10 s) started at 0. The start's snapshot left at 0.
struct FairTable {
    explicit FairTable(const Json& options = fair()) : t(options) {
        t.join("a", at(0));
        t.join("b", at(0));
        measure("a", 20, 0);
        measure("b", 150, 0);
        t.room().start(t.caller("a"), nullptr, when(0));
    }
    // `player` acted at true time `acted` (its stamp, exact); the room takes it at `arrives`.
    void act(const std::string& player, TimeMs acted, TimeMs arrives, TimeMs one_way) {
        Caller c = t.caller(player);
        c.timing = Timing{at(acted), one_way};
        t.room().act(c, grab(), 1, when(arrives));
    }
    // What `player`'s connection measured (as its session would set it), told to the room at `ms`.
    void measure(const std::string& player, int rtt, TimeMs ms) {
        t.peer(player)->set_rtt_ms(rtt);
        t.room().measured(t.connection(player, t.peer(player)), when(ms));
    }
    void tick(TimeMs ms) { t.room().tick(when(ms)); }
    std::optional<TimeMs> next_tick(TimeMs ms) { return t.room().next_tick(when(ms)); }
    Json holder() { return t.room().state()->view(std::nullopt).at("holder"); }
    Table t;
};

const event::Acted* first_grab(const std::vector<RoomEvent>& journal, TimeMs* stamp = nullptr) {
    for (const RoomEvent& e : journal) {
        if (auto* a = std::get_if<event::Acted>(&e.body)) {
            if (stamp) *stamp = e.at;
            return a;
        }
    }
    return nullptr;
}

}  // namespace

TEST_CASE("Fair races: the slow player who acted 30 ms earlier wins, though it arrived later") {
    FairTable f;
    f.act("a", 1'030, 1'040, 10);  // fast: acted at 1,030, here 10 ms later
    f.act("b", 1'000, 1'075, 75);  // slow: acted at 1,000, here 75 ms later
    CHECK(f.holder().is_null());   // both wait: another compensated grab could still come first
    CHECK(f.next_tick(1'075) == at(1'075));  // b's claim (1,000) plus the hold (75)
    f.tick(1'075);
    CHECK(f.holder() == 1);
    // Everyone is told at once, though a's grab still waits.
    CHECK(f.t.peer("b")->last("snapshot").at("view").at("holder") == 1);
    CHECK(f.t.peer("a")->last("snapshot").at("view").at("holder") == 1);
    f.tick(1'105);                 // a's claim (1,030) plus the hold
    const Json error = f.t.peer("a")->frames.back();
    CHECK(error.at("code") == "too_late");
    CHECK(error.at("winner") == 1);
    CHECK(error.at("margin_ms") == 30);
    CHECK(error.at("compensated") == true);
    // The journal has the order decided and the stamps used.
    TimeMs stamp = 0;
    const event::Acted* won = first_grab(f.t.journal(), &stamp);
    REQUIRE(won);
    CHECK(won->seat == 1);
    CHECK(stamp == at(1'000));
    CHECK(won->arrived == at(1'075));
    // As the journal stores it, and reads it back.
    const Json stored = taol::server::event_body_json(*won);
    CHECK(stored.at("arrived") == at(1'075));
    const auto read = taol::server::event_body_from_json("acted", stored);
    CHECK(std::get<event::Acted>(read).arrived == at(1'075));
}

TEST_CASE("Fair races: the slow player who acted 30 ms later loses") {
    FairTable f;
    f.act("a", 1'030, 1'040, 10);
    f.act("b", 1'060, 1'135, 75);
    f.tick(1'105);
    CHECK(f.holder() == 0);
    f.tick(1'135);
    const Json error = f.t.peer("b")->frames.back();
    CHECK(error.at("code") == "too_late");
    CHECK(error.at("winner") == 0);
    CHECK(error.at("margin_ms") == 30);
}

TEST_CASE("Fair races: a forged stamp gains no more than the measured delay, and the cap bounds that") {
    SECTION("stamped 200 ms early: compensated by its one-way delay only") {
        FairTable f;
        f.act("b", 800, 1'075, 75);    // claims 1,000 at best
        f.act("a", 999, 1'009, 10);
        f.tick(1'084);
        CHECK(f.holder() == 0);        // 999 < 1,000
    }
    SECTION("with a cap of 20 ms the slow link is compensated 20 ms at most") {
        FairTable f(fair(20));
        f.act("a", 1'030, 1'040, 10);
        f.act("b", 1'000, 1'075, 75);  // claims 1,055
        f.tick(1'060);
        CHECK(f.holder() == 0);
        f.tick(1'075);
        CHECK(f.t.peer("b")->frames.back().at("margin_ms") == 25);
    }
    SECTION("not before the snapshot it acted on can have reached it") {
        FairTable f;
        f.act("b", -50, 40, 75);       // says it acted before the window was even sent its way
        f.tick(114);
        CHECK(f.holder().is_null());   // held the hold after its stamp, like any race
        f.tick(115);
        TimeMs stamp = 0;
        REQUIRE(first_grab(f.t.journal(), &stamp));
        CHECK(stamp == at(40));        // sent at 0, it reached b at 75 at the earliest: no compensation
    }
}

TEST_CASE("Fair races: a deadline is applied the hold later, and an action compensated to before it wins") {
    SECTION("acted 10 ms before the window closed, arrived 65 ms after") {
        FairTable f;
        f.act("b", 9'990, 10'065, 75);
        CHECK(f.next_tick(10'065) == at(10'065));
        f.tick(10'065);
        CHECK(f.holder() == 1);
    }
    SECTION("acted 10 ms after it closed: too late, the deadline won") {
        FairTable f;
        CHECK(f.next_tick(9'000) == at(10'075));  // the window's end, applied the hold later
        f.act("b", 10'010, 10'085, 75);
        f.tick(10'075);
        CHECK(f.t.room().state()->view(std::nullopt).at("phase") != 0);  // the grab window closed
        f.tick(10'085);
        const Json error = f.t.peer("b")->frames.back();
        CHECK(error.at("code") == "too_late");
        CHECK(error.at("winner").is_null());
        CHECK(error.at("margin_ms") == 10);
    }
}

TEST_CASE("Fair races: a replay of the journal gives the same result") {
    FairTable f;
    f.act("a", 1'030, 1'040, 10);
    f.act("b", 1'000, 1'075, 75);
    f.tick(1'075);
    f.tick(1'105);
    auto replayed = taol::server::Room::replay(
        taol::server::RoomSetup{"ABCDEFGH", &fake_game(), fake_options(fair()), kT0}, f.t.journal());
    CHECK(replayed->rev() == f.t.room().rev());
    CHECK(replayed->state()->view(std::nullopt) == f.t.room().state()->view(std::nullopt));
}

TEST_CASE("Fair races: off, or with nobody measured, nothing waits and arrival decides") {
    SECTION("the option off: arrival order, as ever") {
        FairTable f(Json{{"fair_races", false}});
        f.act("a", 1'030, 1'040, 10);
        CHECK(f.holder() == 0);
        f.act("b", 1'000, 1'075, 75);
        CHECK(f.t.peer("b")->frames.back().at("code") == "too_late");
        CHECK_FALSE(f.t.peer("b")->frames.back().contains("compensated"));
    }
    SECTION("the host turns it off during the game") {
        FairTable f;
        f.t.room().configure(f.t.caller("a"), Json{{"fair_races", false}}, when(500));
        f.act("a", 1'030, 1'040, 10);
        CHECK(f.holder() == 0);
    }
    SECTION("no connection measured: no hold") {
        Table t(fair());
        t.seat_and_start(2, at(0));
        t.act("b", grab(), at(1'000), 1);
        CHECK(t.room().state()->view(std::nullopt).at("holder") == 1);
    }
}

TEST_CASE("Fair races: what comes while a race is held waits its turn, in order") {
    FairTable f;
    f.act("b", 1'000, 1'075, 75);
    // A chat line at 1,050 waits behind the held grab (stamped 1,000), then goes.
    f.t.room().chat(f.t.caller("a"), "vite !", when(1'050));
    CHECK(f.t.peer("a")->last("chat").is_null());
    f.tick(1'075);
    f.tick(1'125);
    CHECK_FALSE(f.t.peer("a")->last("chat").is_null());
    std::vector<std::string> order;
    for (const RoomEvent& e : f.t.journal()) order.push_back(taol::server::event_name(e.body));
    const auto grab_at = std::find(order.begin(), order.end(), "acted");
    const auto chat_at = std::find(order.begin(), order.end(), "chatted");
    CHECK(grab_at < chat_at);
}

TEST_CASE("Fair races: each seat's round trip is shown on the room, and moves only when it really moves") {
    FairTable f;
    const Json seats = f.t.peer("a")->last("room").at("seats");
    CHECK(seats.at(0).at("rtt_ms") == 20);
    CHECK(seats.at(1).at("rtt_ms") == 150);
    const std::size_t rooms = f.t.peer("a")->of_type("room").size();
    f.measure("b", 152, 100);
    CHECK(f.t.peer("a")->of_type("room").size() == rooms);
    f.measure("b", 60, 200);
    CHECK(f.t.peer("a")->last("room").at("seats").at(1).at("rtt_ms") == 60);
}
