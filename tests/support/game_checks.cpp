#include "tests/support/game_checks.hpp"

#include "protocol/json_text.hpp"

namespace taol::testing {
namespace {

using games::GameState;
using games::LogEntry;
using games::Viewer;

std::string view_and_actions(const GameState& state, Viewer viewer) {
    std::string out = state.view(viewer).dump();
    if (viewer) out += state.actions(*viewer).dump();
    return out;
}

std::string deadlines_text(const GameState& state) {
    std::string out;
    for (const auto& d : state.deadlines()) out += d.kind + "@" + std::to_string(d.at) + " ";
    return out;
}

std::string log_and_outcome(const GameState& state, Viewer viewer, const std::vector<LogEntry>& log) {
    std::string out;
    for (const LogEntry& entry : log) {
        if (entry.visible_to(viewer)) out += entry.to_json().dump();
    }
    if (state.finished()) out += state.outcome().dump();
    return out;
}

// A number in `value` (deep) that can only be a time: games are played from kPlayStart on.
std::optional<games::TimeMs> a_time_in(const Json& value) {
    if (value.is_number_integer() && value.get<games::TimeMs>() >= kPlayStart) return value.get<games::TimeMs>();
    if (value.is_structured()) {
        for (const Json& inner : value) {
            if (auto found = a_time_in(inner)) return found;
        }
    }
    return std::nullopt;
}

std::string viewer_name(Viewer v) { return v ? "seat " + std::to_string(*v) : "the spectator"; }

// The view as the server writes it into a frame (GameState::write_view, as text).
std::string written_view(const GameState& state, Viewer viewer) {
    std::string text;
    protocol::TextSink sink(text);
    state.write_view(viewer, sink);
    return text;
}

}  // namespace

std::vector<Viewer> viewers_of(int players) {
    std::vector<Viewer> viewers{std::nullopt};
    for (games::Seat s = 0; s < players; ++s) viewers.emplace_back(s);
    return viewers;
}

std::optional<games::TimeMs> earliest_deadline(const GameState& state) {
    std::optional<games::TimeMs> best;
    for (const auto& d : state.deadlines()) {
        if (!best || d.at < *best) best = d.at;
    }
    return best;
}

std::string everything_sent_to(const GameState& state, Viewer viewer, const std::vector<LogEntry>& log) {
    return view_and_actions(state, viewer) + deadlines_text(state) + log_and_outcome(state, viewer, log);
}

StateCheck check_state(const GameState& state, const std::vector<LogEntry>& new_log, int players) {
    StateCheck check;
    if (std::string broken = state.check_invariants(); !broken.empty()) check.broken = "invariant broken: " + broken;
    // The fingerprint is built from the same serialized views, so each view is made once per step.
    check.fingerprint = std::hash<std::string>{}(deadlines_text(state));
    for (Viewer v : viewers_of(players)) {
        // Views hold no time: the room's clock is not the clients' (deadlines carry times,
        // converted to the wall clock).
        const Json view = state.view(v);
        // What the server sends is the view written as text (GameState::write_view): it must
        // read byte for byte as the tree every other reader gets.
        std::string sent = written_view(state, v);
        if (check.broken.empty() && sent != protocol::json_text(view)) {
            check.broken = viewer_name(v) + "'s view as text " + sent + " is not its tree's " + protocol::json_text(view);
        }
        // The server writes one view for the viewers a game says share it.
        if (const Viewer twin = state.same_view_as(v); check.broken.empty() && twin != v) {
            const std::string twins = written_view(state, twin);
            if (twins != sent) {
                check.broken = viewer_name(v) + "'s view is said to be " + viewer_name(twin) + "'s but is " + sent +
                               ", not " + twins;
            }
        }
        if (v) {
            // The server lists them as text (GameState::write_actions): byte for byte the tree's.
            std::string listed;
            protocol::TextSink sink(listed);
            state.write_actions(*v, sink);
            const std::string tree = protocol::json_text(state.actions(*v));
            if (check.broken.empty() && listed != tree) {
                check.broken = viewer_name(v) + "'s actions as text " + listed + " are not their tree's " + tree;
            }
            sent += listed;
        }
        check.fingerprint = check.fingerprint * 1000003 ^ std::hash<std::string>{}(sent);
        if (!check.broken.empty()) continue;
        if (auto t = a_time_in(view)) {
            check.broken = viewer_name(v) + " is sent a time (" + std::to_string(*t) + ") in its view";
            continue;
        }
        sent += log_and_outcome(state, v, new_log);
        for (const std::string& secret : state.secrets_hidden_from(v)) {
            if (sent.find(secret) != std::string::npos) {
                check.broken = viewer_name(v) + " is sent the secret " + secret + " in " + sent;
                break;
            }
        }
    }
    if (check.broken.empty() && !state.finished()) {
        for (games::Seat s : state.waiting_for()) {
            if (!state.default_action(s)) {
                check.broken = "seat " + std::to_string(s) + " waited for without a default";
                break;
            }
        }
    }
    return check;
}

std::size_t fingerprint(const GameState& state, int players) {
    std::size_t print = std::hash<std::string>{}(deadlines_text(state));
    for (Viewer v : viewers_of(players)) print = print * 1000003 ^ std::hash<std::string>{}(view_and_actions(state, v));
    return print;
}

std::string check_expired(const GameState& after, games::TimeMs at) {
    if (auto again = earliest_deadline(after); again && *again <= at) {
        return "expire(" + std::to_string(at) + ") left a deadline at " + std::to_string(*again);
    }
    return {};
}

}  // namespace taol::testing
