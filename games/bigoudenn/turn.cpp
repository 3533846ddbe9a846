#include "games/bigoudenn/turn.hpp"

#include <algorithm>
#include <set>

#include "games/bigoudenn/scoring.hpp"

namespace taol::games::bigoudenn {
namespace {

// Why `hand` may not act now, or nullopt.
std::optional<RuleError> hand_ready(const Table& table, int hand) {
    if (table.turn.composed) return illegal("you have composed: your actions are over, end your turn");
    if (table.turn.hand_used[hand]) {
        return illegal("your " + std::string(hand_name(hand)) + " hand has already acted this turn");
    }
    return std::nullopt;
}

void finish(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    table.ended = table.last_turn == table.natural_last_turn ? End::last_round : End::stall;
    table.windows.clear();
    Json scores = Json::array();
    for (const Player& p : table.seats) scores.push_back(total_score(p));
    log.push_back(log_entry(now, "end", {{"scores", scores},
                                         {"winners", winners(table)},
                                         {"by", table.ended == End::last_round ? "last_round" : "stall"}}));
}

}  // namespace

void start_turn(Table& table, Seat seat, TimeMs now, std::vector<LogEntry>& log) {
    const int number = table.turn.number + 1;
    table.turn = Turn{};
    table.turn.active = seat;
    table.turn.number = number;
    for (Player& p : table.seats) p.called_teut = false;
    if (table.pile.empty()) {
        // The stall rule: at most 5 rounds once the pile is empty, the 5th being the last.
        if (!table.pile_empty_turn) table.pile_empty_turn = number;
        if (table.middle.empty() && !table.natural_last_turn) table.natural_last_turn = number + table.players - 1;
        const int stall_last = *table.pile_empty_turn + kStallRounds * table.players - 1;
        table.last_turn = std::min(stall_last, table.natural_last_turn.value_or(stall_last));
    }
    const bool last_round = table.last_turn && *table.last_turn - number < table.players;
    log.push_back(log_entry(now, "turn", {{"seat", seat}, {"number", number}, {"last_round", last_round}}));
    std::vector<Card> drawn;
    for (int i = 0; i < kDraw && !table.pile.empty(); ++i) {
        drawn.push_back(table.pile.back());
        table.pile.pop_back();
    }
    table.middle.insert(table.middle.end(), drawn.begin(), drawn.end());
    if (!drawn.empty()) log.push_back(log_entry(now, "draw", {{"seat", seat}, {"cards", card_ids(drawn)}}));
}

Logged end_turn(Table& table, TimeMs now) {
    std::vector<LogEntry> log;
    const Seat seat = table.turn.active;
    log.push_back(log_entry(now, "end_turn", {{"seat", seat}}));
    if (table.last_turn && table.turn.number >= *table.last_turn) {
        finish(table, now, log);
    } else {
        start_turn(table, (seat + 1) % table.players, now, log);
    }
    return log;
}

void open_window(Table& table, Seat holder, Utensil utensil, TimeMs now) {
    if (table.simplified) return;
    std::erase_if(table.windows, [&](const Window& w) { return w.utensil == utensil; });
    table.windows.push_back(Window{utensil, holder, now});
}

Logged take(Table& table, int hand, Card card, std::optional<Card> put_back, TimeMs now) {
    const Seat seat = table.turn.active;
    if (auto error = hand_ready(table, hand)) return *error;
    if (!in_middle(table, card)) return illegal("that ingredient is not in the middle");
    const Ingredient& ingredient = ingredients()[card];
    const auto held = table.at(seat).hands[hand];
    if (ingredient.needs && held != ingredient.needs) {
        return illegal("taking this ingredient needs the " + std::string(to_string(*ingredient.needs)) + " in your " +
                       std::string(hand_name(hand)) + " hand");
    }
    if (auto error = check_put_back(table, seat, put_back)) return *error;
    // A needed utensil is used up; otherwise a hand that holds one must still let it go.
    drop_to_middle(table, seat, hand);
    remove_card(table.middle, card);
    place_on_surface(table, seat, card, put_back);
    table.turn.hand_used[hand] = true;
    return std::vector<LogEntry>{log_entry(now, "take", {{"seat", seat},
                                                         {"hand", hand_name(hand)},
                                                         {"card", ingredient.id},
                                                         {"utensil", name_or_null(held)},
                                                         {"put_back", name_or_null(put_back)}})};
}

Logged steal(Table& table, int hand, Seat from, Card card, std::optional<Card> put_back, TimeMs now) {
    const Seat seat = table.turn.active;
    if (auto error = hand_ready(table, hand)) return *error;
    if (table.at(seat).hands[hand] != Utensil::araignee) {
        return illegal("stealing needs the araignee in your " + std::string(hand_name(hand)) + " hand");
    }
    if (from < 0 || from >= table.players || from == seat) return illegal("steal from another player's seat");
    if (!on_surface(table.at(from), card)) return illegal("that ingredient is not on that player's work surface");
    if (auto error = check_put_back(table, seat, put_back)) return *error;
    drop_to_middle(table, seat, hand);
    table.turn.hand_used[hand] = true;
    Json params = {{"seat", seat}, {"hand", hand_name(hand)}, {"from", from}, {"card", ingredients()[card].id}};
    Player& target = table.at(from);
    if (holds(target, Utensil::couvercle)) {
        // The lid must be used: it goes to the middle and the steal fails.
        drop_to_middle(table, from, target.hands[kLeft] == Utensil::couvercle ? kLeft : kRight);
        return std::vector<LogEntry>{log_entry(now, "steal_blocked", std::move(params))};
    }
    remove_card(target.surface, card);
    place_on_surface(table, seat, card, put_back);
    params["put_back"] = name_or_null(put_back);
    return std::vector<LogEntry>{log_entry(now, "steal", std::move(params))};
}

Logged hand_grab(Table& table, int hand, Utensil utensil, TimeMs now) {
    const Seat seat = table.turn.active;
    if (auto error = hand_ready(table, hand)) return *error;
    if (!in_middle(table, utensil)) return illegal("the " + std::string(to_string(utensil)) + " is not in the middle");
    const auto dropped = table.at(seat).hands[hand];
    drop_to_middle(table, seat, hand);
    take_from_middle(table, utensil);
    table.at(seat).hands[hand] = utensil;
    table.turn.hand_used[hand] = true;
    open_window(table, seat, utensil, now);
    return std::vector<LogEntry>{log_entry(now, "grab", {{"seat", seat},
                                                         {"hand", hand_name(hand)},
                                                         {"utensil", to_string(utensil)},
                                                         {"dropped", name_or_null(dropped)}})};
}

Logged amen(Table& table, std::optional<int> hand, TimeMs now) {
    const Seat seat = table.turn.active;
    if (hand) {
        if (auto error = hand_ready(table, *hand)) return *error;
    } else if (table.turn.amen_used) {
        return illegal("Amen, bigoudenn! may be tried once per turn");
    }
    Player& player = table.at(seat);
    const Face before = player.face;
    // The card must spin at least once: either face is equally likely.
    player.face = table.rng.coin() ? Face::galette : Face::crepe;
    if (hand) table.turn.hand_used[*hand] = true;
    table.turn.amen_used = true;
    return std::vector<LogEntry>{log_entry(now, "amen", {{"seat", seat},
                                                         {"hand", hand ? Json(hand_name(*hand)) : Json(nullptr)},
                                                         {"face", to_string(player.face)},
                                                         {"flipped", player.face != before}})};
}

Logged compose(Table& table, const std::vector<Card>& cards, TimeMs now) {
    const Seat seat = table.turn.active;
    if (!table.simplified && table.turn.composed) return illegal("you may compose only one recipe per turn");
    Player& player = table.at(seat);
    if (std::set<Card>(cards.begin(), cards.end()).size() != cards.size()) {
        return illegal("a recipe cannot use the same ingredient twice");
    }
    for (Card c : cards) {
        if (!on_surface(player, c)) return illegal("a recipe uses ingredients from your own work surface");
    }
    if (auto error = recipe_error(player.face, cards)) {
        return illegal("your card shows " + std::string(to_string(player.face)) + ": " + *error);
    }
    for (Card c : cards) remove_card(player.surface, c);
    player.made.push_back(Made{player.face, cards});
    const Scored scored = score(player.made.back(), player.bigoudene);
    const Face made = player.face;
    player.face = made == Face::galette ? Face::crepe : Face::galette;
    if (!table.simplified) table.turn.composed = true;
    return std::vector<LogEntry>{
        log_entry(now, "compose", {{"seat", seat},
                                   {"face", to_string(made)},
                                   {"cards", card_ids(cards)},
                                   {"recipe", scored.menu ? Json(recipes()[*scored.menu].id) : Json(nullptr)},
                                   {"specialty", scored.specialty},
                                   {"points", scored.points}})};
}

}  // namespace taol::games::bigoudenn
