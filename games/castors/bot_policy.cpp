#include "games/castors/bot_policy.hpp"

#include <algorithm>
#include <numeric>

namespace taol::games::castors {
namespace {

std::size_t at(int face) { return static_cast<std::size_t>(face); }

bool has_unknown(const std::vector<int>& row) {
    return std::any_of(row.begin(), row.end(), [](int f) { return f < 0; });
}

// The mean of the unseen number cards, and of those of them below `limit`.
double number_mean(const std::array<int, kFaceCount>& left, double limit, double fallback) {
    double sum = 0, count = 0;
    for (int f = 0; f <= 9; ++f) {
        if (f >= limit) continue;
        sum += f * left[at(f)];
        count += left[at(f)];
    }
    return count > 0 ? sum / count : fallback;
}

// The expected saving of a number card from the pile placed on a card worth `worst`.
double number_gain(const std::array<int, kFaceCount>& left, double worst, double& count) {
    double sum = 0;
    count = 0;
    for (int f = 0; f <= 9; ++f) {
        sum += left[at(f)] * std::max(0.0, worst - f);
        count += left[at(f)];
    }
    return sum;
}

}  // namespace

Outlook outlook_of(const Knowledge& k, const Params& params) {
    Outlook o;
    o.left = unseen(k);
    o.mean = number_mean(o.left, 10, 5.0);
    // A placed card beat the card it replaced, usually one at or above the mean.
    o.placed = (o.mean + number_mean(o.left, o.mean, o.mean)) / 2;
    o.kept = o.mean - params.opponent_keeps;
    return o;
}

double value_of(int face, const Outlook& o) {
    if (face == kPlaced) return o.placed;
    return is_number(face) ? face : o.mean;
}

double their_value(int face, const Outlook& o) { return face == kUnknown ? o.kept : value_of(face, o); }

std::vector<double> my_values(const Knowledge& k, const Outlook& o) {
    std::vector<double> out;
    for (int face : k.rows.at(static_cast<std::size_t>(k.me))) out.push_back(value_of(face, o));
    return out;
}

double total(const std::vector<double>& values) { return std::accumulate(values.begin(), values.end(), 0.0); }

int worst_position(const Knowledge& k, const Outlook& o) {
    const auto& row = k.rows.at(static_cast<std::size_t>(k.me));
    int best = 0;
    double best_score = -1e9;
    for (int p = 0; p < k.cards(); ++p) {
        const double score = value_of(row[p], o) + (row[p] < 0 ? 0.01 : 0.0);
        if (score > best_score) best = p, best_score = score;
    }
    return best;
}

Exchange best_exchange(const Knowledge& k, const Outlook& o) {
    Exchange best;
    const auto mine = my_values(k, o);
    for (int s = 0; s < k.players(); ++s) {
        if (s == k.me) continue;
        for (int q = 0; q < k.cards(); ++q) {
            const int theirs = k.rows[s][q];
            // A known card is worth a little more: we then know what we get.
            const double value = their_value(theirs, o) - (is_number(theirs) ? 0.05 : 0.0);
            for (int p = 0; p < k.cards(); ++p) {
                const double gain = mine[p] - value;
                if (gain > best.gain + 1e-9) best = {p, s, q, gain};
            }
        }
    }
    return best;
}

double draw_gain(const Knowledge& k, const Outlook& o, bool last_turn, const Params& params) {
    const double worst = value_of(k.rows.at(static_cast<std::size_t>(k.me)).at(worst_position(k, o)), o);
    double numbers = 0;
    const double sum = number_gain(o.left, worst, numbers);
    double all = numbers;
    for (int f = kEchanger; f <= kPiocher; ++f) all += o.left[at(f)];
    if (all <= 0) return 0;
    const double per_number = numbers > 0 ? sum / numbers : 0;
    const double info = !last_turn && has_unknown(k.rows.at(static_cast<std::size_t>(k.me))) ? params.info_value : 0;
    const double gain = sum + o.left[at(kPiocher)] * per_number + o.left[at(kRegarder)] * info +
                        o.left[at(kEchanger)] * std::max(0.0, best_exchange(k, o).gain);
    return gain / all;
}

std::vector<double> expected_rows(const Knowledge& k, const Outlook& o) {
    std::vector<double> out;
    for (int s = 0; s < k.players(); ++s) {
        double sum = 0;
        for (int face : k.rows[s]) sum += s == k.me ? value_of(face, o) : their_value(face, o);
        out.push_back(sum);
    }
    return out;
}

bool should_knock(const Knowledge& k, const Outlook& o, const std::vector<double>& row, const Params& params) {
    const double cards = k.cards();
    const double mine = total(row);
    if (mine <= params.knock_low_per_card * cards) return true;
    const auto rows = expected_rows(k, o);
    double best_other = 1e9;
    for (int s = 0; s < k.players(); ++s) {
        if (s != k.me) best_other = std::min(best_other, rows[static_cast<std::size_t>(s)]);
    }
    return mine <= params.knock_cap_per_card * cards && mine + params.knock_margin_per_card * cards <= best_other;
}

}  // namespace taol::games::castors
