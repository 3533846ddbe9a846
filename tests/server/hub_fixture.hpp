#pragma once
// The hub without sockets: fake connections, a hand-driven clock, and an io_context run until
// everything a message caused is done.
#include <boost/asio/io_context.hpp>
#include <spdlog/spdlog.h>

#include "protocol/messages.hpp"
#include "server/hub/hub.hpp"
#include "tests/server/unwatched_load.hpp"

namespace taol::testing {

using Json = nlohmann::json;

// The messages the hub tests send most: a Fish Fish room created (id 2), and a join (id 3).
inline const std::string kCreate = R"({"type":"create","game":"fishfish","id":2})";
inline std::string join(const std::string& code, const std::string& as = "player") {
    return Json{{"type", "join"}, {"room", code}, {"as", as}, {"id", 3}}.dump();
}

struct FakeConnection : server::Connection {
    std::vector<Json> frames;
    bool closed = false;
    void deliver(server::Frame frame) override { frames.push_back(Json::parse(frame->text())); }
    void close() override { closed = true; }
    const Json& last() const { return frames.back(); }
};

class HubFixture {
public:
    // `adjust`: changes to the hub's configuration (its load limits, say).
    explicit HubFixture(server::Journal* journal = nullptr, const std::function<void(server::HubConfig&)>& adjust = {})
        : journal_(journal), hub_(ioc_.get_executor(), metrics_, config(journal, adjust)) {
        spdlog::set_level(spdlog::level::warn);
    }

    server::Hub& hub() { return hub_; }
    server::Metrics& metrics() { return metrics_; }
    void advance(server::TimeMs ms) { now_ += ms; }

    // One client: a connection and its player.
    struct Client {
        std::shared_ptr<FakeConnection> connection = std::make_shared<FakeConnection>();
        server::PlayerPtr player;
    };

    // Sends `text` (a client frame) and runs everything it causes; returns the answer with its id.
    Json send(Client& client, const std::string& text) {
        bool done = false;
        hand_over(client, text, [&done] { done = true; });
        drain();
        REQUIRE(done);
        for (auto it = client.connection->frames.rbegin(); it != client.connection->frames.rend(); ++it) {
            if (it->contains("id")) return *it;
        }
        return nullptr;
    }
    // Hands `text` over without running what it causes (several clients' messages arrive together);
    // `handled` once the hub is done with it.
    void hand_over(Client& client, const std::string& text, std::function<void()> handled = {}) {
        auto parsed = protocol::parse_client_message(text);
        REQUIRE(parsed.ok());
        hub_.handle(client.connection, client.player, parsed.value(),
                    [&client, handled = std::move(handled)](server::PlayerPtr player) {
                        client.player = std::move(player);
                        if (handled) handled();
                    });
    }
    Json hello(Client& client, const std::string& name, const std::string& token = "") {
        Json m{{"type", "hello"}, {"name", name}, {"id", 1}};
        if (!token.empty()) m["token"] = token;
        return send(client, m.dump());
    }
    // The rooms API's answers, once everything they need has run.
    server::ApiReply summary(const std::string& code) {
        server::ApiReply out{0, nullptr};
        hub_.summary(code, [&](server::ApiReply reply) { out = std::move(reply); });
        drain();
        return out;
    }
    server::ApiReply replay(const std::string& code, int index = 0) {
        server::ApiReply out{0, nullptr};
        hub_.replay(code, index, [&](server::ApiReply reply) { out = std::move(reply); });
        drain();
        return out;
    }
    void close(Client& client) {
        hub_.closed(client.connection, client.player);
        drain();
    }
    // Runs everything the hub has to do, and waits for the journal to answer what it was handed
    // (its answers come from its own thread), until nothing is left.
    void drain() {
        for (;;) {
            ioc_.restart();
            while (ioc_.poll() > 0) {
            }
            if (!journal_) return;
            journal_->drain();
            ioc_.restart();
            if (ioc_.poll() == 0) return;
        }
    }

private:
    server::HubConfig config(server::Journal* journal, const std::function<void(server::HubConfig&)>& adjust) {
        server::HubConfig c;
        c.journal = journal;
        c.idle_unload_ms = 1000;
        c.clock = [this] { return server::Instant{now_, now_}; };
        unwatch_load(c.load);
        if (adjust) adjust(c);
        return c;
    }

    server::TimeMs now_ = 1'700'000'000'000;
    server::Journal* journal_;
    boost::asio::io_context ioc_;
    server::Metrics metrics_;
    server::Hub hub_;
};

}  // namespace taol::testing
