// An auction for programs, as JSON text (rule book part 4, section 6's form):
// a call {"seat":"S","call":"bid","bid":100,"kind":"H"}, the legal calls, the
// state of an auction and its error.
#pragma once

#include <string>
#include <string_view>

#include "belote/auction.h"
#include "belote/auction_text.h"

namespace belote {

/// {"seat":"S","call":"pass"}; a bid gives "bid" (its value or name, where the
/// family has values) and "kind"; a choice "kind"; doubles are "double" and
/// "redouble" with their "name".
std::string call_json(const Ruleset& rules, const Call& call);
/// The state: {"dealer","first","calls","ended","to_speak","legal":[calls],"contract" or "redeal"}.
std::string auction_state_json(const Ruleset& rules, const Auction& auction);
/// {"error":"auction","position":…,"call":…,"given":…,"rule":…,"message":…,"legal":[…]}.
std::string auction_error_json(const Ruleset& rules, const Auction& before, int position, const Call& call,
                               std::string_view given, AuctionRule rule);
/// What `belote auction --format json` answers for a replay whose calls all
/// read (none stopped at a SEAT: that is no seat): the state after them, or
/// the first illegal call's error.
std::string auction_answer_json(const Ruleset& rules, const AuctionReplay& replay);

}  // namespace belote
