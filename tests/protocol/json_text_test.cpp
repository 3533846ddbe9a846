// The server's JSON writer (protocol/json_text.hpp) writes exactly what nlohmann's dump() writes,
// with bad UTF-8 replaced: every frame goes through it, and tests outside the project compare them.
#include <catch2/catch.hpp>

#include <limits>
#include <random>

#include "protocol/json_text.hpp"
#include "tests/protocol/describe_json.hpp"

using namespace taol::protocol;
using Json = nlohmann::json;

namespace {

std::string dumped(const Json& value) { return value.dump(-1, ' ', false, Json::error_handler_t::replace); }

Json random_value(std::mt19937& rng, int depth) {
    const auto below = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
    static const std::vector<Json> scalars = {
        nullptr, true, false, 0, -1, 42, std::numeric_limits<std::int64_t>::min(),
        std::numeric_limits<std::int64_t>::max(), std::numeric_limits<std::uint64_t>::max(), 1700000000000ll,
        0.0, -0.5, 2.5, 1e300, 1.0 / 3, 100.0, std::numeric_limits<double>::quiet_NaN(),
        "", "ace", "a \"quoted\" \\ word\n", "tab\there", std::string("nul\0in", 6), "\x1f\x7f", "Gwénaël",
        "emoji 🐟", "bad \xff\xfe utf-8", "cut \xc3", std::string(300, 'y'), "slash / </script>",
    };
    const int kind = depth > 3 ? 0 : below(4);
    if (kind <= 1) return scalars[static_cast<std::size_t>(below(static_cast<int>(scalars.size())))];
    if (kind == 2) {
        Json array = Json::array();
        for (int i = below(8); i > 0; --i) array.push_back(random_value(rng, depth + 1));
        return array;
    }
    Json object = Json::object();
    for (int i = below(8); i > 0; --i) {
        const std::string key = below(5) == 0 ? "clé \"" + std::to_string(below(9)) + "\"\n" : "k" + std::to_string(below(24));
        object[key] = random_value(rng, depth + 1);
    }
    return object;
}

}  // namespace

TEST_CASE("A value written piece by piece reads as its tree: the text byte for byte, the tree equal") {
    std::mt19937 rng(5);
    for (int i = 0; i < 2000; ++i) {
        const Json value = random_value(rng, 0);
        std::string text;
        TextSink text_sink(text);
        taol::testing::describe_json(value, text_sink);
        CHECK(text == dumped(value));
        taol::games::TreeSink tree_sink;
        taol::testing::describe_json(value, tree_sink);
        CHECK(dumped(tree_sink.take()) == dumped(value));  // NaN is not equal to itself; its text is
    }
}

TEST_CASE("Text written piece by piece refuses a key out of order or twice: it would not read as the tree") {
    std::string text;
    TextSink sink(text);
    sink.begin_object();
    sink.field("b", 1);
    CHECK_THROWS_AS(sink.key("a"), std::logic_error);
    CHECK_THROWS_AS(sink.key("b"), std::logic_error);
    sink.field("c", std::vector<bool>{true, false});
    sink.field("d", std::optional<int>{});
    sink.end_object();
    CHECK(text == R"({"b":1,"c":[true,false],"d":null})");
}

TEST_CASE("Text written piece by piece goes after what its string held, and each whole value is there at once") {
    std::string text = "prefix:";
    TextSink sink(text);
    sink.begin_array();
    for (int i = 0; i < 300; ++i) sink.string("a value long enough to make the string grow several times");  // past its room
    sink.end_array();
    CHECK(text.size() == 7 + 2 + 300 * 59 + 299);  // held as soon as the array is closed, the sink still there
    CHECK(text.rfind("prefix:[\"a value", 0) == 0);
    sink.integer(std::numeric_limits<std::int64_t>::min());
    CHECK(text.substr(text.size() - 20) == "-9223372036854775808");
    // A key written with escapes is kept to check the next one against.
    std::string escaped;
    TextSink keys(escaped);
    keys.begin_object();
    keys.field("clé \"1\"", 1);
    CHECK_THROWS_AS(keys.key("a"), std::logic_error);
    keys.field("d", 2);
    keys.end_object();
    CHECK(escaped == R"({"clé \"1\"":1,"d":2})");
}

TEST_CASE("The server's JSON writer writes what nlohmann's dump writes, byte for byte") {
    std::mt19937 rng(11);
    for (int i = 0; i < 2000; ++i) {
        const Json value = random_value(rng, 0);
        const std::string expected = dumped(value);
        INFO(expected);
        CHECK(json_text(value) == expected);
        if (value.is_string()) CHECK(json_string_size(value.get<std::string>()) == expected.size());
        std::string appended = "[";
        append_json(appended, value);
        CHECK(appended == "[" + expected);
    }
    CHECK(json_text(Json::object()) == "{}");
    // Strict, as dump(): what is not UTF-8 throws, as the journal wants.
    const Json bad = {{"chat", {"ok", "bad \xff"}}};
    CHECK_THROWS_AS(json_text(bad, BadUtf8::strict), Json::type_error);
    CHECK_THROWS_AS(bad.dump(), Json::type_error);
    const Json good = {{"chat", {"Gwénaël", "a\"b"}}, {"n", 2.5}};
    CHECK(json_text(good, BadUtf8::strict) == good.dump());
    CHECK(json_text(Json::array()) == "[]");
    std::string text;
    append_json_string(text, "a\"b");
    CHECK(text == R"("a\"b")");
}

TEST_CASE("A compact array's elements are found in its text, strings and nesting read through") {
    const Json array = Json::parse(R"([{"type":"take","card":"a,b]"},[1,[2,3]],"q\"u,o}te\\",{},[],null,-4,{"x":{"y":[{}]}}])");
    const std::string text = json_text(array);
    const std::vector<std::string_view> elements = array_elements(text);
    REQUIRE(elements.size() == array.size());
    for (std::size_t i = 0; i < elements.size(); ++i) CHECK(elements[i] == json_text(array[i]));
    CHECK(array_elements("[]").empty());
    CHECK(array_elements(R"(["]"])") == std::vector<std::string_view>{R"("]")"});
    for (const char* broken : {"", "[", "{}", "[1,{]", R"(["x])", "[1]]"}) {
        INFO(broken);
        CHECK_THROWS_AS(array_elements(broken), std::runtime_error);
    }
}
