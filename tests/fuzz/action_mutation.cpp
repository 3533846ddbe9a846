#include "tests/fuzz/action_mutation.hpp"

#include <cstdint>
#include <iterator>
#include <limits>
#include <string>

namespace taol::fuzz {
namespace {

using games::Json;

constexpr std::size_t kMaxValues = 96;

void collect(const Json& value, std::vector<Json>& out) {
    if (out.size() >= kMaxValues) return;
    if (value.is_object()) {
        if (value.size() <= 3 && !value.contains("choose")) out.push_back(value);  // {"seat":1,"position":0}
        for (const auto& item : value.items()) {
            if (item.key() != "choose") out.push_back(item.key());
            collect(item.value(), out);
        }
    } else if (value.is_array()) {
        if (value.size() <= 4) out.push_back(value);  // small lists, as a whole
        for (const Json& v : value) collect(v, out);
    } else {
        out.push_back(value);
    }
}

// A value of another kind than the listed ones: the edges of the integer types, other JSON types.
Json odd_value(ByteReader& in) {
    switch (in.byte() % 12) {
        case 0: return nullptr;
        case 1: return true;
        case 2: return -1;
        case 3: return 0;
        case 4: return std::numeric_limits<std::int32_t>::max() + 1LL;
        case 5: return std::numeric_limits<std::int64_t>::max();
        case 6: return std::numeric_limits<std::int64_t>::min();
        case 7: return std::numeric_limits<std::uint64_t>::max();
        case 8: return 1.5;
        case 9: return "";
        case 10: return Json::array();
        default: return Json::object();
    }
}

Json some_value(ByteReader& in, const std::vector<Json>& values) {
    if (!values.empty() && in.byte() % 4 != 0) return values[in.below(values.size())];
    return odd_value(in);
}

// One child of a non-empty object or array.
Json::iterator some_child(Json& container, ByteReader& in) {
    auto it = container.begin();
    std::advance(it, static_cast<long>(in.below(container.size())));
    return it;
}

// `value` itself or, while the bytes say so, a place further inside it.
Json& place_in(Json& value, ByteReader& in) {
    Json* at = &value;
    while ((at->is_object() || at->is_array()) && !at->empty() && in.byte() % 3 != 0) at = &*some_child(*at, in);
    return *at;
}

// An integer moved by -2..2, as an index or a seat one past the end would be.
void nudge(Json& place, ByteReader& in) {
    const long long by = static_cast<long long>(in.byte() % 5) - 2;
    if (place.is_number_integer() && !place.is_number_unsigned()) {
        const long long x = place.get<long long>();
        const bool fits = by < 0 ? x >= std::numeric_limits<long long>::min() - by : x <= std::numeric_limits<long long>::max() - by;
        place = fits ? x + by : x;
    } else if (place.is_number_unsigned() && place.get<std::uint64_t>() < std::numeric_limits<std::uint64_t>::max() - 2) {
        place = static_cast<long long>(place.get<std::uint64_t>()) + by;
    } else {
        place = odd_value(in);
    }
}

// One more element (maybe a repeated one), one more field, or the value wrapped in a list.
void grow(Json& place, ByteReader& in, const std::vector<Json>& values) {
    if (place.is_array()) {
        place.push_back(!place.empty() && in.byte() % 2 ? Json(*some_child(place, in)) : some_value(in, values));
    } else if (place.is_object()) {
        const Json name = some_value(in, values);
        place[name.is_string() ? name.get<std::string>() : "extra"] = some_value(in, values);
    } else {
        place = Json::array({place, some_value(in, values)});
    }
}

void shrink(Json& place, ByteReader& in) {
    if ((place.is_array() || place.is_object()) && !place.empty()) place.erase(some_child(place, in));
    else place = odd_value(in);
}

}  // namespace

std::vector<Json> values_in(const std::vector<Json>& action_lists) {
    std::vector<Json> out;
    for (const Json& list : action_lists) collect(list, out);
    return out;
}

Json mutate_action(Json action, ByteReader& in, const std::vector<Json>& values) {
    const int changes = 1 + in.byte() % 3;
    for (int i = 0; i < changes && !action.empty(); ++i) {
        const int op = in.byte() % 8;
        const std::string key = some_child(action, in).key();
        if (op == 0) {
            if (key != "type") action.erase(key);
            continue;
        }
        Json& place = op == 1 ? action : place_in(action[key], in);
        switch (op) {
            case 1:
            case 2: grow(place, in, values); break;
            case 3:
            case 4: place = some_value(in, values); break;
            case 5: nudge(place, in); break;
            case 6: shrink(place, in); break;
            default: place = odd_value(in); break;
        }
    }
    if (!action.is_object()) action = Json::object();
    if (!action.contains("type") || !action.at("type").is_string()) action["type"] = "?";  // as the decoder demands
    return action;
}

}  // namespace taol::fuzz
