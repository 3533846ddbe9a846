#include "games/bigoudenn/valse.hpp"

#include <algorithm>

#include "games/bigoudenn/teut.hpp"
#include "games/bigoudenn/turn.hpp"

namespace taol::games::bigoudenn {
namespace {

int slot_of(const Player& player, Utensil utensil) { return player.hands[kLeft] == utensil ? kLeft : kRight; }

}  // namespace

Logged free_grab(Table& table, Seat seat, int hand, Utensil utensil, TimeMs now) {
    if (!in_middle(table, utensil)) return illegal(named(utensil) + " is not in the middle");
    const auto dropped = table.at(seat).hands[hand];
    if (dropped && frozen(table, *dropped)) {
        return illegal(named(*dropped) + " in your " + std::string(hand_name(hand)) + " hand is contested: you cannot let it go now");
    }
    drop_to_middle(table, seat, hand);
    take_from_middle(table, utensil);
    table.at(seat).hands[hand] = utensil;
    open_window(table, seat, utensil, now);
    ++table.turn.free_moves;
    std::vector<LogEntry> log{log_entry(now, "grab", {{"seat", seat},
                                                      {"hand", hand_name(hand)},
                                                      {"utensil", to_string(utensil)},
                                                      {"dropped", name_or_null(dropped)}})};
    return log;
}

Logged free_drop(Table& table, Seat seat, int hand, TimeMs now) {
    const auto held = table.at(seat).hands[hand];
    if (!held) return illegal("your " + std::string(hand_name(hand)) + " hand holds no utensil");
    if (frozen(table, *held)) return illegal(named(*held) + " is contested: you cannot let it go now");
    drop_to_middle(table, seat, hand);
    ++table.turn.free_moves;
    std::vector<LogEntry> log{
        log_entry(now, "drop", {{"seat", seat}, {"hand", hand_name(hand)}, {"utensil", to_string(*held)}})};
    // A TEUT! winner waiting to make room now has a free hand.
    settle_award(table, now, log);
    return log;
}

Logged simple_grab(Table& table, Seat seat, Utensil utensil, std::optional<Utensil> drop, TimeMs now) {
    if (!in_middle(table, utensil)) return illegal(named(utensil) + " is not in the middle");
    const auto& exchanged = table.turn.exchanged;
    if (seat == table.turn.active && std::find(exchanged.begin(), exchanged.end(), utensil) != exchanged.end()) {
        return illegal("you exchanged " + named(utensil) + " for an ingredient this turn: you cannot take it back yet");
    }
    Player& player = table.at(seat);
    if (drop && !holds(player, *drop)) return illegal("you do not hold " + named(*drop));
    if (!drop && utensils_held(player) == 2) return illegal("you hold two utensils: name one to drop (\"drop\")");
    if (drop && utensils_held(player) < 2) return illegal("you have a free slot: grab without dropping");
    if (drop) drop_to_middle(table, seat, slot_of(player, *drop));
    take_from_middle(table, utensil);
    player.hands[player.hands[kLeft] ? kRight : kLeft] = utensil;
    ++table.turn.free_moves;
    return std::vector<LogEntry>{log_entry(now, "grab", {{"seat", seat},
                                                         {"hand", nullptr},
                                                         {"utensil", to_string(utensil)},
                                                         {"dropped", name_or_null(drop)}})};
}

Logged simple_drop(Table& table, Seat seat, Utensil utensil, TimeMs now) {
    Player& player = table.at(seat);
    if (!holds(player, utensil)) return illegal("you do not hold " + named(utensil));
    drop_to_middle(table, seat, slot_of(player, utensil));
    ++table.turn.free_moves;
    return std::vector<LogEntry>{
        log_entry(now, "drop", {{"seat", seat}, {"hand", nullptr}, {"utensil", to_string(utensil)}})};
}

}  // namespace taol::games::bigoudenn
