#pragma once
// Every open WebSocket connection, so that a shutdown can close them all. Thread-safe.
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "server/rooms/peer.hpp"

namespace taol::server {

class ConnectionRegistry {
public:
    void add(const ConnectionPtr& connection) {
        std::lock_guard lock(mutex_);
        connections_[connection.get()] = connection;
    }
    void remove(const Connection* connection) {
        std::lock_guard lock(mutex_);
        connections_.erase(connection);
    }
    void close_all() {
        std::vector<ConnectionPtr> open;
        {
            std::lock_guard lock(mutex_);
            for (const auto& [raw, weak] : connections_) {
                if (auto c = weak.lock()) open.push_back(std::move(c));
            }
        }
        for (const auto& c : open) c->close();
    }

private:
    std::mutex mutex_;
    std::unordered_map<const Connection*, std::weak_ptr<Connection>> connections_;
};

}  // namespace taol::server
