#include "tests/bench/load_run.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <chrono>
#include <cstdio>
#include <deque>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>

#include "games/core/rng.hpp"
#include "tests/bench/bench_conn.hpp"
#include "tests/bench/frame_skim.hpp"
#include "tests/bench/health_watch.hpp"
#include "tests/bench/lean_conn.hpp"
#include "tests/server/http_client.hpp"
#include "tests/support/game_checks.hpp"

namespace taol::bench {
namespace {

namespace net = boost::asio;
using Json = nlohmann::json;

constexpr std::int64_t kCreateId = 1;
constexpr std::int64_t kJoinId = 2;
constexpr std::int64_t kStartId = 3;
constexpr std::int64_t kRematchId = 4;
constexpr std::int64_t kFirstActId = 100;

constexpr const char* kActHistogram = "taol_action_latency_seconds";
constexpr const char* kLoopLagHistogram = "taol_event_loop_lag_seconds";
const std::set<std::string> kExpectedErrors = {"too_late", "illegal_action", "not_your_turn", "game_over"};

struct Room;

struct Arrival {
    std::int64_t rev;
    Clock::time_point seen;        // when the generator read it
    Clock::time_point at_socket;   // when it reached the member's socket (the kernel's timestamp)
};

struct Member {
    std::shared_ptr<LeanConn> conn;
    std::unique_ptr<net::steady_timer> timer;
    Room* room = nullptr;
    int index = 0;  // 0 is the host
    bool player = true;
    bool welcomed = false;
    std::string token;  // from welcome: a new connection with it takes the seat back
    bool back = false;  // --reconnect: has its room again on its new connection
    std::string actions = "[]";  // the latest snapshot's, as sent: parsed only to play one
    std::int64_t rev = -1;  // of the latest snapshot; -1 before the first
    // With --deltas, the two parts of the baseline the play reads, `actions` and `status`, kept
    // as the deltas change them (the rest of a delta is skimmed past, not applied).
    Json played = Json::object();
    std::int64_t in_flight = 0;  // the id of the act awaiting its answer, 0 for none
    std::string in_flight_type;  // its action's type
    bool thinking = false;
    std::int64_t next_id = kFirstActId;
    Clock::time_point sent_at;
    std::vector<Arrival> arrivals;  // every snapshot's
};

struct Accepted {
    int actor;
    std::int64_t rev;
    Clock::time_point sent, answered;
    std::string type;  // the action's
};

struct Room {
    int index = 0;
    bool newcomer = false;  // arrived during the phase (--surge)
    std::string code;
    std::vector<Member> members;
    int joined = 0;
    bool rematch_asked = false;
    std::vector<Accepted> accepted;
    std::unique_ptr<net::steady_timer> start_timer;  // --stagger-s: until its game starts
};

// One of the servers' duration histograms in /metrics (`name`, without `_bucket`), summed over the
// servers: how many of its samples fell within each bound, in ms.
std::map<double, long long> server_histogram(const std::vector<unsigned short>& ports, const std::string& name) {
    const std::string bucket = name + "_bucket{le=\"";
    std::map<double, long long> counts;
    for (unsigned short port : ports) {
        std::istringstream lines(testing::http_get(port, "/metrics").body);
        for (std::string line; std::getline(lines, line);) {
            if (!line.starts_with(bucket)) continue;
            const std::size_t quote = line.find('"', bucket.size());
            const std::string bound = line.substr(bucket.size(), quote - bucket.size());
            const double ms = bound == "+Inf" ? std::numeric_limits<double>::infinity() : std::stod(bound) * 1000;
            counts[ms] += std::stoll(line.substr(line.find(' ', quote) + 1));
        }
    }
    return counts;
}

// What a histogram gained between two readings.
std::map<double, long long> gained_between(const std::map<double, long long>& before, const std::map<double, long long>& after) {
    std::map<double, long long> gained;
    for (const auto& [ms, count] : after) {
        const auto was = before.find(ms);
        gained[ms] = count - (was == before.end() ? 0 : was->second);
    }
    return gained;
}

double thread_cpu_seconds() {
    rusage usage{};
    getrusage(RUSAGE_THREAD, &usage);
    return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
           static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

// One run of every room's clients against one server (Taol, or the bare broadcaster).
class LoadRun {
public:
    LoadRun(const Settings& settings, std::vector<unsigned short> ports, bool bare)
        : settings_(settings), ports_(std::move(ports)), bare_(bare), rng_(42) {}

    Figures run(const std::function<Usage()>& server_usage, bool with_rss, const std::function<double()>& database_cpu) {
        Figures f;
        const Usage idle = server_usage();
        for (int r = 0; r < settings_.rooms; ++r) open_room(false);
        f.connections = settings_.rooms * (settings_.players + settings_.spectators);
        // An error no play explains (an unknown game, say) ends the set-up at once.
        run_until(ioc_, [&] { return all_ready() || !unexpected_.empty(); }, 60 + settings_.rooms / 10.0);
        f.set_up = all_ready();
        if (!f.set_up) {
            std::fprintf(stderr, "load_bench: the rooms did not all start playing\n");
            f.unexpected = std::move(unexpected_);
            closing_ = true;
            close_all();
            return f;
        }
        run_until(ioc_, [] { return false; }, settings_.warmup_s);

        std::size_t bytes_before = received_bytes();
        const std::size_t wire_before = wire_bytes();
        const Usage before = server_usage();
        // The server's own histograms: from reading an act to its answer, and how late its event loop ran.
        const auto answered_before = bare_ ? std::map<double, long long>{} : server_histogram(ports_, kActHistogram);
        const auto late_before = bare_ ? std::map<double, long long>{} : server_histogram(ports_, kLoopLagHistogram);
        const double database_before = database_cpu ? database_cpu() : 0;
        const double client_before = thread_cpu_seconds();
        start_ = Clock::now();
        measuring_ = true;
        if (settings_.surge_per_s > 0) surge();
        probe_client_lag(Clock::now());
        if (settings_.timeline) {
            timeline_.resize(phase_seconds());
            sample_server(server_usage, before, start_ + std::chrono::seconds(1));
        }
        run_until(ioc_, [] { return false; }, settings_.seconds);
        measuring_ = false;
        end_ = Clock::now();
        const Usage after = server_usage();
        if (!bare_) {
            f.server_answered_within = gained_between(answered_before, server_histogram(ports_, kActHistogram));
            f.server_loop_late_within = gained_between(late_before, server_histogram(ports_, kLoopLagHistogram));
        }
        const double elapsed = std::chrono::duration<double>(end_ - start_).count();
        if (database_cpu) f.database_cores = (database_cpu() - database_before) / elapsed;
        f.client_cores = (thread_cpu_seconds() - client_before) / elapsed;
        f.server_cores = (after.cpu_seconds - before.cpu_seconds) / elapsed;
        for (const auto& [name, seconds] : after.cpu_seconds_by_thread) {
            const auto was = before.cpu_seconds_by_thread.find(name);
            f.server_seconds_by_thread[name] = seconds - (was == before.cpu_seconds_by_thread.end() ? 0 : was->second);
        }
        if (with_rss) {
            f.server_rss_kib = after.rss_kib;
            // Over every connection, the newcomers' too.
            const auto connections = rooms_.size() * static_cast<std::size_t>(settings_.players + settings_.spectators);
            f.rss_per_connection_kib = static_cast<double>(after.rss_kib - idle.rss_kib) / static_cast<double>(connections);
        }
        f.bytes = received_bytes() - bytes_before;
        // A connection closed in the phase no longer counts (and the run fails for it).
        const std::size_t wire_after = wire_bytes();
        f.wire_bytes = wire_after > wire_before ? wire_after - wire_before : 0;
        f.snapshots = snapshots_;
        f.errors = errors_;
        f.unexpected = unexpected_;
        f.newcomer_busy = newcomer_busy_;
        f.client_lag_ms = std::move(client_lag_ms_);
        f.read_wait_ms = std::move(read_wait_ms_);
        collect_latencies(f);
        if (settings_.timeline) f.timeline = std::move(timeline_);
        surge_timer_.cancel();
        lag_timer_.cancel();
        sample_timer_.cancel();
        const bool one_server = !bare_ && ports_.size() == 1;  // whose load alone is measured
        if (settings_.reconnect && one_server) reconnect_all_measured(f, server_usage);
        closing_ = true;
        if (one_server) {
            f.close = close_all_measured(server_usage);
        } else {
            close_all();
            run_until(ioc_, [] { return false; }, 0.2);
        }
        return f;
    }

private:
    void close_all() {
        for (auto& room : rooms_) {
            for (auto& m : room.members) m.conn->close();
        }
    }

    // --reconnect: the play stops, every connection drops at once and comes back with its token, as
    // through a proxy that restarts: how long until every member has its room and snapshot again,
    // the server's CPU until it is quiet, and its /healthz answers meanwhile.
    void reconnect_all_measured(Figures& f, const std::function<Usage()>& server_usage) {
        reconnecting_ = true;
        for (auto& room : rooms_) {
            for (auto& m : room.members) m.timer->cancel();
        }
        run_until(ioc_, [] { return false; }, 0.5);  // the actions in flight answered
        HealthWatch health(ports_.front());
        std::fprintf(stderr, "load_bench: every connection drops and comes back with its token\n");
        const Clock::time_point dropped_at = Clock::now();
        const double cpu_before = server_usage().cpu_seconds;
        const double client_before = thread_cpu_seconds();
        for (auto& room : rooms_) {
            for (auto& m : room.members) {
                m.conn->on_closed = nullptr;
                m.conn->on_text = nullptr;
                m.conn->close();
                m.back = false;
                connect(m);
            }
        }
        const auto everyone_back = [this] {
            return std::all_of(rooms_.begin(), rooms_.end(), [](const Room& room) {
                return std::all_of(room.members.begin(), room.members.end(), [](const Member& m) { return m.back; });
            });
        };
        run_until(ioc_, everyone_back, 120);
        f.reconnect_back_seconds = std::chrono::duration<double>(Clock::now() - dropped_at).count();
        f.reconnect_client_cores = (thread_cpu_seconds() - client_before) / f.reconnect_back_seconds;
        for (const auto& room : rooms_) {
            for (const auto& m : room.members) f.reconnect_missing += m.back ? 0 : 1;
        }
        f.reconnect = until_quiet(server_usage, cpu_before, dropped_at, health);
    }

    // The server's CPU from `cpu_before` until it is quiet again (under 5 ms of CPU in a quarter
    // of a second, 30 s at most), how long after `since` it last was busy, and `health`'s answers.
    Storm until_quiet(const std::function<Usage()>& server_usage, double cpu_before, Clock::time_point since,
                      HealthWatch& health) {
        constexpr double kQuietCpuSeconds = 0.005;
        constexpr double kSliceSeconds = 0.25;
        double cpu = server_usage().cpu_seconds;
        Clock::time_point busy_until = Clock::now();
        for (int slice = 0; slice < 120; ++slice) {
            run_until(ioc_, [] { return false; }, kSliceSeconds);
            const double now_cpu = server_usage().cpu_seconds;
            if (now_cpu - cpu < kQuietCpuSeconds) break;
            cpu = now_cpu;
            busy_until = Clock::now();
        }
        return {cpu - cpu_before, std::chrono::duration<double>(busy_until - since).count(), health.stop()};
    }

    // Every connection closed at once, as when a proxy in front of the server restarts: the
    // server's CPU until it is quiet again (under 5 ms of CPU in a quarter of a second), how long
    // that took, and how long it took to answer a request meanwhile.
    Storm close_all_measured(const std::function<Usage()>& server_usage) {
        HealthWatch health(ports_.front());
        run_until(ioc_, [] { return false; }, 0.1);  // a few answers of the server at rest first
        const Clock::time_point closed_at = Clock::now();
        const double cpu_at_close = server_usage().cpu_seconds;
        close_all();
        return until_quiet(server_usage, cpu_at_close, closed_at, health);
    }

    // A room and its members' connections; rooms_ is a deque, so that members may point into it.
    void open_room(bool newcomer) {
        const int r = static_cast<int>(rooms_.size());
        Room& room = rooms_.emplace_back();
        room.index = r;
        room.newcomer = newcomer;
        if (bare_) room.code = std::to_string(r);  // Taol's comes with the answer to create
        const int size = settings_.players + settings_.spectators;
        room.members.resize(static_cast<std::size_t>(size));
        for (int i = 0; i < size; ++i) {
            Member& m = room.members[static_cast<std::size_t>(i)];
            m.room = &room;
            m.index = i;
            m.player = i < settings_.players;
            m.timer = std::make_unique<net::steady_timer>(ioc_);
            connect(m);
        }
    }

    void connect(Member& m) {
        m.conn = std::make_shared<LeanConn>(sockets_);
        m.conn->offer_deflate = settings_.deflate;
        m.conn->on_open = [this, &m] { opened(m); };
        m.conn->on_text = [this, &m](std::string_view text) { received(m, text); };
        m.conn->on_closed = [this, &m](bool) {
            if (closing_) return;
            // Each distinct reason once, with the first connection it closed.
            if (unexpected_.insert("connection closed (" + m.conn->why_closed() + ")").second) {
                std::fprintf(stderr, "load_bench: a connection closed before the end (room %d, member %d): %s\n",
                             m.room->index, m.index, m.conn->why_closed().c_str());
            }
        };
        m.conn->open(ports_[static_cast<std::size_t>(m.room->index) % ports_.size()]);  // a room on one node
    }

    // The generator's own lateness: every frame it reads waits behind the ones before it on its
    // one thread, so this much of any latency measured is its own, not the server's.
    void probe_client_lag(Clock::time_point due) {
        lag_timer_.expires_at(due);
        lag_timer_.async_wait([this, due](boost::system::error_code ec) {
            if (ec || !measuring_) return;
            const auto now = Clock::now();
            const double lag = std::chrono::duration<double, std::milli>(now - due).count();
            client_lag_ms_.push_back(lag);
            if (Second* s = second_of(due)) s->client_lag_max_ms = std::max(s->client_lag_max_ms, lag);
            probe_client_lag(now + std::chrono::milliseconds(10));
        });
    }

    // --timeline: the server's CPU over each second of the phase.
    void sample_server(const std::function<Usage()>& server_usage, Usage last, Clock::time_point due) {
        sample_timer_.expires_at(due);
        sample_timer_.async_wait([this, &server_usage, last, due](boost::system::error_code ec) {
            if (ec || !measuring_) return;
            const Usage now = server_usage();
            if (Second* s = second_of(due - std::chrono::milliseconds(500))) s->server_cores = now.cpu_seconds - last.cpu_seconds;
            sample_server(server_usage, now, due + std::chrono::seconds(1));
        });
    }
    // Which second of the phase `t` falls in, if it falls in the phase (none before it has begun).
    std::optional<std::size_t> second_index(Clock::time_point t) const {
        if (start_ == Clock::time_point{} || t < start_) return std::nullopt;
        const auto i = static_cast<std::size_t>(std::chrono::duration<double>(t - start_).count());
        if (i >= phase_seconds()) return std::nullopt;
        return i;
    }
    std::size_t phase_seconds() const { return static_cast<std::size_t>(std::ceil(settings_.seconds)); }
    // --timeline: the row of the second `t` falls in (nullptr outside the phase, or without it).
    Second* second_of(Clock::time_point t) {
        const std::optional<std::size_t> i = settings_.timeline ? second_index(t) : std::nullopt;
        return i ? &timeline_[*i] : nullptr;
    }

    // --surge: a newcomer room now and then, for as long as the phase lasts.
    void surge() {
        surge_timer_.expires_after(std::chrono::microseconds(static_cast<long long>(1e6 / settings_.surge_per_s)));
        surge_timer_.async_wait([this](boost::system::error_code ec) {
            if (ec || !measuring_) return;
            open_room(true);
            surge();
        });
    }

    void opened(Member& m) {
        if (bare_) return join(m);
        std::string name = std::to_string(m.room->index);  // room-member: "12-3"
        name.append("-").append(std::to_string(m.index));
        Json hello{{"type", "hello"}, {"name", name}};
        if (settings_.deltas) hello["deltas"] = true;
        if (!m.token.empty()) hello["token"] = m.token;
        m.conn->send(hello);
    }
    void join(Member& m) {
        m.conn->send({{"type", "join"}, {"room", m.room->code}, {"as", m.player ? "player" : "spectator"},
                      {"id", kJoinId}});
    }

    // A full snapshot, the bulk of what arrives, is skimmed for the members the play needs, and so
    // is a delta; every other frame is parsed whole (with --deltas, full snapshots too).
    void received(Member& m, std::string_view text) {
        std::string_view type, id, rev, status, actions, from, merge, patch;
        for_each_member(text, [&](std::string_view key, std::string_view value) {
            if (key == "type") type = value;
            else if (key == "id") id = value;
            else if (key == "rev") rev = value;
            else if (key == "status") status = value;
            else if (key == "actions") actions = value;
            else if (key == "from") from = value;
            else if (key == "merge") merge = value;
            else if (key == "patch") patch = value;
        });
        const std::int64_t answer_to = id.empty() ? 0 : number(id);
        if (!settings_.deltas && type == "\"snapshot\"" && !rev.empty()) {
            if (!m.player || actions.empty()) actions = "[]";
            return snapshot(m, number(rev), status == "\"finished\"", actions, answer_to);
        }
        if (settings_.deltas && type == "\"delta\"") return delta(m, number(from), number(rev), merge, patch, answer_to);
        received(m, Json::parse(text));
    }

    // What a client does with a delta, for the two parts the play reads: a merge patch takes an
    // array or a string whole, and operations on them are applied to them alone. The rest of the
    // delta costs the generator no parsing, as the full snapshots' skim does (tests/bench/README.md,
    // "The generator's share").
    void delta(Member& m, std::int64_t from, std::int64_t rev, std::string_view merge, std::string_view patch,
               std::int64_t id) {
        if (from != m.rev) throw std::runtime_error("a delta from rev " + std::to_string(from) + " on rev " + std::to_string(m.rev));
        bool actions_changed = false;
        for_each_member(merge, [&](std::string_view key, std::string_view value) {
            if (key != "actions" && key != "status") return;
            m.played[std::string(key)] = Json::parse(value);
            actions_changed |= key == "actions";
        });
        if (patch.find("\"/actions") != std::string_view::npos || patch.find("\"/status") != std::string_view::npos) {
            Json ours = Json::array();
            for (Json& op : Json::parse(patch)) {
                const std::string& path = op.at("path").get_ref<const std::string&>();
                if (path.starts_with("/actions") || path.starts_with("/status")) ours.push_back(std::move(op));
            }
            actions_changed |= !ours.empty();
            m.played = m.played.patch(ours);
        }
        // The listed actions written again only when they changed.
        if (m.player && actions_changed) m.actions = m.played.at("actions").dump();
        snapshot(m, rev, m.played.at("status") == "finished", m.player ? std::string_view(m.actions) : "[]", id);
    }

    static std::int64_t number(std::string_view text) {
        std::int64_t n = 0;
        std::from_chars(text.data(), text.data() + text.size(), n);
        return n;
    }

    void received(Member& m, const Json& message) {
        const std::string type = message.at("type");
        const std::int64_t id = message.value("id", std::int64_t{0});
        Room& room = *m.room;
        if (type == "welcome") {
            m.welcomed = true;
            m.token = message.at("token");
            if (message.value("resumed", false)) return;  // its room and snapshot follow
            if (m.index == 0) {
                m.conn->send({{"type", "create"}, {"game", settings_.game}, {"id", kCreateId}});
            } else if (!room.code.empty()) {
                join(m);
            }
        } else if (type == "room" && id == kCreateId) {
            room.code = message.at("room");
            for (auto& other : room.members) {
                if (other.welcomed && other.index != 0) join(other);
            }
        } else if (type == "room" && id == kJoinId) {
            if (++room.joined == static_cast<int>(room.members.size()) - 1 && !bare_) start_later(room);
        } else if (type == "snapshot") {
            if (settings_.deltas) m.played = {{"actions", message.at("actions")}, {"status", message.at("status")}};
            if (m.player) m.actions = message.at("actions").dump();
            snapshot(m, message.at("rev"), message.at("status") == "finished", m.player ? std::string_view(m.actions) : "[]", id);
        } else if (type == "error") {
            error(m, message, id);
        }
    }

    void snapshot(Member& m, std::int64_t rev, bool finished, std::string_view actions, std::int64_t id) {
        const auto now = Clock::now();
        if (reconnecting_) {  // the play has stopped: only whether it is back counts
            m.rev = rev;
            m.back = true;
            return;
        }
        if (measuring_) ++snapshots_;
        m.rev = rev;
        m.arrivals.push_back({m.rev, now, m.conn->reached_socket()});
        if (measuring_) read_wait_ms_.push_back(std::chrono::duration<double, std::milli>(now - m.conn->reached_socket()).count());
        if (actions.data() != m.actions.data()) m.actions = actions;
        Room& room = *m.room;
        if (id != 0 && id == m.in_flight) {
            room.accepted.push_back({m.index, m.rev, m.sent_at, now, m.in_flight_type});
            m.in_flight = 0;
        }
        if (id == kRematchId) room.rematch_asked = false;
        if (m.index == 0 && finished && !room.rematch_asked) {
            room.rematch_asked = true;
            if (Second* s = second_of(now)) ++s->games_ended;
            m.conn->send({{"type", "rematch"}, {"id", kRematchId}});
        }
        think(m);
    }

    void error(Member& m, const Json& e, std::int64_t id) {
        const std::string code = e.value("code", "");
        if (measuring_) ++errors_[code];
        if (code == "server_busy" && (id == kCreateId || id == kJoinId)) {
            if (m.room->newcomer) ++newcomer_busy_;
            return arrive_later(m, id);
        }
        if (!kExpectedErrors.contains(code) && unexpected_.insert(code).second) {
            std::fprintf(stderr, "load_bench: unexpected error %s\n", e.dump().c_str());
        }
        if (id == kRematchId) m.room->rematch_asked = false;
        if (id != 0 && id == m.in_flight) {
            m.in_flight = 0;
            think(m);
        }
    }

    // Its game starts at once, or, with --stagger-s, at a moment drawn over that many seconds: rooms
    // that start in the same second keep playing their rounds in step.
    void start_later(Room& room) {
        const auto start = [&room] { room.members.front().conn->send({{"type", "start"}, {"id", kStartId}}); };
        if (settings_.stagger_s <= 0 || room.newcomer) return start();
        room.start_timer = std::make_unique<net::steady_timer>(ioc_);
        room.start_timer->expires_after(std::chrono::milliseconds(rng_.below(static_cast<std::uint64_t>(settings_.stagger_s * 1000))));
        room.start_timer->async_wait([this, start](boost::system::error_code ec) {
            if (!ec && !closing_) start();
        });
    }

    // Everyone arriving at once may find the server busy: it sheds them, and they come back a
    // moment later, as a person would.
    void arrive_later(Member& m, std::int64_t id) {
        m.timer->expires_after(std::chrono::milliseconds(500));
        m.timer->async_wait([this, &m, id](boost::system::error_code ec) {
            if (ec || closing_) return;
            if (id == kJoinId) return join(m);
            m.conn->send({{"type", "create"}, {"game", settings_.game}, {"id", kCreateId}});
        });
    }

    // Waits the think time, then plays from the latest snapshot.
    void think(Member& m) {
        if (!m.player || m.in_flight != 0 || m.thinking || m.actions == "[]") return;
        m.thinking = true;
        const int t = settings_.think_ms;
        m.timer->expires_after(std::chrono::milliseconds(settings_.think_spread ? rng_.between(t / 2, t + t / 2) : t));
        m.timer->async_wait([this, &m](boost::system::error_code ec) {
            m.thinking = false;
            if (ec || m.actions == "[]" || m.in_flight != 0) return;
            const Json actions = Json::parse(m.actions);
            const Json& entry = actions.at(rng_.below(actions.size()));
            m.in_flight = m.next_id++;
            m.in_flight_type = entry.value("type", "");
            m.sent_at = Clock::now();
            m.conn->send({{"type", "act"},
                          {"action", taol::testing::fill_template(entry, rng_)},
                          {"rev", m.rev},
                          {"id", m.in_flight}});
        });
    }

    bool all_ready() const {
        return std::all_of(rooms_.begin(), rooms_.end(), [](const Room& room) {
            return std::all_of(room.members.begin(), room.members.end(), [](const Member& m) { return m.rev >= 0; });
        });
    }
    std::size_t wire_bytes() {
        std::size_t total = 0;
        for (auto& room : rooms_) {
            for (auto& m : room.members) total += m.conn->wire_bytes();
        }
        return total;
    }
    std::size_t received_bytes() const {
        std::size_t total = 0;
        for (const auto& room : rooms_) {
            for (const auto& m : room.members) total += m.conn->received_bytes();
        }
        return total;
    }

    // The actions sent in the phase and answered, and when each other member saw their rev (with
    // --timeline, also in the row of the second each was sent in).
    void collect_latencies(Figures& f) {
        const auto ms = [](Clock::time_point from, Clock::time_point to) {
            return std::chrono::duration<double, std::milli>(to - from).count();
        };
        for (const auto& room : rooms_) {
            if (room.newcomer) {
                ++f.newcomer_rooms;
                if (std::all_of(room.members.begin(), room.members.end(), [](const Member& m) { return m.rev >= 0; })) {
                    ++f.newcomer_rooms_in;
                }
            }
            for (const auto& a : room.accepted) {
                if (a.sent < start_ || a.sent >= end_) continue;
                if (room.newcomer) {
                    ++f.newcomer_accepted;
                } else {
                    ++f.accepted;
                    f.answer_ms.push_back(ms(a.sent, a.answered));
                }
                double last = 0, last_at_socket = 0;
                bool all_saw = true;  // every other member saw it: `last` is when the last one did
                for (const auto& m : room.members) {
                    if (m.index == a.actor) continue;
                    const Arrival* seen = first_seen(m, a);
                    if (!seen) {
                        all_saw = false;
                        continue;
                    }
                    const double seen_ms = ms(a.sent, seen->seen);
                    if (!room.newcomer) f.each_ms.push_back(seen_ms);
                    last = std::max(last, seen_ms);
                    last_at_socket = std::max(last_at_socket, ms(a.sent, seen->at_socket));
                }
                if (all_saw) (room.newcomer ? f.newcomer_last_ms : f.last_ms).push_back(last);
                if (all_saw && !room.newcomer) f.last_at_socket_ms.push_back(last_at_socket);
                if (all_saw && !room.newcomer) f.last_ms_by_action[a.type].push_back(last);
                if (Second* s = all_saw && !room.newcomer ? second_of(a.sent) : nullptr) s->last_ms.push_back(last);
            }
        }
    }
    // The first snapshot of a's rev or later that `m` read after a was sent, if any.
    static const Arrival* first_seen(const Member& m, const Accepted& a) {
        auto it = std::lower_bound(m.arrivals.begin(), m.arrivals.end(), a.sent,
                                   [](const Arrival& arrival, Clock::time_point t) { return arrival.seen < t; });
        for (; it != m.arrivals.end(); ++it) {
            if (it->rev >= a.rev) return &*it;
        }
        return nullptr;
    }

    const Settings& settings_;
    std::vector<unsigned short> ports_;
    bool bare_;
    taol::games::Rng rng_;
    net::io_context ioc_;
    LeanLoop sockets_{ioc_};  // every member's connection
    std::deque<Room> rooms_;
    net::steady_timer surge_timer_{ioc_};
    net::steady_timer lag_timer_{ioc_};
    net::steady_timer sample_timer_{ioc_};
    std::vector<double> client_lag_ms_;
    std::vector<double> read_wait_ms_;
    std::vector<Second> timeline_;
    int newcomer_busy_ = 0;
    bool measuring_ = false;
    bool closing_ = false;  // the end: connections close on purpose
    bool reconnecting_ = false;  // --reconnect: the play has stopped, the members come back
    Clock::time_point start_, end_;
    long long snapshots_ = 0;
    std::map<std::string, int> errors_;
    std::set<std::string> unexpected_;
};

}  // namespace

Figures run_load(const Settings& settings, const std::vector<unsigned short>& ports, bool bare,
                 const std::function<Usage()>& server_usage, bool with_rss, const std::function<double()>& database_cpu) {
    LoadRun run(settings, ports, bare);
    return run.run(server_usage, with_rss, database_cpu);
}

}  // namespace taol::bench
