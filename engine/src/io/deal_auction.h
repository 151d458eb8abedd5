// A deal that gives its auction: the calls checked one by one under the
// ruleset's [auction], and the contract they make written into the deal's
// keys (taker, kind or trump, bid, doubling, first), where the deal leaves
// them out; where it gives them, they must agree with the auction.
#pragma once

#include <optional>
#include <string>

#include "belote/auction.h"

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

/// An auction read from a score sheet's mène: who dealt, and how it ended.
struct SheetAuction {
  Seat dealer = Seat::N;
  AuctionOutcome outcome;
};

/// The same for a score sheet's mène, where an auction that ends with
/// everybody passing is no error but a redeal: it is returned with
/// `completed` left as it was. Returns nothing after adding the errors.
std::optional<SheetAuction> complete_sheet_auction(const Ruleset& rules, const InputNode& root, Diagnostics& errors,
                                                   const LocateError& located, InputNode& completed);

}  // namespace belote
