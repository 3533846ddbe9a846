#pragma once
// Limits per client address, shared by every connection (thread-safe): how many connections one
// address may hold open, and a rate for what an address may ask of the rooms API. A proxy's
// address is not limited (loopback, and the addresses given with --trust-proxy): every client
// behind it shares it; the client's own address is then read from X-Forwarded-For.
#include <algorithm>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include <boost/asio/ip/address.hpp>

#include "server/net/rate_limiter.hpp"

namespace taol::server {

// Held while a connection is open; the address's count drops when it is destroyed.
using AddressSlot = std::shared_ptr<void>;

class AddressLimits {
public:
    AddressLimits(std::size_t max_connections, double api_per_second, double api_burst,
                  std::vector<boost::asio::ip::address> proxies = {}, bool limit_loopback = false)
        : max_connections_(max_connections),
          api_per_second_(api_per_second),
          api_burst_(api_burst),
          proxies_(std::move(proxies)),
          limit_loopback_(limit_loopback) {}

    // Whether `address` is a proxy's, whose X-Forwarded-For is believed.
    bool is_proxy(const boost::asio::ip::address& address) const {
        return address.is_loopback() || std::find(proxies_.begin(), proxies_.end(), address) != proxies_.end();
    }

    // A slot for one more connection from `address`; null when it already holds the maximum
    // (0: no maximum).
    AddressSlot connect(const boost::asio::ip::address& address) {
        const bool proxy = is_proxy(address) && !(limit_loopback_ && address.is_loopback());
        if (proxy || max_connections_ == 0) return std::make_shared<int>(0);
        const std::string key = address.to_string();
        std::lock_guard lock(mutex_);
        std::size_t& open = open_[key];
        if (open >= max_connections_) return nullptr;
        ++open;
        // Any non-null pointer: the slot is its deleter.
        return AddressSlot(static_cast<void*>(this), [this, key](void*) {
            std::lock_guard lock(mutex_);
            if (auto it = open_.find(key); it != open_.end() && --it->second == 0) open_.erase(it);
        });
    }

    // Whether `client` may ask the rooms API one more thing now (`now`: seconds, steady clock).
    bool allow_api(const std::string& client, double now) {
        std::lock_guard lock(mutex_);
        if (api_.size() > kMaxTracked) api_.clear();  // a flood of addresses: start afresh
        auto it = api_.try_emplace(client, api_per_second_, api_burst_, 1 << 30).first;
        return it->second.allow(now);
    }

    std::size_t max_connections() const { return max_connections_; }

private:
    static constexpr std::size_t kMaxTracked = 100'000;
    std::size_t max_connections_;
    double api_per_second_;
    double api_burst_;
    std::vector<boost::asio::ip::address> proxies_;
    bool limit_loopback_;
    std::mutex mutex_;
    std::unordered_map<std::string, std::size_t> open_;
    std::unordered_map<std::string, RateLimiter> api_;
};

}  // namespace taol::server
