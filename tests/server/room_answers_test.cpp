// A journal that answers after the call: the room holds an event, what it causes and everything
// after it until the answer comes; an event that is not written is refused alone.
#include <catch2/catch.hpp>

#include "tests/server/room_fixture.hpp"

using namespace taol::testing;
using taol::server::WriteResult;
namespace event = taol::server::event;

TEST_CASE("Nothing an event causes is sent before the journal answers that it is written") {
    Table t(Json{{"window_seconds", 0}});
    t.seat_and_start(2, at(0));
    const std::int64_t rev = t.room().rev();
    t.peer("a")->clear();
    t.peer("b")->clear();

    t.hold_answers(true);
    t.act("a", bet(2), at(100), rev);
    CHECK(t.room().writing());
    CHECK(t.held() == 1);
    CHECK(t.room().rev() == rev);  // not applied yet
    CHECK(t.peer("a")->frames.empty());
    CHECK(t.peer("b")->frames.empty());

    t.answer(WriteResult::written);
    CHECK_FALSE(t.room().writing());
    CHECK(t.room().rev() == rev + 1);
    CHECK(t.peer("a")->last("snapshot").at("id") == t.last_id());
    CHECK(t.peer("b")->last("snapshot").at("rev") == rev + 1);
    REQUIRE(std::holds_alternative<event::Acted>(t.journal().back().body));
}

TEST_CASE("An event the journal fails after the call is refused alone, and the room goes on") {
    Table t(Json{{"window_seconds", 0}});
    t.seat_and_start(2, at(0));
    const std::int64_t rev = t.room().rev();
    const std::string view = t.room().state()->view(0).dump();
    const std::size_t recorded = t.journal().size();

    t.hold_answers(true);
    t.act("a", bet(2), at(100), rev);
    t.peer("b")->clear();
    t.answer(WriteResult::failed);
    CHECK(t.peer("a")->last_error() == "storage_error");
    CHECK(t.peer("a")->frames.back().at("id") == t.last_id());
    CHECK(t.peer("b")->frames.empty());
    CHECK(t.room().rev() == rev);
    CHECK(t.room().state()->view(0).dump() == view);
    CHECK(t.journal().size() == recorded);

    // A room owned elsewhere is not written either.
    t.act("a", bet(2), at(200), rev);
    t.answer(WriteResult::owned_elsewhere);
    CHECK(t.peer("a")->last_error() == "storage_error");
    CHECK(t.room().rev() == rev);

    // The next event is the journal's to judge on its own.
    t.act("a", bet(2), at(300), rev);
    t.answer(WriteResult::written);
    CHECK(t.room().rev() == rev + 1);
    CHECK(t.journal().size() == recorded + 1);
}

TEST_CASE("Deadlines due before a message are written one at a time, each answered, then the message") {
    Table t(Json{{"window_seconds", 10}});
    t.seat_and_start(2, at(0));
    const std::int64_t rev = t.room().rev();
    t.hold_answers(true);
    // At 10.5 s the window (due at 10 s) closes first; then a's bet is judged against the new state.
    t.act("a", bet(1), at(10'500), rev + 1);
    REQUIRE(t.held() == 1);
    CHECK(t.room().rev() == rev);
    t.answer(WriteResult::written);  // the window's closing
    CHECK(t.room().rev() == rev + 1);
    REQUIRE(t.held() == 1);          // now the bet
    CHECK(t.room().writing());
    t.answer(WriteResult::written);
    CHECK_FALSE(t.room().writing());
    CHECK(t.room().rev() == rev + 2);
    const auto& journal = t.journal();
    REQUIRE(journal.size() >= 2);
    CHECK(std::holds_alternative<event::Expired>(journal[journal.size() - 2].body));
    CHECK(journal[journal.size() - 2].at == at(10'000));  // stamped with its own time
    CHECK(std::holds_alternative<event::Acted>(journal.back().body));
    CHECK(journal.back().at == at(10'500));               // stamped when the room took it
}
