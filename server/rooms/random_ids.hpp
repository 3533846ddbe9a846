#pragma once
// Unguessable identifiers, from the operating system's CSPRNG (getrandom).
#include <cstdint>
#include <string>

namespace taol::server {

// 128 random bits as 32 hex digits: a player's secret token.
std::string random_token();

// 64 random bits as "p" + 16 hex digits: a player's public id.
std::string random_player_id();

// protocol::kRoomCodeLength symbols of protocol::kRoomCodeAlphabet (40 bits).
std::string random_room_code();

// A game seed.
std::uint64_t random_seed();

}  // namespace taol::server
