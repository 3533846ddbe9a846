#include "server/net/ws_deflate.hpp"

#include <array>
#include <memory>
#include <utility>

#include <boost/beast/http/rfc7230.hpp>
#include <zlib.h>

#include "server/net/ascii.hpp"

namespace taol::server::ws {
namespace http = boost::beast::http;

namespace {

// Messages shorter than this go as they are: a few bytes of deflate would not pay for themselves.
constexpr std::size_t kCompressFrom = 64;
// A small hash table: resetting a stream between messages clears it, and messages are short.
constexpr int kMemLevel = 4;
constexpr int kLevel = 6;
constexpr char kFlushTail[4] = {0x00, 0x00, static_cast<char>(0xFF), static_cast<char>(0xFF)};

std::optional<int> window_bits_of(std::string_view value) {
    if (value.size() == 1 && value[0] >= '8' && value[0] <= '9') return value[0] - '0';
    if (value.size() == 2 && value[0] == '1' && value[1] >= '0' && value[1] <= '5') return 10 + (value[1] - '0');
    return std::nullopt;
}

// One offer's terms, or nullopt for an offer with a parameter unknown, repeated or out of range.
std::optional<DeflateTerms> terms_of(const http::param_list& params) {
    DeflateTerms terms;
    bool server_bits = false, client_bits = false, server_nct = false, client_nct = false;
    for (const auto& [name, value] : params) {
        const std::string_view key(name.data(), name.size());
        const auto once = [](bool& seen) { return !std::exchange(seen, true); };
        if (iequals(key, "server_no_context_takeover")) {
            if (!value.empty() || !once(server_nct)) return std::nullopt;
        } else if (iequals(key, "client_no_context_takeover")) {
            if (!value.empty() || !once(client_nct)) return std::nullopt;
        } else if (iequals(key, "server_max_window_bits")) {
            const auto bits = window_bits_of(value);
            // zlib cannot compress within a 256-byte window.
            if (!bits || *bits < 9 || !once(server_bits)) return std::nullopt;
            terms.window_bits = *bits;
        } else if (iequals(key, "client_max_window_bits")) {
            // Without a value: the client could limit its window. The server inflates any.
            if ((!value.empty() && !window_bits_of(value)) || !once(client_bits)) return std::nullopt;
        } else {
            return std::nullopt;
        }
    }
    // The client is asked not to keep its context either (RFC 7692, 7.1.1.2: the server may ask
    // even when the offer did not), so that a connection needs no inflate state of its own.
    terms.response = "permessage-deflate; server_no_context_takeover; client_no_context_takeover";
    if (server_bits) terms.response += "; server_max_window_bits=" + std::to_string(terms.window_bits);
    return terms;
}

struct Deflater {
    explicit Deflater(int bits) { ok = deflateInit2(&z, kLevel, Z_DEFLATED, -bits, kMemLevel, Z_DEFAULT_STRATEGY) == Z_OK; }
    ~Deflater() {
        if (ok) deflateEnd(&z);
    }
    z_stream z{};
    bool ok = false;
};

struct Inflater {
    Inflater() { ok = inflateInit2(&z, -15) == Z_OK; }
    ~Inflater() {
        if (ok) inflateEnd(&z);
    }
    z_stream z{};
    bool ok = false;
};

Bytef* bytes_in(std::string_view s) { return reinterpret_cast<Bytef*>(const_cast<char*>(s.data())); }

}  // namespace

std::optional<DeflateTerms> negotiate_deflate(std::string_view extensions) {
    for (const auto& [name, params] : http::ext_list(extensions)) {
        if (!iequals(std::string_view(name.data(), name.size()), "permessage-deflate")) continue;
        if (auto terms = terms_of(params)) return terms;
    }
    return std::nullopt;
}

std::string deflate_message(std::string_view text, int window_bits) {
    if (text.size() < kCompressFrom || window_bits < 9 || window_bits > 15) return {};
    thread_local std::array<std::unique_ptr<Deflater>, 16> deflaters;
    auto& d = deflaters[static_cast<std::size_t>(window_bits)];
    if (!d) d = std::make_unique<Deflater>(window_bits);
    if (!d->ok || deflateReset(&d->z) != Z_OK) return {};
    // Sync-flushed, the data ends with an empty stored block (00 00 FF FF) that the message leaves
    // out (RFC 7692, 7.2.1). Whatever does not fit in the size of the text is not worth sending.
    std::string out(text.size() + sizeof kFlushTail, '\0');
    d->z.next_in = bytes_in(text);
    d->z.avail_in = static_cast<uInt>(text.size());
    d->z.next_out = reinterpret_cast<Bytef*>(out.data());
    d->z.avail_out = static_cast<uInt>(out.size());
    const int result = deflate(&d->z, Z_SYNC_FLUSH);
    if (result != Z_OK || d->z.avail_in != 0 || d->z.avail_out == 0) return {};
    out.resize(out.size() - d->z.avail_out);
    if (out.size() < sizeof kFlushTail || out.compare(out.size() - sizeof kFlushTail, sizeof kFlushTail, kFlushTail, sizeof kFlushTail) != 0) return {};
    out.resize(out.size() - sizeof kFlushTail);
    if (out.size() >= text.size()) return {};
    out.shrink_to_fit();
    return out;
}

std::optional<std::string> inflate_message(std::string_view compressed, std::size_t max_bytes, bool& too_large) {
    too_large = false;
    thread_local Inflater inflater;
    if (!inflater.ok || inflateReset(&inflater.z) != Z_OK) return std::nullopt;
    std::string out(std::min<std::size_t>(max_bytes + 1, compressed.size() * 4 + 256), '\0');
    std::size_t written = 0;
    bool ended = false;  // a client may end its data with a final block instead of a flush
    for (std::string_view part : {compressed, std::string_view(kFlushTail, sizeof kFlushTail)}) {
        inflater.z.next_in = bytes_in(part);
        inflater.z.avail_in = static_cast<uInt>(part.size());
        // Until this part is taken in and the output did not fill up (output may still be pending).
        while (!ended) {
            if (written == out.size()) {
                if (out.size() > max_bytes) {
                    too_large = true;
                    return std::nullopt;
                }
                out.resize(std::min(max_bytes + 1, out.size() * 2));
            }
            inflater.z.next_out = reinterpret_cast<Bytef*>(out.data() + written);
            inflater.z.avail_out = static_cast<uInt>(out.size() - written);
            const int result = inflate(&inflater.z, Z_SYNC_FLUSH);
            written = out.size() - inflater.z.avail_out;
            if (result == Z_STREAM_END) ended = true;
            else if (result != Z_OK && result != Z_BUF_ERROR) return std::nullopt;
            if (inflater.z.avail_in == 0 && inflater.z.avail_out > 0) break;  // on to the next part
            if (result == Z_BUF_ERROR && inflater.z.avail_in > 0 && inflater.z.avail_out > 0) return std::nullopt;
        }
        if (ended) break;
    }
    if (written > max_bytes) {
        too_large = true;
        return std::nullopt;
    }
    out.resize(written);
    return out;
}

}  // namespace taol::server::ws
