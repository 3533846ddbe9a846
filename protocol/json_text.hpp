#pragma once
// JSON text written as nlohmann's dump() writes it (compact, keys in order), byte for byte, but
// faster: every frame the server sends and every event it journals is written here, and dump()
// checks every character of every string as UTF-8, where the server's are nearly all plain ASCII.
// Bad UTF-8 is replaced by U+FFFD (frames: game text comes from players), or throws as dump()
// does (`strict`: the journal, which must keep exactly what was played).
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace taol::protocol {

enum class BadUtf8 { replace, strict };

// Appends `value`'s text to `out`.
void append_json(std::string& out, const nlohmann::json& value, BadUtf8 bad = BadUtf8::replace);
// `value`'s text: value.dump(-1, ' ', false, error_handler_t::replace), or dump() when strict.
std::string json_text(const nlohmann::json& value, BadUtf8 bad = BadUtf8::replace);
// Appends the JSON string for `text`.
void append_json_string(std::string& out, std::string_view text, BadUtf8 bad = BadUtf8::replace);

}  // namespace taol::protocol
