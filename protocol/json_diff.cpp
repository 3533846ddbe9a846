#include "protocol/json_diff.hpp"

#include <optional>

namespace taol::protocol {
namespace {

// A JSON Pointer's reference token for an object key (RFC 6901: "~" and "/" escaped).
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

// Walks the members of two objects side by side (both list their keys sorted), in key order:
// removed(name) for a member only `from` has, changed(name, before, after) for one both have with
// different values, added(name, value) for one only `to` has.
template <class Removed, class Changed, class Added>
void walk_members(const Packed& from, const Packed& to, Removed&& removed, Changed&& changed, Added&& added) {
    // `after`'s key is read ahead and its value only once its key is known: a value equal to
    // `before`'s (most of them) is then recognised by its bytes, without walking it again.
    Items before(from), after(to);
    Packed key, value, next_key, next_value;
    bool more = after.next(next_key);
    const auto advance = [&] { more = after.next(next_key); };
    while (before.next(key) && before.next(value)) {
        const std::string_view name = string_of(key);
        for (; more && string_of(next_key) < name; advance()) {
            after.next(next_value);
            added(string_of(next_key), next_value);
        }
        if (more && string_of(next_key) == name) {
            if (!after.next_if(value, next_value)) {
                after.next(next_value);
                changed(name, value, next_value);
            }
            advance();
        } else {
            removed(name);
        }
    }
    for (; more; advance()) {
        after.next(next_value);
        added(string_of(next_key), next_value);
    }
}

void diff_into(const Packed& from, const Packed& to, const std::string& path, Ops& out);

// What turns container `from` into `to` (same kind) member by member.
void members_diff(const Packed& from, const Packed& to, const std::string& path, Ops& out) {
    if (from.is_map()) {
        // Removals and changes first, in `from`'s order, then additions.
        std::vector<std::pair<std::string_view, Packed>> added;
        walk_members(
            from, to,
            [&](std::string_view name) { out.add("remove", path + "/" + pointer_token(name), nullptr); },
            [&](std::string_view name, const Packed& a, const Packed& b) {
                diff_into(a, b, path + "/" + pointer_token(name), out);
            },
            [&](std::string_view name, const Packed& value) { added.emplace_back(name, value); });
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

// One `replace` of the whole of `value` at `path`, when its text is shorter than `cost`, the bytes
// the other way of saying it takes. A value's text is hardly ever shorter than its packing (only a
// float's can be): below that, the other way wins unwritten. Either way the change is right; this
// only picks the shorter.
std::optional<Ops> whole_if_shorter(const std::string& path, const Packed& value, std::size_t cost) {
    if (cost <= 30 + path.size() + value.size()) return std::nullopt;
    Ops whole;
    whole.add("replace", path, &value);
    if (whole.text.size() >= cost) return std::nullopt;
    return whole;
}

void diff_into(const Packed& from, const Packed& to, const std::string& path, Ops& out) {
    if (from == to) return;
    const bool containers = from.same_kind(to) && (from.is_map() || from.is_array());
    if (!containers) return out.add("replace", path, &to);
    Ops members;
    members_diff(from, to, path, members);
    if (members.count > 1) {
        if (std::optional<Ops> whole = whole_if_shorter(path, to, members.text.size())) return out.add(std::move(*whole));
    }
    out.add(std::move(members));
}

// True when a merge patch can set a member to `value`: RFC 7396 reads null as "remove", in the
// value itself and in every object inside it (arrays are taken as they are).
bool mergeable(const Packed& value) {
    if (value.is_null()) return false;
    if (!value.is_map()) return true;
    Items items(value);
    Packed key, member;
    while (items.next(key) && items.next(member)) {
        if (!mergeable(member)) return false;
    }
    return true;
}

// Starts the merge patch's member `name` (its value comes next).
void open_member(std::string& merge, std::string_view name) {
    if (!merge.empty()) merge += ',';
    append_json_string(merge, name);
    merge += ':';
}

void split_members(const Packed& from, const Packed& to, const std::string& path, std::string& merge, Ops& ops);

// Member `name` of two objects, changed from `from` to `to` (both there and different): as the
// merge patch's member, as operations, or, for two objects, as both, whichever is shortest.
void split_changed(std::string_view name, const Packed& from, const Packed& to, const std::string& path,
                   std::string& merge, Ops& ops) {
    const std::string at = path + "/" + pointer_token(name);
    const std::size_t member_cost = name.size() + 4;  // "name": and a comma
    if (from.is_map() && to.is_map()) {
        std::string inner;
        Ops inner_ops;
        split_members(from, to, at, inner, inner_ops);
        const std::size_t split_cost =
            (inner.empty() ? 0 : member_cost + inner.size() + 2) + inner_ops.text.size() + (inner_ops.count ? 1 : 0);
        // The whole as one operation, with its comma among the others.
        if (split_cost > 0) {
            if (std::optional<Ops> whole = whole_if_shorter(at, to, split_cost - 1)) return ops.add(std::move(*whole));
        }
        if (!inner.empty()) {
            open_member(merge, name);
            merge += '{';
            merge += inner;
            merge += '}';
        }
        return ops.add(std::move(inner_ops));
    }
    if (!mergeable(to)) return diff_into(from, to, at, ops);
    // An operation says no more than the value, with 30 bytes or more around it, but an array's
    // operations may say far less than all of it (a card played: one remove).
    if (to.is_array() && from.is_array()) {
        Ops patch;
        diff_into(from, to, at, patch);
        // A value's text is hardly ever shorter than its packing (whole_if_shorter): a patch
        // shorter than that wins without the value being written.
        if (patch.text.size() + 1 < member_cost + to.size()) return ops.add(std::move(patch));
        std::string value;
        append_json_text(value, to);
        if (patch.text.size() + 1 < member_cost + value.size()) return ops.add(std::move(patch));
        open_member(merge, name);
        merge += value;
        return;
    }
    open_member(merge, name);
    append_json_text(merge, to);
}

// What turns the members of object `from` into those of `to`: the merge patch's members (written
// to `merge`, comma-separated, without braces) and the operations it cannot say.
void split_members(const Packed& from, const Packed& to, const std::string& path, std::string& merge, Ops& ops) {
    walk_members(
        from, to,
        [&](std::string_view name) {
            open_member(merge, name);
            merge += "null";
        },
        [&](std::string_view name, const Packed& a, const Packed& b) { split_changed(name, a, b, path, merge, ops); },
        [&](std::string_view name, const Packed& value) {
            if (!mergeable(value)) return ops.add("add", path + "/" + pointer_token(name), &value);
            open_member(merge, name);
            append_json_text(merge, value);
        });
}

}  // namespace

Change change_between(const Packed& from, const Packed& to) {
    std::string merge;
    Ops ops;
    split_members(from, to, "", merge, ops);
    Change change;
    if (!merge.empty()) change.merge = "{" + merge + "}";
    if (ops.count) change.patch = "[" + ops.text + "]";
    return change;
}

}  // namespace taol::protocol
