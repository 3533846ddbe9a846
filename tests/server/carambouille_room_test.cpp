// Carambouille in a real room (server::Room, the real game, recording peers, a hand-driven
// clock): trading waits for nobody. A First Merchant who is away does not close the market the
// moment it opens; the others trade for the whole trading_seconds, and the market closes then.
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "games/carambouille/carambouille.hpp"
#include "games/core/options.hpp"
#include "tests/server/room_fixture.hpp"

using taol::games::Json;
using taol::games::Seat;
using taol::games::TimeMs;
using taol::testing::at;
using taol::testing::FakePeer;
using taol::testing::instant;

namespace {

namespace server = taol::server;

// --- Every call into server::Room is in these few helpers: keep it that way, so that a change
// of the Room API's time parameter touches this block only. ---

struct Market {
    std::unique_ptr<server::Room> room;
    std::map<std::string, std::shared_ptr<FakePeer>> peers;
    std::int64_t last_id = 0;
};

server::Caller caller(Market& m, const std::string& player) {
    auto& peer = m.peers[player];
    if (!peer) peer = std::make_shared<FakePeer>();
    return {player, peer, ++m.last_id, "hash-" + player, player};
}

// A room of Carambouille with players "a", "b", "c" seated, the game started at `t`.
Market start_market(const Json& given, TimeMs t) {
    const auto& game = taol::games::carambouille::game();
    const Json options = taol::games::complete_options(game, given, 3).value();
    spdlog::set_level(spdlog::level::warn);
    server::RoomHooks hooks;
    hooks.journal = [](const server::RoomEvent&, server::WriteDone done) { done(server::WriteResult::written); };
    hooks.new_seed = [] { return std::uint64_t{42}; };
    Market m;
    m.room = std::make_unique<server::Room>(server::RoomSetup{"CARAMBOU", &game, options, t}, hooks);
    for (const char* player : {"a", "b", "c"}) m.room->join(caller(m, player), player, false, instant(t));
    m.room->start(caller(m, "a"), nullptr, instant(t));
    return m;
}

// Sends an action; returns the type of its answer ("snapshot", or the error code).
std::string act(Market& m, const std::string& player, const Json& action, TimeMs t) {
    m.room->act(caller(m, player), action, std::nullopt, instant(t));
    const Json& answer = m.peers[player]->frames.back();
    return answer.at("type") == "error" ? answer.at("code").get<std::string>() : answer.at("type").get<std::string>();
}

void disconnect(Market& m, const std::string& player, TimeMs t) {
    m.room->disconnect(player, m.peers[player].get(), instant(t));
}

void tick(Market& m, TimeMs t) { m.room->tick(instant(t)); }

// --- Reading the table ---

std::string player_of(Seat seat) { return std::string(1, static_cast<char>('a' + seat)); }

Json view(const Market& m, std::optional<Seat> seat = std::nullopt) { return m.room->state()->view(seat); }

std::string phase(const Market& m) { return view(m).at("phase"); }

std::optional<taol::games::LogEntry> last_entry(const Market& m, const std::string& key) {
    const auto log = m.room->log().entries();
    for (auto it = log.rbegin(); it != log.rend(); ++it) {
        if (it->text_key == key) return *it;
    }
    return std::nullopt;
}

// One card of `seat`'s hand.
std::string a_card(const Market& m, Seat seat) { return view(m, seat).at("hand").begin().key(); }

Json offer_to(Seat to, const std::string& card) {
    return {{"type", "offer"}, {"to", to}, {"give", {card}}, {"announce", Json::array()}, {"ask", Json::array()}, {"lie", false}};
}

// The two seats that are not the First Merchant.
std::pair<Seat, Seat> traders(const Market& m) {
    const Seat merchant = view(m).at("merchant");
    return {(merchant + 1) % 3, (merchant + 2) % 3};
}

}  // namespace

TEST_CASE("An absent First Merchant: the others trade for the whole trading_seconds") {
    for (const Json& clock : {Json::object(), Json{{"turn_seconds", 20}}}) {
        INFO("options " << clock.dump());
        Json given = {{"absent_seconds", 10}, {"trading_seconds", 60}};
        given.update(clock);
        Market m = start_market(given, at(0));
        const Seat merchant = view(m).at("merchant");
        disconnect(m, player_of(merchant), at(1'000));

        // Away for absent_seconds, the Merchant has its bell rung for it: the market opens.
        tick(m, at(11'000));
        REQUIRE(phase(m) == "trading");
        const TimeMs opened = at(11'000);
        CHECK(last_entry(m, "carambouille.trading_open")->at == opened);
        CHECK(m.room->state()->waiting_for().empty());

        // Nothing closes it for the absent Merchant: the others trade until the last millisecond.
        const auto [seller, buyer] = traders(m);
        tick(m, opened + 30'000);
        REQUIRE(phase(m) == "trading");
        CHECK(act(m, player_of(seller), offer_to(buyer, a_card(m, seller)), opened + 30'000) == "snapshot");
        const std::string offer = view(m).at("offers").at(0).at("id");
        tick(m, opened + 59'000);
        REQUIRE(phase(m) == "trading");
        const Json accept = {{"type", "accept"}, {"offer", offer}, {"give", {a_card(m, buyer)}}, {"lie", false}};
        CHECK(act(m, player_of(buyer), accept, opened + 59'999) == "snapshot");
        CHECK(last_entry(m, "carambouille.trade"));

        // trading_seconds after it opened, the market closes by itself.
        CHECK(act(m, player_of(seller), offer_to(buyer, a_card(m, seller)), opened + 60'000) == "too_late");
        CHECK(phase(m) == "sale");
        const auto closed = last_entry(m, "carambouille.trading_closed");
        REQUIRE(closed);
        CHECK(closed->at == opened + 60'000);
        CHECK(closed->params.at("by") == "time");
    }
}
