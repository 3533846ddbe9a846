#pragma once
// What the castors bot remembers of a round: every card face it saw, kept by seat and position and
// moved along with the cards (exchanges, swaps, the discard), and which cards have gone to the
// discard since the pile was last made, so the unseen cards can be counted. Built only from the
// seat's snapshots (view and log), so stepping again through them rebuilds it exactly.
#include <array>
#include <vector>

#include "games/castors/cards.hpp"

namespace taol::games::castors {

inline constexpr int kUnknown = -1;  // never seen
inline constexpr int kPlaced = -2;   // unseen, but an opponent chose to put it there (likely low)

struct Knowledge {
    int round = 0;
    int me = 0;
    std::vector<std::vector<int>> rows;  // by seat and position: a face, kUnknown or kPlaced
    std::array<int, kFaceCount> gone{};  // faces on the discard pile since it was last reshuffled
    int top = -1;                        // the discard's top face as the log tells it
    int held = -1;                       // the face of the card this seat drew and still holds
    bool fresh = false;                  // the discard is not counted yet (a new round)

    int players() const { return static_cast<int>(rows.size()); }
    int cards() const { return rows.empty() ? 0 : static_cast<int>(rows.front().size()); }
};

// The memory's JSON (small: a few dozen numbers) and back; null gives an empty Knowledge.
Json to_json(const Knowledge& k);
Knowledge knowledge_from(const Json& memory);

// The knowledge after one snapshot of this seat: its log entries, then what its view shows.
Knowledge observe(Knowledge k, const Json& snapshot);

// How many of each face this seat has not seen: the deck less the discard and the known row cards.
std::array<int, kFaceCount> unseen(const Knowledge& k);

}  // namespace taol::games::castors
