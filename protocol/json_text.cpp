#include "protocol/json_text.hpp"

#include <charconv>

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

bool plain_ascii(std::string_view text) {
    for (char c : text) {
        const auto u = static_cast<unsigned char>(c);
        if (u < 0x20 || u >= 0x80 || c == '"' || c == '\\') return false;
    }
    return true;
}

template <typename Int>
void append_integer(std::string& out, Int n) {
    char digits[24];
    const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, n);
    out.append(digits, end);
}

}  // namespace

void append_json_string(std::string& out, std::string_view text, BadUtf8 bad) {
    if (!plain_ascii(text)) return append_by_nlohmann(out, Json(text), bad);
    out += '"';
    out += text;
    out += '"';
}

std::size_t json_string_size(std::string_view text) {
    if (plain_ascii(text)) return text.size() + 2;
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

std::string json_text(const Json& value, BadUtf8 bad) {
    std::string out;
    append_json(out, value, bad);
    return out;
}

void TextSink::before_value() {
    if (open_.empty() || open_.back().object) return;  // a key wrote the object's comma
    if (!open_.back().empty) out_ += ',';
    open_.back().empty = false;
}

void TextSink::begin_object() {
    before_value();
    out_ += '{';
    open_.push_back({true, true, {}});
}

void TextSink::begin_array() {
    before_value();
    out_ += '[';
    open_.push_back({false, true, {}});
}

void TextSink::end_object() {
    out_ += '}';
    open_.pop_back();
}

void TextSink::end_array() {
    out_ += ']';
    open_.pop_back();
}

void TextSink::key(std::string_view name) {
    Open& object = open_.back();
    object.keys.check(name);
    if (!object.empty) out_ += ',';
    object.empty = false;
    append_json_string(out_, name);
    out_ += ':';
}

void TextSink::null() {
    before_value();
    out_ += "null";
}

void TextSink::boolean(bool value) {
    before_value();
    out_ += value ? "true" : "false";
}

void TextSink::integer(std::int64_t value) {
    before_value();
    append_integer(out_, value);
}

void TextSink::string(std::string_view value) {
    before_value();
    append_json_string(out_, value);
}

void TextSink::text(std::string_view json) {
    before_value();
    out_ += json;
}

void TextSink::value(const Json& value) {
    before_value();
    append_json(out_, value);
}

}  // namespace taol::protocol
