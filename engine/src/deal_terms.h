// The terms a score sheet's mène shares with a deal file: taker, trump,
// first, the announcements (by seat or by team) and the belote. The sheet
// reads its own keys for the card points; see sheet_reader.cpp.
#pragma once

#include <functional>
#include <string>

#include "belote/deal.h"
#include "belote/diagnostic.h"
#include "belote/ruleset.h"
#include "input_node.h"

namespace belote {

/// Makes the diagnostic for an error at a line and column of the input.
using LocateError = std::function<Diagnostic(int line, int column, std::string message)>;

/// Reads taker, trump, first, announcements and belote from `table` into `deal`
/// (its other keys are the caller's to check). Without announcements nobody
/// announced. Returns false after adding the errors.
bool read_declared_terms(const Ruleset& rules, const InputNode& table, Diagnostics& errors, LocateError located,
                         Deal& deal);

}  // namespace belote
