#include "games/carambouille/bot_trade.hpp"

#include <algorithm>
#include <map>

namespace taol::games::carambouille {
namespace {

constexpr double kUnknownCard = 30;     // an unannounced card received, on average
constexpr double kLiedCard = 35;        // the product a liar gives instead
constexpr double kAcceptMin = 15;       // below this, a trade is not worth the bother
constexpr double kOfferMin = 20;
constexpr int kOwnOpenOffers = 2;       // of the bot's own at a time
constexpr int kMaxOffersPerRound = 4;
constexpr TimeMs kCloseAfterMs = 60'000;    // the Merchant's bell: after this much trading...
constexpr TimeMs kQuietMs = 20'000;         // ...and this long without a new offer or trade
constexpr TimeMs kCloseAnywayMs = 120'000;
constexpr TimeMs kLookMs = 5'000;

constexpr int kMenti = kind_of_type(CardType::menti);

Counts plus(Counts a, const Counts& b, int sign = 1) {
    for (int k = 0; k < kKinds; ++k) a[k] += sign * b[k];
    return a;
}

Counts one_of_kind(int kind) {
    Counts c{};
    if (kind >= 0) c[kind] = 1;
    return c;
}

// What an announcement says the bot would get: the cards it names, and a worth for the rest.
struct Announced {
    Counts known{};
    double rest = 0;
    bool consistent = true;
};

Announced read_announce(const Claims& announce) {
    Announced a;
    int cards = -1, value = -1;
    for (const Claim& c : announce) {
        if (c.what == Claim::What::product || c.what == Claim::What::card) a.known[c.kind] = c.number;
        if (c.what == Claim::What::cards) cards = c.number;
        if (c.what == Claim::What::value) value = c.number;
    }
    int known = 0, face = 0;
    for (int k = 0; k < kKinds; ++k) {
        known += a.known[k];
        face += a.known[k] * value_of_kind(k);
    }
    // Cards not named: as many as a "cards" claim leaves, else at least one when none is named.
    const int unknown = cards >= 0 ? cards - known : (known == 0 ? 1 : 0);
    if (unknown < 0 || (value >= 0 && value < face) || (cards >= 0 && unknown == 0 && value >= 0 && value != face)) {
        a.consistent = false;
    } else if (value >= 0) {
        a.rest = value - face;  // the unnamed cards' face value, as if sold alone
    } else {
        a.rest = unknown * kUnknownCard;
    }
    return a;
}

bool listed_accept(const Seen& seen, const std::string& offer, bool lie) {
    for (const Json* e : seen.entries("accept")) {
        if (e->value("offer", "") == offer && e->value("lie", !lie) == lie) return true;
    }
    return false;
}

struct Acceptance {
    double gain = 0;
    Json action;
};

// The bot's best answer to one offer it may accept: truthful, or a lie when it holds a free
// J'ai menti ! and that saves more than the card is worth.
std::optional<Acceptance> best_acceptance(const Seen& seen, const Json& offer) {
    const std::string id = offer.value("id", "");
    const auto announce = claims_of(offer.value("announce", Json::array()));
    const auto ask = claims_of(offer.value("ask", Json::array()));
    if (!announce || !ask) return std::nullopt;
    const Announced got = read_announce(*announce);
    if (!got.consistent) return std::nullopt;
    const Counts& hand = seen.own.counts;
    const double before = hand_worth(hand);
    const double lie = lie_chance(seen, offer.value("from", -1));
    auto expected = [&](const Counts& give) {
        const Counts left = plus(hand, give, -1);
        const double truthful = hand_worth(plus(left, got.known)) + got.rest - before;
        const double lied = hand_worth(left) + kLiedCard - before;
        return (1 - lie) * truthful + lie * lied;
    };
    std::optional<Acceptance> best;
    // `lost`: what leaves the hand (with a lie, the J'ai menti ! too); `give`: the cards sent.
    auto consider = [&](const Counts& lost, const Counts& give, bool with_lie) {
        if (!listed_accept(seen, id, with_lie)) return;
        const double gain = expected(lost);
        if (best && gain <= best->gain) return;
        best = Acceptance{gain, {{"type", "accept"}, {"offer", id}, {"give", ids_for(seen.own, give)}, {"lie", with_lie}}};
    };
    if (const auto give = cheapest_meeting(hand, *ask)) consider(*give, *give, false);
    const int spare = cheapest_product(hand);
    if (hand[kMenti] > 0 && spare >= 0) consider(plus(one_of_kind(spare), one_of_kind(kMenti)), one_of_kind(spare), true);
    return best;
}

const Json& open_offers(const Seen& seen) {
    static const Json none = Json::array();
    const auto offers = seen.view.find("offers");
    return offers != seen.view.end() && offers->is_array() ? *offers : none;
}

std::optional<Json> accept_move(const Seen& seen) {
    std::optional<Acceptance> best;
    for (const Json& offer : open_offers(seen)) {
        if (offer.value("from", -1) == seen.me) continue;
        auto answer = best_acceptance(seen, offer);
        if (answer && answer->gain >= kAcceptMin && (!best || answer->gain > best->gain)) best = std::move(answer);
    }
    if (!best) return std::nullopt;
    return best->action;
}

// A direct offer the bot does not want is turned down, as a person would.
std::optional<Json> refuse_move(const Seen& seen) {
    for (const Json* e : seen.entries("refuse")) {
        const std::string id = e->value("offer", "");
        for (const Json& offer : open_offers(seen)) {
            if (offer.value("id", "") != id || offer.value("to", Json()) != Json(seen.me)) continue;
            const auto answer = best_acceptance(seen, offer);
            if (!answer || answer->gain < kAcceptMin) return *e;
        }
    }
    return std::nullopt;
}

// An own offer that no longer pays (a trade since made its card part of a set) is withdrawn.
std::optional<Json> withdraw_move(const Seen& seen) {
    const Counts& hand = seen.own.counts;
    for (const Json* e : seen.entries("withdraw")) {
        for (const Json& offer : open_offers(seen)) {
            if (offer.value("id", "") != e->value("offer", "") || !offer.contains("give")) continue;
            const OwnCards give = read_cards(offer.at("give"));
            const auto ask = claims_of(offer.value("ask", Json::array()));
            if (!ask) continue;
            double gain = 0;
            for (const Claim& c : *ask) {
                if (c.what == Claim::What::product) gain += kind_worth(c.kind, hand[c.kind] + c.number) - kind_worth(c.kind, hand[c.kind]);
            }
            if (gain - giving_cost(hand, give.counts) < 0) return *e;
        }
    }
    return std::nullopt;
}

// The wide offer template is listed (the bot may make offers now), and whether it may lie.
bool offers_listed(const Seen& seen, bool lie) {
    for (const Json* e : seen.entries("offer")) {
        if (e->contains("counter") || !e->contains("choose")) continue;
        const Json& choose = e->at("choose");
        if (!choose.contains("announce") || !choose.contains("lie")) continue;
        if (!lie) return true;
        const Json& flags = choose.at("lie").value("one_of", Json::array());
        if (std::find(flags.begin(), flags.end(), Json(true)) != flags.end()) return true;
    }
    return false;
}

// A product the bot collects (held 1-4, copies left), for a spare card: the best net gain.
struct Wish {
    int want = -1;
    int give = -1;
    double net = 0;
};

Wish best_wish(const Seen& seen, const BotMemory& memory, const std::vector<int>& asked) {
    const Counts& hand = seen.own.counts;
    Wish best;
    for (int k = 0; k < kProductKinds; ++k) {
        const int c = hand[k];
        if (c < 1 || c >= kMaxSale || kCopiesPerProduct - c - memory.sold[k] <= 0) continue;
        if (std::find(asked.begin(), asked.end(), k) != asked.end()) continue;
        const int give = cheapest_product(hand, k);
        if (give < 0) continue;
        const double gain = kind_worth(k, c + 1) - kind_worth(k, c);
        const double net = gain - (kind_worth(give, hand[give]) - kind_worth(give, hand[give] - 1));
        if (best.want < 0 || net > best.net) best = {k, give, net};
    }
    return best;
}

// The product the others ask for most in their open offers (a lie announces it), or safran.
int most_wanted(const Seen& seen, int except) {
    std::array<int, kProductKinds> wanted{};
    for (const Json& offer : open_offers(seen)) {
        if (offer.value("from", -1) == seen.me) continue;
        if (const auto ask = claims_of(offer.value("ask", Json::array()))) {
            for (const Claim& c : *ask) {
                if (c.what == Claim::What::product && c.number > 0) ++wanted[c.kind];
            }
        }
    }
    int best = kProductKinds - 1;
    for (int k = kProductKinds - 1; k >= 0; --k) {
        if (k != except && wanted[k] > wanted[best]) best = k;
    }
    return best == except ? kProductKinds - 2 : best;
}

std::optional<Json> offer_move(const Seen& seen, const BotMemory& memory) {
    if (memory.offers >= kMaxOffersPerRound || !offers_listed(seen, false)) return std::nullopt;
    std::vector<int> asked;
    int open = 0;
    bool lying = false;
    for (const Json& offer : open_offers(seen)) {
        if (offer.value("from", -1) != seen.me) continue;
        ++open;
        lying = lying || offer.value("lie", false);
        if (const auto ask = claims_of(offer.value("ask", Json::array()))) {
            for (const Claim& c : *ask) {
                if (c.what == Claim::What::product) asked.push_back(c.kind);
            }
        }
    }
    if (open >= kOwnOpenOffers) return std::nullopt;
    const Wish wish = best_wish(seen, memory, asked);
    if (wish.want < 0) return std::nullopt;
    const Json ask = Json::array({product_claim(wish.want, 1)});
    const Json give = ids_for(seen.own, one_of_kind(wish.give));
    // J'ai menti ! has no other use than a lie: announce what the table asks for.
    if (!lying && seen.own.counts[kMenti] > 0 && offers_listed(seen, true) && wish.net - 25 >= kOfferMin) {
        const Json announce = Json::array({product_claim(most_wanted(seen, wish.give), 1)});
        return Json{{"type", "offer"}, {"to", nullptr}, {"give", give}, {"announce", announce}, {"ask", ask}, {"lie", true}};
    }
    if (wish.net < kOfferMin) return std::nullopt;
    const Json announce = Json::array({product_claim(wish.give, 1)});
    return Json{{"type", "offer"}, {"to", nullptr}, {"give", give}, {"announce", announce}, {"ask", ask}, {"lie", false}};
}

// Persuasion on the opponent with the most products (the widest choice), richest first.
std::optional<Json> persuade_move(const Seen& seen) {
    for (const Json* e : seen.entries("persuade")) {
        Seat best = -1;
        for (const Json& t : e->at("choose").at("target").at("one_of")) {
            const Seat s = t.get<Seat>();
            if (s < 0 || s >= seen.players || seen.products[s] == 0) continue;
            if (best < 0 || seen.products[s] > seen.products[best] ||
                (seen.products[s] == seen.products[best] && seen.accounts[s] > seen.accounts[best])) best = s;
        }
        if (best >= 0 && product_count(seen.own.counts) > 0) return Json{{"type", "persuade"}, {"target", best}};
    }
    return std::nullopt;
}

TradeMove merchant_move(const Seen& seen, const BotMemory& memory) {
    const Json* ring = nullptr;
    for (const Json* e : seen.entries("ring")) ring = e;
    if (!ring) return {};
    const TimeMs open = memory.open_at > 0 ? memory.open_at : seen.now;
    const TimeMs elapsed = seen.now - open;
    const TimeMs quiet = seen.now - std::max(open, memory.talk_at);
    if ((elapsed >= kCloseAfterMs && quiet >= kQuietMs) || elapsed >= kCloseAnywayMs) return {*ring};
    const TimeMs until = std::max(kCloseAfterMs - elapsed, kQuietMs - quiet);
    return {std::nullopt, false, std::clamp<TimeMs>(until, 300, kLookMs)};
}

// Kinds of cards up to `most` in all out of `cards`, each with its total face value.
void combos(const Counts& cards, int kind, int most, Counts& pick, std::vector<Counts>& out) {
    if (kind == kProductKinds) {
        if (product_count(pick) > 0) out.push_back(pick);
        return;
    }
    for (int n = 0; n <= cards[kind] && n <= most; ++n) {
        pick[kind] = n;
        combos(cards, kind + 1, most - n, pick, out);
    }
    pick[kind] = 0;
}

int face(const Counts& c) {
    int v = 0;
    for (int k = 0; k < kProductKinds; ++k) v += c[k] * value_of_kind(k);
    return v;
}

}  // namespace

TradeMove trading_move(const Seen& seen, const BotMemory& memory) {
    if (seen.phase != "trading") return {};
    if (auto a = persuade_move(seen)) return {a};
    if (auto a = accept_move(seen)) return {a, true};
    if (auto a = refuse_move(seen)) return {a};
    if (auto a = withdraw_move(seen)) return {a};
    if (auto a = offer_move(seen, memory)) return {a};
    return merchant_move(seen, memory);
}

std::optional<Json> persuasion_move(const Seen& seen) {
    const auto listed = seen.entries("persuasion_exchange");
    if (listed.empty()) return std::nullopt;
    const Json nothing = {{"type", "persuasion_exchange"}, {"take", Json::array()}, {"give", Json::array()}};
    const Json* mine = nullptr;
    for (const Json& p : seen.view.at("persuasions")) {
        if (p.value("persuader", -1) == seen.me && p.contains("products")) mine = &p;
    }
    if (!mine) return nothing;
    const OwnCards theirs = read_cards(mine->at("products"));
    const Counts& hand = seen.own.counts;
    std::vector<Counts> takes, gives;
    Counts pick{};
    combos(theirs.counts, 0, 3, pick, takes);
    combos(hand, 0, 4, pick, gives);
    std::map<int, std::vector<const Counts*>> by_face;
    for (const Counts& g : gives) by_face[face(g)].push_back(&g);
    const double before = hand_worth(hand);
    const double their_before = hand_worth(theirs.counts);
    double best_gain = 0;
    Json best = nothing;
    for (const Counts& t : takes) {
        const auto same = by_face.find(face(t));
        if (same == by_face.end()) continue;
        for (const Counts* g : same->second) {
            const Counts after = plus(plus(hand, *g, -1), t);
            // What they lose counts a little too: they are a rival.
            const double their_loss = their_before - hand_worth(plus(plus(theirs.counts, t, -1), *g));
            const double gain = hand_worth(after) - before + 0.3 * their_loss;
            if (gain > best_gain + 1e-9) {
                best_gain = gain;
                best = {{"type", "persuasion_exchange"}, {"take", ids_for(theirs, t)}, {"give", ids_for(seen.own, *g)}};
            }
        }
    }
    return best;
}

}  // namespace taol::games::carambouille
