#pragma once
// The 66 cards of Gang de castors: one table of composition, and their wire form.
#include <array>
#include <string_view>
#include <vector>

#include "games/core/json_sink.hpp"
#include "games/core/types.hpp"

namespace taol::games::castors {

// A card's face: 0..9 for number cards, then the three action cards.
using Face = int;
inline constexpr Face kEchanger = 10;  // swap one of yours with an opponent's card
inline constexpr Face kRegarder = 11;  // look at one of your own cards
inline constexpr Face kPiocher = 12;   // draw until a number card comes
inline constexpr int kFaceCount = 13;

struct CardKind {
    Face face;
    int copies;
    std::string_view name;  // the wire name of an action card; empty for numbers
};

// The whole deck (rules/castors.md: 45 number cards and 21 action cards).
inline constexpr std::array<CardKind, kFaceCount> kDeck = {{
    {0, 4, ""}, {1, 4, ""}, {2, 4, ""}, {3, 4, ""}, {4, 4, ""},
    {5, 4, ""}, {6, 4, ""}, {7, 4, ""}, {8, 4, ""}, {9, 9, ""},
    {kEchanger, 9, "echanger"}, {kRegarder, 7, "regarder"}, {kPiocher, 5, "piocher"},
}};
inline constexpr int kDeckSize = 66;

inline bool is_number(Face face) { return face >= 0 && face <= 9; }

// Every card once, grouped by face in table order (index = the card's uid).
std::vector<Face> full_deck();

// The wire form: the number itself, or "echanger" / "regarder" / "piocher"; written into a view,
// or as a value.
void write_face(JsonSink& out, Face face);
Json face_json(Face face);

// The deck as published to renderers: [{"face", "copies"}] in table order.
Json card_data();

// The face a wire value names, or -1.
Face face_from_json(const Json& value);

}  // namespace taol::games::castors
