#pragma once
// A journal's writes as tests wait for them: each returns once its answer has come, during the
// call or later from the journal's own thread, so the same tests serve every implementation.
#include <functional>
#include <future>
#include <string>

#include "protocol/json_text.hpp"
#include "server/journal/journal.hpp"

namespace taol::testing {

// The answer of `write(done)`.
template <class Write>
server::WriteResult answer_of(Write&& write) {
    std::promise<server::WriteResult> answer;
    std::future<server::WriteResult> answered = answer.get_future();
    write([&answer](server::WriteResult result) { answer.set_value(result); });
    return answered.get();
}

inline server::WriteResult create_room(server::Journal& journal, const std::string& code, const std::string& game,
                                       const server::Json& options, server::TimeMs created) {
    return answer_of([&](server::WriteDone done) { journal.create_room(code, game, options, created, std::move(done)); });
}

inline bool created(server::Journal& journal, const std::string& code, const std::string& game,
                    const server::Json& options, server::TimeMs created) {
    return create_room(journal, code, game, options, created) == server::WriteResult::written;
}

inline bool appended(server::Journal& journal, const std::string& code, const server::RoomEvent& event) {
    return answer_of([&](server::WriteDone done) { journal.append(code, event, std::move(done)); }) ==
           server::WriteResult::written;
}

inline bool appended_all(server::Journal& journal, const std::string& code, std::vector<server::RoomEvent> events) {
    return answer_of([&](server::WriteDone done) { journal.append_all(code, std::move(events), std::move(done)); }) ==
           server::WriteResult::written;
}

inline bool loaded_set(server::Journal& journal, const std::string& code, bool loaded) {
    return answer_of([&](server::WriteDone done) { journal.set_loaded(code, loaded, std::move(done)); }) ==
           server::WriteResult::written;
}

inline bool replay_stored(server::Journal& journal, const std::string& code, int game, const server::Json& replay) {
    return answer_of([&](server::WriteDone done) {
               journal.store_replay(code, game, protocol::json_text(replay), std::move(done));
           }) ==
           server::WriteResult::written;
}

inline bool summary_stored(server::Journal& journal, const std::string& code, const server::Json& summary) {
    return answer_of([&](server::WriteDone done) { journal.store_summary(code, summary, std::move(done)); }) ==
           server::WriteResult::written;
}

// A room's journal hook appending to `journal` as room `code`, each answer awaited in the call:
// for rooms driven by hand, with no actor to bring a later answer back to them.
inline std::function<void(const server::RoomEvent&, server::WriteDone)> appending_to(server::Journal& journal,
                                                                                      std::string code) {
    return [&journal, code = std::move(code)](const server::RoomEvent& event, server::WriteDone done) {
        done(answer_of([&](server::WriteDone answer) { journal.append(code, event, std::move(answer)); }));
    };
}

}  // namespace taol::testing
