#pragma once
// Expected failures (an illegal move) are values, not exceptions.
#include <string>
#include <utility>
#include <variant>

namespace taol::games {

// The protocol's action-level error codes that a game may return.
enum class RuleCode { not_your_turn, illegal_action, game_over };

const char* to_string(RuleCode code);

struct RuleError {
    RuleCode code = RuleCode::illegal_action;
    std::string message;  // plain words, safe to show the actor: never names a hidden value
};

inline RuleError illegal(std::string message) { return {RuleCode::illegal_action, std::move(message)}; }
inline RuleError not_your_turn(std::string message) { return {RuleCode::not_your_turn, std::move(message)}; }

// A value or the reason there is none.
template <class T, class E = RuleError>
class Result {
public:
    Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}  // NOLINT: implicit on purpose
    Result(E error) : v_(std::in_place_index<1>, std::move(error)) {}  // NOLINT
    bool ok() const { return v_.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(v_); }
    const T& value() const { return std::get<0>(v_); }
    const E& error() const { return std::get<1>(v_); }

private:
    std::variant<T, E> v_;
};

}  // namespace taol::games
