#include "protocol/packed_value.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace taol::protocol {
namespace {

[[noreturn]] void bad() { throw std::runtime_error("a packed baseline that is not MessagePack as written"); }

// A container whose packing takes kSizedFrom bytes or more comes after its byte count: kSized (a
// byte MessagePack never uses), then 4 bytes, big-endian. Passing it is then one step, not a walk
// through everything it holds; the small ones are as quick to walk as to measure.
constexpr std::uint8_t kSized = 0xc1;
constexpr std::size_t kSizedLength = 5;
constexpr std::size_t kSizedFrom = 48;

std::uint64_t big_endian(const std::uint8_t* p, int bytes) {
    std::uint64_t n = 0;
    for (int i = 0; i < bytes; ++i) n = (n << 8) | p[i];
    return n;
}

// A value's first bytes: its header's length, and for a string its byte count, for a container
// its count of elements (a map's entries count twice: key and value).
struct Header {
    std::size_t length = 1;
    std::uint64_t payload = 0;  // bytes that follow the header (scalars, strings)
    std::uint64_t items = 0;    // values that follow the header (containers)
};

// The byte count of the sized container at `p`, checked against `end`.
std::uint64_t sized_length(const std::uint8_t* p, const std::uint8_t* end) {
    if (end - p < static_cast<std::ptrdiff_t>(kSizedLength)) bad();
    const std::uint64_t length = big_endian(p + 1, 4);
    if (static_cast<std::uint64_t>(end - p) - kSizedLength < length || length == 0) bad();
    return length;
}

Header header(const std::uint8_t* p, const std::uint8_t* end) {
    if (p >= end) bad();
    const std::uint8_t b = *p;
    if (b == kSized) {  // the container's own header, after its byte count
        sized_length(p, end);
        const Packed inside{p + kSizedLength, end};
        if (!inside.is_map() && !inside.is_array()) bad();  // only containers are sized
        Header inner = header(inside.begin, end);
        inner.length += kSizedLength;
        return inner;
    }
    const auto sized = [&](int bytes) {
        if (end - p < 1 + bytes) bad();
        return big_endian(p + 1, bytes);
    };
    if (b <= 0x7f || b >= 0xe0) return {};                       // fixint
    if (b <= 0x8f) return {1, 0, 2ull * (b & 0x0f)};             // fixmap
    if (b <= 0x9f) return {1, 0, b & 0x0full};                   // fixarray
    if (b <= 0xbf) return {1, b & 0x1full, 0};                   // fixstr
    switch (b) {
        case 0xc0: case 0xc2: case 0xc3: return {};              // nil, false, true
        case 0xc4: return {2, sized(1), 0};                      // bin
        case 0xc5: return {3, sized(2), 0};
        case 0xc6: return {5, sized(4), 0};
        case 0xca: return {1, 4, 0};                             // float
        case 0xcb: return {1, 8, 0};
        case 0xcc: case 0xd0: return {1, 1, 0};                  // ints
        case 0xcd: case 0xd1: return {1, 2, 0};
        case 0xce: case 0xd2: return {1, 4, 0};
        case 0xcf: case 0xd3: return {1, 8, 0};
        case 0xd9: return {2, sized(1), 0};                      // str
        case 0xda: return {3, sized(2), 0};
        case 0xdb: return {5, sized(4), 0};
        case 0xdc: return {3, 0, sized(2)};                      // array
        case 0xdd: return {5, 0, sized(4)};
        case 0xde: return {3, 0, 2 * sized(2)};                  // map
        case 0xdf: return {5, 0, 2 * sized(4)};
        default: bad();                                          // ext: never written for Json
    }
}

// Past one value: one pass over its bytes, counting the values still to pass rather than
// recursing (the small ints, short strings and small containers that make up a view decoded inline).
const std::uint8_t* skip(const std::uint8_t* p, const std::uint8_t* end) {
    std::uint64_t pending = 1;
    while (pending--) {
        if (p >= end) bad();
        const std::uint8_t b = *p;
        if (b <= 0x7f || b >= 0xe0) {  // fixint
            ++p;
        } else if (b <= 0x8f) {  // fixmap
            pending += 2u * (b & 0x0fu);
            ++p;
        } else if (b <= 0x9f) {  // fixarray
            pending += b & 0x0fu;
            ++p;
        } else if (b <= 0xbf) {  // fixstr
            const std::size_t length = 1u + (b & 0x1fu);
            if (static_cast<std::size_t>(end - p) < length) bad();
            p += length;
        } else if (b == kSized) {
            p += kSizedLength + sized_length(p, end);
        } else {
            const Header h = header(p, end);
            if (static_cast<std::uint64_t>(end - p) < h.length + h.payload) bad();
            p += h.length + h.payload;
            pending += h.items;
        }
    }
    return p;
}

// The writers below write at `at`, where room was made, and return where they stopped.
std::uint8_t* put_big_endian(std::uint8_t* at, std::uint8_t tag, std::uint64_t n, int bytes) {
    at[0] = tag;
    for (int i = bytes; i > 0; --i, n >>= 8) at[i] = static_cast<std::uint8_t>(n);
    return at + 1 + bytes;
}

constexpr std::size_t kLongestNumber = 9;  // a tag and 8 bytes

std::uint8_t* put_unsigned(std::uint8_t* at, std::uint64_t n) {
    if (n <= 0x7f) {
        *at = static_cast<std::uint8_t>(n);
        return at + 1;
    }
    if (n <= 0xff) return put_big_endian(at, 0xcc, n, 1);
    if (n <= 0xffff) return put_big_endian(at, 0xcd, n, 2);
    if (n <= 0xffffffff) return put_big_endian(at, 0xce, n, 4);
    return put_big_endian(at, 0xcf, n, 8);
}

std::uint8_t* put_signed(std::uint8_t* at, std::int64_t n) {
    if (n >= 0) return put_unsigned(at, static_cast<std::uint64_t>(n));
    const auto bits = static_cast<std::uint64_t>(n);
    if (n >= -32) {
        *at = static_cast<std::uint8_t>(bits);
        return at + 1;
    }
    if (n >= INT8_MIN) return put_big_endian(at, 0xd0, bits, 1);
    if (n >= INT16_MIN) return put_big_endian(at, 0xd1, bits, 2);
    if (n >= INT32_MIN) return put_big_endian(at, 0xd2, bits, 4);
    return put_big_endian(at, 0xd3, bits, 8);
}

constexpr std::size_t kLongestStringHeader = 5;

std::uint8_t* put_string(std::uint8_t* at, std::string_view text) {
    const std::size_t n = text.size();
    if (n <= 31) *at++ = static_cast<std::uint8_t>(0xa0 | n);
    else if (n <= 0xff) at = put_big_endian(at, 0xd9, n, 1);
    else if (n <= 0xffff) at = put_big_endian(at, 0xda, n, 2);
    else at = put_big_endian(at, 0xdb, n, 4);
    std::memcpy(at, text.data(), n);
    return at + n;
}

// A container's header for `n` items into `header` (5 bytes at most); its length.
std::size_t container_header(std::uint8_t* header, std::size_t n, std::uint8_t fix, std::size_t fix_max,
                             std::uint8_t tag16) {
    if (n <= fix_max) {
        header[0] = static_cast<std::uint8_t>(fix | n);
        return 1;
    }
    const int bytes = n <= 0xffff ? 2 : 4;
    header[0] = static_cast<std::uint8_t>(bytes == 2 ? tag16 : tag16 + 1);
    for (int i = bytes; i > 0; --i, n >>= 8) header[i] = static_cast<std::uint8_t>(n);
    return 1 + static_cast<std::size_t>(bytes);
}

}  // namespace

void pack_into(std::vector<std::uint8_t>& out, const nlohmann::json& value) { PackSink(out).value(value); }

PackSink::PackSink(std::vector<std::uint8_t>& out) : out_(out) { open_.reserve(8); }

void PackSink::wrote(std::uint8_t* end) {
    out_.wrote(end);
    if (open_.empty()) out_.cut();  // a whole value: the vector holds exactly its bytes
}

void PackSink::counted() {
    if (!open_.empty() && !open_.back().object) ++open_.back().items;
}

void PackSink::begin_object() {
    counted();
    std::uint8_t* at = out_.room(1);
    open_.push_back({out_.used(), 0, true});
    *at++ = 0x80;  // the header, one byte while it fits one
    wrote(at);
}

void PackSink::begin_array() {
    counted();
    std::uint8_t* at = out_.room(1);
    open_.push_back({out_.used(), 0, false});
    *at++ = 0x90;
    wrote(at);
}

void PackSink::close(std::uint8_t fix, std::uint8_t tag16) {
    const Open& open = open_.back();
    // Its header in its shortest form, as MessagePack writes it: one byte was kept for it.
    std::uint8_t header[5];
    const std::size_t length = container_header(header, open.items, fix, 15, tag16);
    if (length > 1) out_.room(length - 1);  // before `at`: growing may move the bytes
    std::uint8_t* at = out_.data() + open.header;
    *at = header[0];
    // The large containers inside it closed last, and lie after its header.
    const auto inside_end = std::find_if(large_.rbegin(), large_.rend(),
                                         [&](const Large& l) { return l.header <= open.header; });
    if (length > 1) {
        const std::size_t used = out_.used();
        std::memmove(at + length, at + 1, used - open.header - 1);
        std::memcpy(at + 1, header + 1, length - 1);
        out_.wrote(out_.data() + used + length - 1);
        for (auto l = large_.rbegin(); l != inside_end; ++l) l->header += length - 1;
    }
    const std::size_t counts_inside = static_cast<std::size_t>(inside_end - large_.rbegin()) * kSizedLength;
    const std::size_t bytes = out_.used() - open.header + counts_inside;
    if (bytes >= kSizedFrom) {
        if (bytes > 0xffffffffu) throw std::length_error("a view of over 4 GB cannot be packed");
        large_.push_back({open.header, bytes});
    }
    open_.pop_back();
    if (open_.empty()) {
        put_counts();
        out_.cut();
    }
}

void PackSink::put_counts() {
    // In one pass from the end, every byte moves once: each large container's bytes move past the
    // counts of those before it, the count goes right before them.
    std::sort(large_.begin(), large_.end(), [](const Large& a, const Large& b) { return a.header < b.header; });
    std::size_t end = out_.used();
    out_.wrote(out_.room(large_.size() * kSizedLength) + large_.size() * kSizedLength);
    for (std::size_t i = large_.size(); i-- > 0;) {
        const Large& l = large_[i];
        const std::size_t shift = (i + 1) * kSizedLength;
        std::memmove(out_.data() + l.header + shift, out_.data() + l.header, end - l.header);
        std::uint8_t* count = out_.data() + l.header + shift - kSizedLength;
        count[0] = kSized;
        for (int b = 4; b > 0; --b) count[b] = static_cast<std::uint8_t>(l.bytes >> (8 * (4 - b)));
        end = l.header;
    }
    large_.clear();
}

void PackSink::end_object() { close(0x80, 0xde); }
void PackSink::end_array() { close(0x90, 0xdc); }

void PackSink::key(std::string_view name) {
    Open& object = open_.back();
    // In order (json_sink.hpp), checked against the last key where it lies packed: headers
    // inserted later all lie after it.
    if (object.items) {
        const std::string_view last(reinterpret_cast<const char*>(out_.data()) + object.last_key, object.last_key_size);
        if (!games::key_follows(name, last)) games::refuse_key_order(name, last);
    }
    ++object.items;
    std::uint8_t* end = put_string(out_.room(kLongestStringHeader + name.size()), name);
    object.last_key = static_cast<std::size_t>(end - out_.data()) - name.size();
    object.last_key_size = name.size();
    wrote(end);
}

void PackSink::null() { byte(0xc0); }

void PackSink::boolean(bool value) { byte(value ? 0xc3 : 0xc2); }

void PackSink::byte(std::uint8_t b) {
    counted();
    std::uint8_t* at = out_.room(1);
    *at++ = b;
    wrote(at);
}

void PackSink::integer(std::int64_t value) {
    counted();
    wrote(put_signed(out_.room(kLongestNumber), value));
}

void PackSink::string(std::string_view value) {
    counted();
    wrote(put_string(out_.room(kLongestStringHeader + value.size()), value));
}

void PackSink::packed(Packed value) {
    // Its byte counts are in place already: the containers around it count it as bytes alone.
    counted();
    std::uint8_t* at = out_.room(value.size());
    std::memcpy(at, value.begin, value.size());
    wrote(at + value.size());
}

void PackSink::value(const nlohmann::json& value) {
    using Type = nlohmann::json::value_t;
    switch (value.type()) {
        case Type::object:
            begin_object();
            for (auto it = value.begin(); it != value.end(); ++it) {
                ++open_.back().items;  // a tree's keys are in order already: not checked again
                wrote(put_string(out_.room(kLongestStringHeader + it.key().size()), it.key()));
                this->value(it.value());
            }
            return end_object();
        case Type::array:
            begin_array();
            for (const auto& item : value) this->value(item);
            return end_array();
        case Type::string: return string(value.get_ref<const std::string&>());
        case Type::number_integer: return integer(value.get<std::int64_t>());
        case Type::boolean: return boolean(value.get<bool>());
        case Type::null: return null();
        case Type::number_unsigned:
            counted();
            return wrote(put_unsigned(out_.room(kLongestNumber), value.get<std::uint64_t>()));
        default: {  // floats, binary: as nlohmann writes them
            counted();
            std::vector<std::uint8_t> packed;
            nlohmann::json::to_msgpack(value, packed);
            std::uint8_t* at = out_.room(packed.size());
            std::memcpy(at, packed.data(), packed.size());
            return wrote(at + packed.size());
        }
    }
}

std::uint8_t Packed::kind_byte() const {
    // A sized value is a container: its byte count was checked as it was read.
    return *begin == kSized && size() > kSizedLength ? begin[kSizedLength] : *begin;
}

bool Packed::is_map() const {
    const std::uint8_t b = kind_byte();
    return (b >= 0x80 && b <= 0x8f) || b == 0xde || b == 0xdf;
}

bool Packed::is_string() const {
    const std::uint8_t b = *begin;
    return (b >= 0xa0 && b <= 0xbf) || (b >= 0xd9 && b <= 0xdb);
}

bool Packed::is_array() const {
    const std::uint8_t b = kind_byte();
    return (b >= 0x90 && b <= 0x9f) || b == 0xdc || b == 0xdd;
}

Packed packed_whole(const std::vector<std::uint8_t>& bytes) {
    if (bytes.empty()) bad();
    return {bytes.data(), bytes.data() + bytes.size()};  // read with bounds checked as it is walked
}

Items::Items(const Packed& container) : at_(container.begin), end_(container.end) {
    const Header h = header(container.begin, container.end);
    at_ += h.length;
    left_ = h.items;
}

bool Items::next(Packed& item) {
    if (!left_) return false;
    --left_;
    const std::uint8_t* after = skip(at_, end_);
    item = Packed{at_, after};
    at_ = after;
    return true;
}

bool Items::next_if(const Packed& expected, Packed& item) {
    const auto n = expected.size();
    if (!left_ || static_cast<std::size_t>(end_ - at_) < n || std::memcmp(at_, expected.begin, n) != 0) return false;
    --left_;
    item = Packed{at_, at_ + n};
    at_ += n;
    return true;
}

std::string_view string_of(const Packed& value) {
    const std::uint8_t b = *value.begin;
    if (b >= 0xa0 && b <= 0xbf && value.size() > (b & 0x1fu)) {  // fixstr: every key is one
        return {reinterpret_cast<const char*>(value.begin + 1), static_cast<std::size_t>(b & 0x1fu)};
    }
    if (!value.is_string()) bad();
    const Header h = header(value.begin, value.end);
    if (static_cast<std::uint64_t>(value.end - value.begin) < h.length + h.payload) bad();
    return {reinterpret_cast<const char*>(value.begin + h.length), static_cast<std::size_t>(h.payload)};
}

std::vector<Packed> elements(const Packed& array) {
    std::vector<Packed> out;
    out.reserve(std::min<std::uint64_t>(header(array.begin, array.end).items, array.size()));
    elements_into(array, out);
    return out;
}

namespace {

// Text appended to a string in the string's own storage: each piece one copy.
using TextOut = WriteAhead<std::string>;

void put_text(TextOut& out, std::string_view text) {
    char* at = out.room(text.size());
    std::memcpy(at, text.data(), text.size());
    out.wrote(at + text.size());
}

void put_json_string(TextOut& out, std::string_view text) {
    if (!plain_ascii(text)) {
        std::string escaped;
        append_json_string(escaped, text);
        return put_text(out, escaped);
    }
    out.wrote(put_plain_string(out.room(text.size() + 2), text));
}

constexpr std::size_t kLongestScalarText = 20;  // an int64's or a uint64's digits

// The text of the number, null or boolean at `p`, whose header is `h`, written into `text`; its
// length, or 0 for any other value.
std::size_t scalar_text(const std::uint8_t* p, const Header& h, char* text) {
    const auto word = [&](std::string_view w) {
        std::memcpy(text, w.data(), w.size());
        return w.size();
    };
    const auto number = [&](auto n) {
        return static_cast<std::size_t>(std::to_chars(text, text + kLongestScalarText, n).ptr - text);
    };
    const std::uint8_t b = *p;
    if (b <= 0x7f) return number(static_cast<int>(b));
    if (b >= 0xe0) return number(static_cast<int>(static_cast<std::int8_t>(b)));
    switch (b) {
        case 0xc0: return word("null");
        case 0xc2: return word("false");
        case 0xc3: return word("true");
        case 0xcc: case 0xcd: case 0xce: case 0xcf: return number(big_endian(p + 1, static_cast<int>(h.payload)));
        case 0xd0: return number(static_cast<std::int8_t>(big_endian(p + 1, 1)));
        case 0xd1: return number(static_cast<std::int16_t>(big_endian(p + 1, 2)));
        case 0xd2: return number(static_cast<std::int32_t>(big_endian(p + 1, 4)));
        case 0xd3: return number(static_cast<std::int64_t>(big_endian(p + 1, 8)));
        default: return 0;
    }
}

// A float (or binary) value, as nlohmann writes it.
std::string other_text(const std::uint8_t* p, const std::uint8_t* after) {
    std::string text;
    append_json(text, nlohmann::json::from_msgpack(p, after));
    return text;
}

// A map's or an array's first byte: fixmap, fixarray, array 16/32, map 16/32.
bool container_byte(std::uint8_t b) { return (b >= 0x80 && b <= 0x9f) || (b >= 0xdc && b <= 0xdf); }

// Writes the value that starts at `p` as JSON text and returns where it ends: one pass, each
// container's items written as they are reached rather than found first, and the forms a view
// is made of (small ints, short strings, small containers) read inline.
const std::uint8_t* write_text(TextOut& out, const std::uint8_t* p, const std::uint8_t* end) {
    if (p >= end) bad();
    std::uint8_t b = *p;
    if (b == kSized) {  // its container follows
        sized_length(p, end);
        p += kSizedLength;
        b = *p;
        if (!container_byte(b)) bad();  // only containers are sized
    }
    if (b <= 0x7f) {  // fixint
        char* at = out.room(3);
        out.wrote(std::to_chars(at, at + 3, static_cast<int>(b)).ptr);
        return p + 1;
    }
    if (container_byte(b)) {
        const bool map = b <= 0x8f || b >= 0xde;
        std::uint64_t items = 0;
        if (b <= 0x9f) {  // fixmap, fixarray
            items = map ? 2u * (b & 0x0fu) : (b & 0x0fu);
            ++p;
        } else {
            const Header h = header(p, end);
            items = h.items;
            p += h.length;
        }
        out.put(map ? '{' : '[');
        for (std::uint64_t i = 0; i < items; ++i) {
            const bool key = map && i % 2 == 0;
            if (i && (!map || key)) out.put(',');  // before every element, or every key
            p = write_text(out, p, end);
            if (key) out.put(':');
        }
        out.put(map ? '}' : ']');
        return p;
    }
    if (b >= 0xa0 && b <= 0xbf) {  // fixstr
        const std::size_t length = b & 0x1fu;
        if (static_cast<std::size_t>(end - p) <= length) bad();
        put_json_string(out, std::string_view(reinterpret_cast<const char*>(p + 1), length));
        return p + 1 + length;
    }
    const Header h = header(p, end);
    if (static_cast<std::uint64_t>(end - p) < h.length + h.payload) bad();
    const std::uint8_t* after = p + h.length + h.payload;
    char* at = out.room(kLongestScalarText);
    if (const std::size_t n = scalar_text(p, h, at)) {
        out.wrote(at + n);
    } else if (Packed{p, after}.is_string()) {
        put_json_string(out, std::string_view(reinterpret_cast<const char*>(p + h.length), h.payload));
    } else {
        put_text(out, other_text(p, after));
    }
    return after;
}

}  // namespace

void append_json_text(std::string& out, const Packed& value) {
    TextOut text(out);
    write_text(text, value.begin, value.end);
}

std::size_t json_text_size(const Packed& value) {
    // One pass, as skip() takes: each value's own text, and each container's brackets and
    // separators, known from its count alone. The forms a view is made of are counted inline.
    // (A delta measures each container it may replace whole, at every level of a change: as a
    // walk writing text, this was a tenth of a room's CPU.)
    std::size_t bytes = 0;
    const std::uint8_t* p = value.begin;
    const std::uint8_t* const end = value.end;
    const auto container = [&](std::uint64_t values, bool map) {
        const std::uint64_t members = map ? values / 2 : values;  // a map's: its keys
        bytes += 2 + (members ? members - 1 : 0) + (map ? members : 0);  // brackets, commas, colons
    };
    const auto string = [&](const std::uint8_t* first, std::size_t length) {
        bytes += json_string_size(std::string_view(reinterpret_cast<const char*>(first), length));
    };
    for (std::uint64_t pending = 1; pending--;) {
        if (p >= end) bad();
        const std::uint8_t b = *p;
        if (b <= 0x7f) {  // fixint
            bytes += b < 10 ? 1 : b < 100 ? 2 : 3;
            ++p;
        } else if (b >= 0xe0) {  // negative fixint: -1 to -32
            bytes += b >= 0xf7 ? 2 : 3;
            ++p;
        } else if (b <= 0x8f) {  // fixmap
            container(2u * (b & 0x0fu), true);
            pending += 2u * (b & 0x0fu);
            ++p;
        } else if (b <= 0x9f) {  // fixarray
            container(b & 0x0fu, false);
            pending += b & 0x0fu;
            ++p;
        } else if (b <= 0xbf) {  // fixstr
            const std::size_t length = b & 0x1fu;
            if (static_cast<std::size_t>(end - p) <= length) bad();
            string(p + 1, length);
            p += 1 + length;
        } else if (b == kSized) {  // its container follows
            sized_length(p, end);
            p += kSizedLength;
            ++pending;
        } else if (const Packed at{p, end}; at.is_map() || at.is_array()) {  // 16- or 32-bit counts
            const Header h = header(p, end);
            container(h.items, at.is_map());
            pending += h.items;
            p += h.length;
        } else {
            const Header h = header(p, end);
            if (static_cast<std::uint64_t>(end - p) < h.length + h.payload) bad();
            const std::uint8_t* after = p + h.length + h.payload;
            char text[kLongestScalarText];
            if (const std::size_t n = scalar_text(p, h, text)) bytes += n;
            else if (at.is_string()) string(p + h.length, h.payload);
            else bytes += other_text(p, after).size();
            p = after;
        }
    }
    return bytes;
}

}  // namespace taol::protocol
