// The steps of a turn: take the discard, draw, place or discard, play an action card.
#include "games/castors/rules.hpp"

namespace taol::games::castors {

void take_discard(Table& t, int position, bool knock, TimeMs now, Log& log) {
    Slot& slot = t.rows[t.current][position];
    const int taken = t.discard.back();
    t.discard.back() = slot.uid;  // the replaced card goes face up where the taken one was
    log.push_back(entry(now, "castors.take_discard", {{"seat", t.current}, {"position", position},
                                                      {"taken", face_json(t.face[taken])},
                                                      {"discarded", face_json(t.face[slot.uid])}}));
    slot = Slot{taken, t.ids.next()};
    end_turn(t, knock, now, log);
}

void draw(Table& t, TimeMs now, Log& log) {
    const int uid = draw_one(t, now, log);
    t.drawn = Slot{uid, t.ids.next()};
    t.phase = Phase::drawn;
    log.push_back(entry(now, "castors.draw", {{"seat", t.current}}));
}

void swap_drawn(Table& t, int position, bool knock, TimeMs now, Log& log) {
    Slot& slot = t.rows[t.current][position];
    t.discard.push_back(slot.uid);
    log.push_back(entry(now, "castors.swap", {{"seat", t.current}, {"position", position},
                                              {"discarded", face_json(t.face[slot.uid])}}));
    slot = Slot{t.drawn->uid, t.ids.next()};
    end_turn(t, knock, now, log);
}

void discard_drawn(Table& t, bool knock, TimeMs now, Log& log) {
    t.discard.push_back(t.drawn->uid);
    log.push_back(entry(now, "castors.discard", {{"seat", t.current}, {"card", face_json(t.face[t.drawn->uid])}}));
    end_turn(t, knock, now, log);
}

void play_drawn(Table& t, TimeMs now, Log& log) {
    const Face card = t.face[t.drawn->uid];
    t.discard.push_back(t.drawn->uid);
    t.drawn.reset();
    log.push_back(entry(now, "castors.play", {{"seat", t.current}, {"card", face_json(card)}}));
    if (card == kEchanger) {
        t.phase = Phase::echanger;
    } else if (card == kRegarder) {
        t.phase = Phase::regarder;
    } else {
        // Piocher: action cards drawn now go to the discard without effect.
        Json skipped = Json::array();
        while (true) {
            const int uid = draw_one(t, now, log);
            if (is_number(t.face[uid])) {
                t.drawn = Slot{uid, t.ids.next()};
                break;
            }
            t.discard.push_back(uid);
            skipped.push_back(face_json(t.face[uid]));
        }
        t.phase = Phase::drawn;
        log.push_back(entry(now, "castors.piocher", {{"seat", t.current}, {"discarded", skipped}}));
    }
}

void exchange(Table& t, int position, Seat target, int target_position, bool knock, TimeMs now, Log& log) {
    // Neither card is looked at or turned: they keep their ids, and everyone sees the move.
    std::swap(t.rows[t.current][position], t.rows[target][target_position]);
    log.push_back(entry(now, "castors.exchange", {{"seat", t.current}, {"position", position},
                                                  {"target", target}, {"target_position", target_position}}));
    end_turn(t, knock, now, log);
}

void look(Table& t, int position, TimeMs now, Log& log) {
    t.looked = position;
    t.phase = Phase::looked;
    log.push_back(entry(now, "castors.look", {{"seat", t.current}, {"position", position}}));
}

}  // namespace taol::games::castors
