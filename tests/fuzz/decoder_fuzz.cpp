// Fuzzes the client message decoder, protocol::parse_client_message, that every frame from a
// client goes through. Checks: it never crashes or throws; valid JSON is never called bad_json
// and only valid JSON objects are accepted; a frame nested deeper than kMaxDepth is refused with
// bad_request (and the decoder's quick depth count agrees with the parser's on valid JSON); an
// accepted message, written again, is accepted again as the same message; every answer encodes.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/messages.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace {

namespace protocol = taol::protocol;
using protocol::ErrorCode;
using protocol::Json;
using taol::fuzz::broken;

// The deepest nesting of a JSON text as the parser reads it (its SAX parser keeps its own stack,
// so this does not recurse); -1 when the text is not JSON. The parser stops at a NUL byte as if
// the text ended there, but JSON has no raw NUL anywhere: such a text is not JSON.
class DepthCounter : public nlohmann::json_sax<Json> {
public:
    static int of(std::string_view text) {
        DepthCounter counter;
        if (text.find('\0') != std::string_view::npos) return -1;
        return Json::sax_parse(text.begin(), text.end(), &counter) ? counter.deepest_ : -1;
    }

    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return open(); }
    bool key(string_t&) override { return true; }
    bool end_object() override { return close(); }
    bool start_array(std::size_t) override { return open(); }
    bool end_array() override { return close(); }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool open() {
        deepest_ = std::max(deepest_, ++depth_);
        return true;
    }
    bool close() {
        --depth_;
        return true;
    }
    int depth_ = 0;
    int deepest_ = 0;
};

// A message as a client writes it: the inverse of the decoder.
Json fields_of(const protocol::Hello& m) {
    Json out{{"name", m.name}};
    if (m.token) out["token"] = *m.token;
    if (m.deltas) out["deltas"] = true;
    if (m.clock) out["clock"] = true;
    return out;
}
Json fields_of(const protocol::Create& m) { return Json{{"game", m.game}, {"options", m.options}}; }
Json fields_of(const protocol::Join& m) { return Json{{"room", m.room}, {"as", m.as_spectator ? "spectator" : "player"}}; }
Json fields_of(const protocol::Leave&) { return Json::object(); }
Json fields_of(const protocol::Start& m) { return Json{{"options", m.options}}; }
Json fields_of(const protocol::Rematch& m) { return Json{{"options", m.options}}; }
Json fields_of(const protocol::Act& m) {
    Json out{{"action", m.action}};
    if (m.rev) out["rev"] = *m.rev;
    if (m.t) out["t"] = *m.t;
    return out;
}
Json fields_of(const protocol::Ping& m) { return Json{{"t", m.t}}; }
Json fields_of(const protocol::Chat& m) { return Json{{"text", m.text}}; }
Json fields_of(const protocol::Configure& m) { return Json{{"options", m.options}}; }
Json fields_of(const protocol::Resync&) { return Json::object(); }
Json fields_of(const protocol::AddBot&) { return Json::object(); }
Json fields_of(const protocol::RemoveBot& m) { return Json{{"seat", m.seat}}; }
Json fields_of(const protocol::BotFor& m) { return Json{{"seat", m.seat}}; }
Json fields_of(const protocol::ClockAnswer& m) { return Json{{"n", m.n}, {"t", m.t}}; }

std::string written(const protocol::ClientMessage& message) {
    Json out = std::visit([](const auto& body) { return fields_of(body); }, message.body);
    out["type"] = protocol::type_name(message.body);
    if (message.id) out["id"] = *message.id;
    return protocol::encode(out);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view frame(reinterpret_cast<const char*>(data), size);
    const auto parsed = protocol::parse_client_message(frame);
    const int depth = DepthCounter::of(frame);
    const bool too_deep = depth > protocol::kMaxDepth || protocol::nesting_depth(frame) > protocol::kMaxDepth;
    if (depth >= 0 && protocol::nesting_depth(frame) != depth) {
        broken("the quick depth count says " + std::to_string(protocol::nesting_depth(frame)) + ", the parser " +
               std::to_string(depth));
    }

    if (!parsed.ok()) {
        const protocol::ProtocolError& error = parsed.error();
        if (error.message.empty()) broken("a refusal without a message");
        if (size <= protocol::kMaxFrameBytes && too_deep && error.code != ErrorCode::bad_request) {
            broken(std::string("a frame nested too deep refused with ") + protocol::to_string(error.code));
        }
        if (depth >= 0 && error.code == ErrorCode::bad_json) broken("valid JSON refused as bad_json");
        const protocol::ErrorInfo answer{error.code, error.message, false, std::nullopt, std::nullopt};
        protocol::encode(protocol::with_id(protocol::error_json(answer), error.id));
        return 0;
    }

    if (depth < 0) broken("a frame that is not JSON was accepted");
    if (too_deep) broken("a frame nested " + std::to_string(depth) + " deep was accepted");
    const std::string again = written(parsed.value());
    const auto reparsed = protocol::parse_client_message(again);
    if (!reparsed.ok()) broken("accepted, written again as " + again + ", then refused: " + reparsed.error().message);
    if (written(reparsed.value()) != again) broken("written again, " + again + " reads as another message");
    return 0;
}
