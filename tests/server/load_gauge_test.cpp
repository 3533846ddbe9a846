// The load gauge on a hand-driven clock: a reading over its limit makes the server busy at once;
// it is calm again only once every reading has stayed under half its limit for calm_ms.
#include <catch2/catch.hpp>

#include "server/hub/load_gauge.hpp"

using namespace taol;
using server::LoadGauge;
using server::LoadLimits;
using server::TimeMs;
using server::WriteResult;

namespace {

struct Gauge {
    explicit Gauge(LoadLimits limits = {}) : gauge(limits, [this] { return now; }) {
        gauge.on_change([this](const LoadGauge::Readings& r) {
            changes.push_back(r.busy);
            told.push_back(r);
        });
    }
    TimeMs now = 5'000'000;
    std::vector<bool> changes;
    std::vector<LoadGauge::Readings> told;
    LoadGauge gauge;
};

}  // namespace

TEST_CASE("An event loop running late makes the gauge busy until it has kept time for a second") {
    Gauge g;  // 250 ms of lag, 250 ms of journal wait, calm after 1 s under half
    g.gauge.loop_lag(120);
    CHECK_FALSE(g.gauge.busy());
    g.gauge.loop_lag(300);
    CHECK(g.gauge.busy());
    CHECK(g.gauge.readings().loop_lag == 300);

    // Between half the limit and the limit: not calm, so it stays busy however long that lasts.
    for (int i = 0; i < 10; ++i) {
        g.now += 500;
        g.gauge.loop_lag(150);
        CHECK(g.gauge.busy());
    }
    const TimeMs last_warm = g.now;
    g.now += 100;
    g.gauge.loop_lag(10);
    g.now = last_warm + 999;
    g.gauge.loop_lag(5);
    CHECK(g.gauge.busy());
    g.now = last_warm + 1000;
    CHECK_FALSE(g.gauge.busy());
    CHECK(g.changes == std::vector<bool>{true, false});  // each change told once
}

TEST_CASE("Journal writes that wait too long make the gauge busy, an unanswered one as it waits") {
    Gauge g;
    std::vector<WriteResult> results;
    const auto note = [&](WriteResult r) { results.push_back(r); };

    auto quick = g.gauge.watch(note);
    g.now += 100;
    quick(WriteResult::written);
    CHECK_FALSE(g.gauge.busy());

    auto slow = g.gauge.watch(note);
    g.now += 300;
    slow(WriteResult::failed);
    CHECK(g.gauge.busy());
    CHECK(results == std::vector<WriteResult>{WriteResult::written, WriteResult::failed});  // answers passed on
    CHECK(g.gauge.readings().journal_wait == 300);
    g.now += 1000;
    CHECK_FALSE(g.gauge.busy());

    // A journal that stops answering: its oldest write counts for as long as it has waited.
    auto stuck = g.gauge.watch(note);
    g.now += 200;
    CHECK_FALSE(g.gauge.busy());
    g.now += 51;
    CHECK(g.gauge.busy());
    g.now += 5000;
    CHECK(g.gauge.busy());  // still waiting
    CHECK(g.gauge.readings().journal_wait == 5251);
    stuck(WriteResult::written);
    g.now += 999;
    CHECK(g.gauge.busy());
    g.now += 1;
    CHECK_FALSE(g.gauge.busy());
    CHECK(g.changes == std::vector<bool>{true, false, true, false});
}

TEST_CASE("Either reading keeps the gauge busy while it is warm, and a limit of 0 watches nothing") {
    Gauge g(LoadLimits{100, 250, 1000});
    g.gauge.loop_lag(101);
    CHECK(g.gauge.busy());
    g.now += 800;
    g.gauge.loop_lag(0);
    auto write = g.gauge.watch({});
    g.now += 130;  // half of 250: warm
    write(WriteResult::written);
    g.now += 900;  // 1.7 s after the lag, 0.9 s after the warm write
    CHECK(g.gauge.busy());
    g.now += 100;
    CHECK_FALSE(g.gauge.busy());

    Gauge off(LoadLimits{0, 0, 1000});
    off.gauge.loop_lag(100'000);
    auto forever = off.gauge.watch({});
    off.now += 100'000;
    CHECK_FALSE(off.gauge.busy());
    forever(WriteResult::written);
    CHECK_FALSE(off.gauge.busy());
    CHECK(off.changes.empty());
}

TEST_CASE("Actions answered later than the limit on average make the gauge busy, and are told with the readings") {
    Gauge g(LoadLimits{0, 0, 1000, 50});
    g.gauge.action_took(50);  // the average starts at the first: at the limit, not over it
    CHECK_FALSE(g.gauge.busy());
    g.gauge.action_took(60);  // moves it by an eighth of the difference: 51.25
    CHECK(g.gauge.busy());
    REQUIRE(g.told.size() == 1);
    CHECK(g.told[0].action == 51);
    CHECK(g.told[0].busy);
    for (int i = 0; i < 6; ++i) g.gauge.action_took(0);  // 51.25 * (7/8)^6 = 22.9: under half the limit
    CHECK(g.gauge.readings().action == 23);
    g.now += 999;  // the fifth was still warm (26)
    CHECK(g.gauge.busy());
    g.now += 1;
    CHECK_FALSE(g.gauge.busy());
    CHECK(g.changes == std::vector<bool>{true, false});

    Gauge off(LoadLimits{0, 0, 1000, 0});
    off.gauge.action_took(100'000);
    CHECK_FALSE(off.gauge.busy());
}

TEST_CASE("While a reading is warm new rooms open one at a time, and none while busy") {
    LoadLimits limits;
    limits.loop_lag_ms = 100;
    limits.calm_ms = 1000;
    limits.reopen_every_ms = 200;
    Gauge g(limits);
    CHECK(g.gauge.admit_room());  // nothing warm yet: every room opens
    CHECK(g.gauge.admit_room());
    g.gauge.loop_lag(60);  // half the limit or more: warm, not busy
    CHECK(g.gauge.admit_room());
    CHECK_FALSE(g.gauge.admit_room());  // the next waits its turn
    g.now += 199;
    CHECK_FALSE(g.gauge.admit_room());
    g.now += 1;
    CHECK(g.gauge.admit_room());
    g.now += 200;
    g.gauge.loop_lag(101);
    CHECK_FALSE(g.gauge.admit_room());  // busy: none
    g.gauge.loop_lag(0);
    g.now += 999;
    CHECK_FALSE(g.gauge.admit_room());
    g.now += 1;  // a calm second since the last warm reading: every room opens again
    CHECK(g.gauge.admit_room());
    CHECK(g.gauge.admit_room());
    CHECK(g.changes == std::vector<bool>{true, false});
}
