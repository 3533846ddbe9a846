#include "server/net/static_files.hpp"

#include <fstream>
#include <sstream>

#include "games/core/sha256.hpp"
#include "server/net/ascii.hpp"
#include "server/net/compression.hpp"

namespace taol::server {
namespace {

bool is_text(std::string_view type) {
    return type.rfind("text/", 0) == 0 || type.rfind("application/json", 0) == 0 || type.rfind("image/svg+xml", 0) == 0;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

// Calls `each(item)` for every comma-separated item of a header value, trimmed.
template <class F>
void for_each_item(std::string_view list, F each) {
    while (!list.empty()) {
        const std::size_t comma = list.find(',');
        each(trim(list.substr(0, comma)));
        if (comma == std::string_view::npos) break;
        list.remove_prefix(comma + 1);
    }
}

// The q-value of an Accept-Encoding item ("gzip;q=0.5"): 1 when absent, 0 when unreadable or 0.
double quality(std::string_view params) {
    const std::size_t q = params.find("q=");
    if (q == std::string_view::npos) return 1.0;
    try {
        return std::stod(std::string(params.substr(q + 2)));
    } catch (...) {
        return 0.0;
    }
}

}  // namespace

std::string_view encoding_name(Encoding encoding) {
    switch (encoding) {
        case Encoding::gzip: return "gzip";
        case Encoding::brotli: return "br";
        case Encoding::identity: break;
    }
    return "";
}

const std::string& Representations::body(Encoding encoding) const {
    if (encoding == Encoding::gzip && gzip) return *gzip;
    if (encoding == Encoding::brotli && brotli) return *brotli;
    return identity;
}

std::string Representations::etag(Encoding encoding) const {
    switch (encoding) {
        case Encoding::gzip: return "\"" + hash + "-gz\"";
        case Encoding::brotli: return "\"" + hash + "-br\"";
        case Encoding::identity: break;
    }
    return "\"" + hash + "\"";
}

Encoding Representations::choose(std::string_view accept_encoding) const {
    double br = 0, gz = 0, any = 0;
    bool br_named = false, gz_named = false;
    for_each_item(accept_encoding, [&](std::string_view item) {
        const std::size_t semi = item.find(';');
        const std::string_view name = trim(item.substr(0, semi));
        const double q = semi == std::string_view::npos ? 1.0 : quality(item.substr(semi + 1));
        if (iequals(name, "br")) br = q, br_named = true;
        else if (iequals(name, "gzip") || iequals(name, "x-gzip")) gz = q, gz_named = true;
        else if (name == "*") any = q;
    });
    if (!br_named) br = any;
    if (!gz_named) gz = any;
    if (brotli && br > 0 && br >= gz) return Encoding::brotli;
    if (gzip && gz > 0) return Encoding::gzip;
    if (brotli && br > 0) return Encoding::brotli;
    return Encoding::identity;
}

bool Representations::matches(std::string_view if_none_match) const {
    bool found = false;
    for_each_item(if_none_match, [&](std::string_view tag) {
        if (tag.rfind("W/", 0) == 0) tag.remove_prefix(2);
        if (tag == "*" || tag == etag(Encoding::identity) || tag == etag(Encoding::gzip) || tag == etag(Encoding::brotli)) {
            found = true;
        }
    });
    return found;
}

Representations represent(std::string content, std::string_view type) {
    Representations r;
    r.type = std::string(type);
    r.hash = games::sha256_hex(content).substr(0, 32);
    if (is_text(type)) {
        if (auto gz = gzip_compress(content); gz && gz->size() < content.size()) r.gzip = std::move(*gz);
        if (auto br = brotli_compress(content); br && br->size() < content.size()) r.brotli = std::move(*br);
    }
    r.identity = std::move(content);
    return r;
}

std::shared_ptr<const Representations> StaticFiles::get(const std::filesystem::path& path, std::string_view type) {
    std::error_code ec;
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec || size > kMaxCached) return nullptr;
    const auto mtime = std::filesystem::last_write_time(path, ec);
    if (ec) return nullptr;
    {
        const std::lock_guard<std::mutex> lock(mutex_);
        const auto it = entries_.find(path);
        if (it != entries_.end() && it->second.size == size && it->second.mtime == mtime) return it->second.file;
    }
    // Read and compressed outside the lock: two sessions may do it at once for a new version.
    std::ifstream in(path, std::ios::binary);
    if (!in) return nullptr;
    std::ostringstream content;
    content << in.rdbuf();
    std::string text = content.str();
    if (text.size() != size) return nullptr;  // changed while read: the next request reads it again
    auto file = std::make_shared<const Representations>(represent(std::move(text), type));
    const std::lock_guard<std::mutex> lock(mutex_);
    entries_[path] = Entry{size, mtime, file};
    return file;
}

}  // namespace taol::server
