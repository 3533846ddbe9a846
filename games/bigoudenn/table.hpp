#pragma once
// The Ar Seizh Bigoudenn table as plain data, and the small moves every rule file shares.
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "games/bigoudenn/cards.hpp"
#include "games/core/result.hpp"
#include "games/core/rng.hpp"

namespace taol::games::bigoudenn {

constexpr int kLeft = 0;
constexpr int kRight = 1;
constexpr int kSurfaceLimit = 5;       // full game only
constexpr int kDraw = 2;               // ingredients turned up at the start of a turn
constexpr TimeMs kWindowMs = 10'000;   // a TEUT! may contest a grab this long
constexpr TimeMs kBidMs = 15'000;
constexpr TimeMs kStepMs = 10'000;     // raise, follow, award, passoire
constexpr int kStallRounds = 5;        // rounds played at most once the pile is empty
constexpr int kSimplifiedTakes = 2;    // ingredients per turn in the simplified variant

// A recipe made: its cards in the order they were put under the card.
struct Made {
    Face face = Face::galette;
    std::vector<Card> cards;
};

struct Player {
    int bigoudene = 0;
    Face face = Face::galette;
    // Utensil in each hand (left, right). The simplified variant has no hands: two slots.
    std::array<std::optional<Utensil>, 2> hands;
    std::vector<Card> surface;  // the work surface, in arrival order
    std::vector<Made> made;
    bool called_teut = false;   // during this active player's turn
};

// A grab that may still be contested: open until grabbed_at + kWindowMs.
struct Window {
    Utensil utensil = Utensil::couteau;
    Seat holder = 0;
    TimeMs grabbed_at = 0;
    TimeMs until() const { return grabbed_at + kWindowMs; }
};

enum class Step { bidding, raise, follow, award, passoire };

// A TEUT! auction. Participant 0 is the caller, participant 1 the holder.
struct Teut {
    Utensil utensil = Utensil::couteau;
    std::array<Seat, 2> seats{0, 0};
    Step step = Step::bidding;
    TimeMs until = 0;
    bool forced = false;                      // the holder had no ingredient: the caller must bid
    std::array<std::vector<Card>, 2> bids;    // every card bid, in order
    std::array<std::size_t, 2> revealed{0, 0};  // bids[p][0..revealed[p]) are face up
    std::array<bool, 2> acted{false, false};  // bid or passed in the current step
    std::optional<int> raiser;                // participant index, in the follow step
    std::optional<Seat> winner;               // the caller, once it has won
    std::optional<Seat> passoire_holder;      // in the passoire step

    int index_of(Seat seat) const { return seats[0] == seat ? 0 : 1; }
    bool takes_part(Seat seat) const { return seats[0] == seat || seats[1] == seat; }
    // Surfaces and new bids stay face down until the last reveal.
    bool hidden() const { return step == Step::bidding || step == Step::raise || step == Step::follow; }
};

struct Turn {
    Seat active = 0;
    int number = 0;                              // turns started since the game began
    std::array<bool, 2> hand_used{false, false}; // full game: one action per hand
    bool composed = false;                       // full game: the compose step is over
    int taken = 0;                               // simplified: ingredients taken this turn
    bool amen_used = false;                      // simplified: once per turn
    std::vector<Utensil> exchanged;              // simplified: not to be grabbed back this turn
    int free_moves = 0;                          // grabs and drops outside the hand actions
};

enum class End { none, last_round, stall };

struct Table {
    int players = 0;
    bool simplified = false;
    Rng rng;
    std::vector<Card> pile;  // the top is the back
    std::vector<Card> middle;
    std::vector<Utensil> middle_utensils;
    std::vector<Player> seats;
    Turn turn;
    std::vector<Window> windows;
    std::optional<Teut> teut;
    std::optional<int> pile_empty_turn;   // the first turn that began with an empty pile
    std::optional<int> natural_last_turn; // the last round, triggered by an empty table
    std::optional<int> last_turn;         // the number of the game's last turn, once known
    End ended = End::none;

    bool finished() const { return ended != End::none; }
    Player& at(Seat seat) { return seats[static_cast<std::size_t>(seat)]; }
    const Player& at(Seat seat) const { return seats[static_cast<std::size_t>(seat)]; }
};

using Logged = Result<std::vector<LogEntry>>;

// --- Shared moves ---

std::string_view hand_name(int hand);

// The seat and hand holding `utensil`, if anyone holds it.
std::optional<std::pair<Seat, int>> holder_of(const Table& table, Utensil utensil);
bool holds(const Player& player, Utensil utensil);
int utensils_held(const Player& player);
bool in_middle(const Table& table, Utensil utensil);
bool in_middle(const Table& table, Card card);
bool on_surface(const Player& player, Card card);

// Moves a utensil to the middle and closes any TEUT window on it.
void drop_to_middle(Table& table, Seat seat, int hand);
// Takes `utensil` out of the middle (it must be there).
void take_from_middle(Table& table, Utensil utensil);
void remove_card(std::vector<Card>& cards, Card card);

// A work-surface arrival: `put_back` (one of the player's own) goes to the middle first.
void place_on_surface(Table& table, Seat seat, Card card, std::optional<Card> put_back);
// Why `put_back` is wrong for a player about to take one more ingredient, or nullopt.
std::optional<RuleError> check_put_back(const Table& table, Seat seat, std::optional<Card> put_back);

// A public log entry "bigoudenn.<event>".
LogEntry log_entry(TimeMs at, std::string_view event, Json params);
Json card_ids(const std::vector<Card>& cards);

// The utensil nobody may touch now (the contested one, or the passoire being used).
bool frozen(const Table& table, Utensil utensil);

// Empty when 35 ingredients and 7 utensils are accounted for and the state is consistent.
std::string check_invariants(const Table& table);

}  // namespace taol::games::bigoudenn
