// A scored sheet written out: a table a person reads at a glance, or JSON.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>

#include "belote/deck.h"
#include "belote/ruleset.h"
#include "belote/sheet.h"

namespace belote {

/// The ruleset and target, the table of mènes, then the game's state.
std::string sheet_text(const Ruleset& rules, const Sheet& sheet, const GameScore& game,
                       SuitStyle style = SuitStyle::symbol);

/// The table's header and one row per mène from `first` (1-based) on: taker,
/// trump, contract, each team's points, the running totals, and notes (capot,
/// points held over by a litige and the mène whose winner took them).
std::string sheet_table_text(const Ruleset& rules, const Sheet& sheet, const GameScore& game, int first = 1,
                             SuitStyle style = SuitStyle::symbol);

/// Who won and how, or where the game stands; and any points still held over.
std::string game_state_text(const Sheet& sheet, const GameScore& game);

/// The sheet as JSON: ruleset, target, teams, each mène (with its outcome),
/// totals, held-over points waiting, winner and how the game was decided.
nlohmann::ordered_json sheet_json(const Ruleset& rules, const Sheet& sheet, const GameScore& game);

}  // namespace belote
