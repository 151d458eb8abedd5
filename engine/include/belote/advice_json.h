// Advice as JSON: what each legal action of the seat to act is worth, one
// writer for the web module and the Python module (`belote advise --format
// json` writes the same figures with the actions in words, for a person).
#pragma once

#include <string>

#include "belote/advice.h"

namespace belote {

/// The advice for the seat to act at `table` (advise()'s figures): {"seat",
/// "phase" (auction or play), "measure" (score or points), "worlds",
/// "inconsistent_worlds", "stopped", "best", "best_text", "actions": [{"action",
/// "text", "valued", "expected", "spread", "make_chance"}, …]}, the figures
/// rounded as `belote advise` prints them and null where not valued.
std::string advice_json(const Table& table, const Advice& advice);

}  // namespace belote
