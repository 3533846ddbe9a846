// The round's frame: dealing, the peek, the end of a turn, the knock, scoring, the game's end.
#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "games/castors/rules.hpp"

namespace taol::games::castors {
namespace {

// Hands out uids of a given face for a stacked deal.
struct Pools {
    std::array<std::vector<int>, kFaceCount> by_face;
    explicit Pools(const Table& t) {
        for (int uid = kDeckSize - 1; uid >= 0; --uid) by_face[static_cast<std::size_t>(t.face[uid])].push_back(uid);
    }
    int take(Face face) {
        if (face < 0 || face >= kFaceCount || by_face[static_cast<std::size_t>(face)].empty()) {
            throw std::invalid_argument("stacked deal: no card left of face " + std::to_string(face));
        }
        auto& pool = by_face[static_cast<std::size_t>(face)];
        const int uid = pool.back();
        pool.pop_back();
        return uid;
    }
};

void deal_stacked(Table& t, const StackedDeal& stacked) {
    if (static_cast<int>(stacked.rows.size()) != t.players) throw std::invalid_argument("stacked deal: one row per seat");
    if (!is_number(stacked.discard)) throw std::invalid_argument("stacked deal: the discard must be a number");
    Pools pools(t);
    for (Seat s = 0; s < t.players; ++s) {
        if (static_cast<int>(stacked.rows[s].size()) != t.cards) throw std::invalid_argument("stacked deal: wrong row size");
        for (Face f : stacked.rows[s]) t.rows[s].push_back(Slot{pools.take(f), {}});
    }
    t.discard.push_back(pools.take(stacked.discard));
    std::vector<int> top;
    for (Face f : stacked.pile_top) top.push_back(pools.take(f));
    for (const auto& pool : pools.by_face) t.pile.insert(t.pile.end(), pool.begin(), pool.end());
    t.rng.shuffle(t.pile);
    t.pile.insert(t.pile.end(), top.rbegin(), top.rend());
}

void deal_shuffled(Table& t) {
    t.pile.resize(kDeckSize);
    std::iota(t.pile.begin(), t.pile.end(), 0);
    t.rng.shuffle(t.pile);
    for (int p = 0; p < t.cards; ++p) {
        for (int k = 1; k <= t.players; ++k) {
            t.rows[(t.dealer + k) % t.players].push_back(Slot{t.pile.back(), {}});
            t.pile.pop_back();
        }
    }
    // An action card cannot start the discard (it could not be taken): back in, shuffle, again.
    while (true) {
        const int uid = t.pile.back();
        t.pile.pop_back();
        if (is_number(t.face[uid])) {
            t.discard.push_back(uid);
            break;
        }
        t.pile.push_back(uid);
        t.rng.shuffle(t.pile);
    }
}

}  // namespace

int draw_one(Table& t, TimeMs now, Log& log) {
    if (t.pile.empty()) {
        t.pile.assign(t.discard.begin(), t.discard.end() - 1);
        t.discard.erase(t.discard.begin(), t.discard.end() - 1);
        t.rng.shuffle(t.pile);
        log.push_back(entry(now, "castors.reshuffle", {{"cards", t.pile.size()}}));
    }
    const int uid = t.pile.back();
    t.pile.pop_back();
    return uid;
}

namespace {

void end_round(Table& t, TimeMs now, Log& log) {
    RoundResult result;
    result.round = t.round;
    for (const auto& row : t.rows) {
        std::vector<Face> faces;
        for (const Slot& slot : row) faces.push_back(t.face[slot.uid]);
        result.rows.push_back(std::move(faces));
    }
    // Action cards in rows give way to draws until a number comes, from the dealer's left.
    for (int k = 1; k <= t.players; ++k) {
        const Seat seat = (t.dealer + k) % t.players;
        for (int p = 0; p < t.cards; ++p) {
            Slot& slot = t.rows[seat][p];
            if (is_number(t.face[slot.uid])) continue;
            Replacement r{seat, p, t.face[slot.uid], {}};
            t.discard.push_back(slot.uid);
            while (true) {
                const int uid = draw_one(t, now, log);
                r.drawn.push_back(t.face[uid]);
                if (is_number(t.face[uid])) {
                    slot.uid = uid;
                    break;
                }
                t.discard.push_back(uid);
            }
            result.replacements.push_back(std::move(r));
        }
    }
    result.points.assign(t.players, 0);
    for (Seat s = 0; s < t.players; ++s) {
        for (const Slot& slot : t.rows[s]) result.points[s] += t.face[slot.uid];
        t.totals[s] += result.points[s];
    }
    result.winners = lowest(result.points);

    Json replacements = Json::array();
    for (const Replacement& r : result.replacements) {
        Json drawn = Json::array();
        for (Face f : r.drawn) drawn.push_back(face_json(f));
        replacements.push_back({{"seat", r.seat}, {"position", r.position}, {"card", face_json(r.card)}, {"drawn", drawn}});
    }
    Json rows = Json::array();
    for (const auto& row : result.rows) {
        Json faces = Json::array();
        for (Face f : row) faces.push_back(face_json(f));
        rows.push_back(std::move(faces));
    }
    log.push_back(entry(now, "castors.round_end",
                        {{"round", t.round}, {"rows", rows}, {"replacements", replacements},
                         {"points", result.points}, {"totals", t.totals}, {"winners", result.winners}}));
    t.history.push_back(std::move(result));

    const bool out_of_rounds = t.rounds_total && t.round >= *t.rounds_total;
    const bool limit_reached = t.score_limit > 0 &&
        std::any_of(t.totals.begin(), t.totals.end(), [&](int total) { return total >= t.score_limit; });
    t.drawn.reset();
    t.looked.reset();
    if (out_of_rounds || limit_reached) {
        t.phase = Phase::finished;
        log.push_back(entry(now, "castors.game_end", {{"totals", t.totals}, {"winners", lowest(t.totals)}}));
        return;
    }
    // The revealed rows and the points stay on the table; no peek starts before everyone continues.
    t.phase = Phase::round_over;
    t.pause.open(t.players, now);
}

}  // namespace

void next_round(Table& t, TimeMs now, Log& log) {
    t.pause.close();
    ++t.round;
    t.dealer = (t.dealer + 1) % t.players;
    start_round(t, now, log);
}

void refresh_id(Table& t, Seat seat, int position) { t.rows[seat][position].id = t.ids.next(); }

const char* to_string(Phase phase) {
    switch (phase) {
        case Phase::peek: return "peek";
        case Phase::turn: return "turn";
        case Phase::drawn: return "drawn";
        case Phase::echanger: return "echanger";
        case Phase::regarder: return "regarder";
        case Phase::looked: return "looked";
        case Phase::round_over: return "round_over";
        case Phase::finished: return "finished";
    }
    return "finished";
}

bool Table::knock_allowed() const { return !knocker && turns >= players - 1; }

std::vector<Seat> lowest(const std::vector<int>& points) {
    std::vector<Seat> best;
    const int low = *std::min_element(points.begin(), points.end());
    for (Seat s = 0; s < static_cast<Seat>(points.size()); ++s) {
        if (points[s] == low) best.push_back(s);
    }
    return best;
}

void start_round(Table& t, TimeMs now, Log& log, const StackedDeal* stacked) {
    t.rows.assign(t.players, {});
    t.pile.clear();
    t.discard.clear();
    t.drawn.reset();
    if (stacked) {
        deal_stacked(t, *stacked);
    } else {
        deal_shuffled(t);
    }
    // Ids in dealing order, which is public: they say nothing of the cards.
    for (int p = 0; p < t.cards; ++p) {
        for (int k = 1; k <= t.players; ++k) refresh_id(t, (t.dealer + k) % t.players, p);
    }
    t.phase = Phase::peek;
    t.seen.assign(t.players, false);
    t.peek_until = now + kPeekMs;
    t.looked.reset();
    t.turns = 0;
    t.knocker.reset();
    t.stalled = false;
    t.turns_left = 0;
    t.current = (t.dealer + 1) % t.players;
    log.push_back(entry(now, "castors.round_start", {{"round", t.round}, {"dealer", t.dealer}, {"first", t.current}}));
}

void confirm_seen(Table& t, Seat seat, TimeMs now, Log& log) {
    t.seen[seat] = true;
    refresh_id(t, seat, 0);
    refresh_id(t, seat, t.cards - 1);
    log.push_back(entry(now, "castors.seen", {{"seat", seat}}));
    if (std::all_of(t.seen.begin(), t.seen.end(), [](bool b) { return b; })) {
        t.phase = Phase::turn;
        log.push_back(entry(now, "castors.peek_end", {{"timeout", false}}));
    }
}

void end_peek(Table& t, TimeMs now, Log& log) {
    for (Seat s = 0; s < t.players; ++s) {
        if (t.seen[s]) continue;
        t.seen[s] = true;
        refresh_id(t, s, 0);
        refresh_id(t, s, t.cards - 1);
    }
    t.phase = Phase::turn;
    log.push_back(entry(now, "castors.peek_end", {{"timeout", true}}));
}

void end_turn(Table& t, bool knock, TimeMs now, Log& log) {
    if (t.looked) refresh_id(t, t.current, *t.looked);
    t.looked.reset();
    t.drawn.reset();
    ++t.turns;
    if (knock) {
        t.knocker = t.current;
        t.turns_left = t.players - 1;
        log.push_back(entry(now, "castors.knock", {{"seat", t.current}}));
    } else if (t.knocker) {
        --t.turns_left;
    } else if (t.turns >= kStallTurnsPerPlayer * t.players) {
        // Stall rule: a round that never ends is ended for the player who just played.
        t.knocker = t.current;
        t.stalled = true;
        t.turns_left = t.players - 1;
        log.push_back(entry(now, "castors.stall_knock", {{"seat", t.current}, {"turns", t.turns}}));
    }
    if (t.knocker && t.turns_left == 0) {
        end_round(t, now, log);
        return;
    }
    t.current = (t.current + 1) % t.players;
    t.phase = Phase::turn;
}

}  // namespace taol::games::castors
