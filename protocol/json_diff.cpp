#include "protocol/json_diff.hpp"

namespace taol::protocol {
namespace {

// Operations written out, comma-separated, without the array's brackets.
struct Ops {
    std::string text;
    std::size_t count = 0;

    void add(std::string_view op, const std::string& path, const Packed* value) {
        if (count++) text += ',';
        text += "{\"op\":\"";
        text += op;
        text += "\",\"path\":";
        append_json_string(text, path);
        if (value) {
            text += ",\"value\":";
            append_json_text(text, *value);
        }
        text += '}';
    }
    void add(Ops&& more) {
        if (!more.count) return;
        if (count) text += ',';
        text += more.text;
        count += more.count;
    }
};

void diff_into(const Packed& from, const Packed& to, const std::string& path, Ops& out);

// What turns container `from` into `to` (same kind) member by member.
void members_diff(const Packed& from, const Packed& to, const std::string& path, Ops& out) {
    if (from.is_map()) {
        // Both maps list their keys sorted: walked side by side, removals and changes first, in
        // `from`'s order, then additions.
        Items before(from), after(to);
        Packed key, value, next_key, next_value;
        const auto advance = [&] { return after.next(next_key) && after.next(next_value); };
        std::vector<std::pair<std::string_view, Packed>> added;
        bool more = advance();
        while (before.next(key) && before.next(value)) {
            const std::string_view name = string_of(key);
            for (; more && string_of(next_key) < name; more = advance()) added.emplace_back(string_of(next_key), next_value);
            if (more && string_of(next_key) == name) {
                if (!(value == next_value)) diff_into(value, next_value, path + "/" + pointer_token(name), out);
                more = advance();
            } else {
                out.add("remove", path + "/" + pointer_token(name), nullptr);
            }
        }
        for (; more; more = advance()) added.emplace_back(string_of(next_key), next_value);
        for (const auto& [name, added_value] : added) out.add("add", path + "/" + pointer_token(name), &added_value);
        return;
    }
    // What both arrays begin and end with stays; only the middle changes (a card played from the
    // middle of a hand is one remove, not a replace of every card after it).
    const std::vector<Packed> a = elements(from);
    const std::vector<Packed> b = elements(to);
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
    std::size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
    const std::size_t a_end = a.size() - tail;
    const std::size_t b_end = b.size() - tail;
    const std::size_t common = std::min(a_end - head, b_end - head);
    for (std::size_t i = head; i < head + common; ++i) {
        if (!(a[i] == b[i])) diff_into(a[i], b[i], path + "/" + std::to_string(i), out);
    }
    // Removed from the last first, so that every index still names the element it meant.
    for (std::size_t i = a_end; i-- > head + common;) out.add("remove", path + "/" + std::to_string(i), nullptr);
    for (std::size_t i = head + common; i < b_end; ++i) out.add("add", path + "/" + std::to_string(i), &b[i]);
}

void diff_into(const Packed& from, const Packed& to, const std::string& path, Ops& out) {
    if (from == to) return;
    const bool containers = from.same_kind(to) && (from.is_map() || from.is_array());
    if (!containers) return out.add("replace", path, &to);
    if (path.empty()) return members_diff(from, to, path, out);
    Ops members;
    members_diff(from, to, path, members);
    // A value's text is hardly ever shorter than its packing (only a float's can be): below that,
    // the members win unwritten. Either way the patch is right; this only picks the shorter.
    if (members.count > 1 && members.text.size() > 30 + path.size() + to.size()) {
        Ops whole;
        whole.add("replace", path, &to);
        if (whole.text.size() < members.text.size()) return out.add(std::move(whole));
    }
    out.add(std::move(members));
}

}  // namespace

std::string pointer_token(std::string_view key) {
    std::string token;
    token.reserve(key.size());
    for (char c : key) {
        if (c == '~') token += "~0";
        else if (c == '/') token += "~1";
        else token += c;
    }
    return token;
}

std::string patch_text(const Packed& from, const Packed& to) {
    Ops ops;
    diff_into(from, to, "", ops);
    return "[" + ops.text + "]";
}

}  // namespace taol::protocol
