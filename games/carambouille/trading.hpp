#pragma once
// Dreling Ding!: the bell, and the offers every pair of players trades through at the same time.
#include <vector>

#include "games/carambouille/table.hpp"

namespace taol::games::carambouille {

// The First Merchant's bell (or the 15 s deadline) opens trading for everyone at once.
void open_trading(Table& table, TimeMs now, bool by_itself, std::vector<LogEntry>& log);

// The bell again, or `trading_seconds`: open offers are cancelled; running Persuasions finish,
// then the sale begins.
void close_trading(Table& table, TimeMs now, bool by_time, std::vector<LogEntry>& log);

// {"type":"offer","to":seat|null,"give":[ids],"announce":[claims],"ask":[claims],"lie"?:bool,"counter"?:id}
Refusal make_offer(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// {"type":"accept","offer":id,"give":[ids],"lie"?:bool}: both sides' cards swap at once.
Refusal accept_offer(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// {"type":"refuse","offer":id} by its recipient (or, for an offer to anyone, by one of them).
Refusal refuse_offer(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// {"type":"withdraw","offer":id} by its offerer.
Refusal withdraw_offer(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// Whether `seat` may answer `offer` (accept or refuse it) now.
bool may_answer(const Table& table, Seat seat, const Offer& offer);

// A J'ai menti ! of `seat` that is not in `cards`, preferring one backing no open offer; -1 if none.
int free_menti(const Table& table, Seat seat, const std::vector<int>& cards, bool only_unused);

}  // namespace taol::games::carambouille
