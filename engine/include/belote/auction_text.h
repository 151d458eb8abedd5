// Calls, legal calls and an auction's end in the rule book's words (part 4,
// sections 2, 6 and 7): "90 H", "pass; bid {80–160, capot, generale} × {S H D C NT AT}; coinche",
// "call 2 (S 90 S): not-higher: …", "taker N (NS), bid 100, kind S, doubling none; …".
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "belote/auction.h"
#include "belote/deck.h"

namespace belote {

/// A call as written: `pass`, `90 H`, `capot S`, `H` (a bid under the kind
/// ladder), the double's and the redouble's names (or `double`, `redouble`),
/// the take word, `choose H`, `schieben`. Case does not matter. A word the
/// ruleset has no call for reads as CallType::unknown; a bid's value or kind it
/// lacks as kBadValue or kBadKind, so that the checks name the right rule.
Call read_call(const Ruleset& rules, Seat seat, std::string_view text);
/// The call as read_call reads it (without the seat).
std::string call_text(const Ruleset& rules, const Call& call);
/// The legal calls in the rule book's notation; "none (the auction has ended)".
std::string legal_calls_text(const Ruleset& rules, const LegalCalls& legal);
/// The sentence of a broken rule, for the call `call` in the state `before`.
std::string rule_sentence(const Ruleset& rules, const Auction& before, const Call& call, AuctionRule rule);
/// "call 3 (S 100 H): bid-after-double: after a coinche nobody may bid. Legal calls there: pass; surcoinche."
/// `given` is the call as the input wrote it; for `unfinished`, `position` is
/// the count of calls plus one and `given` is ignored.
std::string auction_error_text(const Ruleset& rules, const Auction& before, int position, const Call& call,
                               std::string_view given, AuctionRule rule);
/// "taker N (NS), bid 100, kind S, doubling none; first lead W; next dealer W." or
/// "none (all passed): redeal, next dealer E." The kind of a suit is named by
/// its suit in `style` where that is not letters (a screen's "kind ♠"), else
/// by the ruleset's name for it.
std::string auction_outcome_text(const Ruleset& rules, const AuctionOutcome& outcome, SuitStyle style = SuitStyle::letter);

/// One of the suits a turned-card auction turns up (`turned`), as written: a
/// suit of the deck, or, where the ruleset turns a card up (dealing.turned =
/// "card") and the token comes first, that card, set in `card`, whose suit it
/// proposes (a record writes it so; a further round turns only a suit). nullopt
/// where the token is neither; `why` then says why a card is refused there
/// ("KD is a card, but …"), and is left empty for a token that is no card.
std::optional<Suit> read_turned(const Ruleset& rules, std::string_view token, bool first, std::optional<Card>& card,
                                std::string& why);

/// A call as given: "80 H" is the seat to speak's, "SEAT:CALL" names its seat.
/// The seat and the call's text; nullopt when the text before ':' is no seat.
std::optional<std::pair<Seat, std::string_view>> split_given_call(std::string_view given, Seat to_speak);

struct AuctionReplay {
  /// The state after the calls applied (before the one that stopped the replay).
  Auction auction;
  /// The calls applied, in order.
  std::vector<Call> applied;
  /// The 1-based position of the call that stopped the replay, or 0 when all applied.
  int stopped_at = 0;
  /// The rule that call breaks; none when its SEAT: is no seat.
  std::optional<AuctionRule> broken;
  /// That call as read, and its text as given (without the seat).
  Call call;
  std::string_view given;

  /// Whether every call was applied.
  bool all_applied() const { return stopped_at == 0; }
};

/// Applies `calls` (each as split_given_call and read_call read it) to `start`
/// in order; the views in the answer are views of `calls`.
AuctionReplay replay_given_calls(const Ruleset& rules, const Auction& start, std::span<const std::string> calls);

}  // namespace belote
