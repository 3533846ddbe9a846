#include "games/core/types.hpp"

#include <algorithm>

#include "games/core/result.hpp"

namespace taol::games {

bool audience_includes(const std::vector<Seat>& audience, Viewer viewer) {
    if (audience.empty()) return true;
    return viewer && std::find(audience.begin(), audience.end(), *viewer) != audience.end();
}

Json LogEntry::to_json() const { return Json{{"at", at}, {"text_key", text_key}, {"params", params}}; }

const char* to_string(RuleCode code) {
    switch (code) {
        case RuleCode::not_your_turn: return "not_your_turn";
        case RuleCode::illegal_action: return "illegal_action";
        case RuleCode::game_over: return "game_over";
    }
    return "illegal_action";
}

}  // namespace taol::games
