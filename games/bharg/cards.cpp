#include "games/bharg/cards.hpp"

#include <array>

namespace taol::games::bharg {
namespace {

constexpr SuitMask Mo = bit(Suit::moons);
constexpr SuitMask Su = bit(Suit::suns);
constexpr SuitMask Wa = bit(Suit::waves);
constexpr SuitMask Le = bit(Suit::leaves);
constexpr SuitMask Wy = bit(Suit::wyrms);
constexpr SuitMask Kn = bit(Suit::knots);

constexpr CardInfo number(const char* name, int rank, SuitMask suits) { return {name, Kind::number, rank, suits, rank}; }

// Order: the 36 basic cards (Aces, 2..9, Crowns), then the Excuse, the Pawns, the Courts.
constexpr std::array<CardInfo, 45> kCards{{
    {"ace_moons", Kind::ace, 1, Mo, 1},
    {"ace_suns", Kind::ace, 1, Su, 1},
    {"ace_waves", Kind::ace, 1, Wa, 1},
    {"ace_leaves", Kind::ace, 1, Le, 1},
    {"ace_wyrms", Kind::ace, 1, Wy, 1},
    {"ace_knots", Kind::ace, 1, Kn, 1},
    number("author", 2, Mo | Kn),
    number("desert", 2, Su | Wy),
    number("origin", 2, Wa | Le),
    number("journey", 3, Mo | Wa),
    number("painter", 3, Su | Kn),
    number("savage", 3, Le | Wy),
    number("mountain", 4, Mo | Su),
    number("sailor", 4, Wa | Le),
    number("battle", 4, Wy | Kn),
    number("forest", 5, Mo | Le),
    number("discovery", 5, Su | Wa),
    number("soldier", 5, Wy | Kn),
    number("lunatic", 6, Mo | Wa),
    number("penitent", 6, Su | Wy),
    number("market", 6, Le | Kn),
    number("chance_meeting", 7, Mo | Le),
    number("castle", 7, Su | Kn),
    number("cave", 7, Wa | Wy),
    number("diplomat", 8, Mo | Su),
    number("mill", 8, Wa | Le),
    number("betrayal", 8, Wy | Kn),
    number("pact", 9, Mo | Su),
    number("darkness", 9, Wa | Wy),
    number("merchant", 9, Le | Kn),
    {"huntress", Kind::crown, 0, Mo, 10},
    {"bard", Kind::crown, 0, Su, 10},
    {"sea", Kind::crown, 0, Wa, 10},
    {"end", Kind::crown, 0, Le, 10},
    {"calamity", Kind::crown, 0, Wy, 10},
    {"windfall", Kind::crown, 0, Kn, 10},
    {"excuse", Kind::excuse, 0, 0, 0},
    {"watchman", Kind::pawn, 0, Mo | Wy | Kn, 10},
    {"borderland", Kind::pawn, 0, Wa | Le | Wy, 10},
    {"harvest", Kind::pawn, 0, Mo | Su | Le, 10},
    {"light_keeper", Kind::pawn, 0, Su | Wa | Kn, 10},
    {"consul", Kind::court, 0, Mo | Wa | Kn, 10},
    {"rite", Kind::court, 0, Mo | Le | Wy, 10},
    {"window", Kind::court, 0, Su | Le | Kn, 10},
    {"island", Kind::court, 0, Su | Wa | Wy, 10},
}};

constexpr CardId kBasicCount = 36;
constexpr CardId kExcuse = 36;
constexpr CardId kFirstPawn = 37;
constexpr CardId kFirstCourt = 41;

}  // namespace

std::span<const CardInfo> all_cards() { return kCards; }

const CardInfo& info(CardId card) { return kCards.at(card); }

std::optional<CardId> find_card(std::string_view name) {
    for (std::size_t i = 0; i < kCards.size(); ++i) {
        if (name == kCards[i].name) return static_cast<CardId>(i);
    }
    return std::nullopt;
}

bool is_ace(CardId card) { return info(card).kind == Kind::ace; }

void write_cards(games::JsonSink& out, const std::vector<CardId>& cards) {
    out.begin_array();
    for (CardId c : cards) out.string(info(c).name);
    out.end_array();
}

nlohmann::json card_names(const std::vector<CardId>& cards) {
    return games::tree_of([&](games::JsonSink& out) { write_cards(out, cards); });
}

std::vector<CardId> deck_cards(Extended extended) {
    std::vector<CardId> cards;
    for (CardId c = 0; c < kBasicCount; ++c) cards.push_back(c);
    if (extended == Extended::none) return cards;
    cards.push_back(kExcuse);
    const CardId first = extended == Extended::pawns ? kFirstPawn : kFirstCourt;
    for (CardId c = first; c < first + 4; ++c) cards.push_back(c);
    return cards;
}

const char* to_string(Suit suit) {
    static constexpr const char* kNames[] = {"moons", "suns", "waves", "leaves", "wyrms", "knots"};
    return kNames[static_cast<int>(suit)];
}

const char* to_string(Kind kind) {
    static constexpr const char* kNames[] = {"ace", "number", "crown", "pawn", "court", "excuse"};
    return kNames[static_cast<int>(kind)];
}

const char* to_string(Extended extended) {
    static constexpr const char* kNames[] = {"none", "pawns", "courts"};
    return kNames[static_cast<int>(extended)];
}

std::optional<Extended> parse_extended(std::string_view text) {
    for (Extended e : {Extended::none, Extended::pawns, Extended::courts}) {
        if (text == to_string(e)) return e;
    }
    return std::nullopt;
}

std::vector<std::string> suit_names(SuitMask suits) {
    std::vector<std::string> names;
    for (int i = 0; i < kSuitCount; ++i) {
        if (suits & (1u << i)) names.emplace_back(to_string(static_cast<Suit>(i)));
    }
    return names;
}

nlohmann::json card_data() {
    nlohmann::json suits = nlohmann::json::array();
    for (int s = 0; s < kSuitCount; ++s) suits.push_back(to_string(static_cast<Suit>(s)));
    nlohmann::json cards = nlohmann::json::object();
    for (const CardInfo& c : all_cards()) {
        cards[c.name] = {{"kind", to_string(c.kind)}, {"rank", c.rank}, {"suits", suit_names(c.suits)}, {"value", c.value}};
    }
    nlohmann::json decks = nlohmann::json::object();
    for (Extended e : {Extended::none, Extended::pawns, Extended::courts}) {
        nlohmann::json names = nlohmann::json::array();
        for (CardId id : deck_cards(e)) names.push_back(info(id).name);
        decks[to_string(e)] = std::move(names);
    }
    return {{"suits", std::move(suits)}, {"cards", std::move(cards)}, {"decks", std::move(decks)}};
}

}  // namespace taol::games::bharg
