#include "games/bharg/solver.hpp"

#include <bit>
#include <cstdint>
#include <stdexcept>

namespace taol::games::bharg {
namespace {

constexpr std::size_t kMaxHand = 12;

// A cost packed in one integer, compared lexicographically: unbound value, then unbound cards,
// then fewer cards in bhargs. Each part stays below the next one's unit, so sums keep the order.
constexpr int kValueUnit = 1 << 12;
constexpr int kCardUnit = 1 << 5;

// The best cost of every subset of the hand (bit i = hand[i]), by dynamic programming: the lowest
// card of a subset either stands alone or is in one of the bhargs inside the subset.
struct Search {
    std::vector<std::uint32_t> bhargs;  // every bharg of the hand, as position masks
    std::vector<int> best;
    std::vector<std::uint32_t> choice;  // the bharg holding the lowest card, 0 = alone

    Search(std::span<const CardId> hand, std::optional<CardId> top_ace) {
        const std::size_t n = hand.size();
        if (n > kMaxHand) throw std::length_error("bharg::arrange: hand too large");
        // Partial covers are extended card by card, so overlapping suits prune early.
        std::vector<std::pair<std::uint32_t, unsigned>> partial{{0u, 0u}};  // (positions, suits)
        for (std::size_t i = 0; i < n; ++i) {
            const CardInfo& card = info(hand[i]);
            if (card.kind == Kind::excuse || card.suits == 0) continue;
            const std::size_t before = partial.size();
            for (std::size_t k = 0; k < before; ++k) {
                const auto [positions, suits] = partial[k];
                if (suits & card.suits) continue;
                const std::uint32_t with = positions | (1u << i);
                const unsigned covered = suits | card.suits;
                if (covered != kAllSuits) {
                    partial.emplace_back(with, covered);
                } else if (std::popcount(with) >= 3) {
                    bhargs.push_back(with);
                }
            }
        }
        int alone[kMaxHand] = {};
        for (std::size_t i = 0; i < n; ++i) {
            alone[i] = ace_binds(top_ace, hand[i]) ? 0 : info(hand[i]).value * kValueUnit + kCardUnit;
        }
        const std::uint32_t full = (1u << n) - 1;
        best.assign(std::size_t{full} + 1, 0);
        choice.assign(std::size_t{full} + 1, 0);
        for (std::uint32_t s = 1; s <= full; ++s) {
            const int low = std::countr_zero(s);
            const std::uint32_t low_bit = 1u << low;
            best[s] = alone[low] + best[s ^ low_bit];
            for (std::uint32_t b : bhargs) {
                if ((b & low_bit) == 0 || (b & ~s) != 0) continue;
                const int with = best[s ^ b] - std::popcount(b);
                if (with < best[s]) {
                    best[s] = with;
                    choice[s] = b;
                }
            }
        }
    }

    // The unbound value alone: the tie-break parts stay within (-kCardUnit, kValueUnit - kCardUnit).
    static int value_of(int cost) { return (cost + kCardUnit) / kValueUnit; }
};

}  // namespace

bool is_bharg(std::span<const CardId> cards) {
    if (cards.size() < 3) return false;
    unsigned covered = 0;
    for (CardId c : cards) {
        const CardInfo& card = info(c);
        if (card.kind == Kind::excuse || (covered & card.suits) != 0) return false;
        covered |= card.suits;
    }
    return covered == kAllSuits;
}

bool ace_binds(std::optional<CardId> top_ace, CardId card) {
    if (info(card).kind == Kind::excuse) return true;
    return top_ace && (info(*top_ace).suits & info(card).suits) != 0;
}

Arrangement arrange(std::span<const CardId> hand, std::optional<CardId> top_ace) {
    const Search search(hand, top_ace);
    Arrangement result;
    for (std::uint32_t s = static_cast<std::uint32_t>(search.best.size() - 1); s != 0;) {
        if (const std::uint32_t b = search.choice[s]; b != 0) {
            std::vector<CardId> group;
            for (std::size_t i = 0; i < hand.size(); ++i) {
                if (b & (1u << i)) group.push_back(hand[i]);
            }
            result.bhargs.push_back(std::move(group));
            s ^= b;
            continue;
        }
        const int low = std::countr_zero(s);
        const CardId card = hand[static_cast<std::size_t>(low)];
        if (ace_binds(top_ace, card)) {
            result.ace_bound.push_back(card);
        } else {
            result.unbound.push_back(card);
            result.unbound_value += info(card).value;
        }
        s ^= 1u << low;
    }
    return result;
}

std::vector<int> unbound_without_each(std::span<const CardId> hand, std::optional<CardId> top_ace) {
    const Search search(hand, top_ace);
    const auto full = static_cast<std::uint32_t>(search.best.size() - 1);
    std::vector<int> values;
    for (std::size_t i = 0; i < hand.size(); ++i) values.push_back(Search::value_of(search.best[full ^ (1u << i)]));
    return values;
}

}  // namespace taol::games::bharg
