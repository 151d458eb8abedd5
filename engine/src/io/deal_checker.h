// Checking a deal's input tree (from TOML or JSON, see input_node.h) and
// building the Deal, with every problem reported at its key or token.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "belote/deal.h"
#include "belote/diagnostic.h"
#include "belote/ruleset.h"
#include "io/input_node.h"

namespace belote {

/// Longer ids are refused: an id is echoed on every line of output.
inline constexpr int kMaxIdCharacters = 200;
/// The most points a deal may say are held over from earlier deals.
inline constexpr std::int64_t kMaxHeldOver = 1000000;

/// Makes the diagnostic for an error at a line and column of the input.
using LocateError = std::function<Diagnostic(int line, int column, std::string message)>;

/// Checks a whole deal (`root` holds its keys; `prefix` is put before every
/// key named in a message, e.g. "deal."). Returns false after adding the errors.
bool check_deal(const Ruleset& rules, const InputNode& root, std::string prefix, Diagnostics& errors,
                LocateError located, Deal& deal);

/// The terms a score sheet's mène shares with a deal file: taker, trump,
/// first, the announcements (by seat or by team) and the belote. Reads them
/// from `table` into `deal` (its other keys are the caller's to check; the
/// sheet reads its own keys for the card points, see sheet_reader.cpp).
/// Without announcements nobody announced. Returns false after adding the errors.
bool read_declared_terms(const Ruleset& rules, const InputNode& table, Diagnostics& errors, LocateError located,
                         Deal& deal);

/// What is wrong with `total`, a team's roem from the `tricks` it took (klaverjas):
/// a total no sum of the ruleset's roem makes, or more than those tricks can hold.
/// The end of a message ("which no tricks hold: roem adds up from roem.runs.3 = 20, …"),
/// or nothing. A deal and a score sheet's mène check their roem alike.
std::optional<std::string> roem_total_problem(const Ruleset& rules, int total, int tricks);

}  // namespace belote
