// permessage-deflate (--deflate on): clients that offer it, as browsers do, get compressed frames
// and play as any other; the others, and every client of a server without it, get plain frames.
#include <catch2/catch.hpp>

#include "games/core/rng.hpp"
#include "tests/server/live_play.hpp"
#include "tests/server/live_server.hpp"
#include "tests/server/live_table.hpp"

using namespace taol::testing;

namespace {

taol::server::ServerConfig deflating() {
    taol::server::ServerConfig config;
    config.deflate = true;
    return config;
}

}  // namespace

TEST_CASE("With --deflate on, clients that offer permessage-deflate play a game through compressed frames") {
    LiveServer live(deflating());
    LiveTable room(live.port(), "castors", nullptr, {"Anna", "Bleuenn", "Corentin"}, {"Soizic"});
    for (WsClient* p : room.players()) CHECK(p->extensions().find("permessage-deflate") != std::string::npos);
    CHECK(room.spectator().extensions().find("permessage-deflate") != std::string::npos);

    // A watcher that does not offer it reads the same table uncompressed.
    WsClient plain(live.port());
    CHECK(plain.extensions().empty());
    plain.hello("Plain");
    REQUIRE(plain.request(join_message(room.code(), "spectator")).at("type") == "room");

    std::int64_t rev = room.start().at("rev");
    taol::games::Rng rng(7);
    rev = play(room.players(), rev, 60, rng);
    REQUIRE(rev > 30);
    // Every connection, compressed or not, deltas or not, holds the same table at the end.
    room.check_same_rev(rev);
    CHECK(plain.snapshot(rev).at("view") == room.spectator().snapshot(rev).at("view"));
}

TEST_CASE("Without --deflate on, a client that offers permessage-deflate gets plain frames") {
    LiveServer live;
    WsClient offering(live.port(), "/ws", true);
    CHECK(offering.extensions().empty());
    CHECK(offering.hello("Anna").at("type") == "welcome");
}
