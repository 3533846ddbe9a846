#include "games/castors/actions.hpp"

#include <algorithm>
#include <string>

namespace taol::games::castors {
namespace {

// {"position": {"one_of": [0, 1, ...]}}: a card of the player's own row.
void write_own_position(const Table& t, JsonSink& out) {
    out.key("position");
    out.begin_object();
    out.key("one_of");
    out.begin_array();
    for (int p = 0; p < t.cards; ++p) out.integer(p);
    out.end_array();
    out.end_object();
}

// {"target": {"one_of": [{"position", "seat"}, ...]}}: a card of another player's row.
void write_opponents_card(const Table& t, JsonSink& out) {
    out.key("target");
    out.begin_object();
    out.key("one_of");
    out.begin_array();
    for (int k = 1; k < t.players; ++k) {
        const Seat s = (t.current + k) % t.players;
        for (int p = 0; p < t.cards; ++p) {
            out.begin_object();
            out.field("position", p);
            out.field("seat", s);
            out.end_object();
        }
    }
    out.end_array();
    out.end_object();
}

enum class Choose { nothing, own_position, own_and_opponents };

// One entry: {"choose": ..., "knock": true, "type": ...}, its keys in order.
void write_entry(const Table& t, JsonSink& out, const char* type, Choose choose, bool knock) {
    out.begin_object();
    if (choose != Choose::nothing) {
        out.key("choose");
        out.begin_object();
        write_own_position(t, out);
        if (choose == Choose::own_and_opponents) write_opponents_card(t, out);
        out.end_object();
    }
    if (knock) out.field("knock", true);
    out.field("type", type);
    out.end_object();
}

// The entry, and its knocking twin when the turn may end with a knock.
void write_with_knock(const Table& t, JsonSink& out, const char* type, Choose choose) {
    write_entry(t, out, type, choose, false);
    if (t.knock_allowed()) write_entry(t, out, type, choose, true);
}

// Each action: the phase it belongs to and the fields it may carry besides "type".
struct ActionSpec {
    const char* type;
    Phase phase;
    std::vector<const char*> fields;
};

const std::vector<ActionSpec>& specs() {
    static const std::vector<ActionSpec> all = {
        {"seen", Phase::peek, {}},
        {"take_discard", Phase::turn, {"position", "knock"}},
        {"draw", Phase::turn, {}},
        {"swap", Phase::drawn, {"position", "knock"}},
        {"discard", Phase::drawn, {"knock"}},
        {"play", Phase::drawn, {}},
        {"exchange", Phase::echanger, {"position", "target", "knock"}},
        {"look", Phase::regarder, {"position"}},
        {"end_turn", Phase::looked, {"knock"}},
    };
    return all;
}

std::optional<RuleError> unexpected_fields(const Json& action, const ActionSpec& spec) {
    for (const auto& item : action.items()) {
        const std::string& key = item.key();  // a named variable: clang 14 cannot capture a binding
        if (key == "type") continue;
        if (std::none_of(spec.fields.begin(), spec.fields.end(), [&](const char* f) { return key == f; })) {
            return illegal("unexpected field \"" + key + "\" in " + spec.type);
        }
    }
    return std::nullopt;
}

// A row position from `holder[key]`, or the reason it is not one.
Result<int> position_in(const Table& t, const Json& holder, const char* key) {
    if (!holder.contains(key) || !holder.at(key).is_number_integer()) {
        return illegal(std::string("\"") + key + "\" must be a position from 0 to " + std::to_string(t.cards - 1));
    }
    const long long p = holder.at(key).get<long long>();
    if (p < 0 || p >= t.cards) {
        return illegal(std::string("\"") + key + "\" must be a position from 0 to " + std::to_string(t.cards - 1));
    }
    return static_cast<int>(p);
}

// The "knock" flag of a turn's last action: absent or false to simply end the turn.
Result<bool> knock_in(const Table& t, const Json& action) {
    if (!action.contains("knock")) return false;
    if (!action.at("knock").is_boolean()) return illegal("\"knock\" must be true or false");
    if (!action.at("knock").get<bool>()) return false;
    if (t.knocker) return illegal("someone has already knocked this round");
    if (!t.knock_allowed()) return illegal("you may knock only once every player has played a turn this round");
    return true;
}

const char* phase_hint(const Table& t) {
    switch (t.phase) {
        case Phase::turn: return "take the discard or draw a card first";
        case Phase::drawn: return "you hold a drawn card: place it, discard it or play it";
        case Phase::echanger: return "choose the two cards to exchange";
        case Phase::regarder: return "choose the card to look at";
        case Phase::looked: return "end your turn";
        default: return "wait";
    }
}

}  // namespace

void write_actions_of(const Table& t, Seat seat, JsonSink& out) {
    if (t.phase == Phase::round_over && seat >= 0 && seat < t.players) return out.value(t.pause.actions(seat));
    out.begin_array();
    const bool playing = seat >= 0 && seat < t.players && t.phase != Phase::finished;
    if (playing && t.phase == Phase::peek) {
        if (!t.seen[seat]) write_entry(t, out, "seen", Choose::nothing, false);
    } else if (playing && seat == t.current) {
        switch (t.phase) {
            case Phase::turn:
                if (is_number(t.top_discard())) write_with_knock(t, out, "take_discard", Choose::own_position);
                write_entry(t, out, "draw", Choose::nothing, false);
                break;
            case Phase::drawn:
                if (is_number(t.face[t.drawn->uid])) write_with_knock(t, out, "swap", Choose::own_position);
                else write_entry(t, out, "play", Choose::nothing, false);
                write_with_knock(t, out, "discard", Choose::nothing);
                break;
            case Phase::echanger: write_with_knock(t, out, "exchange", Choose::own_and_opponents); break;
            case Phase::regarder: write_entry(t, out, "look", Choose::own_position, false); break;
            case Phase::looked: write_with_knock(t, out, "end_turn", Choose::nothing); break;
            default: break;
        }
    }
    out.end_array();
}

Json actions_of(const Table& t, Seat seat) {
    return tree_of([&](JsonSink& out) { write_actions_of(t, seat, out); });
}

std::vector<Seat> waiting_of(const Table& t) {
    if (t.phase == Phase::finished) return {};
    if (t.phase == Phase::peek) {
        std::vector<Seat> out;
        for (Seat s = 0; s < t.players; ++s) {
            if (!t.seen[s]) out.push_back(s);
        }
        return out;
    }
    if (t.phase == Phase::round_over) return t.pause.waiting();
    return {t.current};
}

std::optional<Json> default_of(const Table& t, Seat seat) {
    const auto waiting = waiting_of(t);
    if (std::find(waiting.begin(), waiting.end(), seat) == waiting.end()) return std::nullopt;
    switch (t.phase) {
        case Phase::peek: return Json{{"type", "seen"}};
        case Phase::turn: return Json{{"type", "draw"}};
        case Phase::drawn: return Json{{"type", "discard"}};
        case Phase::echanger:
            return Json{{"type", "exchange"}, {"position", 0},
                        {"target", {{"seat", (t.current + 1) % t.players}, {"position", 0}}}};
        case Phase::regarder: return Json{{"type", "look"}, {"position", 0}};
        case Phase::looked: return Json{{"type", "end_turn"}};
        case Phase::round_over: return continue_action();
        default: return std::nullopt;
    }
}

Result<Log> apply_action(Table& t, Seat seat, const Json& action, TimeMs now) {
    if (t.phase == Phase::finished) return RuleError{RuleCode::game_over, "the game is over"};
    if (!action.is_object() || !action.contains("type") || !action.at("type").is_string()) {
        return illegal("an action must be an object with a \"type\"");
    }
    if (seat < 0 || seat >= t.players) return not_your_turn("this seat is not at the table");
    const std::string type = action.at("type").get<std::string>();
    if (type == kContinueAction) {
        auto all = t.pause.accept(seat, action);
        if (!all) return all.error();
        Log log;
        if (all.value()) next_round(t, now, log);
        return log;
    }
    if (t.phase == Phase::round_over) return illegal("the round is over: continue to deal the next one");
    const auto spec = std::find_if(specs().begin(), specs().end(), [&](const ActionSpec& a) { return type == a.type; });
    if (spec == specs().end()) return illegal("unknown action type \"" + type + "\"");
    Log log;
    if (spec->phase == Phase::peek) {
        if (t.phase != Phase::peek) return illegal("the look at the end cards is over");
        if (t.seen[seat]) return illegal("you have already seen your end cards");
        if (auto e = unexpected_fields(action, *spec)) return *e;
        confirm_seen(t, seat, now, log);
        return log;
    }
    if (t.phase == Phase::peek) return not_your_turn("the first turn starts once everyone has seen their end cards");
    if (seat != t.current) return not_your_turn("it is seat " + std::to_string(t.current) + "'s turn");
    if (t.phase != spec->phase) return illegal(std::string("not now: ") + phase_hint(t));
    if (auto e = unexpected_fields(action, *spec)) return *e;
    auto knock = knock_in(t, action);
    if (!knock) return knock.error();

    if (type == "draw") {
        draw(t, now, log);
    } else if (type == "discard") {
        discard_drawn(t, knock.value(), now, log);
    } else if (type == "play") {
        if (is_number(t.face[t.drawn->uid])) return illegal("only an action card can be played: place or discard a number card");
        play_drawn(t, now, log);
    } else if (type == "end_turn") {
        end_turn(t, knock.value(), now, log);
    } else if (type == "exchange") {
        auto position = position_in(t, action, "position");
        if (!position) return position.error();
        const Json target = action.value("target", Json());
        if (!target.is_object() || !target.contains("seat") || !target.at("seat").is_number_integer() ||
            target.size() != 2) {
            return illegal("\"target\" must be {\"seat\", \"position\"} of an opponent's card");
        }
        const long long other = target.at("seat").get<long long>();
        if (other < 0 || other >= t.players || other == t.current) return illegal("the target must be an opponent's card");
        auto target_position = position_in(t, target, "position");
        if (!target_position) return target_position.error();
        exchange(t, position.value(), static_cast<Seat>(other), target_position.value(), knock.value(), now, log);
    } else {
        auto position = position_in(t, action, "position");
        if (!position) return position.error();
        if (type == "look") {
            look(t, position.value(), now, log);
        } else if (type == "take_discard") {
            if (!is_number(t.top_discard())) return illegal("an action card cannot be taken from the discard: draw instead");
            take_discard(t, position.value(), knock.value(), now, log);
        } else {
            if (!is_number(t.face[t.drawn->uid])) return illegal("an action card cannot go into your row: play it or discard it");
            swap_drawn(t, position.value(), knock.value(), now, log);
        }
    }
    return log;
}

}  // namespace taol::games::castors
