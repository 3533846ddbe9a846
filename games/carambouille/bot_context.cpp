#include "games/carambouille/bot_context.hpp"

#include <algorithm>
#include <cmath>

namespace taol::games::carambouille {
namespace {

std::vector<int> ints(const Json& list) {
    std::vector<int> out;
    if (list.is_array()) {
        for (const Json& v : list) out.push_back(v.is_number() ? v.get<int>() : 0);
    }
    return out;
}

}  // namespace

BotMemory BotMemory::from_json(const Json& memory) {
    BotMemory m;
    if (!memory.is_object()) return m;
    m.round = memory.value("round", 0);
    m.offers = memory.value("offers", 0);
    m.open_at = memory.value("open_at", TimeMs{0});
    m.talk_at = memory.value("talk_at", TimeMs{0});
    if (memory.contains("sold") && memory.at("sold").is_array()) {
        const auto sold = ints(memory.at("sold"));
        for (std::size_t k = 0; k < sold.size() && k < m.sold.size(); ++k) m.sold[k] = sold[k];
    }
    return m;
}

Json BotMemory::to_json() const {
    return {{"round", round}, {"offers", offers}, {"open_at", open_at}, {"talk_at", talk_at}, {"sold", sold}};
}

Seen::Seen(const Json& snap)
    : snapshot(snap), view(snap.at("view")), me(snap.at("seat").get<Seat>()),
      phase(view.value("phase", "")), now(snap.value("server_time", TimeMs{0})) {
    own = read_cards(view.value("hand", Json::object()));
    accounts = ints(view.value("accounts", Json::array()));
    products = ints(view.value("products", Json::array()));
    carambouille = ints(view.value("carambouille", Json::array()));
    players = static_cast<int>(accounts.size());
}

int Seen::played(const char* type) const {
    const Json& played = view.value("played", Json::object());
    return played.is_object() ? played.value(type, 0) : 0;
}

std::vector<const Json*> Seen::entries(const char* type) const {
    std::vector<const Json*> out;
    for (const Json& entry : snapshot.at("actions")) {
        if (entry.value("type", "") == type) out.push_back(&entry);
    }
    return out;
}

double Seen::rounds_left() const { return reserve() / (3.0 * std::max(1, players)); }

int Seen::best_other() const {
    int best = 0;
    for (int s = 0; s < players; ++s) {
        if (s != me) best = std::max(best, accounts[s]);
    }
    return best;
}

double lie_chance(const Seen& seen, Seat seat) {
    if (seat < 0 || seat >= seen.players || seen.carambouille[seat] == 0) return 0;
    const int mine = carambouille_count(seen.own.counts);
    int out = 0;  // Carambouille cards seen out of play
    for (const char* type : {"jai_menti", "persuasion", "illusion", "soldes", "surstock"}) out += seen.played(type);
    for (const Json& p : seen.view.value("paniers", Json::array())) out += p.get<int>();
    const int unseen = kCarambouilleCards - out - mine;
    const int menti = kCopiesPerType - seen.played("jai_menti") - seen.own.counts[kind_of_type(CardType::menti)];
    if (unseen <= 0 || menti <= 0) return 0;
    const double share = std::min(1.0, static_cast<double>(menti) / unseen);
    // Holding one does not mean using it: about half the time.
    return 0.5 * (1 - std::pow(1 - share, seen.carambouille[seat]));
}

}  // namespace taol::games::carambouille
