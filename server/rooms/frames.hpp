#pragma once
// Server messages, encoded once into frames that peers share.
#include <cstdint>
#include <optional>
#include <string>

#include "protocol/messages.hpp"
#include "server/rooms/peer.hpp"

namespace taol::server {

// `message`, with "id" when it answers a message that carried one.
inline Frame encode_frame(const protocol::Json& message, std::optional<std::int64_t> id = std::nullopt) {
    return make_frame(protocol::encode(id ? protocol::with_id(message, id) : message));
}

inline protocol::ErrorInfo error_info(protocol::ErrorCode code, std::string message) {
    protocol::ErrorInfo error;
    error.code = code;
    error.message = std::move(message);
    return error;
}

inline Frame error_frame(const protocol::ErrorInfo& error, std::optional<std::int64_t> id) {
    return encode_frame(protocol::error_json(error), id);
}

inline Frame error_frame(protocol::ErrorCode code, std::string message, std::optional<std::int64_t> id) {
    return error_frame(error_info(code, std::move(message)), id);
}

// For std::visit over a variant with one lambda per alternative.
template <class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

}  // namespace taol::server
