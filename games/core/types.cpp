#include "games/core/types.hpp"

#include <algorithm>

#include "games/core/result.hpp"

namespace taol::games {

bool audience_includes(const std::vector<Seat>& audience, Viewer viewer) {
    if (audience.empty()) return true;
    return viewer && std::find(audience.begin(), audience.end(), *viewer) != audience.end();
}

Json LogEntry::to_json() const {
    // Key by key: an initializer list would copy `params` twice.
    Json out = Json::object();
    out["at"] = at;
    out["text_key"] = text_key;
    out["params"] = params;
    return out;
}

const char* to_string(RuleCode code) {
    switch (code) {
        case RuleCode::not_your_turn: return "not_your_turn";
        case RuleCode::illegal_action: return "illegal_action";
        case RuleCode::game_over: return "game_over";
    }
    return "illegal_action";
}

}  // namespace taol::games
