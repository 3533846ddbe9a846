#pragma once
// Reading the fields of an action: every malformed field gets a clear message that names the
// field, never a hidden value.
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "games/carambouille/table.hpp"

namespace taol::games::carambouille {

// Refuses an action with a missing `required` key or a key outside `required` and `optional`.
Refusal check_keys(const Json& action, std::initializer_list<const char*> required,
                   std::initializer_list<const char*> optional = {});

// A list of distinct card ids from `seat`'s hand (possibly empty).
Result<std::vector<int>> read_own_cards(const Table& table, Seat seat, const Json& list, const std::string& field);

// A seat number other than `self`, or null (when `null_ok`).
Result<std::optional<Seat>> read_seat(const Table& table, const Json& value, const std::string& field, Seat self,
                                      bool null_ok);

// A boolean field (present: check_keys() came first).
Result<bool> read_flag(const Json& action, const char* key);

// An integer field in [lo, hi].
Result<int> read_int(const Json& action, const char* key, int lo, int hi);

// The open offer an action names in its "offer" field.
Result<const Offer*> read_offer(const Table& table, const Json& action);

}  // namespace taol::games::carambouille
