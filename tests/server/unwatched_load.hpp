#pragma once
// Load limits for tests that play games, not overload: a test machine busy with other work (a
// slow disk, a late event loop) must not turn newcomers away with server_busy. hub_busy_test.cpp
// sets its own limits and watches them.
#include "server/hub/load_gauge.hpp"

namespace taol::testing {

inline void unwatch_load(server::LoadLimits& load) {
    load.loop_lag_ms = 0;
    load.journal_wait_ms = 0;
    load.action_ms = 0;
}

}  // namespace taol::testing
