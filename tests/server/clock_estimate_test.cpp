// A connection's clock estimate: the shortest round trip of the window tells the delay and the
// client's offset, whatever the queues added to the others.
#include <catch2/catch.hpp>

#include "server/net/clock_estimate.hpp"

using taol::server::ClockEstimate;
using taol::server::RoundTrips;

TEST_CASE("Clock estimate: the quickest exchange of the window decides") {
    ClockEstimate e;
    const double offset = 5'000.25;  // the client's clock is this far ahead
    // A 40 ms round trip, halfway each way; some exchanges queued 30-90 ms longer on the way back.
    const double extra[] = {0, 30, 90, 0, 45};
    double sent = 1'000;
    for (double late : extra) {
        e.add(sent, sent + 40 + late, sent + 20 + offset);
        sent += 2'000;
        if (e.samples() < ClockEstimate::kEnough) CHECK_FALSE(e.ready());
    }
    REQUIRE(e.ready());
    CHECK(e.round_trip_ms() == Approx(40));
    CHECK(e.one_way_ms() == Approx(20));
    CHECK(e.offset_ms() == Approx(offset));
    CHECK(e.jitter_ms() == Approx((30 + 90 + 45) / 5.0));
    CHECK(*e.to_server(9'000 + offset) == Approx(9'000));
}

TEST_CASE("Clock estimate: nothing before three samples, and old samples leave the window") {
    ClockEstimate e;
    CHECK_FALSE(e.to_server(1.0));
    e.add(0, 10, 5);  // a 10 ms round trip, long ago
    for (int i = 1; i <= static_cast<int>(ClockEstimate::kWindow); ++i) e.add(i * 2'000.0, i * 2'000.0 + 100, i * 2'000.0 + 50);
    CHECK(e.samples() == ClockEstimate::kWindow);
    CHECK(e.round_trip_ms() == Approx(100));  // the 10 ms one is forgotten: the link is slower now
    CHECK(e.offset_ms() == Approx(0));
}

TEST_CASE("Round trips of pings: the shortest of the window") {
    RoundTrips pings;
    CHECK_FALSE(pings.shortest());
    pings.add(150);
    pings.add(152.5);
    pings.add(149.5);
    CHECK(*pings.shortest() == Approx(149.5));
    for (std::size_t i = 0; i < ClockEstimate::kWindow; ++i) pings.add(200);
    CHECK(*pings.shortest() == Approx(200));
}
