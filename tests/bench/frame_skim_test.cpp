// The load generator's skim of a frame's top-level members reads what a JSON parser reads.
#include <string>
#include <vector>

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "tests/bench/frame_skim.hpp"

namespace taol::bench {
namespace {

using Json = nlohmann::json;

// Each member's text as the skim finds it, parsed, against the parser's own reading.
void check_skim(const std::string& text) {
    INFO(text);
    const Json whole = Json::parse(text);
    Json skimmed = Json::object();
    REQUIRE(for_each_member(text, [&](std::string_view key, std::string_view value) {
        skimmed[std::string(key)] = Json::parse(value);
    }));
    CHECK(skimmed == whole);
}

}  // namespace

TEST_CASE("The load generator's skim of a frame reads each member as a parser does", "[bench]") {
    check_skim(R"({"type":"snapshot","rev":12,"status":"playing","actions":[{"type":"go","choose":{"card":{"one_of":[1,2]}}}],"id":7})");
    check_skim(R"({ "a" : "}]," , "b":{"c":["\"{[",{"d":null}]}, "e": -1.5e3 ,"f":true,"g":[] })");
    check_skim(R"({"log":[{"text":"a \\ b \"quoted\" } ,"}],"rev":3})");
    check_skim(R"({})");
    check_skim(Json{{"view", {{"hand", {"a", "b"}}, {"n", 3}}}, {"rev", 40}, {"actions", Json::array()}}.dump(2));
}

TEST_CASE("The skim refuses what is not an object", "[bench]") {
    const auto members = [](std::string_view text) {
        int n = 0;
        const bool ok = for_each_member(text, [&](std::string_view, std::string_view) { ++n; });
        return ok ? n : -1;
    };
    CHECK(members("[1,2]") == -1);
    CHECK(members(R"({"a":[1,2)") == -1);
    CHECK(members(R"({"a" 1})") == -1);
    CHECK(members(R"({"a":1,"b":2})") == 2);
}

}  // namespace taol::bench
