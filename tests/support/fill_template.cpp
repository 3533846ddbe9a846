// Kept apart from the playout harness so that programs without Catch2 (the benchmarks) can use it.
#include <algorithm>
#include <vector>

#include "tests/support/game_checks.hpp"

namespace taol::testing {
namespace {

// A random value meeting one rule of a template's "choose" (PROTOCOL.md).
Json random_value(const Json& rule, games::Rng& rng) {
    if (rule.contains("one_of")) {
        const Json& values = rule.at("one_of");
        return values.at(rng.below(values.size()));
    }
    if (rule.contains("subset_of")) {
        std::vector<Json> pool(rule.at("subset_of").begin(), rule.at("subset_of").end());
        rng.shuffle(pool);
        const int lo = rule.value("min", 0);
        const int hi = std::min<int>(rule.value("max", static_cast<int>(pool.size())), static_cast<int>(pool.size()));
        const int n = lo > hi ? lo : rng.between(lo, hi);
        return Json(std::vector<Json>(pool.begin(), pool.begin() + std::min<int>(n, static_cast<int>(pool.size()))));
    }
    if (rule.contains("range")) {
        const int lo = rule.at("range").at(0);
        const int hi = rule.at("range").at(1);
        const int step = rule.value("step", 1);
        return lo + step * rng.between(0, (hi - lo) / std::max(step, 1));
    }
    if (rule.contains("list_of")) {
        // Short lists: long ones of random claims are almost never true.
        const int lo = rule.value("min", 0);
        const int n = rng.between(lo, std::max(lo, std::min(rule.value("max", lo + 2), lo + 2)));
        Json list = Json::array();
        for (int i = 0; i < n; ++i) list.push_back(random_value(rule.at("list_of"), rng));
        return list;
    }
    if (rule.contains("fields")) {
        Json object = Json::object();
        for (const auto& [key, field] : rule.at("fields").items()) object[key] = random_value(field, rng);
        return object;
    }
    const Json& rules = rule.at("any_of");
    return random_value(rules.at(rng.below(rules.size())), rng);
}

}  // namespace

Json fill_template(const Json& entry, games::Rng& rng) {
    if (!entry.contains("choose")) return entry;
    Json action = entry;
    action.erase("choose");
    for (const auto& [key, rule] : entry.at("choose").items()) action[key] = random_value(rule, rng);
    return action;
}

}  // namespace taol::testing
