// Packed baselines read in place (protocol/packed_value.hpp) and the patch written between two of
// them (json_diff.hpp): the packing is nlohmann's MessagePack with the byte counts of large
// containers, its text is nlohmann's dump, and the patch, applied by nlohmann's own RFC 6902 code,
// gives the second document.
#include <catch2/catch.hpp>

#include <limits>
#include <random>

#include "protocol/json_diff.hpp"
#include "protocol/packed_value.hpp"
#include "tests/protocol/describe_json.hpp"

using namespace taol::protocol;
using Json = nlohmann::json;

namespace {

std::vector<std::uint8_t> packed(const Json& value) {
    std::vector<std::uint8_t> out;
    pack_into(out, value);
    return out;
}

std::string text_of(const Json& value) {
    const auto bytes = packed(value);
    std::string out;
    append_json_text(out, packed_whole(bytes));
    return out;
}

// The packing without its containers' byte counts, which must be exactly where a container takes
// 48 bytes or more (`placed` turns false where one is missing or out of place).
void without_counts(const Packed& value, std::vector<std::uint8_t>& out, bool& placed) {
    if (!value.is_map() && !value.is_array()) {
        out.insert(out.end(), value.begin, value.end);
        return;
    }
    const bool counted = *value.begin == 0xc1;
    const std::uint8_t* at = value.begin + (counted ? 5 : 0);
    if (counted != (value.end - at >= 48)) placed = false;
    Items items(value);
    const std::uint8_t* header_end = value.end;
    std::vector<Packed> inside;
    for (Packed item; items.next(item);) inside.push_back(item);
    if (!inside.empty()) header_end = inside.front().begin;
    out.insert(out.end(), at, header_end);
    for (const Packed& item : inside) without_counts(item, out, placed);
}

// A value of the kinds game views hold, with the sizes where MessagePack changes its form.
Json random_value(std::mt19937& rng, int depth) {
    const auto below = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    static const std::vector<Json> scalars = {
        nullptr, true, false, 0, 1, 127, 128, 255, 256, 65535, 65536, 4294967295ll, 4294967296ll,
        -1, -32, -33, -128, -129, -32768, -32769, -2147483648ll, -2147483649ll, 1700000000000ll,
        std::numeric_limits<std::int64_t>::min(),  // the longest text an int has
        "", "ace", "a \"quoted\" \\ word\n", "Gwénaël", std::string(40, 'x'), std::string(300, 'y'), 2.5,
    };
    const int kind = depth > 3 ? 0 : below(4);
    if (kind == 0 || kind == 1) return scalars[static_cast<std::size_t>(below(static_cast<int>(scalars.size())))];
    if (kind == 2) {
        Json array = Json::array();
        for (int i = below(depth == 0 ? 20 : 6); i > 0; --i) array.push_back(random_value(rng, depth + 1));
        return array;
    }
    Json object = Json::object();
    for (int i = below(depth == 0 ? 20 : 6); i > 0; --i) {
        object["k" + std::to_string(below(24))] = random_value(rng, depth + 1);
    }
    return object;
}

// A small change to `value`, as a move makes: a field changed, added or removed, an element gone.
Json changed(std::mt19937& rng, Json value) {
    if (value.is_object() && !value.empty() && rng() % 4 != 0) {
        auto it = std::next(value.begin(), static_cast<long>(rng() % value.size()));
        switch (rng() % 3) {
            case 0: *it = changed(rng, *it); break;
            case 1: value.erase(it); break;
            default: value["new" + std::to_string(rng() % 5)] = random_value(rng, 2);
        }
        return value;
    }
    if (value.is_array() && !value.empty() && rng() % 4 != 0) {
        const auto at = static_cast<std::size_t>(rng() % value.size());
        if (rng() % 2) value.erase(value.begin() + static_cast<long>(at));
        else value[at] = changed(rng, value[at]);
        return value;
    }
    return random_value(rng, 2);
}

}  // namespace

TEST_CASE("A value packed here is packed as nlohmann packs it, large containers counted, and written as nlohmann writes it") {
    std::mt19937 rng(7);
    int counted = 0;
    for (int i = 0; i < 500; ++i) {
        const Json value = random_value(rng, 0);
        INFO(value.dump());
        const std::vector<std::uint8_t> bytes = packed(value);
        std::vector<std::uint8_t> plain;
        bool placed = true;
        without_counts(packed_whole(bytes), plain, placed);
        CHECK(placed);
        CHECK(plain == Json::to_msgpack(value));
        counted += bytes != plain ? 1 : 0;
        CHECK(text_of(value) == value.dump(-1, ' ', false, Json::error_handler_t::replace));
        // Its text's length, counted without writing it.
        CHECK(json_text_size(packed_whole(bytes)) == text_of(value).size());
    }
    CHECK(counted > 100);  // the large containers were many
    // Unsigned and signed integers of one value pack alike: equal values, equal bytes.
    CHECK(packed(Json(std::uint64_t{300})) == packed(Json(std::int64_t{300})));
    // Invalid UTF-8 is written replaced, as a snapshot writes it.
    CHECK(text_of(Json(std::string("\xff" "a"))) == Json(std::string("\xff" "a")).dump(-1, ' ', false, Json::error_handler_t::replace));
}

TEST_CASE("A value packed piece by piece, as a game writes its view, is packed as its tree is") {
    std::mt19937 rng(9);
    for (int i = 0; i < 500; ++i) {
        const Json value = random_value(rng, 0);
        INFO(value.dump());
        std::vector<std::uint8_t> out{0x42};  // after what was packed before
        PackSink sink(out);
        taol::testing::describe_json(value, sink);
        std::vector<std::uint8_t> expected{0x42};
        const std::vector<std::uint8_t> tree = packed(value);
        expected.insert(expected.end(), tree.begin(), tree.end());
        CHECK(out == expected);
    }
    std::vector<std::uint8_t> out;
    PackSink sink(out);
    sink.begin_object();
    sink.field("b", 1);
    CHECK_THROWS_AS(sink.key("a"), std::logic_error);
}

TEST_CASE("A value packed already and copied into a sink packs as if written there (one view for viewers who share it)") {
    std::mt19937 rng(11);
    for (int i = 0; i < 300; ++i) {
        const Json view = random_value(rng, 0);
        INFO(view.dump());
        const std::vector<std::uint8_t> alone = packed(view);
        std::vector<std::uint8_t> out;
        PackSink sink(out);
        sink.begin_object();
        sink.field("seat", 2);
        sink.key("view");
        sink.packed(packed_whole(alone));
        sink.key("waiting_for");
        sink.begin_array();
        sink.integer(1);
        sink.end_array();
        sink.end_object();
        CHECK(out == packed(Json{{"seat", 2}, {"view", view}, {"waiting_for", {1}}}));
    }
}

TEST_CASE("A container's items are read one by one, and bad bytes are refused, not read past") {
    const auto bytes = packed(Json{{"a", 1}, {"b", Json::array({1, 2, 3})}});
    Items items(packed_whole(bytes));
    Packed key, value;
    REQUIRE(items.next(key));
    CHECK(string_of(key) == "a");
    REQUIRE(items.next(value));
    REQUIRE(items.next(key));
    REQUIRE(items.next(value));
    CHECK(value.is_array());
    CHECK(elements(value).size() == 3);
    CHECK_FALSE(items.next(key));

    std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 1);  // the last element is missing
    Items short_items(packed_whole(cut));
    CHECK_THROWS(short_items.next(key) && short_items.next(value) && short_items.next(key) && short_items.next(value));
    const std::vector<std::uint8_t> ext = {0xd4, 0x01, 0x02};
    CHECK_THROWS(elements(packed_whole(ext)));

    // A short string cut in the middle, read past or written out: refused too.
    const auto word = packed(Json::array({"castors", 1}));
    const std::vector<std::uint8_t> cut_word(word.begin(), word.begin() + 4);
    CHECK_THROWS(elements(packed_whole(cut_word)));
    std::string text;
    CHECK_THROWS(append_json_text(text, packed_whole(cut_word)));
    CHECK_THROWS(append_json_text(text, packed_whole(cut)));

    // A large container is passed by its byte count, which is checked against what is there.
    const auto large = packed(Json::array({Json::array({std::string(60, 'x')}), 7}));
    REQUIRE(large.front() == 0xc1);
    const std::vector<Packed> outer = elements(packed_whole(large));
    REQUIRE(outer.size() == 2);
    CHECK(outer[0].is_array());
    CHECK(*outer[0].begin == 0xc1);
    CHECK(elements(outer[0]).size() == 1);
    CHECK(outer[1] == packed_whole(packed(Json(7))));
    const std::vector<std::uint8_t> cut_large(large.begin(), large.end() - 1);
    CHECK_THROWS(elements(packed_whole(cut_large)));
    std::vector<std::uint8_t> counted_scalar = {0xc1, 0, 0, 0, 1, 0x07};
    CHECK_THROWS(elements(packed_whole(counted_scalar)));
}

TEST_CASE("The change between two packed documents turns the first into the second") {
    std::mt19937 rng(11);
    for (int i = 0; i < 2000; ++i) {
        Json before = random_value(rng, 0);
        if (!before.is_object()) before = Json{{"view", before}};
        Json after = before;
        for (int n = 1 + static_cast<int>(rng() % 3); n > 0; --n) after = changed(rng, after);
        if (!after.is_object()) after = Json{{"view", after}};
        const auto a = packed(before);
        const auto b = packed(after);
        const Change change = change_between(packed_whole(a), packed_whole(b));
        INFO(before.dump() << "\n -> " << after.dump() << "\n merge " << change.merge << "\n patch " << change.patch);
        Json got = before;
        if (!change.merge.empty()) {
            const Json merge = Json::parse(change.merge);
            REQUIRE(merge.is_object());
            got.merge_patch(merge);
        }
        if (!change.patch.empty()) {
            const Json patch = Json::parse(change.patch);
            REQUIRE(patch.is_array());
            CHECK_FALSE(patch.empty());
            for (const Json& op : patch) CHECK(op.at("path") != "");  // the root is never replaced whole
            got = got.patch(patch);
        }
        CHECK(got == after);
        if (before == after) CHECK((change.merge.empty() && change.patch.empty()));
    }
}

TEST_CASE("Each member of a change goes by the shorter form: a merge patch, or operations where it cannot say it") {
    const auto change_of = [](const Json& before, const Json& after) {
        const auto a = packed(before);
        const auto b = packed(after);
        return change_between(packed_whole(a), packed_whole(b));
    };
    // A member's new value, and a removed member: the merge patch.
    Change c = change_of(Json::parse(R"({"view":{"phase":"bet","turn":1,"gone":2}})"),
                         Json::parse(R"({"view":{"phase":"draw","turn":1}})"));
    CHECK(c.merge == R"({"view":{"gone":null,"phase":"draw"}})");
    CHECK(c.patch.empty());
    // Null is "remove" to a merge patch: a member set to null, or an object holding one, is an operation.
    c = change_of(Json::parse(R"({"view":{"from":"deck","deck":21,"discard":["mill","sea","end","pact"]}})"),
                  Json::parse(R"({"view":{"from":null,"line":{"bait":null},"deck":21,"discard":["mill","sea","end","pact"]}})"));
    CHECK(c.merge.empty());
    CHECK(c.patch == R"([{"op":"replace","path":"/view/from","value":null},{"op":"add","path":"/view/line","value":{"bait":null}}])");
    // One element of a long array: an operation; an array that changed throughout: the merge patch.
    c = change_of(Json::parse(R"({"hand":["a1","b2","c3","d4","e5","f6","g7"]})"),
                  Json::parse(R"({"hand":["a1","b2","c3","e5","f6","g7"]})"));
    CHECK(c.merge.empty());
    CHECK(c.patch == R"([{"op":"remove","path":"/hand/3"}])");
    c = change_of(Json::parse(R"({"hand":["a1","b2"]})"), Json::parse(R"({"hand":["b2","a1"]})"));
    CHECK(c.merge == R"({"hand":["b2","a1"]})");
    CHECK(c.patch.empty());
    // Both at once, on different members; an array element's own members go by operations.
    const std::string others = R"({"cards":8,"score":3,"seat":1},{"cards":8,"score":5,"seat":2},{"cards":8,"score":0,"seat":3})";
    c = change_of(Json::parse(R"({"view":{"phase":"bet","players":[{"cards":7,"score":0,"seat":0},)" + others + "]}}"),
                  Json::parse(R"({"view":{"phase":"draw","players":[{"cards":6,"score":0,"seat":0},)" + others + "]}}"));
    CHECK(c.merge == R"({"view":{"phase":"draw"}})");
    CHECK(c.patch == R"([{"op":"replace","path":"/view/players/0/cards","value":6}])");
}
