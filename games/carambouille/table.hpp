#pragma once
// The Carambouille table as plain data, with the small helpers every rule file shares. The rule
// steps live in trading, persuasion, sales and dealing; inputs reach them already checked.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/carambouille/cards.hpp"
#include "games/carambouille/claims.hpp"
#include "games/core/ids.hpp"
#include "games/core/result.hpp"
#include "games/core/rng.hpp"
#include "games/core/round_pause.hpp"
#include "games/core/types.hpp"

namespace taol::games::carambouille {

constexpr TimeMs kBellMs = 15'000;
constexpr TimeMs kReactionMs = 8'000;
constexpr TimeMs kPersuasionMs = 60'000;
constexpr int kMaxOpenOffers = 8;  // per player, against flooding

enum class Phase { bell, trading, closing, sale, round_over, final_sale, finished };
const char* to_string(Phase phase);

struct Offer {
    std::string id;                  // "o1", "o2"...: a counter, says nothing about cards
    Seat from = 0;
    std::optional<Seat> to;          // nullopt: anyone at the table
    std::vector<int> give;           // cards of `from`'s hand
    Claims announce;
    Claims ask;
    int menti = -1;                  // the J'ai menti ! card backing a lie, or -1
    std::optional<std::string> counter;  // the offer this one answers, if any
    std::vector<Seat> refused_by;    // for an offer to anyone
};

struct Persuasion {
    Seat persuader = 0;
    Seat target = 0;
    TimeMs ends_at = 0;
};

// A sale on the table, with its reaction windows.
struct Sale {
    Seat seller = 0;
    int product = 0;
    std::vector<int> cards;
    bool illusion = false;
    int soldes = 0;
    int price = 0;                 // as it stands after the cards played so far
    std::vector<Seat> order;       // the seats whose windows come, seller first
    std::size_t next = 0;          // index in `order` of the window now open
    TimeMs window_ends = 0;

    Seat reactor() const { return order[next]; }
};

// A completed sale, for the round's summary.
struct Sold {
    Seat seat = 0;
    int product = 0;
    int count = 0;
    int price = 0;
};

struct Table {
    int players = 0;
    TimeMs trading_ms = 180'000;
    Rng rng;

    Phase phase = Phase::bell;
    int round = 1;
    bool last_round = false;
    Seat merchant = 0;
    TimeMs phase_ends = 0;  // the bell (15 s) or the end of trading

    std::vector<int> reserve;  // top at the back
    std::vector<int> stack;    // top at the back
    std::vector<int> product_discard;
    std::vector<int> card_discard;
    std::vector<std::vector<int>> hands;
    std::vector<std::vector<int>> paniers;  // Panier cards laid in front of each seat
    std::vector<int> accounts;
    // By card: its opaque id now, and who has been shown that id (bit s = seat s, kPublic =
    // everyone). A card that changes hands privately gets a fresh id only its new holder knows.
    std::vector<std::string> ids;
    std::vector<std::uint16_t> known;
    IdMaker id_maker;

    std::vector<Offer> offers;
    int offers_made = 0;        // since the game began: names the next offer
    int offers_this_round = 0;
    std::vector<Persuasion> persuasions;

    Seat seller = 0;            // whose sale turn it is
    int sellers_done = 0;
    std::vector<std::uint32_t> barred;  // per seat: products put up for sale this round
    std::optional<Sale> sale;
    bool sold_this_round = false;
    std::vector<Sold> round_sales;  // this round's completed sales, in order
    RoundPause pause;           // round_over: the round's sales stay on the table until all continue
    std::vector<int> dealt;     // per seat, cards dealt at the last change
    int quiet_rounds = 0;       // rounds in a row with no card dealt and no sale made

    static constexpr std::uint16_t kPublic = 1u << 15;

    const std::string& id_of(int card) const { return ids[card]; }
    std::optional<int> card_by_id(const std::string& id) const;
    bool holds(Seat seat, int card) const;
    int products_of(Seat seat) const;
    int carambouille_of(Seat seat) const;
    // The first card of `type` in the seat's hand not in `except`, or -1.
    int find_type(Seat seat, CardType type, const std::vector<int>& except = {}) const;
    const Persuasion* persuasion_of(Seat seat) const;
    const Offer* offer(const std::string& id) const;
    int limit_of(Seat seat) const { return hand_limit(static_cast<int>(paniers[seat].size())); }
    Seat left_of(Seat seat) const { return (seat + 1) % players; }
    void learn(int card, Seat seat) { known[card] |= static_cast<std::uint16_t>(1u << seat); }
    bool knows(Viewer viewer, int card) const;
};

// Moves `card` out of `seat`'s hand (it must be there).
void take_from_hand(Table& table, Seat seat, int card);

// Moves `cards` from `from`'s hand to `to`'s, privately: each gets a fresh id that only `to` knows,
// so that nobody can follow a copy from hand to hand.
void hand_over(Table& table, const std::vector<int>& cards, Seat from, Seat to);

// Closes every offer that lost one of its cards or its J'ai menti !; logs each as no longer
// available (which says nothing about where the card went).
void prune_offers(Table& table, TimeMs now, std::vector<LogEntry>& log);

// A refusal of an action, or nothing when it was applied.
using Refusal = std::optional<RuleError>;

LogEntry public_entry(TimeMs now, const char* key, Json params);
LogEntry private_entry(TimeMs now, const char* key, Json params, std::vector<Seat> audience);

// A set of cards as {id: product or card type}: keys sort by id, so the order says nothing of
// how the cards came.
Json cards_json(const Table& table, const std::vector<int>& cards);

// Empty when the cards, accounts and offers are all consistent.
std::string check_invariants(const Table& table);

}  // namespace taol::games::carambouille
