#include "games/registry.hpp"

#include "games/bharg/bharg.hpp"
#include "games/bigoudenn/bigoudenn.hpp"
#include "games/carambouille/carambouille.hpp"
#include "games/castors/castors.hpp"
#include "games/fishfish/fishfish.hpp"

namespace taol::games {

std::span<const Game* const> all_games() {
    static const Game* const games[] = {
        &fishfish::game(),
        &bharg::game(),
        &bigoudenn::game(),
        &castors::game(),
        &carambouille::game(),
    };
    return games;
}

const Game* find_game(std::string_view id) {
    for (const Game* game : all_games()) {
        if (game->id() == id) return game;
    }
    return nullptr;
}

}  // namespace taol::games
