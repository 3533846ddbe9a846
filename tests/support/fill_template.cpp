// Kept apart from the playout harness so that programs without Catch2 (the benchmarks) can use it.
#include <algorithm>
#include <vector>

#include "tests/support/game_checks.hpp"

namespace taol::testing {

Json fill_template(const Json& entry, games::Rng& rng) {
    if (!entry.contains("choose")) return entry;
    Json action = entry;
    action.erase("choose");
    for (const auto& [key, rule] : entry.at("choose").items()) {
        if (rule.contains("one_of")) {
            const Json& values = rule.at("one_of");
            action[key] = values.at(rng.below(values.size()));
        } else if (rule.contains("subset_of")) {
            std::vector<Json> pool(rule.at("subset_of").begin(), rule.at("subset_of").end());
            rng.shuffle(pool);
            const int lo = rule.value("min", 0);
            const int hi = std::min<int>(rule.value("max", static_cast<int>(pool.size())), static_cast<int>(pool.size()));
            const int n = lo > hi ? lo : rng.between(lo, hi);
            action[key] = Json(std::vector<Json>(pool.begin(), pool.begin() + std::min<int>(n, static_cast<int>(pool.size()))));
        } else if (rule.contains("range")) {
            const int lo = rule.at("range").at(0);
            const int hi = rule.at("range").at(1);
            const int step = rule.value("step", 1);
            action[key] = lo + step * rng.between(0, (hi - lo) / std::max(step, 1));
        }
    }
    return action;
}

}  // namespace taol::testing
