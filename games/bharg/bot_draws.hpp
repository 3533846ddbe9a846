#pragma once
// The bot's fast question, asked thousands of times per decision: "if this card came to this
// 7-card hand, how little could be left unbound after the best discard?". The same answer as the
// exact solver (games/bharg/solver.hpp; tests/games/bharg_bot_test.cpp compares them), computed
// once per hand over its subsets, then in a few dozen steps per card. No heap: fixed arrays.
#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "games/bharg/cards.hpp"

namespace taol::games::bharg {

class DrawTable {
public:
    static constexpr std::size_t kMaxHand = 8;

    DrawTable(std::span<const CardId> hand, std::optional<CardId> top_ace);

    // The least unbound value once `card` is added and one card of the hand or `card` itself is
    // discarded (a discarded Ace becomes the top Ace first).
    int best_after(CardId card);

private:
    static constexpr std::size_t kSubsets = 1u << kMaxHand;
    using Best = std::array<int, kSubsets>;  // the least unbound value of each subset of the hand

    // The table of one top Ace: the current one, or an Ace of the hand (or the drawn one) once
    // discarded, built when first needed.
    const Best& best_under(std::optional<CardId> top_ace);
    void fill(Best& best, std::optional<CardId> top_ace) const;

    std::array<CardId, kMaxHand> hand_{};
    std::size_t size_ = 0;
    std::optional<CardId> top_ace_;
    std::uint32_t full_ = 0;
    std::array<std::uint32_t, kSubsets> bhargs_{};  // the hand's bhargs, as position masks
    std::size_t bharg_count_ = 0;
    // The subsets of at least 2 cards with no suit twice, grouped by their suits: covers_ from
    // cover_start_[suits] to cover_start_[suits + 1]. A drawn card with the other suits makes a
    // bharg with any of them.
    std::array<std::uint32_t, kSubsets> covers_{};
    std::array<std::uint16_t, 65> cover_start_{};
    Best best_current_{};
    std::array<Best, 6> best_ace_{};  // per Ace suit
    std::array<bool, 6> ace_ready_{};
};

}  // namespace taol::games::bharg
