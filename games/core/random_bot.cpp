#include "games/core/random_bot.hpp"

#include "games/core/bot_tools.hpp"

namespace taol::games {
namespace {

class RandomBot final : public Bot {
public:
    BotTurn step(const Json& memory, const Json& snapshot, Rng& rng) const override {
        const Json& actions = snapshot.at("actions");
        if (actions.empty()) return {memory, std::nullopt, 0};
        // Optional actions (a grab, an offer) only a third of the times it looks.
        if (!waited_for(snapshot) && rng.below(3) != 0) return {memory, std::nullopt, human_think(rng)};
        return {memory, fill_template(actions.at(rng.below(actions.size())), rng), human_think(rng)};
    }
};

}  // namespace

const Bot& random_bot() {
    static const RandomBot bot;
    return bot;
}

}  // namespace taol::games
