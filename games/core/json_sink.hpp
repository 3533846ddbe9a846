#pragma once
// A JSON value written piece by piece, in order, into a sink that makes of it what its reader
// needs: text at once (protocol's TextSink: the frames every viewer is sent after every change,
// and replays), MessagePack (protocol's PackSink: the deltas' baselines), or a tree (TreeSink,
// below: bots and tests), with no tree built and freed for each frame. A game that writes its view
// this way (GameState::write_view) writes it once for all of them.
//
// An object's keys must come in ascending byte order, as a tree (a sorted map) keeps them: the
// text then reads byte for byte as the tree's. A sink that writes bytes refuses a key out of order.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/core/types.hpp"

namespace taol::games {

class JsonSink {
public:
    virtual ~JsonSink() = default;

    virtual void begin_object() = 0;
    virtual void end_object() = 0;
    virtual void begin_array() = 0;
    virtual void end_array() = 0;
    // The next value's name, inside an object.
    virtual void key(std::string_view name) = 0;
    virtual void null() = 0;
    virtual void boolean(bool value) = 0;
    virtual void integer(std::int64_t value) = 0;
    virtual void string(std::string_view value) = 0;
    // A value already built as a tree.
    virtual void value(const Json& value) = 0;

    // Shorthands: one value of a plain type, or a named one.
    void write(bool value) { boolean(value); }
    void write(int value) { integer(value); }
    void write(std::int64_t value) { integer(value); }
    void write(std::size_t value) { integer(static_cast<std::int64_t>(value)); }
    void write(std::string_view value) { string(value); }
    void write(const std::string& value) { string(value); }
    void write(const char* value) { string(value); }
    void write(const Json& tree) { value(tree); }
    template <class T>
    void write(const std::optional<T>& value) {
        if (value) write(*value);
        else null();
    }
    template <class T>
    void write(const std::vector<T>& values) {
        begin_array();
        for (const auto& v : values) write(static_cast<const T&>(v));  // vector<bool>'s proxies too
        end_array();
    }
    template <class T>
    void field(std::string_view name, const T& value) {
        key(name);
        write(value);
    }
};

// Whether `name` may follow `last` in an object: it sorts strictly after it (byte order). Most
// keys differ from the one before in their first byte, which then decides.
inline bool key_follows(std::string_view name, std::string_view last) {
    if (!name.empty() && !last.empty() && name[0] != last[0]) {
        return static_cast<unsigned char>(name[0]) > static_cast<unsigned char>(last[0]);
    }
    return last < name;
}

// The error of a sink that writes bytes for `name` written after `last`: the bytes would not be
// the tree's (throws std::logic_error).
[[noreturn]] void refuse_key_order(std::string_view name, std::string_view last);

// Builds the tree the calls describe.
class TreeSink final : public JsonSink {
public:
    void begin_object() override;
    void end_object() override;
    void begin_array() override;
    void end_array() override;
    void key(std::string_view name) override;
    void null() override;
    void boolean(bool value) override;
    void integer(std::int64_t value) override;
    void string(std::string_view value) override;
    void value(const Json& value) override;

    // The tree, once every container is closed.
    Json take();

private:
    Json& next_slot();  // where the next value goes

    Json root_;
    std::vector<Json*> open_;  // the containers begun and not yet ended, innermost last
    std::string key_;          // the pending key, when the innermost is an object
};

// The tree `write(sink)` describes.
template <class Write>
Json tree_of(Write&& write) {
    TreeSink sink;
    write(static_cast<JsonSink&>(sink));
    return sink.take();
}

}  // namespace taol::games
