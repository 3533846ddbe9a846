#include "games/bharg/bot_draws.hpp"

#include <bit>
#include <stdexcept>

#include "games/bharg/solver.hpp"

namespace taol::games::bharg {
namespace {

std::size_t ace_slot(CardId ace) { return static_cast<std::size_t>(std::countr_zero(static_cast<unsigned>(info(ace).suits))); }

}  // namespace

DrawTable::DrawTable(std::span<const CardId> hand, std::optional<CardId> top_ace) : size_(hand.size()), top_ace_(top_ace) {
    if (size_ > kMaxHand) throw std::length_error("bharg::DrawTable: hand too large");
    std::copy(hand.begin(), hand.end(), hand_.begin());
    full_ = (1u << size_) - 1;
    std::array<std::uint8_t, kSubsets> suits{};  // per subset: the union of its suits
    std::array<bool, kSubsets> disjoint{};       // no suit twice, no Excuse
    std::array<std::uint8_t, kSubsets> key{};    // per cover: its suits (64: not a cover)
    disjoint[0] = true;
    std::array<std::uint16_t, 65> count{};
    for (std::uint32_t s = 1; s <= full_; ++s) {
        const CardInfo& card = info(hand_[static_cast<std::size_t>(std::countr_zero(s))]);
        const std::uint32_t rest = s & (s - 1);
        suits[s] = static_cast<std::uint8_t>(suits[rest] | card.suits);
        disjoint[s] = disjoint[rest] && card.kind != Kind::excuse && (suits[rest] & card.suits) == 0;
        key[s] = disjoint[s] && std::popcount(s) >= 2 ? suits[s] : 64;
        ++count[key[s]];
        if (key[s] == kAllSuits && std::popcount(s) >= 3) bhargs_[bharg_count_++] = s;
    }
    // Counting sort of the covers by their suits.
    for (std::size_t k = 0; k < 64; ++k) cover_start_[k + 1] = static_cast<std::uint16_t>(cover_start_[k] + count[k]);
    std::array<std::uint16_t, 64> next{};
    for (std::size_t k = 0; k < 64; ++k) next[k] = cover_start_[k];
    for (std::uint32_t s = 1; s <= full_; ++s) {
        if (key[s] < 64) covers_[next[key[s]]++] = s;
    }
    fill(best_current_, top_ace_);
}

void DrawTable::fill(Best& best, std::optional<CardId> top_ace) const {
    best[0] = 0;
    for (std::uint32_t s = 1; s <= full_; ++s) {
        const std::uint32_t low_bit = s & (~s + 1);
        const CardId card = hand_[static_cast<std::size_t>(std::countr_zero(s))];
        int value = best[s ^ low_bit] + (ace_binds(top_ace, card) ? 0 : info(card).value);
        for (std::size_t k = 0; k < bharg_count_; ++k) {
            const std::uint32_t b = bhargs_[k];
            if ((b & low_bit) != 0 && (b & ~s) == 0 && best[s ^ b] < value) value = best[s ^ b];
        }
        best[s] = value;
    }
}

const DrawTable::Best& DrawTable::best_under(std::optional<CardId> top_ace) {
    if (top_ace == top_ace_ || !top_ace) return best_current_;
    const std::size_t slot = ace_slot(*top_ace);
    if (!ace_ready_[slot]) {
        fill(best_ace_[slot], top_ace);
        ace_ready_[slot] = true;
    }
    return best_ace_[slot];
}

int DrawTable::best_after(CardId card) {
    // The card goes straight back.
    int result = best_under(is_ace(card) ? std::optional<CardId>(card) : top_ace_)[full_];
    // The subsets of the hand that make a bharg with the card.
    const CardInfo& drawn = info(card);
    std::size_t from = 0, to = 0;
    if (drawn.kind != Kind::excuse && drawn.suits != 0) {
        from = cover_start_[kAllSuits ^ drawn.suits];
        to = cover_start_[(kAllSuits ^ drawn.suits) + 1u];
    }
    for (std::size_t i = 0; i < size_; ++i) {
        const CardId gone = hand_[i];
        const std::optional<CardId> top = is_ace(gone) ? std::optional<CardId>(gone) : top_ace_;
        const Best& best = best_under(top);
        const std::uint32_t rest = full_ ^ (1u << i);
        int value = best[rest] + (ace_binds(top, card) ? 0 : drawn.value);
        for (std::size_t k = from; k < to; ++k) {
            const std::uint32_t partner = covers_[k];
            if ((partner & ~rest) == 0 && best[rest ^ partner] < value) value = best[rest ^ partner];
        }
        if (value < result) result = value;
    }
    return result;
}

}  // namespace taol::games::bharg
