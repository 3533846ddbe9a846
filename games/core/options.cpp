#include "games/core/options.hpp"

namespace taol::games {
namespace {

Json label(const char* fr, const char* en) { return Json{{"fr", fr}, {"en", en}}; }

bool is_int(const Json& v) { return v.is_number_integer() || v.is_number_unsigned(); }

// Checks one value against its schema entry; returns an error message or "".
std::string check_value(const Json& spec, const Json& value) {
    const std::string name = spec.at("name");
    const std::string type = spec.at("type");
    if (value.is_null()) {
        return spec.at("default").is_null() ? "" : "option '" + name + "' cannot be null";
    }
    auto int_in_range = [&](const Json& v) {
        return is_int(v) && v.get<long long>() >= spec.at("min").get<long long>() &&
               v.get<long long>() <= spec.at("max").get<long long>();
    };
    auto range_text = [&] {
        return std::to_string(spec.at("min").get<long long>()) + " to " +
               std::to_string(spec.at("max").get<long long>());
    };
    if (type == "int") {
        if (!int_in_range(value)) return "option '" + name + "' must be an integer from " + range_text();
    } else if (type == "bool") {
        if (!value.is_boolean()) return "option '" + name + "' must be true or false";
    } else if (type == "enum") {
        const Json& values = spec.at("values");
        if (std::find(values.begin(), values.end(), value) == values.end()) {
            return "option '" + name + "' must be one of " + values.dump();
        }
    } else if (type == "int_list") {
        const auto length = spec.at("length").get<std::size_t>();
        if (!value.is_array() || value.size() != length) {
            return "option '" + name + "' must be a list of " + std::to_string(length) + " integers";
        }
        for (const Json& v : value) {
            if (!int_in_range(v)) return "option '" + name + "' values must be integers from " + range_text();
        }
    }
    return "";
}

}  // namespace

Json common_options() {
    return Json::array({
        {{"name", "turn_seconds"}, {"type", "int"}, {"default", 0}, {"min", 0}, {"max", 600},
         {"label", label("Secondes par tour (0 = sans limite)", "Seconds per turn (0 = no limit)")}},
        {{"name", "absent_seconds"}, {"type", "int"}, {"default", 60}, {"min", 10}, {"max", 600},
         {"label", label("Jouer pour un absent après (s)", "Play for an absent player after (s)")}},
        // The room's own: the host may also change them during a game (configure).
        {{"name", "spectators_chat"}, {"type", "bool"}, {"default", true},
         {"label", label("Les spectateurs peuvent écrire", "Spectators may chat")}},
        {{"name", "spectators_max"}, {"type", "int"}, {"default", 200}, {"min", 0}, {"max", 10000},
         {"label", label("Spectateurs au plus", "Spectators at most")}},
        // Races judged by when each player acted, its network delay compensated (PROTOCOL.md).
        {{"name", "fair_races"}, {"type", "bool"}, {"default", false},
         {"label", label("Courses équitables (compense le délai réseau)", "Fair races (compensate network delay)")}},
        {{"name", "fair_races_cap_ms"}, {"type", "int"}, {"default", 100}, {"min", 0}, {"max", 250},
         {"label", label("Délai réseau compensé au plus (ms)", "Network delay compensated at most (ms)")}},
    });
}

Json Game::all_options() const {
    Json all = own_options();
    for (const Json& option : common_options()) all.push_back(option);
    return all;
}

Json Game::describe() const {
    return Json{{"id", id()},
                {"name", name()},
                {"min_players", min_players()},
                {"max_players", max_players()},
                {"options", all_options()}};
}

Result<Json, OptionsError> complete_options(const Game& game, const Json& given, int players) {
    if (!given.is_null() && !given.is_object()) return OptionsError{"options must be an object"};
    const Json schema = game.all_options();
    Json complete = Json::object();
    for (const Json& spec : schema) complete[spec.at("name").get<std::string>()] = spec.at("default");
    if (given.is_object()) {
        for (const auto& [name, value] : given.items()) {
            auto spec = std::find_if(schema.begin(), schema.end(),
                                     [&option = name](const Json& s) { return s.at("name") == option; });
            if (spec == schema.end()) return OptionsError{"unknown option '" + name + "'"};
            if (std::string error = check_value(*spec, value); !error.empty()) return OptionsError{error};
            complete[name] = value;
        }
    }
    if (auto error = game.check_options(complete, players)) return OptionsError{*error};
    return complete;
}

}  // namespace taol::games
