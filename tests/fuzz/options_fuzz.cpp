// Fuzzes the option sets of create and start, games::complete_options, for every game and player
// count. The first two bytes pick the game and the count; the rest is the "options" of a start
// message, read by the message decoder as a client's would be. Checks: it never crashes or
// throws; options it accepts hold every option of the game and are accepted again unchanged; and
// a game set up with them keeps its invariants and sends no viewer a secret.
#include <cstddef>
#include <cstdint>
#include <string>
#include <variant>

#include "games/core/options.hpp"
#include "games/registry.hpp"
#include "protocol/messages.hpp"
#include "tests/fuzz/byte_reader.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "tests/support/game_checks.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using taol::fuzz::broken;
    namespace games = taol::games;
    taol::fuzz::ByteReader in(data, size);
    const auto all = games::all_games();
    const games::Game& game = *all[in.below(all.size())];
    const int players = game.min_players() + static_cast<int>(in.below(game.max_players() - game.min_players() + 1));
    const std::string frame = R"({"type":"start","options":)" + std::string(in.rest()) + "}";
    const auto message = taol::protocol::parse_client_message(frame);
    if (!message.ok() || !std::holds_alternative<taol::protocol::Start>(message.value().body)) return 0;
    const games::Json& given = std::get<taol::protocol::Start>(message.value().body).options;

    const auto completed = games::complete_options(game, given, players);
    if (!completed.ok()) {
        if (completed.error().message.empty()) broken("options refused without a message: " + given.dump());
        return 0;
    }
    const games::Json& options = completed.value();
    const std::string where = std::string(game.id()) + " players=" + std::to_string(players) + " options " + given.dump();
    for (const games::Json& spec : game.all_options()) {
        if (!options.contains(spec.at("name"))) broken(where + ": accepted without " + spec.at("name").dump());
    }
    const auto again = games::complete_options(game, options, players);
    if (!again.ok()) broken(where + ": accepted as " + options.dump() + ", then refused: " + again.error().message);
    if (again.value() != options) broken(where + ": accepted as " + options.dump() + ", then as " + again.value().dump());

    const auto state = game.setup(options, players, size, taol::testing::kPlayStart);
    const taol::testing::StateCheck check = taol::testing::check_state(*state, {}, players);
    if (!check.broken.empty()) broken(where + ": the new game is broken: " + check.broken);
    return 0;
}
