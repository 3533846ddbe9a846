#pragma once
// A fuzzer's input read from the front, a few bytes per decision. Once it is used up every read
// gives 0, so any input is a finite script that replays the same way.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace taol::fuzz {

class ByteReader {
public:
    ByteReader(const std::uint8_t* data, std::size_t size) : data_(data), size_(size) {}

    bool empty() const { return pos_ >= size_; }

    std::uint8_t byte() { return empty() ? 0 : data_[pos_++]; }

    std::uint16_t word() {
        const auto high = static_cast<unsigned>(byte());
        return static_cast<std::uint16_t>(high << 8 | byte());
    }

    // A number in [0, n), n > 0.
    std::size_t below(std::size_t n) { return (n <= 256 ? byte() : word()) % n; }

    // The next `n` bytes (fewer at the end), as text.
    std::string_view text(std::size_t n) {
        const std::size_t length = std::min(n, size_ - std::min(pos_, size_));
        const std::string_view out(reinterpret_cast<const char*>(data_) + pos_, length);
        pos_ += length;
        return out;
    }

    std::string_view rest() { return text(size_); }

private:
    const std::uint8_t* data_;
    std::size_t size_;
    std::size_t pos_ = 0;
};

}  // namespace taol::fuzz
