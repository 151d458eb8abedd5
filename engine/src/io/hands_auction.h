// The fast path's reading of a deal's `auction` (hands_line.h): the calls
// replayed under the ruleset's [auction] and the contract they make written
// as the keys of the deal line, as the deal checker completes a deal that
// gives its auction (io/deal_auction.h). It declines, leaving the line to the
// precise reader, wherever that reader would say something: a contract key
// given beside the auction, an illegal call, an unfinished auction, a redeal.
#pragma once

#include "belote/ruleset.h"
#include "io/hands_deal.h"
#include "io/hands_line.h"

namespace belote {

/// Writes into `keys` the given bits and the contract's texts of `line`
/// completed by its auction (taker, first, trump or kind, bid, doubling),
/// as the deal checker would read them; false declines.
bool complete_hands_auction(const Ruleset& rules, DealTokenCache& tokens, const HandsLine& line, HandsLine& keys);

}  // namespace belote
