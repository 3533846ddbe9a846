#include "tests/support/generator_draws.hpp"

#include <cctype>
#include <cstdlib>

#include "games/core/ids.hpp"
#include "games/core/rng.hpp"

namespace taol::testing {

namespace {

// Carambouille's ids up to rules version 2: a letter, then four letters or digits, each drawn
// with Rng::below() (so the residue of one draw).
constexpr std::string_view kOldLetters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
constexpr std::string_view kOldSymbols = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

}  // namespace

GeneratorDraws::GeneratorDraws(std::uint64_t seed, int count) {
    games::Rng rng(seed);
    std::vector<std::uint64_t> all;
    for (int i = 0; i < count; ++i) {
        const std::uint64_t draw = rng.next();
        all.push_back(draw);
        draws_.insert(draw);
        as_ids_.insert(*games::decode_id(games::encode_id(draw)));
    }
    for (std::size_t i = 0; i + 5 <= all.size(); ++i) {
        std::string run(1, kOldLetters[all[i] % kOldLetters.size()]);
        for (std::size_t k = 1; k < 5; ++k) run += kOldSymbols[all[i + k] % kOldSymbols.size()];
        symbol_runs_.insert(std::move(run));
    }
}

bool GeneratorDraws::is_draw_text(const std::string& text) const {
    if (const auto id = games::decode_id(text); id && as_ids_.count(*id)) return true;
    if (symbol_runs_.count(text)) return true;
    // A draw written as a decimal or 0x-hexadecimal number.
    if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0]))) return false;
    char* end = nullptr;
    const std::uint64_t number = std::strtoull(text.c_str(), &end, 0);
    return end == text.c_str() + text.size() && draws_.count(number);
}

void GeneratorDraws::search(const games::Json& value, std::vector<std::string>& found) const {
    if (value.is_object()) {
        for (const auto& [key, inner] : value.items()) {
            if (is_draw_text(key)) found.push_back(key);
            search(inner, found);
        }
    } else if (value.is_array()) {
        for (const games::Json& inner : value) search(inner, found);
    } else if (value.is_string()) {
        if (is_draw_text(value.get<std::string>())) found.push_back(value.get<std::string>());
    } else if (value.is_number_unsigned() || value.is_number_integer()) {
        if (draws_.count(value.get<std::uint64_t>())) found.push_back(value.dump());
    }
}

std::vector<std::string> GeneratorDraws::found_in(const games::Json& sent) const {
    std::vector<std::string> found;
    search(sent, found);
    return found;
}

games::Json sent_to(const games::GameState& state, games::Viewer viewer, const std::vector<games::LogEntry>& log) {
    games::Json sent = games::Json::array({state.view(viewer)});
    if (viewer) sent.push_back(state.actions(*viewer));
    for (const games::LogEntry& entry : log) {
        if (entry.visible_to(viewer)) sent.push_back(entry.to_json());
    }
    if (state.finished()) sent.push_back(state.outcome());
    return sent;
}

}  // namespace taol::testing
