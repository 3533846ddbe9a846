#pragma once
// A person on a site of several nodes, who follows `moved` to the node that serves its room, as
// the web client does (tests and benchmarks of several nodes).
#include <chrono>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>

#include "tests/server/ws_client.hpp"

namespace taol::testing {

// ws://127.0.0.1:<port><target>
inline unsigned short port_of(const std::string& url) {
    const auto colon = url.find(':', url.find("//"));
    return static_cast<unsigned short>(std::stoi(url.substr(colon + 1)));
}
inline std::string target_of(const std::string& url) {
    const auto slash = url.find('/', url.find("//") + 2);
    return slash == std::string::npos ? "/ws" : url.substr(slash);
}

// One person: its name, its token, its connection of the moment.
class Traveller {
public:
    explicit Traveller(std::string name) : name_(std::move(name)) {}

    // Connects to the node on `port` (at `target`, through a front) and says hello (with its
    // token once it has one).
    Json connect(unsigned short port, const std::string& target = "/ws") {
        port_ = port;
        target_ = target;
        client_ = std::make_unique<WsClient>(port, target);
        const Json welcome = client_->hello(name_, token_.empty() ? std::nullopt : std::optional(token_));
        token_ = welcome.at("token");
        return welcome;
    }

    // `message`, sent again to the room's node for as long as the answer is `moved`.
    Json request(const Json& message) {
        for (int hops = 0; hops < 5; ++hops) {
            const Json answer = client_->request(message);
            if (answer.at("type") != "moved") return answer;
            ++moves_;
            connect(port_of(answer.at("url")), target_of(answer.at("url")));
        }
        throw std::runtime_error("moved more than five times");
    }

    // Back in its room after its node went away: connects to `home`, and on to the room's node as
    // long as `moved` names a live one; a dead or frozen node's lease has to lapse first.
    // Returns the `room` that seats it again.
    Json back_in(unsigned short home, const std::set<unsigned short>& down) {
        const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        unsigned short port = home;
        while (std::chrono::steady_clock::now() < until) {
            const std::size_t from = 0;
            connect(port);
            const Json m = client_->wait_for(
                [](const Json& x) { return x.at("type") == "room" || x.at("type") == "moved"; }, from);
            if (m.at("type") == "room") return m;
            ++moves_;
            const unsigned short owner = port_of(m.at("url"));
            if (down.count(owner)) {
                std::this_thread::sleep_for(std::chrono::milliseconds(250));
                port = home;
            } else {
                port = owner;
            }
        }
        throw std::runtime_error("not back in the room within 30 s");
    }

    WsClient& client() { return *client_; }
    // The connection before the last connect(), kept alive to see what its node still sends.
    std::unique_ptr<WsClient> keep_connection() { return std::move(client_); }
    unsigned short port() const { return port_; }
    const std::string& target() const { return target_; }
    int moves() const { return moves_; }

private:
    std::string name_;
    std::string token_;
    std::unique_ptr<WsClient> client_;
    unsigned short port_ = 0;
    std::string target_;
    int moves_ = 0;
};

}  // namespace taol::testing
