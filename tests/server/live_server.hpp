#pragma once
// A real server on a free loopback port, with a temporary web root and data directory, run on
// its own threads for the length of a test.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <spdlog/spdlog.h>

#include "server/rooms/random_ids.hpp"
#include "server/server.hpp"
#include "tests/server/http_client.hpp"
#include "tests/server/unwatched_load.hpp"

namespace taol::testing {

class LiveServer {
public:
    explicit LiveServer(server::ServerConfig config = {})
        : dir_(std::filesystem::temp_directory_path() / ("taol-test-" + server::random_token())) {
        spdlog::set_level(spdlog::level::warn);
        std::filesystem::create_directories(dir_ / "web" / "js");
        write(dir_ / "web" / "index.html", "<!doctype html><title>Taol</title>");
        write(dir_ / "web" / "js" / "app.js", "export const answer = 42;\n");
        write(dir_ / "outside.txt", "SECRET-OUTSIDE-THE-WEB-ROOT");
        config.host = "127.0.0.1";
        config.port = 0;
        config.web_root = dir_ / "web";
        config.data_dir = dir_ / "data";
        config.threads = 2;
        unwatch_load(config.hub.load);
        server_ = std::make_unique<server::Server>(config);
        server_->start();
        thread_ = std::thread([this] { server_->run(); });
    }

    ~LiveServer() {
        server_->stop();
        thread_.join();
        std::error_code ec;
        std::filesystem::remove_all(dir_, ec);
    }

    unsigned short port() const { return server_->port(); }
    server::Server& server() { return *server_; }
    const std::filesystem::path& dir() const { return dir_; }

private:
    static void write(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

    std::filesystem::path dir_;
    std::unique_ptr<server::Server> server_;
    std::thread thread_;
};

// /metrics once `ready` says so of its text (counters are bumped from the server's threads, just
// after answers go out), or as it stands after 30 s.
template <typename Ready>
std::string metrics_once(unsigned short port, Ready ready) {
    const auto give_up = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    std::string text;
    do {
        text = http_get(port, "/metrics").body;
        if (ready(text)) break;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    } while (std::chrono::steady_clock::now() < give_up);
    return text;
}

// /metrics once it has `line`.
inline std::string metrics_with(unsigned short port, const std::string& line) {
    return metrics_once(port, [&](const std::string& text) { return text.find(line) != std::string::npos; });
}

}  // namespace taol::testing
