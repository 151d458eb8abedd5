// A deal that gives its auction: the calls checked one by one under the
// ruleset's [auction], and the contract they make written into the deal's
// keys (taker, kind or trump, bid, doubling, first), where the deal leaves
// them out; where it gives them, they must agree with the auction.
#pragma once

#include <string>

#include "belote/diagnostic.h"
#include "belote/ruleset.h"
#include "io/deal_checker.h"
#include "io/input_node.h"

namespace belote {

/// Reads `root`'s `auction` and fills `completed` with `root` plus the keys the
/// auction derives. Returns false after adding the errors (an illegal call, an
/// unfinished auction, a redeal, a field that disagrees).
bool complete_from_auction(const Ruleset& rules, const InputNode& root, const std::string& prefix, Diagnostics& errors,
                           const LocateError& located, InputNode& completed);

}  // namespace belote
