#include "protocol/json_text.hpp"

#include <charconv>
#include <cstring>
#include <stdexcept>

namespace taol::protocol {
namespace {

using Json = nlohmann::json;

// What nlohmann writes itself: floats (its own shortest form), strings that need escapes or are
// not ASCII, binary values.
void append_by_nlohmann(std::string& out, const Json& value, BadUtf8 bad) {
    nlohmann::detail::serializer<Json> writer(
        nlohmann::detail::output_adapter<char>(out), ' ',
        bad == BadUtf8::strict ? Json::error_handler_t::strict : Json::error_handler_t::replace);
    writer.dump(value, false, false, 0);
}

template <typename Int>
void append_integer(std::string& out, Int n) {
    char digits[24];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    out.append(digits, static_cast<std::size_t>(end - digits));
}

}  // namespace

void append_json_string(std::string& out, std::string_view text, BadUtf8 bad) {
    if (!plain_ascii(text)) return append_by_nlohmann(out, Json(text), bad);
    const std::size_t at = out.size();
    out.append(text.size() + 2, '"');  // the quotes, and room between them
    std::memcpy(out.data() + at + 1, text.data(), text.size());
}

std::size_t escaped_string_size(std::string_view text) {
    std::string written;
    append_by_nlohmann(written, Json(text), BadUtf8::replace);
    return written.size();
}

void append_json(std::string& out, const Json& value, BadUtf8 bad) {
    switch (value.type()) {
        case Json::value_t::object: {
            const auto& members = value.get_ref<const Json::object_t&>();
            out += '{';
            bool first = true;
            for (const auto& [key, member] : members) {
                if (!first) out += ',';
                first = false;
                append_json_string(out, key, bad);
                out += ':';
                append_json(out, member, bad);
            }
            out += '}';
            return;
        }
        case Json::value_t::array: {
            const auto& elements = value.get_ref<const Json::array_t&>();
            out += '[';
            bool first = true;
            for (const Json& element : elements) {
                if (!first) out += ',';
                first = false;
                append_json(out, element, bad);
            }
            out += ']';
            return;
        }
        case Json::value_t::string: return append_json_string(out, value.get_ref<const std::string&>(), bad);
        case Json::value_t::number_integer: return append_integer(out, value.get<Json::number_integer_t>());
        case Json::value_t::number_unsigned: return append_integer(out, value.get<Json::number_unsigned_t>());
        case Json::value_t::boolean: out += value.get<bool>() ? "true" : "false"; return;
        case Json::value_t::null: out += "null"; return;
        default: return append_by_nlohmann(out, value, bad);  // floats, binary, discarded
    }
}

std::vector<std::string_view> array_elements(std::string_view array) {
    if (array.size() < 2 || array.front() != '[' || array.back() != ']') {
        throw std::runtime_error("not a JSON array: " + std::string(array.substr(0, 40)));
    }
    std::vector<std::string_view> elements;
    if (array.size() == 2) return elements;
    std::size_t depth = 0;
    std::size_t begin = 1;
    bool in_string = false;
    for (std::size_t i = 1; i + 1 < array.size(); ++i) {
        const char c = array[i];
        if (in_string) {
            if (c == '\\') ++i;  // the escaped character cannot end the string
            else if (c == '"') in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (depth == 0) throw std::runtime_error("a JSON array closed before its end");
            --depth;
        } else if (c == ',' && depth == 0) {
            elements.push_back(array.substr(begin, i - begin));
            begin = i + 1;
        }
    }
    if (depth != 0 || in_string) throw std::runtime_error("a JSON array cut short");
    elements.push_back(array.substr(begin, array.size() - 1 - begin));
    return elements;
}

std::string json_text(const Json& value, BadUtf8 bad) {
    std::string out;
    append_json(out, value, bad);
    return out;
}

TextSink::TextSink(std::string& out) : out_(out) { open_.reserve(8); }

void TextSink::wrote(char* end) {
    out_.wrote(end);
    if (open_.empty()) out_.cut();  // a whole value: the string holds exactly the text
}

char* TextSink::comma(char* at) {
    if (open_.empty() || open_.back().object) return at;  // a key wrote the object's comma
    Open& array = open_.back();
    if (!array.empty) *at++ = ',';
    array.empty = false;
    return at;
}

void TextSink::piece(std::string_view text) {
    char* at = comma(out_.room(text.size() + 1));
    std::memcpy(at, text.data(), text.size());
    wrote(at + text.size());
}

void TextSink::begin_object() {
    char* at = comma(out_.room(2));
    *at++ = '{';
    open_.push_back({true, true});
    wrote(at);
}

void TextSink::begin_array() {
    char* at = comma(out_.room(2));
    *at++ = '[';
    open_.push_back({false, true});
    wrote(at);
}

void TextSink::end_object() {
    char* at = out_.room(1);
    *at++ = '}';
    open_.pop_back();
    wrote(at);
}

void TextSink::end_array() {
    char* at = out_.room(1);
    *at++ = ']';
    open_.pop_back();
    wrote(at);
}

void TextSink::key(std::string_view name) {
    Open& object = open_.back();
    const std::size_t depth = open_.size() - 1;
    const bool first = object.empty;
    if (!first) {
        const std::string_view last =
            object.key_escaped ? std::string_view(escaped_keys_[depth]) : std::string_view(out_.data() + object.key_at, object.key_size);
        if (!games::key_follows(name, last)) games::refuse_key_order(name, last);
    }
    object.empty = false;
    object.key_escaped = !plain_ascii(name);
    if (object.key_escaped) {
        if (escaped_keys_.size() <= depth) escaped_keys_.resize(depth + 1);
        escaped_keys_[depth].assign(name);
        std::string quoted = first ? "" : ",";
        append_json_string(quoted, name);
        quoted += ':';
        return piece(quoted);
    }
    // Written as it is: the next key is checked against these bytes.
    char* at = out_.room(name.size() + 4);
    if (!first) *at++ = ',';
    *at++ = '"';
    object.key_at = static_cast<std::size_t>(at - out_.data());
    object.key_size = name.size();
    std::memcpy(at, name.data(), name.size());
    at += name.size();
    *at++ = '"';
    *at++ = ':';
    wrote(at);
}

void TextSink::null() { piece("null"); }

void TextSink::boolean(bool value) { piece(value ? "true" : "false"); }

void TextSink::integer(std::int64_t value) {
    constexpr std::size_t kLongest = 20;  // "-9223372036854775808"
    char* at = comma(out_.room(kLongest + 1));
    wrote(std::to_chars(at, at + kLongest, value).ptr);
}

void TextSink::string(std::string_view value) {
    if (!plain_ascii(value)) {
        std::string quoted;
        append_json_string(quoted, value);
        return piece(quoted);
    }
    char* at = comma(out_.room(value.size() + 3));
    wrote(put_plain_string(at, value));
}

void TextSink::text(std::string_view json) { piece(json); }

void TextSink::value(const Json& value) {
    std::string written;
    append_json(written, value);
    piece(written);
}

}  // namespace taol::protocol
