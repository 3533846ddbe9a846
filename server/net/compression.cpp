#include "server/net/compression.hpp"

#include <brotli/encode.h>
#include <zlib.h>

namespace taol::server {

std::optional<std::string> gzip_compress(std::string_view data) {
    z_stream z{};
    // 15 window bits + 16: a gzip header and trailer rather than zlib's.
    if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY) != Z_OK) return std::nullopt;
    std::string out(deflateBound(&z, static_cast<uLong>(data.size())), '\0');
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    z.next_out = reinterpret_cast<Bytef*>(out.data());
    z.avail_out = static_cast<uInt>(out.size());
    const int result = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    if (result != Z_STREAM_END) return std::nullopt;
    return out;
}

std::optional<std::string> brotli_compress(std::string_view data) {
    std::size_t size = BrotliEncoderMaxCompressedSize(data.size());
    if (size == 0) return std::nullopt;
    std::string out(size, '\0');
    if (!BrotliEncoderCompress(BROTLI_MAX_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT, data.size(),
                               reinterpret_cast<const std::uint8_t*>(data.data()), &size,
                               reinterpret_cast<std::uint8_t*>(out.data()))) {
        return std::nullopt;
    }
    out.resize(size);
    return out;
}

}  // namespace taol::server
