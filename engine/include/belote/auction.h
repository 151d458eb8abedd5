// An auction as data (rule book, part 4): its state, the legal calls now,
// applying a call, and the contract it makes (or a redeal).
//
// The conventions come from the ruleset's [auction] (auction_rules.h); an
// Auction replays nothing and allocates nothing: each call updates a few
// counters, and the legal calls of a position are a handful of bit masks.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "belote/auction_rules.h"
#include "belote/card_set.h"
#include "belote/seat.h"

namespace belote {

struct Ruleset;

enum class CallType : std::uint8_t {
  pass,
  bid,       ///< a value and a kind (order "value") or a kind alone (order "kind")
  double_,   ///< coinche, kontra: the first doubling level
  redouble,  ///< surcoinche, rekontra: the second
  take,      ///< the turned suit as trump
  choose,    ///< a kind named as trump
  schieben,  ///< the choice handed to the partner
  unknown,   ///< a word the family has no call for
};

/// A value or a kind a call gave that the ruleset does not have.
inline constexpr std::int16_t kBadValue = -2;
inline constexpr std::int8_t kBadKind = -2;

struct Call {
  Seat seat = Seat::N;
  CallType type = CallType::pass;
  /// A bid under order "value": its index in AuctionRules::ladder; kBadValue for
  /// a value not there (or any value under order "kind"); -1 otherwise.
  std::int16_t bid = -1;
  /// A bid or a choice: its index in AuctionRules::kinds; kBadKind for a kind not there.
  std::int8_t kind = -1;
  friend bool operator==(const Call&, const Call&) = default;
};

/// The legal calls of a position, as a few masks (a list with `list()`).
struct LegalCalls {
  Seat seat = Seat::N;  ///< the seat to speak
  bool ended = false;
  bool pass = false;
  bool take = false;
  bool double_ = false;
  bool redouble = false;
  bool schieben = false;
  /// Order "value": the ladder index of the lowest legal bid; -1 when no bid is legal.
  std::int16_t lowest_bid = -1;
  /// The kinds a legal bid may name (bit i for AuctionRules::kinds[i]); 0 when no bid is legal.
  std::uint16_t bid_kinds = 0;
  /// The kinds a legal choice may name.
  std::uint16_t choose_kinds = 0;
  /// Seats that may double now out of turn (`double_timing = "any-time"`), bit per Seat index.
  std::uint8_t out_of_turn_doublers = 0;

  bool any_bid() const { return bid_kinds != 0; }
  /// Whether `call` is among them.
  bool allows(const Call& call) const;
  /// Every legal call, in the order pass, take, bids, choices, double, redouble,
  /// schieben, then the out-of-turn doubles.
  std::vector<Call> list(const AuctionRules& rules) const;
};

/// The rules of section 6, in the order they are checked.
enum class AuctionRule : std::uint8_t {
  after_end,
  out_of_turn,
  unknown_call,
  must_choose,
  bad_value,
  bad_kind,
  passed_out,
  bid_after_double,
  doubled_bidder_bids,
  not_higher,
  double_nothing,
  double_own_team,
  already_doubled,
  redouble_not_doubled,
  already_redoubled,
  redouble_by_defender,
  round_1_take_or_pass,
  take_not_offered,
  turned_suit_again,
  unfinished,
  no_turned_card,  ///< a new turned-card round, but the input gives no further turned suit
};
/// "not-higher", "after-end"...
std::string_view rule_id(AuctionRule rule);

/// How an auction ended.
struct AuctionOutcome {
  bool redeal = false;
  Seat taker = Seat::N;
  /// Index in AuctionRules::kinds.
  std::int8_t kind = 0;
  /// Order "value": index in AuctionRules::ladder; -1 without bid values.
  std::int16_t bid = -1;
  /// 0 none, 1 doubled, 2 redoubled.
  std::uint8_t doubling = 0;
  /// The taker had to choose (everybody passed).
  bool forced = false;
  Seat first_lead = Seat::N;
  Seat next_dealer = Seat::N;
  friend bool operator==(const AuctionOutcome&, const AuctionOutcome&) = default;
};

class Auction {
 public:
  /// `first` is the first speaker when it is not the seat after the dealer (a
  /// game's first deal under `first_deal_speaker`); `turned` the turned suits in
  /// order, for a turned-card auction. The ruleset must state an auction.
  Auction(const Ruleset& rules, Seat dealer, std::optional<Seat> first = {}, std::span<const Suit> turned = {});

  /// The legal calls now: none once the auction has ended.
  LegalCalls legal() const;
  /// The first rule of section 6 that `call` breaks, if any.
  std::optional<AuctionRule> check(const Call& call) const;
  /// Checks `call` and applies it when legal; otherwise the state is unchanged.
  std::optional<AuctionRule> apply(const Call& call);
  /// Applies a call known to be legal (one that `legal()` allows), without checking it again.
  void apply_legal(const Call& call);

  bool ended() const { return ended_; }
  /// The contract or the redeal, once ended.
  std::optional<AuctionOutcome> outcome() const { return ended_ ? std::optional(outcome_) : std::nullopt; }
  /// The same without a copy, once ended: read straight after the call that
  /// ended the auction, its fields are read as they were written (a copy reads
  /// them as wide words just written as bytes, which the processor cannot forward).
  const AuctionOutcome& ended_outcome() const { return outcome_; }
  /// The calls applied so far.
  int calls() const { return calls_; }
  /// The number of the call that ended the auction (0 while open).
  int ended_at() const { return ended_ ? calls_ : 0; }
  Seat to_speak() const { return to_speak_; }
  Seat dealer() const { return dealer_; }
  Seat first() const { return first_; }
  /// The turned suit now proposed (turned-card auctions), or -1.
  int turned_suit() const { return proposal_ < turned_count_ ? turned_[proposal_] : -1; }
  /// The standing bid's call (order "value": ladder index in `bid`), if any.
  std::optional<Call> standing_bid() const;
  int doubling() const { return level_; }
  /// The round of a turned-card auction (0-based) and whether a player is forced.
  int round() const { return round_; }
  bool forced() const { return forced_; }
  const AuctionRules& rules() const { return *rules_; }

 private:
  bool may_bid(Seat seat) const;
  bool may_double(Seat seat) const;
  bool may_redouble(Seat seat) const;
  bool bid_higher(const Call& call) const;
  AuctionRound round_kind() const;
  std::uint16_t round_choices() const;
  std::uint16_t forced_choices() const;
  void end_with_contract(Seat taker, int kind, bool forced);
  void end_with_redeal();

  const AuctionRules* rules_;
  Seat dealer_;
  Seat first_;
  Seat to_speak_;
  bool ended_ = false;
  AuctionOutcome outcome_{};
  int calls_ = 0;
  // The standing bid: its ladder index (order "value"), kind and bidder; none while high_kind_ < 0.
  std::int16_t high_bid_ = -1;
  std::int8_t high_kind_ = -1;
  Seat bidder_ = Seat::N;
  std::uint8_t level_ = 0;
  std::uint8_t passes_ = 0;
  std::uint8_t passed_ = 0;  // seats that passed, bit per Seat index
  std::uint8_t round_ = 0;
  std::uint8_t proposal_ = 0;
  bool forced_ = false;
  std::uint8_t shoved_ = 0;
  std::uint8_t turned_count_ = 0;
  std::array<std::int8_t, 4> turned_{-1, -1, -1, -1};
  std::uint16_t all_kinds_ = 0;
  std::array<std::uint16_t, kSuitCount> suit_kinds_{};  // the auction kinds of each suit
};

}  // namespace belote
