// Deltas (PROTOCOL.md, "Deltas"): over random games of every game, a connection that takes deltas
// rebuilds, from its first snapshot and the patches it is sent, exactly the full snapshot another
// connection is sent at the same moment, at every rev, for every viewer; and the patches weigh far
// less than the snapshots they stand for.
#include <cstdlib>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "games/registry.hpp"
#include "protocol/snapshot_text.hpp"
#include "tests/server/random_room.hpp"

namespace taol::testing {
namespace {

// Every frame each member was sent, by member.
using Frames = std::map<std::string, std::vector<server::Frame>>;

RandomRoom::Watch watching(Frames& frames, bool deltas) {
    return {deltas, [&frames](const std::string& who, const server::Frame& frame) { frames[who].push_back(frame); }};
}

bool is_game_frame(const Json& frame) {
    const std::string type = frame.at("type");
    return type == "snapshot" || type == "delta";
}

// What a client that takes deltas holds, and how it reads what comes.
struct DeltaClient {
    Json baseline;  // null before the first snapshot

    // The full snapshot `frame` stands for.
    Json read(const Json& frame) {
        if (frame.at("type") == "snapshot") {
            baseline = protocol::baseline_of(frame);
            return frame;
        }
        return protocol::apply_delta(baseline, frame);
    }
};

struct Weights {
    long long delta_bytes = 0;     // the deltas sent, whole
    long long patch_bytes = 0;     // their merge patches and patches
    long long replaced_bytes = 0;  // the full snapshots they stand for
    long long deltas = 0;
    long long snapshots = 0;       // full snapshots sent to connections that take deltas
};

// Plays the same random game twice, once to connections that take deltas; checks each delta
// rebuilds the snapshot sent in its place. Adds (before, patch, after) cases to `cases`.
void play_twice(const games::Game& game, std::uint64_t seed, Weights& weights, Json& cases, std::size_t max_cases) {
    Frames plain, deltas;
    server::RoomHooks hooks;
    RandomRoom a(game, "ABCDEFGH", hooks, seed, 0, watching(plain, false));
    RandomRoom b(game, "ABCDEFGH", hooks, seed, 0, watching(deltas, true));
    for (int step = 0; step < 400; ++step) {
        if (a.room().status() == server::RoomStatus::finished) {
            a.rematch();
            b.rematch();
            continue;
        }
        a.step();
        b.step();
    }
    REQUIRE(plain.size() == deltas.size());
    for (const auto& [who, sent] : plain) {
        INFO(game.id() << " seed " << seed << ", " << who);
        const std::vector<server::Frame>& got = deltas.at(who);
        REQUIRE(sent.size() == got.size());
        DeltaClient client;
        for (std::size_t i = 0; i < sent.size(); ++i) {
            const Json expected = Json::parse(sent[i]->text());
            const Json frame = Json::parse(got[i]->text());
            if (!is_game_frame(expected)) {
                CHECK(frame == expected);
                continue;
            }
            INFO("frame " << i << ": " << got[i]->text());
            const Json before = client.baseline;
            CHECK(client.read(frame) == expected);
            if (frame.at("type") == "delta") {
                ++weights.deltas;
                weights.delta_bytes += static_cast<long long>(got[i]->size());
                const Json merge = frame.value("merge", Json());
                const Json patch = frame.value("patch", Json());
                for (const Json& part : {merge, patch}) {
                    if (!part.is_null()) weights.patch_bytes += static_cast<long long>(part.dump().size());
                }
                weights.replaced_bytes += static_cast<long long>(sent[i]->size());
                // The rev travels beside the change, never inside it.
                CHECK_FALSE((merge.is_object() && merge.contains("rev")));
                for (const Json& op : patch) CHECK(op.at("path") != "/rev");
                if (cases.size() < max_cases) {
                    Json after = client.baseline;
                    after["rev"] = before.at("rev");
                    Json c{{"before", before}, {"after", after}};
                    if (!merge.is_null()) c["merge"] = merge;
                    if (!patch.is_null()) c["patch"] = patch;
                    cases.push_back(std::move(c));
                }
            } else {
                ++weights.snapshots;
            }
        }
    }
}

}  // namespace

TEST_CASE("Every viewer rebuilds from its deltas exactly the snapshots it would have been sent", "[cases]") {
    Json cases = Json::array();
    for (const games::Game* game : games::all_games()) {
        Weights weights;
        const std::size_t cases_before = cases.size();
        for (std::uint64_t seed = 1; seed <= 6; ++seed) play_twice(*game, seed, weights, cases, cases_before + 20 * seed);
        INFO(game->id() << ": " << weights.deltas << " deltas of " << weights.delta_bytes << " bytes (patches "
                        << weights.patch_bytes << ") for " << weights.replaced_bytes << " bytes of snapshots; "
                        << weights.snapshots << " full snapshots");
        CHECK(weights.deltas > 10 * weights.snapshots);
        // The changes (merge patches and patches) weigh at most a quarter of the snapshots they
        // stand for, in every game (tests/bench/README.md, "Deltas", has each game's figure).
        CHECK(weights.patch_bytes * 4 <= weights.replaced_bytes);
        WARN(game->id() << ": changes are " << 1000 * weights.patch_bytes / weights.replaced_bytes / 10.0
                        << "% of the snapshots they stand for, whole delta frames "
                        << 1000 * weights.delta_bytes / weights.replaced_bytes / 10.0 << "%");
    }
    // The web client's own patch code runs on these (tests/js/json_patch_test.mjs).
    if (const char* out = std::getenv("TAOL_PATCH_CASES_OUT")) {
        std::ofstream(out) << cases.dump();
    }
}

}  // namespace taol::testing
