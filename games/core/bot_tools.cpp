#include "games/core/bot_tools.hpp"

#include <algorithm>

namespace taol::games {
namespace {

// A random value meeting one rule of a template's "choose".
Json random_value(const Json& rule, Rng& rng) {
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

Rng bot_rng(std::uint64_t bot_seed, std::int64_t rev, TimeMs now) {
    Rng mix(bot_seed ^ (static_cast<std::uint64_t>(rev) * 0x9e3779b97f4a7c15ULL));
    return Rng(mix.next() ^ static_cast<std::uint64_t>(now));
}

Json fill_template(const Json& entry, Rng& rng) {
    if (!entry.contains("choose")) return entry;
    Json action = entry;
    action.erase("choose");
    for (const auto& [key, rule] : entry.at("choose").items()) action[key] = random_value(rule, rng);
    return action;
}

std::vector<const Json*> listed(const Json& snapshot, std::string_view type) {
    std::vector<const Json*> out;
    for (const Json& entry : snapshot.at("actions")) {
        if (entry.value("type", "") == type) out.push_back(&entry);
    }
    return out;
}

const Json* first_listed(const Json& snapshot, std::string_view type) {
    const auto all = listed(snapshot, type);
    return all.empty() ? nullptr : all.front();
}

Seat own_seat(const Json& snapshot) { return snapshot.at("seat").get<Seat>(); }

bool waited_for(const Json& snapshot) {
    const Seat seat = own_seat(snapshot);
    for (const Json& s : snapshot.at("waiting_for")) {
        if (s == seat) return true;
    }
    return false;
}

TimeMs think_between(Rng& rng, TimeMs lo, TimeMs hi) {
    const int span = static_cast<int>(hi - lo);
    return lo + (rng.between(0, span) + rng.between(0, span)) / 2;
}

}  // namespace taol::games
