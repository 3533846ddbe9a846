#include "server/http_session.hpp"

#include <spdlog/spdlog.h>

#include <chrono>

#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket.hpp>

#include "server/websocket_session.hpp"

namespace taol::server {
namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;

namespace {
constexpr auto kRequestTimeout = std::chrono::seconds(30);
constexpr std::size_t kMaxRequestBody = 16 * 1024;  // only GETs are served
}  // namespace

HttpSession::HttpSession(net::ip::tcp::socket&& socket, ServerContext& context)
    : stream_(std::move(socket)), context_(context) {}

void HttpSession::run() {
    net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
    parser_.emplace();
    parser_->body_limit(kMaxRequestBody);
    stream_.expires_after(kRequestTimeout);
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
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
        std::make_shared<WebSocketSession>(stream_.release_socket(), context_)->run(parser_->release());
        return;
    }
    http::message_generator response = handle_http(context_.http, parser_->release());
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
