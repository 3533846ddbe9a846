#pragma once
// A fresh directory under the system's temporary directory, removed with everything in it.
#include <filesystem>
#include <string>

#include "server/rooms/random_ids.hpp"

namespace taol::testing {

class TempDir {
public:
    TempDir() : path_(std::filesystem::temp_directory_path() / ("taol-test-" + server::random_token())) {
        std::filesystem::create_directories(path_);
    }
    ~TempDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

}  // namespace taol::testing
