#pragma once
// The top-level members of a JSON object's text, found without building a tree: the load
// generator reads thousands of snapshots a second and needs four of their members, and parsing
// each whole would cost it more CPU than the server spends sending them (it shares the machine).
// The server's frames are well-formed; a frame that is not ends the skim early.
#include <cstddef>
#include <string_view>

namespace taol::bench {

// The end (one past) of the JSON value starting at text[at], or npos if it runs off the end.
inline std::size_t skip_json_value(std::string_view text, std::size_t at) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = at; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"') {
                in_string = false;
                if (depth == 0) return i + 1;
            }
            continue;
        }
        switch (c) {
            case '"': in_string = true; break;
            case '{': case '[': ++depth; break;
            case '}': case ']':
                if (depth == 0) return i;  // the end of the enclosing container: a scalar ended here
                if (--depth == 0) return i + 1;
                break;
            case ',':
                if (depth == 0) return i;
                break;
            default: break;
        }
    }
    return depth == 0 && !in_string ? text.size() : std::string_view::npos;
}

// Calls on_member(key, value_text) for each member of the object `text`, in order; keys are taken
// as written (the server's keys need no escapes). Returns false if the text is not an object.
template <typename OnMember>
bool for_each_member(std::string_view text, OnMember&& on_member) {
    const auto is_space = [](char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; };
    const auto skip_space = [&](std::size_t i) {
        while (i < text.size() && is_space(text[i])) ++i;
        return i;
    };
    std::size_t i = skip_space(0);
    if (i >= text.size() || text[i] != '{') return false;
    i = skip_space(i + 1);
    if (i < text.size() && text[i] == '}') return true;
    while (i < text.size() && text[i] == '"') {
        const std::size_t key_end = skip_json_value(text, i);
        if (key_end == std::string_view::npos) return false;
        const std::string_view key = text.substr(i + 1, key_end - i - 2);
        i = skip_space(key_end);
        if (i >= text.size() || text[i] != ':') return false;
        const std::size_t value_at = skip_space(i + 1);
        std::size_t value_end = skip_json_value(text, value_at);
        if (value_end == std::string_view::npos) return false;
        std::size_t trimmed = value_end;
        while (trimmed > value_at && is_space(text[trimmed - 1])) --trimmed;
        on_member(key, text.substr(value_at, trimmed - value_at));
        i = skip_space(value_end);
        if (i < text.size() && text[i] == '}') return true;
        if (i >= text.size() || text[i] != ',') return false;
        i = skip_space(i + 1);
    }
    return false;
}

}  // namespace taol::bench
