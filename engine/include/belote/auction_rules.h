// The auction's conventions as a ruleset states them ([auction], rule book part 4):
// the shape of the auction, the kinds a call may name, what makes a bid higher,
// who may double, when the auction ends and what happens when everybody passes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "belote/card_set.h"

namespace belote {

/// The words every auction reads as one call whatever its ruleset (read_call), with the call each
/// names (`choose` goes before a kind). A ruleset's own words for its calls (`auction.take_call`,
/// its doubling levels' names) and its kinds' names and aliases may be none of them but their own.
struct FixedCallWord {
  std::string_view word;
  std::string_view call;
};
inline constexpr FixedCallWord kFixedCallWords[] = {{"pass", "pass"}, {"double", "double"}, {"redouble", "redouble"},
                                                    {"take", "take"}, {"schieben", "schieben"}, {"choose", "choice"}};

/// The shape of the auction (`auction.style`).
enum class AuctionStyle : std::uint8_t { bidding, turned_card, chooser };
/// What makes a bid higher (`auction.order`).
enum class BidOrder : std::uint8_t { value, kind };
/// Who may double when (`auction.double_timing`).
enum class DoubleTiming : std::uint8_t { in_turn, any_time };
/// What a double does to the bidding (`auction.after_double`).
enum class AfterDouble : std::uint8_t { close_bids, continue_bidding };
/// When everybody passes (`auction.on_all_pass`).
enum class AllPass : std::uint8_t { redeal, forced_first_speaker, forced_dealer, next_turned_card };
/// Who deals after a redeal (`auction.next_dealer_after_redeal`).
enum class RedealDealer : std::uint8_t { next, same };
/// One round of a turned-card auction (`auction.rounds`).
enum class AuctionRound : std::uint8_t { turned, other_suit, any_suit };
/// What a forced player may choose (`auction.forced_choice`).
enum class ForcedChoice : std::uint8_t { any_suit, turned_suit };
/// Who leads the first trick (`auction.first_lead`).
enum class FirstLead : std::uint8_t { first_speaker, taker };

/// A kind a call may name: as written in `auction.kinds`, and the contract it means.
struct AuctionKind {
  std::string name;
  /// Index into Ruleset::kinds.
  int kind = 0;
  /// The trump suit of a one-suit kind, or -1.
  int suit = -1;
  friend bool operator==(const AuctionKind&, const AuctionKind&) = default;
};

/// One step of the bid ladder (`auction.order = "value"`): a numeric bid or a named one.
struct LadderBid {
  int value = 0;        ///< the number, or the named bid's value
  int named_bid = -1;   ///< index into BidRules::named, or -1 for a number
  friend bool operator==(const LadderBid&, const LadderBid&) = default;
};

/// At most this many kinds in an auction (a mask of 16 bits holds them).
inline constexpr int kMaxAuctionKinds = 16;

struct AuctionRules {
  /// Whether the ruleset states an auction; without one, deals name their contract.
  bool given = false;
  AuctionStyle style = AuctionStyle::bidding;
  std::vector<AuctionKind> kinds;
  BidOrder order = BidOrder::value;
  /// The bids in ascending order: the numbers, then the named bids (order "value").
  std::vector<LadderBid> ladder;
  bool pass_is_final = false;
  bool double_allowed = false;
  bool redouble_allowed = false;
  DoubleTiming double_timing = DoubleTiming::in_turn;
  AfterDouble after_double = AfterDouble::close_bids;
  bool doubled_bidder_may_bid = false;
  bool redouble_ends = true;
  int passes_to_end = 3;
  AllPass on_all_pass = AllPass::redeal;
  RedealDealer next_dealer_after_redeal = RedealDealer::next;
  std::vector<AuctionRound> rounds;
  ForcedChoice forced_choice = ForcedChoice::any_suit;
  bool schieben = false;
  bool schieben_back = false;
  /// The card whose holder speaks first in a game's first deal, if any.
  std::optional<Card> first_deal_holder;
  FirstLead first_lead = FirstLead::first_speaker;
  /// The word of the take call ("take", klaverjas "play").
  std::string take_call = "take";
  /// The names of the double and the redouble: the first two levels of [doubling].
  std::string double_name;
  std::string redouble_name;
  friend bool operator==(const AuctionRules&, const AuctionRules&) = default;
};

}  // namespace belote
