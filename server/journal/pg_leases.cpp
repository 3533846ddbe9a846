// PgJournal, its ownership: which rooms this node holds (an epoch each), claims of rooms, and
// the keeper that renews the node's leases and reports the rooms it no longer holds. The writes
// and reads are in pg_journal.cpp.
#include <spdlog/spdlog.h>

#include <chrono>
#include <future>
#include <set>

#include "server/journal/pg_journal.hpp"
#include "server/journal/thread_role.hpp"

namespace taol::server {
namespace {

// A set of room codes as a PostgreSQL array literal (codes are letters and digits).
std::string array_of(const std::vector<std::string>& items) {
    std::string out = "{";
    for (const std::string& item : items) out += (out.size() > 1 ? "," : "") + item;
    return out + "}";
}

}  // namespace

std::optional<std::int64_t> PgJournal::epoch_of(const std::string& code) const {
    std::lock_guard lock(leases_mutex_);
    auto it = epochs_.find(code);
    return it == epochs_.end() ? std::nullopt : std::optional(it->second);
}

std::size_t PgJournal::leases_held() const {
    std::lock_guard lock(leases_mutex_);
    return epochs_.size();
}

void PgJournal::on_room_lost(RoomLost lost) {
    std::lock_guard lock(leases_mutex_);
    lost_ = std::move(lost);
}

Claim PgJournal::claim(const std::string& code) {
    std::lock_guard lock(read_mutex_);
    if (!reader_.ensure()) throw std::runtime_error("journal: PostgreSQL cannot be reached");
    PgResult claimed = reader_.run("claim", {code, config_.node, lease_ms_});
    if (!claimed.ok()) throw std::runtime_error("journal: room " + code + " cannot be claimed: " + claimed.error());
    if (claimed.rows() > 0) {
        const bool taken_over = !claimed.null(0, 1) && claimed.text(0, 1) != config_.node;
        if (taken_over) takeovers_++;
        std::lock_guard leases(leases_mutex_);
        epochs_[code] = claimed.integer(0, 0);
        return {Claim::Result::ours, config_.public_url};
    }
    PgResult owner = reader_.run("owner", {code});
    if (owner.rows() == 0) return {Claim::Result::unknown, ""};
    return {Claim::Result::elsewhere, owner.text(0, 1)};
}

// --- The lease keeper ---

void PgJournal::keep_leases() {
    take_thread_role("taol-leases");
    const auto every = std::chrono::milliseconds(std::max<TimeMs>(config_.lease_ms / 3, 1));
    std::unique_lock lock(keeper_mutex_);
    while (!keeper_wake_.wait_for(lock, every, [this] { return stopping_; })) renew();
}

void PgJournal::renew_now() {
    std::lock_guard lock(keeper_mutex_);
    renew();
}

void PgJournal::renew() {
    if (!keeper_.ensure()) {
        spdlog::warn("journal: PostgreSQL cannot be reached: leases not renewed");
        return;
    }
    std::vector<std::string> codes;
    std::vector<std::string> epochs;
    {
        std::lock_guard lock(leases_mutex_);
        for (const auto& [code, epoch] : epochs_) {
            codes.push_back(code);
            epochs.push_back(std::to_string(epoch));
        }
    }
    keeper_.run("register", {config_.node, config_.public_url});
    // Renewed by the writer, in its next batch (see the statement); waited for here.
    auto kept_rows = std::make_shared<std::set<std::string>>();
    std::promise<WriteResult> answer;
    std::future<WriteResult> answered = answer.get_future();
    commits_->submit(
        [this, kept_rows, codes = array_of(codes), epochs = array_of(epochs)] {
            kept_rows->clear();  // a batch made again: only what this try returns
            PgResult renewed = writer_.run("renew", {config_.node, lease_ms_, codes, epochs});
            if (!renewed.ok()) {
                spdlog::warn("journal: leases not renewed: {}", renewed.error());
                return WriteResult::failed;
            }
            for (int i = 0; i < renewed.rows(); ++i) kept_rows->insert(renewed.text(i, 0));
            return WriteResult::written;
        },
        [&answer](WriteResult result) { answer.set_value(result); });
    if (answered.get() != WriteResult::written) return;
    const std::set<std::string>& kept = *kept_rows;
    std::vector<std::string> gone;
    RoomLost lost;
    {
        std::lock_guard lock(leases_mutex_);
        for (std::size_t i = 0; i < codes.size(); ++i) {
            if (kept.count(codes[i])) continue;
            // Released or claimed again meanwhile, by this node: not lost.
            auto it = epochs_.find(codes[i]);
            if (it == epochs_.end() || std::to_string(it->second) != epochs[i]) continue;
            epochs_.erase(it);
            gone.push_back(codes[i]);
        }
        lost = lost_;
    }
    if (gone.empty()) return;
    spdlog::warn("journal: {} room(s) taken over by other nodes while this one did not renew its leases", gone.size());
    if (!lost) return;
    PgResult owners = keeper_.run("owners", {array_of(gone)});
    std::unordered_map<std::string, std::string> url_of;
    for (int i = 0; i < owners.rows(); ++i) url_of[owners.text(i, 0)] = owners.text(i, 1);
    for (const std::string& code : gone) lost(code, url_of[code]);
}

}  // namespace taol::server
