#include "protocol/json_diff.hpp"

#include <algorithm>
#include <limits>

#include <boost/container/small_vector.hpp>

namespace taol::protocol {
namespace {

// A JSON Pointer (RFC 6901), one buffer for the whole diff: a Step adds a member's or an
// element's token as the walk goes down and takes it off as it comes back up, so that no member
// costs a string of its own.
class Path {
public:
    const std::string& text() const { return text_; }

    class Step {
    public:
        Step(Path& path, std::string_view key) : path_(path), size_(path.text_.size()) {
            std::string& text = path.text_;
            text += '/';
            for (char c : key) {  // "~" and "/" escaped
                if (c == '~') text += "~0";
                else if (c == '/') text += "~1";
                else text += c;
            }
        }
        Step(Path& path, std::size_t index) : path_(path), size_(path.text_.size()) {
            path.text_ += '/';
            path.text_ += std::to_string(index);
        }
        ~Step() { path_.text_.resize(size_); }
        Step(const Step&) = delete;
        Step& operator=(const Step&) = delete;

    private:
        Path& path_;
        std::size_t size_;
    };

private:
    std::string text_;
};

// Operations written out, comma-separated, without the array's brackets.
struct Ops {
    std::string text;
    std::size_t count = 0;
    // Once the text is this long, it has lost to another way of saying the same change, measured
    // beforehand: the walk that writes it stops, and the text is thrown away.
    std::size_t limit = std::numeric_limits<std::size_t>::max();

    bool lost() const { return text.size() >= limit; }
    // What is left before the limit (0 once lost).
    std::size_t left() const { return lost() ? 0 : limit - text.size(); }

    void add(std::string_view op, const Path& path, const Packed* value) {
        if (count++) text += ',';
        text += "{\"op\":\"";
        text += op;
        text += "\",\"path\":";
        append_json_string(text, path.text());
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

    // Operations written from here on may be taken back: `take_back` forgets them.
    struct Mark {
        std::size_t text = 0;
        std::size_t count = 0;
    };
    Mark mark() const { return {text.size(), count}; }
    void take_back(Mark m) {
        text.resize(m.text);
        count = m.count;
    }
};

// The length of the operation `op` at `path` with a value whose text is `value_text` long, as
// Ops::add writes it: {"op":"…","path":…,"value":…}.
std::size_t op_size(std::string_view op, const Path& path, std::size_t value_text) {
    return 7 + op.size() + 9 + json_string_size(path.text()) + 9 + value_text + 1;
}

// Walks the members of two objects side by side (both list their keys sorted), in key order:
// removed(name) for a member only `from` has, changed(name, before, after) for one both have with
// different values, added(name, value) for one only `to` has; until `stop()` says so.
template <class Removed, class Changed, class Added, class Stop>
void walk_members(const Packed& from, const Packed& to, Removed&& removed, Changed&& changed, Added&& added,
                  Stop&& stop) {
    // `after`'s key is read ahead and its value only once its key is known: a value equal to
    // `before`'s (most of them) is then recognised by its bytes, without walking it again.
    Items before(from), after(to);
    Packed key, value, next_key, next_value;
    bool more = after.next(next_key);
    const auto advance = [&] { more = after.next(next_key); };
    while (!stop() && before.next(key) && before.next(value)) {
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
    for (; more && !stop(); advance()) {
        after.next(next_value);
        added(string_of(next_key), next_value);
    }
}

void diff_into(const Packed& from, const Packed& to, Path& path, Ops& out, std::size_t to_text = 0);

// An array's elements, on the stack while they are few (a hand, a turn's actions).
using Elements = boost::container::small_vector<Packed, 24>;

// What turns container `from` into `to` (same kind) member by member.
void members_diff(const Packed& from, const Packed& to, Path& path, Ops& out) {
    if (from.is_map()) {
        // Removals and changes first, in `from`'s order, then additions.
        boost::container::small_vector<std::pair<std::string_view, Packed>, 8> added;
        walk_members(
            from, to,
            [&](std::string_view name) {
                const Path::Step member(path, name);
                out.add("remove", path, nullptr);
            },
            [&](std::string_view name, const Packed& a, const Packed& b) {
                const Path::Step member(path, name);
                diff_into(a, b, path, out);
            },
            [&](std::string_view name, const Packed& value) { added.emplace_back(name, value); },
            [&] { return out.lost(); });
        for (const auto& [name, added_value] : added) {
            if (out.lost()) return;
            const Path::Step member(path, name);
            out.add("add", path, &added_value);
        }
        return;
    }
    // What both arrays begin and end with stays; only the middle changes (a card played from the
    // middle of a hand is one remove, not a replace of every card after it).
    Elements a, b;
    elements_into(from, a);
    elements_into(to, b);
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head]) ++head;
    std::size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head && a[a.size() - 1 - tail] == b[b.size() - 1 - tail]) ++tail;
    const std::size_t a_end = a.size() - tail;
    const std::size_t b_end = b.size() - tail;
    const std::size_t common = std::min(a_end - head, b_end - head);
    for (std::size_t i = head; i < head + common && !out.lost(); ++i) {
        if (a[i] == b[i]) continue;
        const Path::Step element(path, i);
        diff_into(a[i], b[i], path, out);
    }
    // Removed from the last first, so that every index still names the element it meant.
    for (std::size_t i = a_end; i-- > head + common && !out.lost();) {
        const Path::Step element(path, i);
        out.add("remove", path, nullptr);
    }
    for (std::size_t i = head + common; i < b_end && !out.lost(); ++i) {
        const Path::Step element(path, i);
        out.add("add", path, &b[i]);
    }
}

// `to_text`: the length of `to`'s text when the caller measured it already (0: not measured).
void diff_into(const Packed& from, const Packed& to, Path& path, Ops& out, std::size_t to_text) {
    if (from == to || out.lost()) return;
    const bool containers = from.same_kind(to) && (from.is_map() || from.is_array());
    if (!containers) return out.add("replace", path, &to);
    // The whole as one replace is measured first, without writing it: a container that changed
    // mostly changed in most of its members (a turn's actions, a round dealt), and its members'
    // operations then stop as soon as they are the longer (they win a tie). They stop too once the
    // caller's own operations have lost.
    const std::size_t whole = op_size("replace", path, to_text ? to_text : json_text_size(to));
    // The members' operations are written in place, after the comma they need, and taken back if
    // the whole wins.
    const Ops::Mark before = out.mark();
    const std::size_t comma = out.count ? 1 : 0;
    const std::size_t limit = out.limit;
    out.limit = std::min(limit, before.text + comma + whole + 1);
    members_diff(from, to, path, out);
    out.limit = limit;
    if (out.count != before.count && out.text.size() - before.text - comma > whole) {
        out.take_back(before);
        out.add("replace", path, &to);
    }
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

void split_members(const Packed& from, const Packed& to, Path& path, std::string& merge, Ops& ops);

// Member `name` of two objects, changed from `from` to `to` (both there and different): as the
// merge patch's member, as operations, or, for two objects, as both, whichever is shortest.
void split_changed(std::string_view name, const Packed& from, const Packed& to, Path& path, std::string& merge,
                   Ops& ops) {
    const Path::Step at(path, name);
    const std::size_t member_cost = name.size() + 4;  // "name": and a comma
    if (from.is_map() && to.is_map()) {
        std::string inner;
        Ops inner_ops;
        split_members(from, to, path, inner, inner_ops);
        const std::size_t split_cost =
            (inner.empty() ? 0 : member_cost + inner.size() + 2) + inner_ops.text.size() + (inner_ops.count ? 1 : 0);
        // The whole as one operation, with its comma among the others.
        // A value's text is hardly ever shorter than its packing (only a float's can be): below
        // that, the whole loses unmeasured.
        if (split_cost > 30 + path.text().size() + to.size() && op_size("replace", path, json_text_size(to)) < split_cost - 1) {
            return ops.add("replace", path, &to);
        }
        if (!inner.empty()) {
            open_member(merge, name);
            merge += '{';
            merge += inner;
            merge += '}';
        }
        return ops.add(std::move(inner_ops));
    }
    if (!mergeable(to)) return diff_into(from, to, path, ops);
    // An operation says no more than the value, with 30 bytes or more around it, but an array's
    // operations may say far less than all of it (a card played: one remove).
    if (to.is_array() && from.is_array()) {
        // The patch, with its comma, wins when shorter than the merge patch's member; it stops
        // being written once it is not.
        const std::size_t to_text = json_text_size(to);
        Ops patch;
        patch.limit = member_cost + to_text - 1;
        diff_into(from, to, path, patch, to_text);
        if (!patch.lost()) return ops.add(std::move(patch));
        open_member(merge, name);
        append_json_text(merge, to);
        return;
    }
    open_member(merge, name);
    append_json_text(merge, to);
}

// What turns the members of object `from` into those of `to`: the merge patch's members (written
// to `merge`, comma-separated, without braces) and the operations it cannot say.
void split_members(const Packed& from, const Packed& to, Path& path, std::string& merge, Ops& ops) {
    walk_members(
        from, to,
        [&](std::string_view name) {
            open_member(merge, name);
            merge += "null";
        },
        [&](std::string_view name, const Packed& a, const Packed& b) { split_changed(name, a, b, path, merge, ops); },
        [&](std::string_view name, const Packed& value) {
            if (!mergeable(value)) {
                const Path::Step member(path, name);
                return ops.add("add", path, &value);
            }
            open_member(merge, name);
            append_json_text(merge, value);
        },
        [] { return false; });
}

}  // namespace

Change change_between(const Packed& from, const Packed& to) {
    std::string merge;
    Ops ops;
    Path root;
    split_members(from, to, root, merge, ops);
    Change change;
    if (!merge.empty()) change.merge = "{" + merge + "}";
    if (ops.count) change.patch = "[" + ops.text + "]";
    return change;
}

}  // namespace taol::protocol
