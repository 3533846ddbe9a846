// The Game descriptor, its options and the setups (random, or dealt for tests).
#include <numeric>
#include <stdexcept>

#include "games/bigoudenn/bot.hpp"
#include "games/bigoudenn/bigoudenn.hpp"
#include "games/bigoudenn/scoring.hpp"
#include "games/bigoudenn/state.hpp"
#include "games/bigoudenn/turn.hpp"

namespace taol::games::bigoudenn {
namespace {

constexpr int kMinPlayers = 3;
constexpr int kMaxPlayers = 5;

bool simplified_from(const Json& options) {
    return options.is_object() && options.value("variant", std::string("full")) == "simplified";
}

Table empty_table(const Json& options, int players, std::uint64_t seed) {
    Table table;
    table.players = players;
    table.simplified = simplified_from(options);
    table.rng = Rng(seed);
    table.seats.resize(static_cast<std::size_t>(players));
    return table;
}

// The utensils one by one, from the first player round the table, one per hand.
void deal_utensils(Table& table, std::vector<Utensil> utensils, Seat first) {
    std::size_t next = 0;
    for (int hand = 0; hand < 2; ++hand) {
        for (int i = 0; i < table.players && next < utensils.size(); ++i) {
            table.at((first + i) % table.players).hands[hand] = utensils[next++];
        }
    }
    table.middle_utensils.assign(utensils.begin() + static_cast<std::ptrdiff_t>(next), utensils.end());
}

class BigoudennGame final : public Game {
public:
    std::string_view id() const override { return "bigoudenn"; }
    std::string_view name() const override { return "Ar Seizh Bigoudenn"; }
    int min_players() const override { return kMinPlayers; }
    int max_players() const override { return kMaxPlayers; }
    // 2: no pass in a TEUT!'s bidding; a blocked steal of the simplified variant no longer locks
    // the araignée; a grab names `drop` only when both slots are full.
    int rules_version() const override { return 2; }

    Json cards() const override { return card_data(); }

    const Bot& bot() const override { return bigoudenn::bot(); }

    Json own_options() const override {
        return Json::array({{{"name", "variant"},
                             {"type", "enum"},
                             {"default", "full"},
                             {"values", {"full", "simplified"}},
                             {"label", {{"fr", "Variante (complète ou simplifiée)"}, {"en", "Variant (full or simplified)"}}}}});
    }

    std::unique_ptr<GameState> setup(const Json& options, int players, std::uint64_t seed, TimeMs now) const override {
        Table table = empty_table(options, players, seed);
        std::vector<int> ladies(kBigoudeneCount);
        std::iota(ladies.begin(), ladies.end(), 0);
        table.rng.shuffle(ladies);
        for (Seat s = 0; s < players; ++s) table.at(s).bigoudene = ladies[static_cast<std::size_t>(s)];
        table.pile.resize(kIngredientCount);
        std::iota(table.pile.begin(), table.pile.end(), 0);
        table.rng.shuffle(table.pile);
        for (int i = 0; i < players; ++i) {
            table.middle.push_back(table.pile.back());
            table.pile.pop_back();
        }
        const Seat first = static_cast<Seat>(table.rng.below(static_cast<std::uint64_t>(players)));
        std::vector<Utensil> utensils;
        for (int u = 0; u < kUtensilCount; ++u) utensils.push_back(static_cast<Utensil>(u));
        table.rng.shuffle(utensils);
        deal_utensils(table, utensils, first);
        std::vector<LogEntry> unused;
        table.turn.number = 0;
        start_turn(table, first, now, unused);
        return std::make_unique<State>(std::move(table));
    }
};

Card card_named(const std::string& id, std::vector<bool>& used) {
    const auto card = card_from(id);
    if (!card) throw std::invalid_argument("unknown ingredient " + id);
    if (used[static_cast<std::size_t>(*card)]) throw std::invalid_argument("ingredient named twice: " + id);
    used[static_cast<std::size_t>(*card)] = true;
    return *card;
}

}  // namespace

const Game& game() {
    static const BigoudennGame instance;
    return instance;
}

std::unique_ptr<GameState> setup_dealt(const Json& options, int players, const Deal& deal, std::uint64_t seed,
                                       TimeMs now) {
    if (players < kMinPlayers || players > kMaxPlayers || deal.first < 0 || deal.first >= players) {
        throw std::invalid_argument("bad player count or first player");
    }
    Table table = empty_table(options, players, seed);
    for (Seat s = 0; s < players; ++s) {
        Player& p = table.at(s);
        p.bigoudene = s;
        if (static_cast<std::size_t>(s) < deal.bigoudenes.size()) {
            p.bigoudene = -1;
            for (int b = 0; b < kBigoudeneCount; ++b) {
                if (bigoudenes()[b].id == deal.bigoudenes[static_cast<std::size_t>(s)]) p.bigoudene = b;
            }
            if (p.bigoudene < 0) throw std::invalid_argument("unknown bigoudene " + deal.bigoudenes[static_cast<std::size_t>(s)]);
        }
    }
    std::vector<bool> used(kIngredientCount, false);
    for (const auto& id : deal.middle) table.middle.push_back(card_named(id, used));
    for (std::size_t s = 0; s < deal.surfaces.size() && static_cast<int>(s) < players; ++s) {
        for (const auto& id : deal.surfaces[s]) table.seats[s].surface.push_back(card_named(id, used));
    }
    for (std::size_t s = 0; s < deal.made.size() && static_cast<int>(s) < players; ++s) {
        for (const auto& recipe : deal.made[s]) {
            Made made;
            for (const auto& id : recipe) made.cards.push_back(card_named(id, used));
            if (made.cards.empty()) throw std::invalid_argument("an empty recipe");
            made.face = face_of(made.cards[0]);
            table.seats[s].made.push_back(made);
        }
    }
    std::vector<Card> pile;
    for (const auto& id : deal.pile) pile.push_back(card_named(id, used));
    for (Card c = 0; c < kIngredientCount; ++c) {
        if (!used[static_cast<std::size_t>(c)]) pile.push_back(c);
    }
    table.pile.assign(pile.rbegin(), pile.rend());  // the top is the back
    std::vector<bool> held(kUtensilCount, false);
    for (std::size_t s = 0; s < deal.hands.size() && static_cast<int>(s) < players; ++s) {
        for (int h = 0; h < 2; ++h) {
            const std::string& name = deal.hands[s][static_cast<std::size_t>(h)];
            if (name.empty()) continue;
            const auto u = utensil_from(name);
            if (!u || held[static_cast<std::size_t>(*u)]) throw std::invalid_argument("unknown or repeated utensil " + name);
            held[static_cast<std::size_t>(*u)] = true;
            table.seats[s].hands[h] = *u;
        }
    }
    for (int u = 0; u < kUtensilCount; ++u) {
        if (!held[static_cast<std::size_t>(u)]) table.middle_utensils.push_back(static_cast<Utensil>(u));
    }
    std::vector<LogEntry> unused;
    start_turn(table, deal.first, now, unused);
    return std::make_unique<State>(std::move(table));
}

int free_moves_this_turn(const GameState& state) {
    const auto* s = dynamic_cast<const State*>(&state);
    return s ? s->table().turn.free_moves : -1;
}

}  // namespace taol::games::bigoudenn
