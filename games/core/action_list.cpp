#include "games/core/action_list.hpp"

#include <algorithm>
#include <set>

namespace taol::games {
namespace {

bool satisfies(const Json& rule, const Json& value) {
    if (!rule.is_object()) return false;
    if (rule.contains("one_of")) {
        const Json& values = rule.at("one_of");
        return std::find(values.begin(), values.end(), value) != values.end();
    }
    if (rule.contains("subset_of")) {
        if (!value.is_array()) return false;
        const Json& pool = rule.at("subset_of");
        const auto n = static_cast<long long>(value.size());
        if (n < rule.value("min", 0LL) || n > rule.value("max", static_cast<long long>(pool.size()))) return false;
        std::set<std::string> seen;
        for (const Json& v : value) {
            if (std::find(pool.begin(), pool.end(), v) == pool.end()) return false;
            if (!seen.insert(v.dump()).second) return false;  // distinct values only
        }
        return true;
    }
    if (rule.contains("range")) {
        if (!value.is_number_integer()) return false;
        const long long x = value.get<long long>();
        const long long lo = rule.at("range").at(0).get<long long>();
        const long long hi = rule.at("range").at(1).get<long long>();
        const long long step = rule.value("step", 1LL);
        return x >= lo && x <= hi && (step <= 1 || (x - lo) % step == 0);
    }
    if (rule.contains("list_of")) {
        if (!value.is_array()) return false;
        const auto n = static_cast<long long>(value.size());
        if (n < rule.value("min", 0LL) || (rule.contains("max") && n > rule.at("max").get<long long>())) return false;
        const Json& each = rule.at("list_of");
        return std::all_of(value.begin(), value.end(), [&](const Json& v) { return satisfies(each, v); });
    }
    if (rule.contains("fields")) {
        const Json& fields = rule.at("fields");
        if (!value.is_object() || value.size() != fields.size()) return false;
        for (const auto& [key, field_rule] : fields.items()) {
            if (!value.contains(key) || !satisfies(field_rule, value.at(key))) return false;
        }
        return true;
    }
    if (rule.contains("any_of")) {
        const Json& rules = rule.at("any_of");
        return std::any_of(rules.begin(), rules.end(), [&](const Json& r) { return satisfies(r, value); });
    }
    return false;
}

}  // namespace

bool fills(const Json& entry, const Json& action) {
    if (!entry.is_object() || !action.is_object()) return false;
    if (!entry.contains("choose")) return entry == action;
    const Json& choose = entry.at("choose");
    for (const auto& [key, value] : entry.items()) {
        if (key == "choose") continue;
        if (!action.contains(key) || action.at(key) != value) return false;
    }
    for (const auto& [key, rule] : choose.items()) {
        if (!action.contains(key) || !satisfies(rule, action.at(key))) return false;
    }
    for (const auto& [key, value] : action.items()) {
        if (!entry.contains(key) && !choose.contains(key)) return false;
    }
    return true;
}

bool is_listed(const Json& actions, const Json& action) {
    if (!actions.is_array()) return false;
    return std::any_of(actions.begin(), actions.end(), [&](const Json& entry) { return fills(entry, action); });
}

}  // namespace taol::games
