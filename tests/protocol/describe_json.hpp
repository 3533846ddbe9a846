#pragma once
// A tree described to a JsonSink call by call, as a game writes its view (games/core/json_sink.hpp):
// the sinks' tests compare what they make of it with what the tree's own writers make.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "games/core/json_sink.hpp"

namespace taol::testing {

inline void describe_json(const nlohmann::json& value, games::JsonSink& sink) {
    using Type = nlohmann::json::value_t;
    switch (value.type()) {
        case Type::object:
            sink.begin_object();
            for (const auto& [key, member] : value.items()) {
                sink.key(key);
                describe_json(member, sink);
            }
            sink.end_object();
            return;
        case Type::array:
            sink.begin_array();
            for (const auto& element : value) describe_json(element, sink);
            sink.end_array();
            return;
        case Type::null: return sink.null();
        case Type::boolean: return sink.boolean(value.get<bool>());
        case Type::number_integer: return sink.integer(value.get<std::int64_t>());
        case Type::string: return sink.string(value.get_ref<const std::string&>());
        default: return sink.value(value);  // unsigned, floats
    }
}

}  // namespace taol::testing
