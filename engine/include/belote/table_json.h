// A seat's observation and the legal actions as JSON (docs/table.md, "The bot
// protocol"): one writer for the bot protocol, the web module and programs.
#pragma once

#include <string>

#include "belote/table.h"

namespace belote {

/// Every field of `seen` as one JSON object: cards as tokens, calls and
/// contract in the rule book's words, points per team, and the trick being
/// played; `table` gives the ruleset's words.
std::string observation_json(const Table& table, const Observation& seen);
/// The contract an auction made, as a JSON object (taker, team, kind, bid, doubling…).
std::string contract_json(const Ruleset& rules, const AuctionOutcome& contract);
/// The legal actions now: [{"action": 12, "text": "QH"}, …], in increasing order of number.
std::string legal_actions_json(const Table& table);

}  // namespace belote
