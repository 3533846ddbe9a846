#include "games/carambouille/input.hpp"

#include <algorithm>
#include <set>

namespace taol::games::carambouille {

Refusal check_keys(const Json& action, std::initializer_list<const char*> required,
                   std::initializer_list<const char*> optional) {
    const std::string type = action.at("type").get<std::string>();
    for (const char* key : required) {
        if (!action.contains(key)) return illegal("'" + type + "' needs the field '" + key + "'");
    }
    for (const auto& item : action.items()) {
        const std::string& key = item.key();  // a named variable: clang 14 cannot capture a binding
        if (key == "type") continue;
        const auto named = [&](const char* k) { return key == k; };
        if (std::none_of(required.begin(), required.end(), named) && std::none_of(optional.begin(), optional.end(), named)) {
            return illegal("'" + type + "' has no field '" + key + "'");
        }
    }
    return std::nullopt;
}

Result<std::vector<int>> read_own_cards(const Table& table, Seat seat, const Json& list, const std::string& field) {
    if (!list.is_array()) return illegal("'" + field + "' must be a list of card ids");
    std::vector<int> cards;
    std::set<std::string> seen;
    for (const Json& id : list) {
        if (!id.is_string()) return illegal("'" + field + "' must be a list of card ids");
        if (!seen.insert(id.get<std::string>()).second) return illegal("'" + field + "' names a card twice");
        const auto card = table.card_by_id(id.get<std::string>());
        if (!card || !table.holds(seat, *card)) return illegal("'" + field + "' names a card that is not in your hand");
        cards.push_back(*card);
    }
    return cards;
}

Result<std::optional<Seat>> read_seat(const Table& table, const Json& value, const std::string& field, Seat self,
                                      bool null_ok) {
    if (value.is_null() && null_ok) return std::optional<Seat>{};
    if (!value.is_number_integer()) return illegal("'" + field + "' must be a seat number" + (null_ok ? " or null" : ""));
    const long long seat = value.get<long long>();
    if (seat < 0 || seat >= table.players) return illegal("'" + field + "' is not a seat at this table");
    if (seat == self) return illegal("'" + field + "' cannot be yourself");
    return std::optional<Seat>{static_cast<Seat>(seat)};
}

Result<bool> read_flag(const Json& action, const char* key) {
    if (!action.at(key).is_boolean()) return illegal(std::string("'") + key + "' must be true or false");
    return action.at(key).get<bool>();
}

Result<int> read_int(const Json& action, const char* key, int lo, int hi) {
    const Json& v = action.at(key);
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi) {
        return illegal(std::string("'") + key + "' must be an integer from " + std::to_string(lo) + " to " +
                       std::to_string(hi));
    }
    return static_cast<int>(v.get<long long>());
}

Result<const Offer*> read_offer(const Table& table, const Json& action) {
    if (!action.at("offer").is_string()) return illegal("'offer' must be an offer id");
    const Offer* offer = table.offer(action.at("offer").get<std::string>());
    if (!offer) return illegal("this offer is no longer available");
    return offer;
}

}  // namespace taol::games::carambouille
