#include "server/journal/packed_text.hpp"

#include <zlib.h>

#include <stdexcept>

namespace taol::server {

std::string pack_text(std::string_view text) {
    uLongf size = compressBound(static_cast<uLong>(text.size()));
    std::string out(size, '\0');
    const int rc = compress2(reinterpret_cast<Bytef*>(out.data()), &size, reinterpret_cast<const Bytef*>(text.data()),
                             static_cast<uLong>(text.size()), Z_BEST_SPEED);
    if (rc != Z_OK) throw std::runtime_error("zlib could not compress a text of " + std::to_string(text.size()) + " bytes");
    out.resize(size);
    return out;
}

std::optional<std::string> unpack_text(std::string_view packed) {
    z_stream z{};
    if (inflateInit(&z) != Z_OK) return std::nullopt;
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(packed.data()));
    z.avail_in = static_cast<uInt>(packed.size());
    std::string out;
    int rc = Z_OK;
    char chunk[64 * 1024];
    while (rc == Z_OK) {
        z.next_out = reinterpret_cast<Bytef*>(chunk);
        z.avail_out = sizeof chunk;
        rc = inflate(&z, Z_NO_FLUSH);
        out.append(chunk, sizeof chunk - z.avail_out);  // a cut stream ends the loop with Z_BUF_ERROR
    }
    inflateEnd(&z);
    if (rc != Z_STREAM_END || z.avail_in != 0) return std::nullopt;
    return out;
}

}  // namespace taol::server
