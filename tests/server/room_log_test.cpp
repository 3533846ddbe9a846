// The log a room keeps, written out: each viewer reads exactly the entries it may, from where it
// stands, as the trees they were made from would have been written.
#include <catch2/catch.hpp>

#include "server/rooms/room_log.hpp"

using namespace taol;
using games::Json;

TEST_CASE("A room's log is read back per viewer, from any position, as its entries' JSON") {
    server::RoomLog log;
    const std::vector<games::LogEntry> written = {
        {1000, "castors.drew", Json{{"seat", 1}}, {}},
        {1001, "castors.looked", Json{{"seat", 1}, {"card", 7}}, {1}},  // seat 1's alone
        {1002, "castors.note", Json{{"name", "Ma\u00eblys \"la\" \\ reine"}}, {0, 2}},
        {1003, "castors.knocked", Json::object(), {}},
    };
    for (const games::LogEntry& e : written) log.add(e);
    REQUIRE(log.size() == 4);
    const auto expected = [&](std::size_t from, games::Viewer viewer) {
        Json out = Json::array();
        for (std::size_t i = from; i < written.size(); ++i) {
            if (written[i].visible_to(viewer)) out.push_back(written[i].to_json());
        }
        return out.dump();
    };
    for (std::size_t from = 0; from <= written.size(); ++from) {
        for (const games::Viewer viewer : {games::Viewer{}, games::Viewer{0}, games::Viewer{1}, games::Viewer{2}}) {
            CHECK(log.visible_since(from, viewer) == expected(from, viewer));
        }
    }
    CHECK(log.visible_since(0, std::nullopt) ==
          R"([{"at":1000,"params":{"seat":1},"text_key":"castors.drew"},{"at":1003,"params":{},"text_key":"castors.knocked"}])");
    const std::vector<games::LogEntry> back = log.entries();
    REQUIRE(back.size() == written.size());
    for (std::size_t i = 0; i < back.size(); ++i) {
        CHECK(back[i].at == written[i].at);
        CHECK(back[i].text_key == written[i].text_key);
        CHECK(back[i].params == written[i].params);
        CHECK(back[i].audience == written[i].audience);
    }
    log.clear();
    CHECK(log.size() == 0);
    CHECK(log.visible_since(0, 1) == "[]");
}
