#include "protocol/json_diff.hpp"

namespace taol::protocol {
namespace {

// About how long `value` is once written, without writing it (strings are counted unescaped):
// enough to choose between two patches, at no allocation.
std::size_t written_size(const Json& value) {
    switch (value.type()) {
        case Json::value_t::object: {
            std::size_t size = 2;
            for (auto it = value.begin(); it != value.end(); ++it) size += it.key().size() + 4 + written_size(it.value());
            return size;
        }
        case Json::value_t::array: {
            std::size_t size = 2;
            for (const Json& item : value) size += 1 + written_size(item);
            return size;
        }
        case Json::value_t::string: return value.get_ref<const std::string&>().size() + 2;
        case Json::value_t::number_integer:
        case Json::value_t::number_unsigned: {
            std::size_t digits = 1;
            for (auto n = value.get<std::int64_t>(); n >= 10 || n <= -10; n /= 10) ++digits;
            return digits + (value.get<std::int64_t>() < 0 ? 1 : 0);
        }
        case Json::value_t::number_float: return 12;
        default: return 5;  // null, true, false
    }
}

// An operation's length: {"op":"replace","path":…,"value":…}.
std::size_t op_size(const Json& op) {
    auto value = op.find("value");
    return 32 + op.at("path").get_ref<const std::string&>().size() + (value != op.end() ? written_size(*value) : 0);
}

Json replace(const std::string& path, const Json& value) {
    return Json{{"op", "replace"}, {"path", path}, {"value", value}};
}

// What turns container `from` into `to` (same type) member by member.
Json members_diff(const Json& from, const Json& to, const std::string& path) {
    Json ops = Json::array();
    if (from.is_object()) {
        for (auto it = from.begin(); it != from.end(); ++it) {
            const std::string member = path + "/" + pointer_token(it.key());
            auto there = to.find(it.key());
            if (there == to.end()) ops.push_back(Json{{"op", "remove"}, {"path", member}});
            else append_diff(it.value(), *there, member, ops);
        }
        for (auto it = to.begin(); it != to.end(); ++it) {
            if (!from.contains(it.key())) {
                ops.push_back(Json{{"op", "add"}, {"path", path + "/" + pointer_token(it.key())}, {"value", it.value()}});
            }
        }
        return ops;
    }
    // What both arrays begin and end with stays; only the middle changes (a card played from the
    // middle of a hand is one remove, not a replace of every card after it).
    std::size_t head = 0;
    while (head < from.size() && head < to.size() && from[head] == to[head]) ++head;
    std::size_t tail = 0;
    while (tail < from.size() - head && tail < to.size() - head &&
           from[from.size() - 1 - tail] == to[to.size() - 1 - tail]) {
        ++tail;
    }
    const std::size_t from_end = from.size() - tail;
    const std::size_t to_end = to.size() - tail;
    const std::size_t common = std::min(from_end - head, to_end - head);
    for (std::size_t i = head; i < head + common; ++i) append_diff(from[i], to[i], path + "/" + std::to_string(i), ops);
    // Removed from the last first, so that every index still names the element it meant.
    for (std::size_t i = from_end; i-- > head + common;) {
        ops.push_back(Json{{"op", "remove"}, {"path", path + "/" + std::to_string(i)}});
    }
    for (std::size_t i = head + common; i < to_end; ++i) {
        ops.push_back(Json{{"op", "add"}, {"path", path + "/" + std::to_string(i)}, {"value", to[i]}});
    }
    return ops;
}

}  // namespace

std::string pointer_token(const std::string& key) {
    std::string token;
    token.reserve(key.size());
    for (char c : key) {
        if (c == '~') token += "~0";
        else if (c == '/') token += "~1";
        else token += c;
    }
    return token;
}

void append_diff(const Json& from, const Json& to, const std::string& path, Json& ops) {
    if (from == to) return;
    const bool containers = from.type() == to.type() && (from.is_object() || from.is_array());
    if (!containers || path.empty()) {
        // The root itself is never replaced here: a baseline keeps its keys (callers diff below it).
        if (!containers) ops.push_back(replace(path, to));
        else for (Json& op : members_diff(from, to, path)) ops.push_back(std::move(op));
        return;
    }
    Json members = members_diff(from, to, path);
    if (members.size() > 1) {
        std::size_t members_size = 0;
        for (const Json& op : members) members_size += op_size(op);
        if (32 + path.size() + written_size(to) < members_size) return ops.push_back(replace(path, to));
    }
    for (Json& op : members) ops.push_back(std::move(op));
}

}  // namespace taol::protocol
