#pragma once
// Case-insensitive comparison of header tokens. Not Beast's iequals: in Boost 1.81 it reads one
// byte past the end of its arguments once they differ in case (found by fuzz_ws_frames).
#include <cctype>
#include <string_view>

namespace taol::server {

inline bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
    }
    return true;
}

}  // namespace taol::server
