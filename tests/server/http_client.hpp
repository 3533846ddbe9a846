#pragma once
// One HTTP request over a fresh connection to a server on loopback, and its answer: for the tests
// of the HTTP side, and the benchmarks that ask a server how it is while they load it.
#include <cctype>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

namespace taol::testing {

struct HttpReply {
    int status = 0;
    std::string content_type;
    std::string body;
    std::map<std::string, std::string> headers;  // by lowercase name

    std::string header(const std::string& lowercase_name) const {
        const auto it = headers.find(lowercase_name);
        return it == headers.end() ? "" : it->second;
    }
};

// One request over a fresh connection; `target` is sent exactly as given, with `headers`.
inline HttpReply http_request(unsigned short port, const std::string& target,
                              const std::vector<std::pair<std::string, std::string>>& headers = {},
                              boost::beast::http::verb method = boost::beast::http::verb::get) {
    namespace beast = boost::beast;
    namespace http = beast::http;
    boost::asio::io_context ioc;
    beast::tcp_stream stream(ioc);
    stream.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    for (const auto& [name, value] : headers) req.set(name, value);
    req.keep_alive(false);
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.skip(method == http::verb::head);  // a HEAD answer announces a body it does not send
    http::read(stream, buffer, parser);
    const auto& res = parser.get();
    beast::error_code ec;
    stream.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    HttpReply reply{static_cast<int>(res.result_int()), std::string(res[http::field::content_type]), res.body(), {}};
    for (const auto& field : res) {
        std::string name(field.name_string());
        for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        reply.headers[name] = std::string(field.value());
    }
    return reply;
}

// One GET over a fresh connection; `target` is sent exactly as given.
inline HttpReply http_get(unsigned short port, const std::string& target) { return http_request(port, target); }

}  // namespace taol::testing
