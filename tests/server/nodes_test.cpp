// Several nodes on one PostgreSQL: three real taol-server processes share a throwaway database.
// Games of every kind are played with their people spread over the nodes (followed to the room's
// node by `moved`); a node killed with SIGKILL loses none of its rooms, which another node serves
// again exactly where they were; a node frozen (SIGSTOP) past its leases loses its rooms to
// another, and once it wakes up can add nothing to them: its clients are sent on, and every room
// keeps one history. SIGTERM drains a node: its rooms are handed over at once.
#include <catch2/catch.hpp>

#include <chrono>
#include <fstream>
#include <map>
#include <sstream>
#include <memory>
#include <set>
#include <thread>

#include "games/core/rng.hpp"
#include "server/journal/pg_journal.hpp"
#include "tests/server/live_play.hpp"
#include "tests/server/live_server.hpp"  // http_get
#include "tests/server/pg_cluster.hpp"
#include "tests/server/server_process.hpp"
#include "tests/server/temp_dir.hpp"
#include "tests/server/traveller.hpp"
#include "tests/server/ws_client.hpp"
#include "tests/server/ws_words.hpp"

using namespace taol::testing;

namespace {

using Steady = std::chrono::steady_clock;

struct Table {
    std::string game;
    std::string code;
    std::vector<std::unique_ptr<Traveller>> people;
    std::int64_t rev = 0;
    std::vector<WsClient*> clients() const {
        std::vector<WsClient*> out;
        for (const auto& p : people) out.push_back(&p->client());
        return out;
    }
};

std::vector<std::string> node_flags(const std::string& journal, const std::string& name, unsigned short port) {
    return {"--journal", journal, "--node", name, "--public-url", "ws://127.0.0.1:" + std::to_string(port) + "/ws"};
}

}  // namespace

TEST_CASE("Three nodes on one PostgreSQL: rooms spread over them survive a killed node and a frozen one") {
    PgCluster& cluster = PgCluster::shared();
    const std::string db = cluster.new_database();
    const std::string journal = cluster.url_of(db);
    TempDir dir;
    std::vector<unsigned short> ports = {free_port(), free_port(), free_port()};
    std::vector<std::unique_ptr<ServerProcess>> nodes;
    for (int i = 0; i < 3; ++i) {
        const std::string name = "n" + std::to_string(i + 1);
        nodes.push_back(std::make_unique<ServerProcess>(dir.path() / name, ports[i], node_flags(journal, name, ports[i])));
    }
    taol::games::Rng rng(19);

    // Every game, created on one node, its other players arriving through the others.
    const std::vector<std::pair<std::string, int>> games = {
        {"fishfish", 3}, {"bharg", 2}, {"castors", 2}, {"bigoudenn", 3}, {"carambouille", 3}};
    std::vector<Table> tables;
    for (std::size_t g = 0; g < games.size(); ++g) {
        Table t;
        t.game = games[g].first;
        for (int p = 0; p < games[g].second; ++p) {
            t.people.push_back(std::make_unique<Traveller>(t.game + "-" + std::to_string(p)));
            t.people.back()->connect(ports[(g + static_cast<std::size_t>(p)) % 3]);
        }
        const Json room = t.people[0]->request({{"type", "create"}, {"game", t.game}});
        REQUIRE(room.at("type") == "room");
        t.code = room.at("room");
        for (int p = 1; p < games[g].second; ++p) {
            const Json joined = t.people[p]->request(join_message(t.code, "player"));
            REQUIRE(joined.at("type") == "room");
            CHECK(joined.at("you") == p);
            CHECK(t.people[p]->moves() == 1);  // sent to the room's node
            CHECK(t.people[p]->port() == ports[g % 3]);
        }
        const Json started = t.people[0]->request({{"type", "start"}});
        REQUIRE(started.at("type") == "snapshot");
        t.rev = play(t.clients(), started.at("rev"), 6, rng);
        tables.push_back(std::move(t));
    }

    // The rooms API answers from every node, whichever serves the room.
    for (unsigned short port : ports) {
        for (const Table& t : tables) {
            const HttpReply reply = http_get(port, "/api/rooms/" + t.code);
            CHECK(reply.status == 200);
            CHECK(Json::parse(reply.body).at("game") == t.game);
        }
    }
    // A metric of each node: the leases it holds.
    CHECK(http_get(ports[0], "/metrics").body.find("taol_leases_held 2") != std::string::npos);

    const auto seen_at = [&](Table& t) {
        std::vector<Seen> seen;
        for (auto& p : t.people) seen.push_back(seen_by(p->client(), t.rev));
        return seen;
    };
    const auto same = [](const std::vector<Seen>& a, const std::vector<Seen>& b) {
        REQUIRE(a.size() == b.size());
        for (std::size_t i = 0; i < a.size(); ++i) {
            CHECK(a[i].rev == b[i].rev);
            CHECK(a[i].view == b[i].view);
            CHECK(a[i].actions == b[i].actions);
        }
    };

    {
        // Node 1 serves tables 0 and 3.
        std::map<std::size_t, std::vector<Seen>> before;
        for (std::size_t g : {0u, 3u}) before[g] = seen_at(tables[g]);
        nodes[0]->stop(SIGKILL);
        const auto died = Steady::now();
        for (std::size_t g : {0u, 3u}) {
            for (auto& p : tables[g].people) {
                p->client().wait_closed();
                const Json room = p->back_in(ports[1], {ports[0]});
                CHECK(room.at("room") == tables[g].code);
            }
            same(seen_at(tables[g]), before[g]);
            for (auto& p : tables[g].people) CHECK(p->port() == ports[1]);
        }
        const auto served_after = std::chrono::duration_cast<std::chrono::milliseconds>(Steady::now() - died).count();
        INFO("the killed node's rooms were served again after " << served_after << " ms");
        CHECK(served_after < 5000);
        for (std::size_t g : {0u, 3u}) tables[g].rev = play(tables[g].clients(), tables[g].rev, 3, rng);

        // Node 2 now serves tables 0, 1, 3 and 4. Frozen past its leases, then woken up.
        nodes[1]->signal(SIGSTOP);
        std::this_thread::sleep_for(std::chrono::milliseconds(3500));
        std::map<std::size_t, std::unique_ptr<WsClient>> stale;  // table 1's first player, left on node 2
        for (std::size_t g : {0u, 1u, 3u, 4u}) {
            for (std::size_t p = 0; p < tables[g].people.size(); ++p) {
                auto old = tables[g].people[p]->keep_connection();
                if (g == 1 && p == 0) stale[g] = std::move(old);
                const Json room = tables[g].people[p]->back_in(ports[2], {ports[0], ports[1]});
                CHECK(room.at("room") == tables[g].code);
                CHECK(tables[g].people[p]->port() == ports[2]);
            }
            tables[g].rev = play(tables[g].clients(), tables[g].rev, 2, rng);
        }
        // Woken up, node 2 may not write: what its stale connection asks is refused or moved,
        // and then it is told where the room went.
        const std::int64_t rev_on_3 = tables[1].rev;
        nodes[1]->signal(SIGCONT);
        WsClient& old = *stale[1];
        const Json snap = old.snapshot();
        const std::size_t from = old.count();
        // Sent, not awaited: node 2 may answer it (refused, or `moved`) or close first, whichever
        // of its renewal and this message it takes first.
        old.send({{"type", "act"}, {"id", 999999}, {"rev", snap.at("rev")},
                  {"action", fill_template(snap.at("actions").empty() ? Json{{"type", "none"}} : snap.at("actions")[0], rng)}});
        const Json moved = old.wait_for([](const Json& m) { return m.at("type") == "moved"; }, from);
        CHECK(moved.at("room") == tables[1].code);
        CHECK(port_of(moved.at("url")) == ports[2]);
        old.wait_closed();  // and nothing more of the room comes from node 2
        const auto received = old.received();
        for (std::size_t i = from; i < received.size(); ++i) CHECK(received[i].at("type") != "snapshot");
        CHECK(seen_by(tables[1].people[1]->client(), rev_on_3).rev == rev_on_3);  // nothing of node 2's came through

        // One history per room: revs that never go back, and the last rev played is the journal's.
        taol::server::PgJournalConfig inspector{db, "inspector", "", taol::server::SyncPolicy::normal, 3000, false};
        taol::server::PgJournal read(inspector);
        for (Table& t : tables) {
            INFO(t.game);
            t.rev = play(t.clients(), t.rev, 1, rng);
            const auto stored = read.load(t.code);
            REQUIRE(stored);
            std::int64_t last = 0;
            for (const auto& e : stored->events) {
                CHECK(e.rev >= last);
                last = e.rev;
            }
            CHECK(last == t.rev);
        }

        // SIGTERM drains node 3, which serves every room now: each is let go at once, its people
        // sent back to the site, and node 2 serves them, where they were, without waiting for a lease.
        std::vector<std::vector<Seen>> serving;
        for (Table& t : tables) serving.push_back(seen_at(t));
        const auto drained = Steady::now();
        CHECK(nodes[2]->stop(SIGTERM));  // a drain ends
        for (std::size_t g = 0; g < tables.size(); ++g) {
            for (auto& p : tables[g].people) {
                const Json moved_on = p->client().wait_for([](const Json& m) { return m.at("type") == "moved"; });
                CHECK(moved_on.at("url") == "");
                p->back_in(ports[1], {ports[0], ports[2]});
                CHECK(p->port() == ports[1]);
            }
            same(seen_at(tables[g]), serving[g]);
        }
        const auto handed_in = std::chrono::duration_cast<std::chrono::milliseconds>(Steady::now() - drained).count();
        INFO("a drained node's rooms were served again after " << handed_in << " ms");
        CHECK(handed_in < 3000);  // no lease had to lapse
        for (Table& t : tables) CHECK(play(t.clients(), t.rev, 1, rng) > t.rev);
    }
}

namespace {

// docker/haproxy.cfg, the front of compose.yaml's scale-out profile, on loopback: its nodes
// taol1..3 at `nodes`, the site at `site`.
std::string loopback_haproxy_cfg(unsigned short site, const std::vector<unsigned short>& nodes) {
    std::ifstream in("docker/haproxy.cfg");
    REQUIRE(in);
    std::stringstream text;
    text << in.rdbuf();
    std::string cfg = text.str();
    const auto replace_all = [&](const std::string& from, const std::string& to) {
        for (auto at = cfg.find(from); at != std::string::npos; at = cfg.find(from, at + to.size())) cfg.replace(at, from.size(), to);
    };
    replace_all("bind :8080", "bind 127.0.0.1:" + std::to_string(site));
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        replace_all(" taol" + std::to_string(i + 1) + ":8080", " 127.0.0.1:" + std::to_string(nodes[i]));
    }
    return cfg;
}

}  // namespace

TEST_CASE("Behind one HAProxy (docker/haproxy.cfg), a client sent to a room's node reaches it through the front") {
    PgCluster& cluster = PgCluster::shared();
    const std::string journal = cluster.url_of(cluster.new_database());
    TempDir dir;
    const unsigned short site = free_port();
    const std::vector<unsigned short> ports = {free_port(), free_port(), free_port()};
    std::vector<std::unique_ptr<ServerProcess>> nodes;
    for (int i = 0; i < 3; ++i) {
        const std::string name = "taol" + std::to_string(i + 1);
        nodes.push_back(std::make_unique<ServerProcess>(
            dir.path() / name, ports[i],
            std::vector<std::string>{"--journal", journal, "--node", name, "--public-url",
                                     "ws://127.0.0.1:" + std::to_string(site) + "/node/" + name + "/ws"}));
    }
    std::ofstream(dir.path() / "haproxy.cfg") << loopback_haproxy_cfg(site, ports);
    ChildProcess haproxy({"/usr/sbin/haproxy", "-db", "-f", (dir.path() / "haproxy.cfg").string()},
                         (dir.path() / "haproxy.log").string());
    wait_accepting(haproxy, site);

    // Anna opens a table through the site; Bleuenn, through the site too, lands on another node
    // (leastconn: Anna's holds a connection) and is sent on through the front's path to Anna's node.
    Traveller anna("Anna");
    anna.connect(site);
    const Json room = anna.request({{"type", "create"}, {"game", "bharg"}});
    REQUIRE(room.at("type") == "room");
    const std::string code = room.at("room");
    // The node that holds the room's lease (its /metrics).
    int owner = -1;
    for (std::size_t i = 0; i < ports.size(); ++i) {
        if (http_get(ports[i], "/metrics").body.find("taol_leases_held 1\n") != std::string::npos) owner = static_cast<int>(i);
    }
    REQUIRE(owner >= 0);
    Traveller bleuenn("Bleuenn");
    int tries = 0;
    Json joined;
    for (; tries < 10; ++tries) {  // until the front sends her to a node that does not serve the room
        bleuenn.connect(site);
        joined = bleuenn.client().request(join_message(code, "player"));
        if (joined.at("type") == "moved") break;
        bleuenn.client().request({{"type", "leave"}});
    }
    REQUIRE(joined.at("type") == "moved");
    CHECK(joined.at("url") == "ws://127.0.0.1:" + std::to_string(site) + "/node/taol" + std::to_string(owner + 1) + "/ws");
    bleuenn.connect(port_of(joined.at("url")), target_of(joined.at("url")));
    const Json seated = bleuenn.request(join_message(code, "player"));
    REQUIRE(seated.at("type") == "room");
    CHECK(seated.at("you") == 1);
    CHECK(bleuenn.target() == "/node/taol" + std::to_string(owner + 1) + "/ws");
    const Json started = anna.request({{"type", "start"}});
    REQUIRE(started.at("type") == "snapshot");
    CHECK(bleuenn.client().snapshot(started.at("rev")).at("rev") == started.at("rev"));
}
