#include "games/bigoudenn/teut.hpp"

#include <algorithm>

namespace taol::games::bigoudenn {
namespace {

using Log = std::vector<LogEntry>;

// Whether participant `p` may still act in the current bidding, raise or follow step.
bool may_act(const Table& table, int p) {
    const Teut& x = *table.teut;
    if (x.acted[p] || table.at(x.seats[p]).surface.empty()) return false;
    if (x.step == Step::bidding || x.step == Step::raise) return true;
    return x.step == Step::follow && x.raiser && *x.raiser != p;
}

void place_bid(Table& table, int p, Card card) {
    Teut& x = *table.teut;
    remove_card(table.at(x.seats[p]).surface, card);
    x.bids[p].push_back(card);
}

void reveal_all(Table& table, TimeMs now, Log& log) {
    Teut& x = *table.teut;
    Json shown = Json::array();
    for (int p = 0; p < 2; ++p) {
        if (x.revealed[p] >= x.bids[p].size()) continue;
        const std::vector<Card> fresh(x.bids[p].begin() + static_cast<std::ptrdiff_t>(x.revealed[p]), x.bids[p].end());
        shown.push_back({{"seat", x.seats[p]}, {"cards", card_ids(fresh)}});
        x.revealed[p] = x.bids[p].size();
    }
    if (!shown.empty()) log.push_back(log_entry(now, "reveal", {{"bids", std::move(shown)}}));
}

// Every card bid goes to the middle, face up; the active player's turn resumes.
void end_teut(Table& table, TimeMs now, Log& log) {
    Teut& x = *table.teut;
    std::vector<Card> back = x.bids[0];
    back.insert(back.end(), x.bids[1].begin(), x.bids[1].end());
    table.middle.insert(table.middle.end(), back.begin(), back.end());
    log.push_back(log_entry(now, "teut_end", {{"utensil", to_string(x.utensil)}, {"cards", card_ids(back)}}));
    table.teut.reset();
}

// Whoever holds the passoire now may recover one bid card; skipped when nothing was bid.
void enter_passoire(Table& table, TimeMs now, Log& log) {
    Teut& x = *table.teut;
    const auto holder = holder_of(table, Utensil::passoire);
    if ((x.bids[0].empty() && x.bids[1].empty()) || !holder) {
        end_teut(table, now, log);
        return;
    }
    x.step = Step::passoire;
    x.acted = {false, false};
    x.passoire_holder = holder->first;
    x.until = now + kStepMs;
}

// The won utensil leaves the holder for the winner's `hand`, whose utensil (if any) drops.
void give_utensil(Table& table, int hand, TimeMs now, Log& log) {
    Teut& x = *table.teut;
    Player& loser = table.at(x.seats[1]);
    loser.hands[loser.hands[kLeft] == x.utensil ? kLeft : kRight].reset();
    const Seat winner = *x.winner;
    const auto dropped = table.at(winner).hands[hand];
    drop_to_middle(table, winner, hand);
    table.at(winner).hands[hand] = x.utensil;
    log.push_back(log_entry(now, "award", {{"seat", winner},
                                           {"hand", hand_name(hand)},
                                           {"utensil", to_string(x.utensil)},
                                           {"dropped", dropped ? Json(to_string(*dropped)) : Json(nullptr)}}));
    enter_passoire(table, now, log);
}

// The auction is decided: `winner` is a participant index, or none (the holder keeps it).
void resolve(Table& table, std::optional<int> winner, const char* reason, TimeMs now, Log& log) {
    reveal_all(table, now, log);
    Teut& x = *table.teut;
    if (winner != 0) {
        log.push_back(log_entry(now, "teut_kept", {{"seat", x.seats[1]}, {"utensil", to_string(x.utensil)}, {"reason", reason}}));
        enter_passoire(table, now, log);
        return;
    }
    x.winner = x.seats[0];
    log.push_back(log_entry(now, "teut_won", {{"seat", x.seats[0]}, {"from", x.seats[1]}, {"utensil", to_string(x.utensil)}}));
    const Player& w = table.at(x.seats[0]);
    if (!w.hands[kLeft] || !w.hands[kRight]) {
        give_utensil(table, w.hands[kLeft] ? kRight : kLeft, now, log);
        return;
    }
    x.step = Step::award;
    x.until = now + kStepMs;
}

void enter_raise(Table& table, TimeMs now, Log& log) {
    Teut& x = *table.teut;
    x.step = Step::raise;
    x.acted = {false, false};
    x.raiser.reset();
    x.until = now + kStepMs;
    if (!may_act(table, 0) && !may_act(table, 1)) resolve(table, std::nullopt, "tie", now, log);
}

// Both sides' latest cards are in (or will never come): reveal and compare them.
void judge(Table& table, TimeMs now, Log& log) {
    Teut& x = *table.teut;
    std::array<std::optional<Card>, 2> latest;
    for (int p = 0; p < 2; ++p) {
        if (x.bids[p].size() > x.revealed[p]) latest[p] = x.bids[p].back();
    }
    reveal_all(table, now, log);
    if (!latest[0] && !latest[1]) return resolve(table, std::nullopt, "nobody_bid", now, log);
    if (!latest[1]) return resolve(table, 0, "", now, log);
    if (!latest[0]) return resolve(table, 1, "higher", now, log);
    const int a = value_of(*latest[0]);
    const int b = value_of(*latest[1]);
    if (a != b) return resolve(table, a > b ? 0 : 1, "higher", now, log);
    log.push_back(log_entry(now, "tie", {{"value", a}}));
    enter_raise(table, now, log);
}

// Moves on once nobody can still act in the bidding or raise step.
void progress(Table& table, TimeMs now, Log& log) {
    if (may_act(table, 0) || may_act(table, 1)) return;
    if (table.teut->step == Step::bidding) {
        judge(table, now, log);
    } else if (table.teut->step == Step::raise) {
        resolve(table, std::nullopt, "tie", now, log);
    }
}

}  // namespace

Card lowest_card(const Player& player) {
    return *std::min_element(player.surface.begin(), player.surface.end(),
                             [](Card a, Card b) { return value_of(a) < value_of(b); });
}

Logged call_teut(Table& table, Seat seat, Utensil utensil, TimeMs now) {
    if (table.simplified) return illegal("the simplified variant has no TEUT!");
    if (table.teut) return illegal("a TEUT! is already running: wait for it to end");
    if (seat == table.turn.active) return illegal("the active player cannot call TEUT!");
    const auto window = std::find_if(table.windows.begin(), table.windows.end(),
                                     [&](const Window& w) { return w.utensil == utensil; });
    if (window == table.windows.end() || now >= window->until()) {
        return illegal("there is no grab of " + named(utensil) + " to contest: TEUT! comes within 10 seconds of a grab");
    }
    const Seat holder = window->holder;
    if (holder == seat) return illegal("you hold " + named(utensil) + " yourself");
    if (table.at(seat).surface.empty()) return illegal("calling TEUT! needs at least one ingredient on your work surface");
    if (table.at(seat).called_teut) return illegal("you have already called TEUT! during this turn");
    table.windows.erase(window);
    table.at(seat).called_teut = true;
    Teut x;
    x.utensil = utensil;
    x.seats = {seat, holder};
    x.until = now + kBidMs;
    x.forced = table.at(holder).surface.empty();
    table.teut = x;
    return Log{log_entry(now, "teut", {{"seat", seat}, {"holder", holder}, {"utensil", to_string(utensil)}})};
}

Logged teut_bid(Table& table, Seat seat, Card card, TimeMs now) {
    if (!table.teut) return illegal("no TEUT! is running");
    Teut& x = *table.teut;
    if (!x.takes_part(seat)) return illegal("you are not taking part in this TEUT!");
    const int p = x.index_of(seat);
    if (!x.hidden()) return illegal("the bidding of this TEUT! is over");
    if (x.step == Step::follow && x.raiser == p) return illegal("you raised: the other player follows or declines");
    if (x.acted[p]) return illegal(x.step == Step::bidding ? "you have already bid" : "you have already passed");
    if (!on_surface(table.at(seat), card)) return illegal("that ingredient is not on your work surface");
    place_bid(table, p, card);
    Log log;
    if (x.step == Step::bidding) {
        x.acted[p] = true;
        log.push_back(log_entry(now, "bid", {{"seat", seat}}));
        progress(table, now, log);
    } else if (x.step == Step::raise) {
        log.push_back(log_entry(now, "raise", {{"seat", seat}}));
        x.raiser = p;
        x.step = Step::follow;
        x.acted = {false, false};
        x.until = now + kStepMs;
        if (!may_act(table, 1 - p)) resolve(table, p, "raise", now, log);
    } else {
        log.push_back(log_entry(now, "follow", {{"seat", seat}}));
        judge(table, now, log);
    }
    return log;
}

Logged teut_pass(Table& table, Seat seat, TimeMs now) {
    if (!table.teut) return illegal("no TEUT! is running");
    Teut& x = *table.teut;
    Log log;
    if (x.step == Step::passoire) {
        if (seat != x.passoire_holder) return illegal("only the holder of the passoire decides now");
        log.push_back(log_entry(now, "passoire_unused", {{"seat", seat}, {"timeout", false}}));
        end_teut(table, now, log);
        return log;
    }
    if (!x.takes_part(seat)) return illegal("you are not taking part in this TEUT!");
    if (x.step == Step::award) return illegal("the TEUT! is won: the winner chooses which utensil to drop");
    // Both participants place a card (seed: "chacun ... en choisit un"): nobody withdraws for free;
    // only the bid deadline drops out a participant who did nothing.
    if (x.step == Step::bidding) return illegal("everyone in a TEUT! bids an ingredient: there is no withdrawing");
    const int p = x.index_of(seat);
    if (!may_act(table, p)) return illegal("you have nothing to decide in this step of the TEUT!");
    x.acted[p] = true;
    if (x.step == Step::follow) {
        log.push_back(log_entry(now, "decline", {{"seat", seat}, {"timeout", false}}));
        resolve(table, *x.raiser, "raise", now, log);
        return log;
    }
    log.push_back(log_entry(now, "no_raise", {{"seat", seat}, {"timeout", false}}));
    progress(table, now, log);
    return log;
}

Logged teut_make_room(Table& table, Seat seat, int hand, TimeMs now) {
    if (!table.teut || table.teut->step != Step::award || table.teut->winner != seat) {
        return illegal("there is no won utensil for you to make room for");
    }
    if (!table.at(seat).hands[hand]) return illegal("your " + std::string(hand_name(hand)) + " hand is free");
    Log log;
    give_utensil(table, hand, now, log);
    return log;
}

Logged teut_passoire(Table& table, Seat seat, Card card, std::optional<Card> put_back, TimeMs now) {
    if (!table.teut || table.teut->step != Step::passoire || table.teut->passoire_holder != seat) {
        return illegal("the passoire can be used only by its holder at the end of a TEUT!");
    }
    Teut& x = *table.teut;
    const bool bid = std::any_of(x.bids.begin(), x.bids.end(), [&](const std::vector<Card>& b) {
        return std::find(b.begin(), b.end(), card) != b.end();
    });
    if (!bid) return illegal("that ingredient was not bid in this TEUT!");
    if (auto error = check_put_back(table, seat, put_back)) return *error;
    for (int p = 0; p < 2; ++p) {
        remove_card(x.bids[p], card);
        x.revealed[p] = x.bids[p].size();
    }
    place_on_surface(table, seat, card, put_back);
    Player& player = table.at(seat);
    drop_to_middle(table, seat, player.hands[kLeft] == Utensil::passoire ? kLeft : kRight);
    Log log{log_entry(now, "passoire", {{"seat", seat},
                                        {"card", ingredients()[card].id},
                                        {"put_back", put_back ? Json(ingredients()[*put_back].id) : Json(nullptr)}})};
    end_teut(table, now, log);
    return log;
}

void expire_teut_step(Table& table, TimeMs at, std::vector<LogEntry>& log) {
    Teut& x = *table.teut;
    switch (x.step) {
        case Step::bidding:
        case Step::raise:
            for (int p = 0; p < 2; ++p) {
                if (!may_act(table, p)) continue;
                x.acted[p] = true;
                if (x.step == Step::bidding && x.forced && p == 0) {
                    // The caller facing an empty-handed holder must still bid: its lowest card goes.
                    place_bid(table, p, lowest_card(table.at(x.seats[p])));
                    log.push_back(log_entry(at, "bid", {{"seat", x.seats[p]}}));
                } else {
                    const char* event = x.step == Step::bidding ? "withdraw" : "no_raise";
                    log.push_back(log_entry(at, event, {{"seat", x.seats[p]}, {"timeout", true}}));
                }
            }
            progress(table, at, log);
            break;
        case Step::follow:
            log.push_back(log_entry(at, "decline", {{"seat", x.seats[1 - *x.raiser]}, {"timeout", true}}));
            resolve(table, *x.raiser, "raise", at, log);
            break;
        case Step::award: {
            const Player& w = table.at(*x.winner);
            give_utensil(table, w.hands[kLeft] ? kLeft : kRight, at, log);
            break;
        }
        case Step::passoire:
            log.push_back(log_entry(at, "passoire_unused", {{"seat", *x.passoire_holder}, {"timeout", true}}));
            end_teut(table, at, log);
            break;
    }
}

void settle_award(Table& table, TimeMs now, std::vector<LogEntry>& log) {
    if (!table.teut || table.teut->step != Step::award) return;
    const Player& w = table.at(*table.teut->winner);
    if (!w.hands[kLeft]) {
        give_utensil(table, kLeft, now, log);
    } else if (!w.hands[kRight]) {
        give_utensil(table, kRight, now, log);
    }
}

std::vector<Seat> teut_waiting(const Table& table) {
    if (!table.teut) return {};
    const Teut& x = *table.teut;
    switch (x.step) {
        case Step::award: return {*x.winner};
        case Step::passoire: return {*x.passoire_holder};
        default: {
            std::vector<Seat> out;
            for (int p = 0; p < 2; ++p) {
                if (may_act(table, p)) out.push_back(x.seats[p]);
            }
            return out;
        }
    }
}

std::optional<Json> teut_default(const Table& table, Seat seat) {
    const auto waiting = teut_waiting(table);
    if (std::find(waiting.begin(), waiting.end(), seat) == waiting.end()) return std::nullopt;
    const Teut& x = *table.teut;
    if (x.step == Step::award) return Json{{"type", "make_room"}, {"hand", "left"}};
    // Bidding has no pass: a participant played for (away for absent_seconds) places its lowest
    // card, the only move the rules leave it. (The 15 s deadline drops out whoever did nothing.)
    if (x.step == Step::bidding) return Json{{"type", "bid"}, {"card", ingredients()[lowest_card(table.at(seat))].id}};
    return Json{{"type", "pass"}};
}

}  // namespace taol::games::bigoudenn
