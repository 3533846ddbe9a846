#pragma once
// A value inside a packed baseline, read in place: MessagePack as nlohmann::json::to_msgpack writes
// it, except that a container of 48 bytes or more comes after its byte count (0xc1, a byte
// MessagePack never uses, and 4 bytes), so that passing it is one step. A delta is the difference
// of two packed baselines (json_diff.hpp): reading them where they lie builds no tree, and two
// equal parts are told equal by comparing their bytes, since a Json value has only one packing
// (ints in their shortest form, object keys in order, a byte count exactly where it is large enough).
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "games/core/json_sink.hpp"
#include "protocol/json_text.hpp"
#include "protocol/write_ahead.hpp"

namespace taol::protocol {

struct Packed {
    const std::uint8_t* begin = nullptr;
    const std::uint8_t* end = nullptr;

    std::size_t size() const { return static_cast<std::size_t>(end - begin); }
    bool operator==(const Packed& other) const {
        return size() == other.size() && std::memcmp(begin, other.begin, size()) == 0;
    }
    bool is_map() const;
    bool is_array() const;
    bool is_string() const;
    bool is_null() const { return *begin == 0xc0; }
    // The byte that says what it is (past a container's byte count).
    std::uint8_t kind_byte() const;
    // Same kind of value: both maps, both arrays, or neither.
    bool same_kind(const Packed& other) const {
        return is_map() == other.is_map() && is_array() == other.is_array();
    }
};

// A packed buffer as one value (throws std::runtime_error when empty; what follows its first
// value is never read).
Packed packed_whole(const std::vector<std::uint8_t>& bytes);

// Appends `value` packed: as Json::to_msgpack writes it (ints in their shortest form, keys in
// order) but for the byte counts of large containers (PackSink::value).
void pack_into(std::vector<std::uint8_t>& out, const nlohmann::json& value);

// Packs what a game's JsonSink calls describe onto `out`, with no tree built (a viewer's baseline,
// after every change); a value given as a tree packs as the same calls would.
class PackSink final : public games::JsonSink {
public:
    explicit PackSink(std::vector<std::uint8_t>& out);
    PackSink(const PackSink&) = delete;
    PackSink& operator=(const PackSink&) = delete;

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
    // A whole value packed already (by another PackSink, its byte counts in), copied as it is.
    void packed(Packed value);

private:
    struct Open {
        std::size_t header = 0;  // where its header goes, once its size is known
        std::size_t items = 0;
        bool object = false;
        std::size_t last_key = 0;  // where its last key's bytes lie in `out_` (they never move)
        std::size_t last_key_size = 0;
    };
    // A container large enough to be counted, closed: its count goes in once the outermost closes.
    struct Large {
        std::size_t header = 0;  // where its header is, counts not yet in
        std::size_t bytes = 0;   // its bytes, with the counts of those inside it
    };
    void wrote(std::uint8_t* end);  // they went up to `end`
    void byte(std::uint8_t b);      // a value of one byte
    void counted();  // one more element of the array being written
    void close(std::uint8_t fix, std::uint8_t tag16);
    void put_counts();

    // Written ahead, as TextSink writes, so that each piece is one copy, not a vector insert.
    WriteAhead<std::vector<std::uint8_t>> out_;
    std::vector<Open> open_;
    std::vector<Large> large_;  // in the order they closed: each after those inside it
};

// A container's items one by one, in their order (a map's come as key, value, key, value…; a
// Json object's keys come sorted, so two maps can be walked side by side).
class Items {
public:
    explicit Items(const Packed& container);
    bool next(Packed& item);  // false once every item was read
    // The next item when its bytes begin with all of `expected`'s: then it is that same value
    // (a packed value ends where its bytes say), read without walking it. False otherwise, and
    // nothing is read.
    bool next_if(const Packed& expected, Packed& item);
private:
    const std::uint8_t* at_;
    const std::uint8_t* end_;
    std::uint64_t left_;
};

// An array's elements, appended to `out` (a small vector keeps a hand's on the stack); the same
// in a vector of their own; a string's bytes. Throw std::runtime_error on bad bytes.
template <class Out>
void elements_into(const Packed& array, Out& out) {
    Items items(array);
    for (Packed item; items.next(item);) out.push_back(item);
}
std::vector<Packed> elements(const Packed& array);
std::string_view string_of(const Packed& string);

// Appends the value as JSON text, as nlohmann::json::dump (with invalid UTF-8 replaced) would
// write it (strings through json_text.hpp's append_json_string).
void append_json_text(std::string& out, const Packed& value);
// The length of that text, counted without writing it.
std::size_t json_text_size(const Packed& value);

}  // namespace taol::protocol
