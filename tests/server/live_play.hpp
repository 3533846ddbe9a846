#pragma once
// Playing a live game from its clients: random listed actions, and what a seat sees of it.
#include <cstdint>
#include <vector>

#include "games/core/rng.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"
#include "tests/support/playout.hpp"

namespace taol::testing {

// What a seat has of the game, compared across a restart or a move to another node.
struct Seen {
    std::int64_t rev = 0;
    Json seat;
    Json view;
    Json actions;
};

inline Seen seen_by(WsClient& client, std::int64_t rev) {
    const Json s = client.snapshot(rev);
    return {s.at("rev"), s.at("seat"), s.at("view"), s.at("actions")};
}

// Plays `moves` random listed actions from whoever may act; returns the rev reached.
inline std::int64_t play(const std::vector<WsClient*>& seats, std::int64_t rev, int moves, taol::games::Rng& rng) {
    for (int done = 0; done < moves;) {
        for (WsClient* p : seats) {
            const Json s = p->snapshot(rev);
            if (s.at("status") != "playing") return rev;
            const Json& actions = s.at("actions");
            if (actions.empty()) continue;
            const Json answer = act(*p, fill_template(actions[rng.below(actions.size())], rng), s.at("rev"));
            if (answer.at("type") == "snapshot") {
                rev = answer.at("rev");
                ++done;
            }
            if (done >= moves) break;
        }
    }
    return rev;
}

}  // namespace taol::testing
