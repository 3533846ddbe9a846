#include "tests/fuzz/action_mutation.hpp"

#include <cstdint>
#include <limits>
#include <string>

namespace taol::fuzz {
namespace {

using games::Json;

constexpr std::size_t kMaxValues = 96;

void collect(const Json& value, std::vector<Json>& out) {
    if (out.size() >= kMaxValues) return;
    if (value.is_object()) {
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

// One of the action's keys; "type" is one of them.
std::string some_key(const Json& action, ByteReader& in) {
    auto it = action.begin();
    std::advance(it, static_cast<long>(in.below(action.size())));
    return it.key();
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
        const std::string key = some_key(action, in);
        Json& field = action[key];
        switch (in.byte() % 6) {
            case 0:
            case 1: field = some_value(in, values); break;
            case 2:
                if (key != "type") action.erase(key);
                break;
            case 3: {
                const Json name = some_value(in, values);
                action[name.is_string() ? name.get<std::string>() : "extra"] = some_value(in, values);
                break;
            }
            case 4:  // a list one longer, or with an element repeated
                if (field.is_array() && !field.empty() && in.byte() % 2) field.push_back(field[in.below(field.size())]);
                else if (field.is_array()) field.push_back(some_value(in, values));
                else field = Json::array({field, some_value(in, values)});
                break;
            default: field = odd_value(in); break;
        }
    }
    if (!action.contains("type") || !action.at("type").is_string()) action["type"] = "?";  // as the decoder demands
    return action;
}

}  // namespace taol::fuzz
