#pragma once
// A journal that fails on demand, in front of a real one: writes refused (a full or read-only
// disk, which a test running as root cannot make), reads that find a room damaged.
#include <atomic>
#include <set>
#include <string>

#include "server/journal/journal.hpp"

namespace taol::testing {

class FaultyJournal final : public server::Journal {
public:
    explicit FaultyJournal(server::Journal& inner) : inner_(inner) {}

    std::atomic<bool> refuse_writes{false};
    std::set<std::string> damaged;  // rooms whose record "does not read"

    bool create_room(const std::string& code, const std::string& game, const server::Json& options,
                     server::TimeMs created) override {
        return !refuse_writes && inner_.create_room(code, game, options, created);
    }
    bool append(const std::string& code, const server::RoomEvent& event) override {
        return !refuse_writes && inner_.append(code, event);
    }
    bool set_loaded(const std::string& code, bool loaded) override { return !refuse_writes && inner_.set_loaded(code, loaded); }
    bool store_replay(const std::string& code, int game, const server::Json& replay) override {
        return !refuse_writes && inner_.store_replay(code, game, replay);
    }
    bool store_summary(const std::string& code, const server::Json& summary) override {
        return !refuse_writes && inner_.store_summary(code, summary);
    }
    std::vector<std::string> loaded_rooms() override { return inner_.loaded_rooms(); }
    bool has_room(const std::string& code) override { return inner_.has_room(code); }
    std::optional<server::StoredRoom> load(const std::string& code) override {
        check(code);
        return inner_.load(code);
    }
    std::optional<server::StoredPlayer> find_player(const std::string& token_hash) override {
        return inner_.find_player(token_hash);
    }
    std::optional<server::Json> load_replay(const std::string& code, int game) override {
        check(code);
        return inner_.load_replay(code, game);
    }
    std::optional<server::Json> load_summary(const std::string& code) override {
        check(code);
        return inner_.load_summary(code);
    }
    std::optional<int> games_started(const std::string& code) override { return inner_.games_started(code); }

private:
    void check(const std::string& code) const {
        if (damaged.count(code)) throw server::JournalDamaged("room " + code + ": a row does not read (injected)");
    }
    server::Journal& inner_;
};

}  // namespace taol::testing
