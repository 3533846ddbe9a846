#pragma once
// What the server sends as it is (the web client's files, the games list), in every encoding worth
// sending: read and compressed once per version of a file (its size and modification time), with
// an ETag from a hash of the content, so that a page comes compressed and a reload costs one 304
// per file. No build step: the files stay as they are in the web root.
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

namespace taol::server {

enum class Encoding { identity, gzip, brotli };

// One version of a resource.
struct Representations {
    std::string type;  // its Content-Type
    std::string hash;  // of the content: what the ETags are made of
    std::string identity;
    std::optional<std::string> gzip;    // only when smaller than the content
    std::optional<std::string> brotli;

    bool compressed() const { return gzip || brotli; }
    const std::string& body(Encoding encoding) const;
    // The strong ETag of an encoding: "<hash>", "<hash>-gz", "<hash>-br" (quotes included).
    std::string etag(Encoding encoding) const;
    // The best encoding there is that an Accept-Encoding header takes (brotli, then gzip).
    Encoding choose(std::string_view accept_encoding) const;
    // Whether an If-None-Match header names this version (in any encoding, weak or not) or is "*".
    bool matches(std::string_view if_none_match) const;
};

// `content` of Content-Type `type`, hashed, and compressed when the type is text (images and
// fonts come compressed already).
Representations represent(std::string content, std::string_view type);

// The Content-Encoding header value of an encoding ("" for identity).
std::string_view encoding_name(Encoding encoding);

// Represented files by path, each read again when its size or modification time changes. Shared
// by every HTTP session, on any thread.
class StaticFiles {
public:
    // Larger files are not kept: they are sent from the disk as they are.
    static constexpr std::uintmax_t kMaxCached = 4u << 20;

    // nullptr when the file cannot be read or is larger than kMaxCached.
    std::shared_ptr<const Representations> get(const std::filesystem::path& path, std::string_view type);

private:
    struct Entry {
        std::uintmax_t size = 0;
        std::filesystem::file_time_type mtime;
        std::shared_ptr<const Representations> file;
    };
    std::mutex mutex_;
    std::map<std::filesystem::path, Entry> entries_;
};

}  // namespace taol::server
