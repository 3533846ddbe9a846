#pragma once
// A finished game as a spectator saw it, step by step (GET /api/rooms/<code>/replay): rebuilt from
// the room's journal, redacted exactly as the spectator's snapshots were.
#include <optional>
#include <string>

#include "server/journal/journal.hpp"

namespace taol::server {

// An answer of the rooms API: an HTTP status and its JSON body.
struct ApiReply {
    int status = 200;
    Json body;
};

ApiReply api_error(int status, const char* code, std::string message);

// A replay as JSON text, as it is stored and sent; or, when there is none, the answer saying why.
struct BuiltReplay {
    std::optional<ApiReply> refused;
    std::string text;
};

// Game number `index` of the room (1-based; 0: the last one started). A game begun under rules
// the server no longer has cannot be rebuilt: 410 replay_lost (unless it was stored meanwhile).
// `stored` may be the whole record or what the journal's load_for_replay(index) gives; the reply's
// `games` counts the games `stored` holds. Written as text as the game is played again, each step's
// view straight from the game (GameState::write_view): no tree of the whole game is built.
BuiltReplay build_replay(const StoredRoom& stored, const games::Game& game, int index);
// A built replay as an answer (its text read back as a tree).
ApiReply replay_answer(BuiltReplay built);
// build_replay() as an answer.
ApiReply replay_reply(const StoredRoom& stored, const games::Game& game, int index);

}  // namespace taol::server
