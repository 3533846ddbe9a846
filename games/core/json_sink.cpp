#include "games/core/json_sink.hpp"

#include <stdexcept>

namespace taol::games {

void refuse_key_order(std::string_view name, std::string_view last) {
    throw std::logic_error("JSON key '" + std::string(name) + "' written after '" + std::string(last) + "'");
}

Json& TreeSink::next_slot() {
    if (open_.empty()) return root_;
    Json& inner = *open_.back();
    if (inner.is_array()) return inner.emplace_back();
    return inner[key_];
}

void TreeSink::begin_object() {
    Json& slot = next_slot();
    slot = Json::object();
    open_.push_back(&slot);  // stays put: its container gains nothing until it is ended
}

void TreeSink::begin_array() {
    Json& slot = next_slot();
    slot = Json::array();
    open_.push_back(&slot);
}

void TreeSink::end_object() { open_.pop_back(); }
void TreeSink::end_array() { open_.pop_back(); }
void TreeSink::key(std::string_view name) { key_.assign(name); }
void TreeSink::null() { next_slot() = nullptr; }
void TreeSink::boolean(bool value) { next_slot() = value; }
void TreeSink::integer(std::int64_t value) { next_slot() = value; }
void TreeSink::string(std::string_view value) { next_slot() = std::string(value); }
void TreeSink::value(const Json& value) { next_slot() = value; }

Json TreeSink::take() {
    if (!open_.empty()) throw std::logic_error("a JSON value taken before every container was ended");
    return std::move(root_);
}

}  // namespace taol::games
