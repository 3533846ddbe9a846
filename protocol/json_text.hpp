#pragma once
// JSON text written as nlohmann's dump() writes it (compact, keys in order), byte for byte, but
// faster: every frame the server sends and every event it journals is written here, and dump()
// checks every character of every string as UTF-8, where the server's are nearly all plain ASCII.
// Bad UTF-8 is replaced by U+FFFD (frames: game text comes from players), or throws as dump()
// does (`strict`: the journal, which must keep exactly what was played).
#include <array>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/core/json_sink.hpp"
#include "protocol/write_ahead.hpp"

namespace taol::protocol {

enum class BadUtf8 { replace, strict };

// Appends `value`'s text to `out`.
void append_json(std::string& out, const nlohmann::json& value, BadUtf8 bad = BadUtf8::replace);
// `value`'s text: value.dump(-1, ' ', false, error_handler_t::replace), or dump() when strict.
std::string json_text(const nlohmann::json& value, BadUtf8 bad = BadUtf8::replace);
// The bytes a JSON string holds as they are: plain ASCII, neither a control character, a quote
// nor a backslash. One lookup per byte: every key and most strings of every frame pass here.
inline constexpr std::array<bool, 256> kPlainBytes = [] {
    std::array<bool, 256> plain{};
    for (int c = 0x20; c < 0x80; ++c) plain[static_cast<std::size_t>(c)] = c != '"' && c != '\\';
    return plain;
}();

// True when `text`'s JSON string is `text` itself between quotes.
inline bool plain_ascii(std::string_view text) {
    for (char c : text) {
        if (!kPlainBytes[static_cast<unsigned char>(c)]) return false;
    }
    return true;
}

// Writes the JSON string of a plain_ascii() `text` at `at`, where room was made for it and its
// two quotes; returns where it stopped.
inline char* put_plain_string(char* at, std::string_view text) {
    *at++ = '"';
    std::memcpy(at, text.data(), text.size());
    at += text.size();
    *at++ = '"';
    return at;
}

// Appends the JSON string for `text`.
void append_json_string(std::string& out, std::string_view text, BadUtf8 bad = BadUtf8::replace);
// The length of the JSON string of a `text` that is not plain_ascii(), bad UTF-8 replaced.
std::size_t escaped_string_size(std::string_view text);
// The length of that JSON string: inline for the plain strings nearly every value is.
inline std::size_t json_string_size(std::string_view text) {
    return plain_ascii(text) ? text.size() + 2 : escaped_string_size(text);
}

// The elements of a JSON array written compact (as json_text() or TextSink write it), each as its
// own text, found by reading the array's brackets and strings, with no tree built. Throws
// std::runtime_error when `array` is not one.
std::vector<std::string_view> array_elements(std::string_view array);

// Writes what a game's JsonSink calls describe as text onto `out`, the same bytes as json_text()
// of the tree they describe. A key out of order (or twice) throws std::logic_error: the text
// would no longer read as the tree's. Every frame's view is written here, a few bytes per call:
// the sink writes into `out`'s own storage, grown ahead, so `out` holds exactly the text written
// once each value begun at the top is complete (and once the sink is gone), not in between.
class TextSink final : public games::JsonSink {
public:
    explicit TextSink(std::string& out);
    TextSink(const TextSink&) = delete;
    TextSink& operator=(const TextSink&) = delete;

    void begin_object() override;
    void end_object() override;
    void begin_array() override;
    void end_array() override;
    void key(std::string_view name) override;
    void null() override;
    void boolean(bool value) override;
    void integer(std::int64_t value) override;
    void string(std::string_view value) override;
    void value(const nlohmann::json& value) override;
    // A value already written as JSON text.
    void text(std::string_view json);

private:
    struct Open {
        bool object = false;
        bool empty = true;
        // The last key, to check the next one against: where it lies in `out_` (a key with no
        // escapes is written as it is), or, escaped, a copy in escaped_keys_ at this depth.
        bool key_escaped = false;
        std::size_t key_at = 0;
        std::size_t key_size = 0;
    };
    void wrote(char* end);      // they went up to `end`
    char* comma(char* at);      // the comma before a value, between an array's elements
    void piece(std::string_view text);  // a value as text, its comma first

    WriteAhead<std::string> out_;
    std::vector<Open> open_;
    std::vector<std::string> escaped_keys_;
};

}  // namespace taol::protocol
