// A deal solved as `belote solve` solves it, for whoever writes it out (the
// program, the web module): its contract from the start or after some cards
// of its recorded play, or every kind and trump with each side taking (the
// table), with the bids each would make; and the JSON of each.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <variant>
#include <vector>

#include "belote/deal.h"
#include "belote/ruleset.h"
#include "belote/solve.h"
#include "belote/solve_line.h"

namespace belote {

/// A deal's contract solved at a position of its play.
struct SolvedDeal {
  /// Cards of the recorded play played before the position (0: the start).
  int after = 0;
  /// The trick in progress at the position, from 1.
  int trick = 1;
  Seat to_play = Seat::N;
  /// Points each side has taken in the tricks closed before the position.
  PerTeam<int> taken;
  SolveResult result;
  /// The line of best play cut into tricks (with SolveOptions::line).
  std::vector<LineTrick> tricks;
};

/// Solves `deal` (in hands form) for its kind, trump and taker, after its
/// first `after` recorded cards. A failure (more cards asked for than the deal
/// records, the mène over, the search stopped at a limit) is a message.
std::variant<SolvedDeal, std::string> solve_deal(const Ruleset& rules, const Deal& deal, int after, Solver& solver);

/// One row of the table: a kind (and its trump), the side taking, its best points.
struct SolvedTableRow {
  int kind = 0;
  Suit trump = 0;  ///< for a one-suit kind
  Team takers = Team::NS;
  int points = 0;
  /// The ruleset's bids the takers would make (card points only), lowest
  /// first; "contract" under a contract with no bids that is made.
  std::vector<std::string> makes;
};

/// Every kind and trump of the ruleset, each side taking, from the deal's first
/// seat. A search stopped at a limit is a message; `stopped` then receives its result.
std::variant<std::vector<SolvedTableRow>, std::string> solve_table(const Ruleset& rules, const Deal& deal, Solver& solver,
                                                                   SolveResult* stopped = nullptr);

/// A kind as a person reads it: its name, with its trump suit for a one-suit kind ("suit ♥").
std::string solved_contract_name(const Ruleset& rules, int kind, Suit trump, SuitStyle style);

/// What `belote solve --format json` writes for one deal; `where` names it
/// ("deals.jsonl:3 (id)"), `line` adds the line of best play.
nlohmann::json solved_deal_json(const Ruleset& rules, const Deal& deal, const std::string& where, const SolvedDeal& solved,
                                bool line);
/// The same with --table.
nlohmann::json solved_table_json(const Ruleset& rules, const Deal& deal, const std::string& where,
                                 const std::vector<SolvedTableRow>& rows);

}  // namespace belote
