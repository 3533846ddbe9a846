#pragma once
// The sale: each player in turn sells products (each sale opening reaction windows: Illusion,
// Soldes, Surstock) then buys Carambouille cards; and the final sale the server runs by itself.
#include <vector>

#include "games/carambouille/table.hpp"

namespace taol::games::carambouille {

// Trading is over (and every Persuasion has ended): the sale, or the final sale, begins.
void begin_sales(Table& table, TimeMs now, std::vector<LogEntry>& log);

// {"type":"sell","product":P,"count":1..5} by the player whose sale turn it is.
Refusal sell(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// {"type":"buy","count":0..2}: ends the sale turn.
Refusal buy(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// {"type":"react","card":"illusion"|"soldes"|"surstock"} in one's reaction window.
Refusal react(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// {"type":"pass"} in one's reaction window (also what its deadline does).
Refusal pass(Table& table, Seat seat, const Json& action, TimeMs now, std::vector<LogEntry>& log);

// The Carambouille cards `seat` may play in the open window.
std::vector<CardType> playable_reactions(const Table& table, Seat seat);

// How many cards `seat` may buy now (0 when it is not its turn to buy).
int most_cards_to_buy(const Table& table, Seat seat);

// Products `seat` may put up for sale now, with how many cards of each it holds (at most 5).
std::vector<std::pair<int, int>> sellable(const Table& table, Seat seat);

// The price of a sale on the table as the cards played so far make it.
int sale_price(const Sale& sale);

}  // namespace taol::games::carambouille
