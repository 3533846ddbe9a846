#pragma once
// The GameState of Ar Seizh Bigoudenn: reads actions, checks who may send them, and hands them
// to the rule files (turn, valse, teut, simplified).
#include "games/bigoudenn/table.hpp"
#include "games/core/game.hpp"

namespace taol::games::bigoudenn {

class State final : public GameState {
public:
    explicit State(Table table) : t_(std::move(table)) {}

    const Table& table() const { return t_; }

    std::unique_ptr<GameState> clone() const override { return std::make_unique<State>(t_); }
    Result<Applied> apply(Seat seat, const Json& action, TimeMs now) const override;
    Applied expire(TimeMs at) const override;
    Json view(Viewer viewer) const override;
    void write_view(Viewer viewer, JsonSink& out) const override;
    Json actions(Seat seat) const override;
    bool contested(Seat seat, const Json& action) const override;
    std::vector<Deadline> deadlines() const override;
    std::vector<Seat> waiting_for() const override;
    std::optional<Json> default_action(Seat seat) const override;
    bool finished() const override { return t_.finished(); }
    Json outcome() const override;
    std::string check_invariants() const override;
    std::vector<std::string> secrets_hidden_from(Viewer viewer) const override;

private:
    Logged dispatch(Table& next, Seat seat, const std::string& type, const Json& action, TimeMs now) const;
    Logged turn_action(Table& next, Seat seat, const std::string& type, const Json& action, TimeMs now) const;

    Table t_;
};

}  // namespace taol::games::bigoudenn
