#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/websocket.hpp>

#include "server/net/websocket_session.hpp"

namespace taol::server {
namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {
constexpr auto kRequestTimeout = std::chrono::seconds(30);
constexpr std::size_t kMaxRequestBody = 16 * 1024;  // only GETs are served
}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ServerContext& context, AddressSlot slot)
    : stream_(std::move(socket)), context_(context), slot_(std::move(slot)) {}

void HttpSession::run() {
    net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
    parser_.emplace();
    parser_->body_limit(kMaxRequestBody);
    stream_.expires_after(kRequestTimeout);
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

std::string HttpSession::client_of(const HttpRequest& request) const {
    beast::error_code ec;
    const auto remote = stream_.socket().remote_endpoint(ec);
    if (ec) return "?";
    if (context_.addresses.is_proxy(remote.address())) {
        // The last address a proxy on this machine added is the one it saw.
        const auto forwarded = request["X-Forwarded-For"];
        if (!forwarded.empty()) {
            const auto comma = forwarded.rfind(',');
            std::string_view last = comma == std::string_view::npos ? forwarded : forwarded.substr(comma + 1);
            while (!last.empty() && last.front() == ' ') last.remove_prefix(1);
            return std::string(last);
        }
    }
    return remote.address().to_string();
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return do_close();
    if (ec) {
        spdlog::debug("http: read failed: {}", ec.message());
        return;
    }
    if (beast::websocket::is_upgrade(parser_->get())) {
        const auto target = parser_->get().target();
        if (target.substr(0, target.find('?')) != "/ws") return do_close();
        std::make_shared<WebSocketSession>(stream_.release_socket(), context_, std::move(slot_))->run(parser_->release());
        return;
    }
    HttpRequest request = parser_->release();
    std::optional<ApiRequest> api = context_.http.api ? api_request(request) : std::nullopt;
    if (!api) return write(handle_http(context_.http, std::move(request)));
    auto self = shared_from_this();
    auto held = std::make_shared<HttpRequest>(std::move(request));
    const JsonReply reply = [self, held](int status, std::string body) {
        net::post(self->stream_.get_executor(), [self, held, status, body = std::move(body)]() mutable {
            self->write(json_answer(*held, status, std::move(body)));
        });
    };
    const std::string client = client_of(*held);
    if (!context_.addresses.allow_api(client, steady_seconds())) {
        return reply(429, R"({"error":"rate_limited","message":"too many requests: slow down"})");
    }
    if (!context_.http.api(api->path, api->query, client, reply)) write(handle_http(context_.http, std::move(*held)));
}

void HttpSession::write(http::message_generator response) {
    const bool keep_alive = response.keep_alive();
    beast::async_write(stream_, std::move(response),
                       beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    if (ec) return;
    if (!keep_alive) return do_close();
    do_read();
}

void HttpSession::do_close() {
    beast::error_code ec;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace taol::server
