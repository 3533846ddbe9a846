#include "server/server.hpp"

#include <spdlog/spdlog.h>

#include <unistd.h>

#include <csignal>
#include <cstring>
#include <stdexcept>
#include <thread>
#include <vector>

#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>

#include "server/net/listener.hpp"
#include "server/hub/rooms_api.hpp"
#include "server/journal/pg_journal.hpp"
#include "server/journal/sqlite_journal.hpp"
#include "server/journal/thread_role.hpp"

namespace taol::server {
namespace net = boost::asio;

namespace {

constexpr TimeMs kStopPollMs = 20;
constexpr TimeMs kHandOverMs = 300;  // for the `moved` of rooms handed over to reach their people

HubConfig hub_config(HubConfig config, Journal* journal, boost::asio::thread_pool& background,
                     boost::asio::thread_pool& chores) {
    config.journal = journal;
    config.background = background.get_executor();
    config.chores = chores.get_executor();
    // Each pool's one thread takes its role before any work.
    net::post(background, [] { take_thread_role("taol-reads"); });
    net::post(chores, [] { take_thread_role("taol-chores", ThreadPriority::background); });
    return config;
}

std::vector<net::ip::address> proxy_addresses(const std::vector<std::string>& given) {
    std::vector<net::ip::address> out;
    for (const std::string& text : given) {
        boost::system::error_code ec;
        out.push_back(net::ip::make_address(text, ec));
        if (ec) throw std::runtime_error("bad --trust-proxy '" + text + "': " + ec.message());
    }
    return out;
}

std::string default_node_name(const ServerConfig& config) {
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) != 0) std::strcpy(host, "taol");
    return std::string(host) + ":" + std::to_string(config.port);
}

std::unique_ptr<Journal> open_journal(const ServerConfig& config) {
    if (!config.journal_url.empty()) {
        PgJournalConfig pg{config.journal_url, config.node_name.empty() ? default_node_name(config) : config.node_name,
                           config.public_url, config.sync, config.lease_ms};
        spdlog::info("journal: PostgreSQL, shared with other nodes; this node is '{}'", pg.node);
        auto journal = std::make_unique<PgJournal>(pg);
        if (config.refuse_journal_writes) journal->refuse_writes(true);
        return journal;
    }
    auto journal = std::make_unique<SqliteJournal>(config.data_dir, config.sync);
    if (config.refuse_journal_writes) journal->refuse_writes(true);
    return journal;
}

}  // namespace

Server::Server(ServerConfig config)
    : config_(std::move(config)),
      journal_(open_journal(config_)),
      ioc_(config_.threads > 0 ? config_.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()))),
      addresses_(config_.limits.max_per_address, config_.limits.api_per_second, config_.limits.api_burst,
                 proxy_addresses(config_.limits.proxies), config_.limits.limit_loopback),
      hub_(ioc_.get_executor(), metrics_, hub_config(config_.hub, journal_.get(), background_, chores_)),
      loop_lag_(ioc_.get_executor(), hub_.load(), metrics_),
      context_{hub_, metrics_, connections_, HttpContext{config_.web_root, nullptr, nullptr}, config_.limits, addresses_, config_.deflate},
      sweep_timer_(ioc_),
      stop_timer_(ioc_),
      signals_(ioc_) {
    context_.http.metrics = [this] {
        const std::optional<Ownership> ownership = journal_->ownership();
        return metrics_.render(hub_.room_counts(), ownership ? &*ownership : nullptr);
    };
    context_.http.api = [this](const std::string& path, std::string_view query, const std::string&, JsonReply reply) {
        return rooms_api(hub_, path, query, [reply = std::move(reply)](ApiReply answer) {
            reply(answer.status, answer.body.dump());
        });
    };
}

Server::~Server() {
    // Their work uses the hub and the journal.
    chores_.join();
    background_.join();
    journal_->drain();   // the answers of the last writes use the hub
}

void Server::start() {
    const auto restoring = std::chrono::steady_clock::now();
    const int restored = hub_.restore();
    if (restored > 0) {
        spdlog::info("restored {} room(s) from the journal in {} ms", restored,
                     std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - restoring).count());
    }
    if (!std::filesystem::is_directory(config_.web_root)) {
        spdlog::warn("web root {} is not a directory: only the API will answer", config_.web_root.string());
    }
    boost::system::error_code ec;
    const auto address = net::ip::make_address(config_.host, ec);
    if (ec) throw std::runtime_error("bad --host '" + config_.host + "': " + ec.message());
    try {
        listener_ = std::make_shared<Listener>(ioc_, net::ip::tcp::endpoint(address, config_.port), context_);
    } catch (const boost::system::system_error& e) {
        throw std::runtime_error("cannot listen on " + config_.host + ":" + std::to_string(config_.port) + ": " +
                                 e.code().message());
    }
    port_ = listener_->port();
    listener_->run();
    loop_lag_.start();
    sweep_later();
    spdlog::info("listening on {}:{} (web root {}, data {})", config_.host, port_, config_.web_root.string(),
                 config_.data_dir.string());
}

void Server::stop_on_signals() {
    signals_.add(SIGINT);
    signals_.add(SIGTERM);
    signals_.async_wait([this](const boost::system::error_code& ec, int signal) {
        if (ec) return;
        spdlog::info("signal {}: stopping", signal);
        stop();
    });
}

void Server::run() {
    const int threads = config_.threads > 0 ? config_.threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (int i = 1; i < threads; ++i) {
        pool.emplace_back([this] {
            take_thread_role("taol-io");
            ioc_.run();
        });
    }
    ioc_.run();
    for (auto& t : pool) t.join();
}

void Server::stop() {
    if (stopping_.exchange(true)) return;
    net::post(ioc_, [this] {
        spdlog::info("stopping: closing connections");
        if (listener_) listener_->stop();
        boost::system::error_code ec;
        signals_.cancel(ec);
        sweep_timer_.cancel();
        loop_lag_.stop();
        if (!journal_->ownership()) return close_everything();
        // One of several nodes: its rooms are let go and their people sent on to the others,
        // which take them at once; their `moved` gets a moment to leave before the rest closes.
        const std::size_t handed = hub_.hand_over_rooms();
        spdlog::info("stopping: {} room(s) handed over to the other nodes", handed);
        stop_timer_.expires_after(std::chrono::milliseconds(kHandOverMs));
        stop_timer_.async_wait([this](const boost::system::error_code&) { close_everything(); });
    });
}

void Server::close_everything() {
    connections_.close_all();
    hub_.close_rooms();
    wait_for_connections(config_.stop_grace_ms);
}

void Server::wait_for_connections(TimeMs left_ms) {
    if (metrics_.connections.load() <= 0 || left_ms <= 0) {
        spdlog::info("stopped");
        ioc_.stop();  // what is left: idle HTTP keep-alives
        return;
    }
    stop_timer_.expires_after(std::chrono::milliseconds(kStopPollMs));
    stop_timer_.async_wait([this, left_ms](const boost::system::error_code& ec) {
        if (!ec) wait_for_connections(left_ms - kStopPollMs);
    });
}

void Server::sweep_later() {
    sweep_timer_.expires_after(std::chrono::milliseconds(config_.sweep_every_ms));
    sweep_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec || stopping_) return;
        hub_.sweep();
        sweep_later();
    });
}

}  // namespace taol::server
