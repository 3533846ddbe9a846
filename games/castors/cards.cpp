#include "games/castors/cards.hpp"

namespace taol::games::castors {

std::vector<Face> full_deck() {
    std::vector<Face> deck;
    deck.reserve(kDeckSize);
    for (const CardKind& kind : kDeck) deck.insert(deck.end(), static_cast<std::size_t>(kind.copies), kind.face);
    return deck;
}

void write_face(JsonSink& out, Face face) {
    if (is_number(face)) out.integer(face);
    else out.string(kDeck.at(static_cast<std::size_t>(face)).name);
}

Json face_json(Face face) {
    return tree_of([&](JsonSink& out) { write_face(out, face); });
}

Json card_data() {
    Json deck = Json::array();
    for (const CardKind& kind : kDeck) deck.push_back({{"face", face_json(kind.face)}, {"copies", kind.copies}});
    return {{"deck", std::move(deck)}};
}

Face face_from_json(const Json& value) {
    if (value.is_number_integer()) {
        const long long n = value.get<long long>();
        return n >= 0 && n <= 9 ? static_cast<Face>(n) : -1;
    }
    if (value.is_string()) {
        for (const CardKind& kind : kDeck) {
            if (!kind.name.empty() && value.get<std::string>() == kind.name) return kind.face;
        }
    }
    return -1;
}

}  // namespace taol::games::castors
