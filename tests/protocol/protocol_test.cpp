// The wire contract at the edge: every client message parsed, every malformed one refused with
// its named error, every server message built in the shape PROTOCOL.md gives.
#include <catch2/catch.hpp>

#include "protocol/json_text.hpp"
#include "protocol/messages.hpp"
#include "protocol/snapshot_text.hpp"

using namespace taol::protocol;

namespace {

ProtocolError refused(std::string_view frame) {
    auto parsed = parse_client_message(frame);
    REQUIRE_FALSE(parsed.ok());
    return parsed.error();
}

ClientMessage accepted(std::string_view frame) {
    auto parsed = parse_client_message(frame);
    if (!parsed.ok()) FAIL("refused: " << parsed.error().message);
    return parsed.value();
}

}  // namespace

TEST_CASE("Every client message type is parsed with its fields") {
    auto hello = accepted(R"({"type":"hello","id":1,"name":"Katell","token":"abc"})");
    CHECK(hello.id == 1);
    CHECK(std::get<Hello>(hello.body).name == "Katell");
    CHECK(std::get<Hello>(hello.body).token == "abc");
    CHECK_FALSE(std::get<Hello>(accepted(R"({"type":"hello","name":"Soazig"})").body).token);

    auto create = accepted(R"({"type":"create","game":"fishfish","options":{"baits":[1,2,3,4,5]}})");
    CHECK(std::get<Create>(create.body).game == "fishfish");
    CHECK(std::get<Create>(create.body).options.at("baits").size() == 5);
    CHECK(std::get<Create>(accepted(R"({"type":"create","game":"bharg"})").body).options.is_null());

    auto join = accepted(R"({"type":"join","room":"abcd2345","as":"spectator"})");
    CHECK(std::get<Join>(join.body).room == "ABCD2345");
    CHECK(std::get<Join>(join.body).as_spectator);
    CHECK_FALSE(std::get<Join>(accepted(R"({"type":"join","room":"ABCD2345","as":"player"})").body).as_spectator);

    CHECK(std::holds_alternative<Leave>(accepted(R"({"type":"leave"})").body));
    CHECK(std::get<Start>(accepted(R"({"type":"start","options":{"turn_seconds":30}})").body).options.at("turn_seconds") == 30);
    CHECK(std::holds_alternative<Rematch>(accepted(R"({"type":"rematch"})").body));

    auto act = accepted(R"({"type":"act","id":7,"action":{"type":"bet","tiles":2},"rev":12})");
    CHECK(std::get<Act>(act.body).action.at("tiles") == 2);
    CHECK(std::get<Act>(act.body).rev == 12);
    CHECK_FALSE(std::get<Act>(accepted(R"({"type":"act","action":{"type":"pass"}})").body).rev);

    CHECK(std::get<Ping>(accepted(R"({"type":"ping","t":1700000000123})").body).t == 1700000000123LL);
    CHECK(std::get<Chat>(accepted(R"({"type":"chat","text":"Kenavo !"})").body).text == "Kenavo !");
    CHECK(std::string(type_name(act.body)) == "act");
}

TEST_CASE("Bots' messages: add_bot, remove_bot and bot_for with a seat, and a seat's bot and votes in room") {
    CHECK(std::holds_alternative<AddBot>(accepted(R"({"type":"add_bot"})").body));
    CHECK(std::get<RemoveBot>(accepted(R"({"type":"remove_bot","seat":2})").body).seat == 2);
    const auto bot_for = accepted(R"({"type":"bot_for","id":3,"seat":1})");
    CHECK(std::get<BotFor>(bot_for.body).seat == 1);
    CHECK(std::string(type_name(bot_for.body)) == "bot_for");
    for (const char* frame : {R"({"type":"remove_bot"})", R"({"type":"bot_for","seat":-1})", R"({"type":"bot_for","seat":"1"})",
                              R"({"type":"bot_for","seat":1.5})", R"({"type":"remove_bot","seat":18446744073709551615})"}) {
        INFO(frame);
        CHECK(refused(frame).code == ErrorCode::bad_request);
    }
    RoomInfo info{"ABCD2345", "castors", Json::object(), 0, "playing", {}, 0};
    info.seats.push_back({0, "Katell", true, false, {}});
    info.seats.push_back({1, "Bot Yann", false, true, {}});
    info.seats.push_back({2, "Soazig", false, false, {0}});
    const Json seats = room_json(info).at("seats");
    CHECK(seats[0] == Json{{"seat", 0}, {"name", "Katell"}, {"connected", true}});
    CHECK(seats[1].at("bot") == true);
    CHECK(seats[2].at("bot_votes") == Json::array({0}));
}

TEST_CASE("Malformed frames get bad_json, without an id") {
    for (const char* frame : {"", "{", "not json", R"({"type":"hello",})", "\xff\xfe"}) {
        INFO(frame);
        auto e = refused(frame);
        CHECK(e.code == ErrorCode::bad_json);
        CHECK_FALSE(e.id);
        CHECK_FALSE(e.message.empty());
    }
}

TEST_CASE("A NUL byte makes a frame bad_json, however valid the text before it") {
    using namespace std::string_view_literals;
    for (std::string_view frame : {"{\"type\":\"leave\"}\0garbage"sv, "{\"type\":\"leave\"}\0"sv,
                                   "{\"type\":\"chat\",\"text\":\"a\0b\"}"sv, "\0"sv}) {
        INFO(frame);
        CHECK(refused(frame).code == ErrorCode::bad_json);
    }
}

TEST_CASE("Frames over 64 KiB get too_large") {
    std::string big = R"({"type":"chat","text":")" + std::string(kMaxFrameBytes, 'a') + R"("})";
    auto e = refused(big);
    CHECK(e.code == ErrorCode::too_large);
    CHECK_FALSE(e.id);
}

TEST_CASE("Wrong or missing fields get bad_request, carrying the id when it could be read") {
    const char* cases[] = {
        R"([1,2])",
        R"({"id":3})",
        R"({"type":5,"id":3})",
        R"({"type":"hello","id":3})",
        R"({"type":"hello","id":3,"name":""})",
        R"({"type":"hello","id":3,"name":"   "})",
        R"({"type":"hello","id":3,"name":42})",
        R"({"type":"hello","id":3,"name":"a\u0001b"})",
        R"({"type":"hello","id":3,"name":"Anna-Katell-Soazig-Rozenn-Tyfenn-Gwenola"})",
        R"({"type":"hello","id":3,"name":"K","token":7})",
        R"({"type":"create","id":3})",
        R"({"type":"create","id":3,"game":"fishfish","options":[1]})",
        R"({"type":"join","id":3})",
        R"({"type":"join","id":3,"room":"ABCD2345","as":"referee"})",
        R"({"type":"start","id":3,"options":"fast"})",
        R"({"type":"act","id":3})",
        R"({"type":"act","id":3,"action":"bet"})",
        R"({"type":"act","id":3,"action":{"tiles":2}})",
        R"({"type":"act","id":3,"action":{"type":"bet"},"rev":-1})",
        R"({"type":"act","id":3,"action":{"type":"bet"},"rev":"12"})",
        R"({"type":"ping","id":3})",
        R"({"type":"chat","id":3})",
        R"({"type":"chat","id":3,"text":""})",
    };
    for (const char* frame : cases) {
        INFO(frame);
        auto e = refused(frame);
        CHECK(e.code == ErrorCode::bad_request);
        CHECK_FALSE(e.message.empty());
        const bool id_readable = std::string_view(frame).find("\"id\":3") != std::string_view::npos &&
                                 std::string_view(frame).find("\"type\":5") == std::string_view::npos;
        if (id_readable) CHECK(e.id == 3);
    }
    CHECK_FALSE(refused(R"({"type":"hello","id":"x","name":"K"})").id);
}

TEST_CASE("Chat is limited to 500 characters, counted as characters not bytes") {
    std::string ok;
    for (int i = 0; i < 500; ++i) ok += "é";
    accepted(Json{{"type", "chat"}, {"text", ok}}.dump());
    auto e = refused(Json{{"type", "chat"}, {"text", ok + "é"}, {"id", 9}}.dump());
    CHECK(e.code == ErrorCode::bad_request);
    CHECK(e.id == 9);
}

TEST_CASE("Unknown types get unknown_type with the id") {
    auto e = refused(R"({"type":"teleport","id":4})");
    CHECK(e.code == ErrorCode::unknown_type);
    CHECK(e.id == 4);
    CHECK(e.message.find("teleport") != std::string::npos);
}

TEST_CASE("Server messages have the contract's shape") {
    CHECK(welcome_json("p1", "tok", true) == Json::parse(R"({"type":"welcome","player":"p1","token":"tok","resumed":true})"));

    RoomInfo room{"ABCD2345", "fishfish", Json{{"baits", {2, 3, 3, 4, 5}}}, 0, "waiting",
                  {{0, "Katell", true}, {1, "Soazig", false}}, 2};
    const Json r = room_json(room);
    CHECK(r.at("type") == "room");
    CHECK(r.at("seats").at(1) == Json::parse(R"({"seat":1,"name":"Soazig","connected":false})"));
    CHECK(r.at("spectators") == 2);

    SnapshotParts snap;  // every part left out is sent empty
    snap.room = "ABCD2345";
    snap.rev = 3;
    snap.status = "playing";
    snap.server_time = 1000;
    const Json s = Json::parse(encode_snapshot(snap));
    for (const char* key : {"room", "rev", "status", "server_time", "seat", "view", "actions", "deadlines", "log"}) {
        CHECK(s.contains(key));
    }
    CHECK(s.at("type") == "snapshot");
    CHECK(s.at("seat").is_null());
    CHECK(s.at("actions") == Json::array());
    CHECK(s.at("view") == Json::object());
    CHECK(s.at("outcome").is_null());
    CHECK_FALSE(s.contains("id"));

    ErrorInfo late{ErrorCode::too_late, "Soazig was 12 ms faster", true, 2, 12};
    CHECK(error_json(late) == Json::parse(R"({"type":"error","code":"too_late","message":"Soazig was 12 ms faster","winner":2,"margin_ms":12})"));
    ErrorInfo deadline{ErrorCode::too_late, "the window had closed", true, std::nullopt, 0};
    CHECK(error_json(deadline).at("winner").is_null());
    ErrorInfo plain{ErrorCode::room_full, "the room is full", false, std::nullopt, std::nullopt};
    CHECK_FALSE(error_json(plain).contains("winner"));
    CHECK(with_id(error_json(plain), 5).at("id") == 5);
    CHECK_FALSE(with_id(error_json(plain), std::nullopt).contains("id"));

    CHECK(pong_json(17, 1000) == Json::parse(R"({"type":"pong","t":17,"server_time":1000})"));
    CHECK(chat_json("Katell", 0, "Yec'hed mat", 5).at("seat") == 0);
    CHECK(chat_json("Léna", std::nullopt, "hi", 5).at("seat").is_null());
}

TEST_CASE("Every error code has its contract name") {
    const std::pair<ErrorCode, const char*> names[] = {
        {ErrorCode::bad_json, "bad_json"}, {ErrorCode::bad_request, "bad_request"},
        {ErrorCode::unknown_type, "unknown_type"}, {ErrorCode::too_large, "too_large"},
        {ErrorCode::rate_limited, "rate_limited"}, {ErrorCode::not_hello, "not_hello"},
        {ErrorCode::room_not_found, "room_not_found"}, {ErrorCode::room_full, "room_full"},
        {ErrorCode::already_in_room, "already_in_room"}, {ErrorCode::not_in_room, "not_in_room"},
        {ErrorCode::not_host, "not_host"}, {ErrorCode::not_started, "not_started"},
        {ErrorCode::already_started, "already_started"}, {ErrorCode::not_enough_players, "not_enough_players"},
        {ErrorCode::bad_options, "bad_options"}, {ErrorCode::not_a_player, "not_a_player"},
        {ErrorCode::not_your_turn, "not_your_turn"}, {ErrorCode::illegal_action, "illegal_action"},
        {ErrorCode::too_late, "too_late"}, {ErrorCode::game_over, "game_over"},
        {ErrorCode::storage_error, "storage_error"},
    };
    for (const auto& [code, name] : names) CHECK(std::string(to_string(code)) == name);
}

TEST_CASE("Encoding never throws on text that is not valid UTF-8") {
    CHECK_NOTHROW(encode(Json{{"text", std::string("bad \xff byte")}}));
}

TEST_CASE("Deep nesting is refused before it is parsed, whatever the message") {
    std::string deep = R"({"type":"act","id":4,"action":{"type":"x","v":)";
    for (int i = 0; i < 32'000; ++i) deep += '[';
    for (int i = 0; i < 32'000; ++i) deep += ']';
    deep += "}}";
    REQUIRE(deep.size() <= kMaxFrameBytes);
    const auto e = refused(deep);
    CHECK(e.code == ErrorCode::bad_request);
    CHECK(e.message.find("deeper than 32") != std::string::npos);
    // Brackets inside strings are text, not nesting; escapes do not end a string early.
    CHECK(nesting_depth(R"({"a":"[[[[{{{{\"[[[[","b":[1,[2]]})") == 3);
    CHECK(nesting_depth("[]") == 1);
    std::string at_limit = R"({"type":"act","action":{"type":"x","v":)";
    for (int i = 0; i < kMaxDepth - 2; ++i) at_limit += '[';
    for (int i = 0; i < kMaxDepth - 2; ++i) at_limit += ']';
    at_limit += "}}";
    CHECK(nesting_depth(at_limit) == kMaxDepth);
    accepted(at_limit);
}

TEST_CASE("Ids and revs outside 64-bit integers are refused, not wrapped") {
    CHECK(refused(R"({"type":"ping","t":1,"id":18446744073709551615})").code == ErrorCode::bad_request);
    CHECK(refused(R"({"type":"ping","t":1,"id":9223372036854775808})").code == ErrorCode::bad_request);
    CHECK(accepted(R"({"type":"ping","t":1,"id":9223372036854775807})").id == INT64_MAX);
    CHECK(accepted(R"({"type":"ping","t":1,"id":-9223372036854775808})").id == INT64_MIN);
    CHECK(refused(R"({"type":"act","action":{"type":"pass"},"rev":18446744073709551615})").code == ErrorCode::bad_request);
}

TEST_CASE("Names with invisible or direction-changing characters are refused") {
    for (const char* name : {"Kat\u202Eell", "Kat\u200Bell", "\u2066Anna\u2069", "Ann\u200Da", "\uFEFFAnna", "A\u200Fnna"}) {
        INFO(name);
        const auto e = refused(Json{{"type", "hello"}, {"name", name}}.dump());
        CHECK(e.code == ErrorCode::bad_request);
        CHECK(e.message.find("invisible or direction-changing") != std::string::npos);
    }
    CHECK(std::get<Hello>(accepted(R"({"type":"hello","name":"Maï-Lénaïg 🃏"})").body).name == "Maï-Lénaïg 🃏");
}

TEST_CASE("configure carries the room's own options") {
    auto m = accepted(R"({"type":"configure","id":3,"options":{"spectators_chat":false}})");
    CHECK(std::get<Configure>(m.body).options.at("spectators_chat") == false);
    CHECK(refused(R"({"type":"configure","options":3})").code == ErrorCode::bad_request);
    CHECK(refused(R"({"type":"configure"})").code == ErrorCode::bad_request);
}

TEST_CASE("The room message says when its game was interrupted, and only then") {
    RoomInfo info{"ABCDEFGH", "fake", Json::object(), 0, "finished", {}, 0, false};
    CHECK(room_json(info).count("interrupted") == 0);
    info.interrupted = true;
    CHECK(room_json(info).at("interrupted") == true);
    CHECK(std::string(to_string(ErrorCode::duplicate)) == "duplicate");
    CHECK(std::string(to_string(ErrorCode::room_damaged)) == "room_damaged");
    CHECK(std::string(to_string(ErrorCode::server_busy)) == "server_busy");
}

TEST_CASE("A snapshot written from its parts is byte for byte the message written as a tree") {
    const Json view = Json::parse(R"({"hand":[{"id":"c1","value":7}],"name":"Ma\u00eblys \"la\" \\ reine","round":2})");
    const Json actions = Json::parse(R"([{"type":"draw"},{"type":"swap","choose":{"card":{"one_of":[0,1]}}}])");
    const Json deadlines = Json::parse(R"([{"kind":"turn","at":1700000001000,"seat":1}])");
    const Json log = Json::parse(R"([{"at":1700000000000,"text_key":"castors.drew","params":{"seat":1}}])");
    const Json waiting = Json::array({1});
    const Json outcome = Json::parse(R"({"scores":[3,4],"winners":[0]})");
    const std::string invalid_utf8 = std::string("bad \xff name");
    const Json strange = Json{{"name", invalid_utf8}};
    // A room writes each part once, as text, for every snapshot that carries it.
    const std::string view_text = json_text(view);
    const std::string strange_text = json_text(strange);  // bad UTF-8 replaced, as in every frame
    const std::string actions_text = json_text(actions);
    const std::string deadlines_text = json_text(deadlines);
    const std::string log_text = json_text(log);
    const std::string waiting_text = json_text(waiting);
    const std::string outcome_text = json_text(outcome);
    for (const bool full : {false, true}) {
        for (const std::optional<std::int64_t> id : {std::optional<std::int64_t>{}, std::optional<std::int64_t>{42}}) {
            SnapshotParts p;
            p.room = "ABCD2345";
            p.rev = 17;
            p.status = full ? "finished" : "playing";
            p.server_time = 1'700'000'000'123;
            p.seat = full ? std::optional<int>(1) : std::nullopt;
            p.view = full ? view_text : strange_text;
            if (full) {
                p.actions = actions_text;
                p.deadlines = deadlines_text;
                p.log = log_text;
                p.waiting_for = waiting_text;
                p.outcome = outcome_text;
            }
            Json tree{{"type", "snapshot"}, {"room", "ABCD2345"}, {"rev", 17}, {"status", p.status},
                      {"server_time", p.server_time}, {"seat", full ? Json(1) : Json(nullptr)},
                      {"view", full ? view : strange}, {"actions", full ? actions : Json::array()},
                      {"deadlines", full ? deadlines : Json::array()}, {"log", full ? log : Json::array()},
                      {"waiting_for", full ? waiting : Json::array()}, {"outcome", full ? outcome : Json(nullptr)}};
            CHECK(encode_snapshot(p, id) == encode(with_id(tree, id)));
        }
    }
}

TEST_CASE("A delta's merge patch applies before its patch, and a merge patch that is not an object is refused") {
    Json baseline = Json::parse(R"({"room":"ABCD2345","rev":3,"status":"playing","seat":0,
        "view":{"phase":"bet","from":"deck","hand":["a","b"]},"actions":[],"deadlines":[],"waiting_for":[0],"outcome":null})");
    const Json delta = Json::parse(R"({"type":"delta","room":"ABCD2345","from":3,"rev":4,"server_time":20,"log":[],
        "merge":{"view":{"phase":"draw","turn":2},"waiting_for":[1]},
        "patch":[{"op":"replace","path":"/view/from","value":null},{"op":"remove","path":"/view/hand/0"}]})");
    const Json next = apply_delta(baseline, delta);
    CHECK(next.at("view") == Json::parse(R"({"phase":"draw","turn":2,"from":null,"hand":["b"]})"));
    CHECK(next.at("waiting_for") == Json::array({1}));
    // Only a log: neither part.
    const Json quiet = Json::parse(R"({"type":"delta","room":"ABCD2345","from":4,"rev":4,"server_time":30,"log":[{"text_key":"c"}]})");
    CHECK(apply_delta(baseline, quiet).at("view") == next.at("view"));
    Json broken = quiet;
    broken["merge"] = Json::array({1});
    CHECK_THROWS(apply_delta(baseline, broken));
    CHECK(baseline.is_null());
}

TEST_CASE("A delta moves its baseline on and stands for a snapshot, and one that does not follow is refused") {
    const Json first = Json::parse(R"({"type":"snapshot","room":"ABCD2345","rev":3,"status":"playing","seat":0,
        "server_time":10,"view":{"phase":"bet"},"actions":[],"deadlines":[],"log":[{"text_key":"a"}],
        "waiting_for":[0],"outcome":null})");
    Json baseline = baseline_of(first);
    CHECK_FALSE(baseline.contains("log"));
    CHECK_FALSE(baseline.contains("server_time"));
    const Json delta = Json::parse(R"({"type":"delta","room":"ABCD2345","from":3,"rev":4,"server_time":20,"id":7,
        "log":[{"text_key":"b"}],"patch":[{"op":"replace","path":"/view/phase","value":"set_line"}]})");
    const Json next = apply_delta(baseline, delta);
    CHECK(next.at("type") == "snapshot");
    CHECK(next.at("rev") == 4);
    CHECK(next.at("id") == 7);
    CHECK(next.at("view").at("phase") == "set_line");
    CHECK(next.at("log") == Json::parse(R"([{"text_key":"b"}])"));
    CHECK(baseline == baseline_of(next));
    CHECK_THROWS(apply_delta(baseline, delta));  // from 3 again: baseline is at 4 now
    Json none;
    CHECK_THROWS(apply_delta(none, delta));
    // A patch that does not apply leaves nothing half patched to build on.
    Json broken = delta;
    broken["from"] = 4;
    broken["rev"] = 5;
    broken["patch"] = Json::parse(R"([{"op":"remove","path":"/view/gone"}])");
    CHECK_THROWS(apply_delta(baseline, broken));
    CHECK(baseline.is_null());
}
