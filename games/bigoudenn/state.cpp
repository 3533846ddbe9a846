#include "games/bigoudenn/state.hpp"

#include <algorithm>

#include "games/bigoudenn/scoring.hpp"
#include "games/bigoudenn/simplified.hpp"
#include "games/bigoudenn/teut.hpp"
#include "games/bigoudenn/turn.hpp"
#include "games/bigoudenn/valse.hpp"
#include "games/bigoudenn/view.hpp"

namespace taol::games::bigoudenn {
namespace {

// --- Reading an action's fields: every bad field is refused with its name. ---

std::optional<RuleError> only_fields(const Json& action, std::initializer_list<const char*> allowed) {
    for (const auto& item : action.items()) {
        const std::string& key = item.key();  // a named variable: clang 14 cannot capture a binding
        if (key == "type") continue;
        if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; })) {
            return illegal("unexpected field \"" + key + "\"");
        }
    }
    return std::nullopt;
}

Result<std::string> text_field(const Json& action, const char* key) {
    if (!action.contains(key) || !action.at(key).is_string()) {
        return illegal(std::string("this action needs a \"") + key + "\" text");
    }
    return action.at(key).get<std::string>();
}

Result<int> hand_field(const Json& action) {
    auto text = text_field(action, "hand");
    if (!text) return text.error();
    if (text.value() == "left") return kLeft;
    if (text.value() == "right") return kRight;
    return illegal("\"hand\" must be \"left\" or \"right\"");
}

Result<Utensil> utensil_field(const Json& action, const char* key) {
    auto text = text_field(action, key);
    if (!text) return text.error();
    if (auto u = utensil_from(text.value())) return *u;
    return illegal(std::string("\"") + key + "\" must name a utensil");
}

Result<Card> card_field(const Json& action, const char* key) {
    auto text = text_field(action, key);
    if (!text) return text.error();
    if (auto c = card_from(text.value())) return *c;
    return illegal(std::string("\"") + key + "\" must name an ingredient");
}

Result<std::optional<Card>> optional_card(const Json& action, const char* key) {
    if (!action.contains(key) || action.at(key).is_null()) return std::optional<Card>{};
    auto card = card_field(action, key);
    if (!card) return card.error();
    return std::optional<Card>{card.value()};
}

Result<std::optional<Utensil>> optional_utensil(const Json& action, const char* key) {
    if (!action.contains(key)) return std::optional<Utensil>{};
    auto u = utensil_field(action, key);
    if (!u) return u.error();
    return std::optional<Utensil>{u.value()};
}

Result<Seat> seat_field(const Json& action, const char* key, int players) {
    if (!action.contains(key) || !action.at(key).is_number_integer()) {
        return illegal(std::string("this action needs a \"") + key + "\" seat number");
    }
    const long long seat = action.at(key).get<long long>();
    if (seat < 0 || seat >= players) return illegal(std::string("\"") + key + "\" is not a seat of this table");
    return static_cast<Seat>(seat);
}

Result<std::vector<Card>> cards_field(const Json& action, const char* key) {
    if (!action.contains(key) || !action.at(key).is_array()) {
        return illegal(std::string("this action needs a \"") + key + "\" list of ingredients");
    }
    std::vector<Card> cards;
    for (const Json& id : action.at(key)) {
        const auto card = id.is_string() ? card_from(id.get<std::string>()) : std::nullopt;
        if (!card) return illegal(std::string("\"") + key + "\" must list ingredients by name");
        cards.push_back(*card);
    }
    return cards;
}

}  // namespace

Result<Applied> State::apply(Seat seat, const Json& action, TimeMs now) const {
    if (t_.finished()) return RuleError{RuleCode::game_over, "the game is over"};
    if (seat < 0 || seat >= t_.players) return illegal("no such seat at this table");
    if (!action.is_object() || !action.contains("type") || !action.at("type").is_string()) {
        return illegal("an action must be an object with a \"type\"");
    }
    Table next = t_;
    auto log = dispatch(next, seat, action.at("type").get<std::string>(), action, now);
    if (!log) return log.error();
    return Applied{std::make_unique<State>(std::move(next)), std::move(log.value())};
}

Logged State::dispatch(Table& next, Seat seat, const std::string& type, const Json& action, TimeMs now) const {
    const bool active = seat == t_.turn.active;
    if (type == "take" || type == "steal" || type == "amen" || type == "compose" || type == "end_turn" ||
        (type == "grab" && active && !t_.simplified)) {
        if (!active) return not_your_turn("it is not your turn");
        if (t_.teut) return illegal("a TEUT! is running: your turn resumes when it ends");
        return turn_action(next, seat, type, action, now);
    }
    if (type == "grab") {
        if (t_.simplified) {
            if (auto e = only_fields(action, {"utensil", "drop"})) return *e;
            auto utensil = utensil_field(action, "utensil");
            if (!utensil) return utensil.error();
            auto drop = optional_utensil(action, "drop");
            if (!drop) return drop.error();
            return simple_grab(next, seat, utensil.value(), drop.value(), now);
        }
        if (auto e = only_fields(action, {"hand", "utensil"})) return *e;
        auto hand = hand_field(action);
        if (!hand) return hand.error();
        auto utensil = utensil_field(action, "utensil");
        if (!utensil) return utensil.error();
        return free_grab(next, seat, hand.value(), utensil.value(), now);
    }
    if (type == "drop") {
        if (t_.simplified) {
            if (auto e = only_fields(action, {"utensil"})) return *e;
            auto utensil = utensil_field(action, "utensil");
            if (!utensil) return utensil.error();
            return simple_drop(next, seat, utensil.value(), now);
        }
        if (active) return illegal("during your turn, your utensils move only through your hand actions");
        if (auto e = only_fields(action, {"hand"})) return *e;
        auto hand = hand_field(action);
        if (!hand) return hand.error();
        return free_drop(next, seat, hand.value(), now);
    }
    if (t_.simplified && (type == "teut" || type == "bid" || type == "pass" || type == "make_room" || type == "passoire")) {
        return illegal("the simplified variant has no TEUT!");
    }
    if (type == "teut") {
        if (auto e = only_fields(action, {"utensil"})) return *e;
        auto utensil = utensil_field(action, "utensil");
        if (!utensil) return utensil.error();
        return call_teut(next, seat, utensil.value(), now);
    }
    if (type == "bid") {
        if (auto e = only_fields(action, {"card"})) return *e;
        auto card = card_field(action, "card");
        if (!card) return card.error();
        return teut_bid(next, seat, card.value(), now);
    }
    if (type == "pass") {
        if (auto e = only_fields(action, {})) return *e;
        return teut_pass(next, seat, now);
    }
    if (type == "make_room") {
        if (auto e = only_fields(action, {"hand"})) return *e;
        auto hand = hand_field(action);
        if (!hand) return hand.error();
        return teut_make_room(next, seat, hand.value(), now);
    }
    if (type == "passoire") {
        if (auto e = only_fields(action, {"card", "put_back"})) return *e;
        auto card = card_field(action, "card");
        if (!card) return card.error();
        auto put_back = optional_card(action, "put_back");
        if (!put_back) return put_back.error();
        return teut_passoire(next, seat, card.value(), put_back.value(), now);
    }
    return illegal("unknown action type \"" + type + "\"");
}

Logged State::turn_action(Table& next, Seat, const std::string& type, const Json& action, TimeMs now) const {
    if (type == "end_turn") {
        if (auto e = only_fields(action, {})) return *e;
        return end_turn(next, now);
    }
    if (type == "compose") {
        if (auto e = only_fields(action, {"cards"})) return *e;
        auto cards = cards_field(action, "cards");
        if (!cards) return cards.error();
        return compose(next, cards.value(), now);
    }
    if (t_.simplified) {
        if (type == "amen") {
            if (auto e = only_fields(action, {})) return *e;
            return amen(next, std::nullopt, now);
        }
        if (type == "take") {
            if (auto e = only_fields(action, {"card", "give"})) return *e;
            auto card = card_field(action, "card");
            if (!card) return card.error();
            auto give = utensil_field(action, "give");
            if (!give) return give.error();
            return simple_take(next, card.value(), give.value(), now);
        }
        // steal
        if (auto e = only_fields(action, {"from", "card"})) return *e;
        auto from = seat_field(action, "from", t_.players);
        if (!from) return from.error();
        auto card = card_field(action, "card");
        if (!card) return card.error();
        return simple_steal(next, from.value(), card.value(), now);
    }
    auto hand = hand_field(action);
    if (!hand) return hand.error();
    if (type == "amen") {
        if (auto e = only_fields(action, {"hand"})) return *e;
        return amen(next, hand.value(), now);
    }
    if (type == "grab") {
        if (auto e = only_fields(action, {"hand", "utensil"})) return *e;
        auto utensil = utensil_field(action, "utensil");
        if (!utensil) return utensil.error();
        return hand_grab(next, hand.value(), utensil.value(), now);
    }
    auto card = card_field(action, "card");
    if (!card) return card.error();
    auto put_back = optional_card(action, "put_back");
    if (!put_back) return put_back.error();
    if (type == "take") {
        if (auto e = only_fields(action, {"hand", "card", "put_back"})) return *e;
        return take(next, hand.value(), card.value(), put_back.value(), now);
    }
    if (auto e = only_fields(action, {"hand", "from", "card", "put_back"})) return *e;
    auto from = seat_field(action, "from", t_.players);
    if (!from) return from.error();
    return steal(next, hand.value(), from.value(), card.value(), put_back.value(), now);
}

Applied State::expire(TimeMs at) const {
    Table next = t_;
    std::vector<LogEntry> log;
    for (;;) {
        std::optional<TimeMs> due;
        for (const Window& w : next.windows) due = std::min(due.value_or(w.until()), w.until());
        if (next.teut) due = std::min(due.value_or(next.teut->until), next.teut->until);
        if (!due || *due > at) break;
        if (std::erase_if(next.windows, [&](const Window& w) { return w.until() == *due; }) == 0) {
            expire_teut_step(next, *due, log);
        }
    }
    return Applied{std::make_unique<State>(std::move(next)), std::move(log)};
}

Json State::view(Viewer viewer) const { return view_of(t_, viewer); }
void State::write_view(Viewer viewer, JsonSink& out) const { write_view_of(t_, viewer, out); }

Json State::actions(Seat seat) const { return actions_of(t_, seat); }

bool State::contested(Seat, const Json& action) const {
    if (t_.finished() || !action.is_object()) return false;
    const Json type = action.value("type", Json());
    // A grab races others' grabs of that utensil, a TEUT! other calls and its window's end; while
    // a window is open or a TEUT! runs, anything may race a call or a step's deadline.
    return type == "grab" || type == "teut" || t_.teut.has_value() || !t_.windows.empty();
}

std::vector<Deadline> State::deadlines() const {
    std::vector<Deadline> out;
    if (t_.finished()) return out;
    // A window waits for nobody (anyone may call TEUT!, nobody has to): no seat. In view order.
    for (const Window& w : t_.windows) out.push_back({"teut_window", w.until(), std::nullopt});
    if (t_.teut) {
        // A step's time is each waited-on seat's own: one deadline per seat, so the room gives those
        // seats no turn clock on top.
        static constexpr const char* kKinds[] = {"teut_bid", "teut_raise", "teut_follow", "teut_award", "teut_passoire"};
        const char* kind = kKinds[static_cast<int>(t_.teut->step)];
        const auto waiting = teut_waiting(t_);
        for (Seat seat : waiting) out.push_back({kind, t_.teut->until, seat});
        if (waiting.empty()) out.push_back({kind, t_.teut->until, std::nullopt});  // never left without a timer
    }
    return out;
}

std::vector<Seat> State::waiting_for() const {
    if (t_.finished()) return {};
    if (t_.teut) return teut_waiting(t_);
    return {t_.turn.active};
}

std::optional<Json> State::default_action(Seat seat) const {
    if (t_.finished()) return std::nullopt;
    if (t_.teut) return teut_default(t_, seat);
    if (seat == t_.turn.active) return Json{{"type", "end_turn"}};
    return std::nullopt;
}

Json State::outcome() const {
    Json scores = Json::array();
    Json made = Json::array();
    for (const Player& p : t_.seats) {
        scores.push_back(total_score(p));
        made.push_back(recipes_json(p));
    }
    const char* ended = t_.ended == End::stall ? "stall" : t_.ended == End::last_round ? "last_round" : nullptr;
    return {{"scores", scores}, {"winners", winners(t_)}, {"recipes", made}, {"ended_by", ended ? Json(ended) : Json(nullptr)}};
}

std::string State::check_invariants() const { return bigoudenn::check_invariants(t_); }

std::vector<std::string> State::secrets_hidden_from(Viewer viewer) const {
    return bigoudenn::secrets_hidden_from(t_, viewer);
}

}  // namespace taol::games::bigoudenn
