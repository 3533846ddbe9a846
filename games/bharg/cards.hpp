#pragma once
// The Decktet as data: six suits, the 36 basic cards and the extended deck's Excuse, Pawns and
// Courts. A card is an index into one constant table; its public identity is its name ("author").
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/core/json_sink.hpp"

namespace taol::games::bharg {

enum class Suit : std::uint8_t { moons, suns, waves, leaves, wyrms, knots };
constexpr int kSuitCount = 6;

// One bit per suit, bit i = Suit(i).
using SuitMask = std::uint8_t;
constexpr SuitMask kAllSuits = 0x3f;
constexpr SuitMask bit(Suit suit) { return static_cast<SuitMask>(1u << static_cast<unsigned>(suit)); }

enum class Kind : std::uint8_t { ace, number, crown, pawn, court, excuse };

// Which extra cards the extended-deck variant shuffles in.
enum class Extended : std::uint8_t { none, pawns, courts };

using CardId = std::uint8_t;  // index into all_cards()

struct CardInfo {
    const char* name;  // the card's public identity on the wire
    Kind kind;
    int rank;          // 1 for an Ace, 2..9 for a number, 0 otherwise
    SuitMask suits;
    int value;         // points when left unbound
};

std::span<const CardInfo> all_cards();
const CardInfo& info(CardId card);
std::optional<CardId> find_card(std::string_view name);
bool is_ace(CardId card);

// The cards' names, in order: how a list of cards goes on the wire; written into a view, or as a
// value.
void write_cards(games::JsonSink& out, const std::vector<CardId>& cards);
nlohmann::json card_names(const std::vector<CardId>& cards);

// The cards of a round's deck, in table order.
std::vector<CardId> deck_cards(Extended extended);

const char* to_string(Suit suit);
const char* to_string(Kind kind);
const char* to_string(Extended extended);
std::optional<Extended> parse_extended(std::string_view text);

// Suit names of a mask, in suit order.
std::vector<std::string> suit_names(SuitMask suits);

// The card table as published to renderers: suits, each card's kind, rank, suits and value, and
// the cards of each deck.
nlohmann::json card_data();

}  // namespace taol::games::bharg
