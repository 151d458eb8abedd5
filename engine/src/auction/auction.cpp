// The auction's state machine: rule book part 4, sections 3 (the conventions),
// 5 (legal calls, applying a call, the final contract) and 6 (the order in
// which a call's rules are checked).
#include "belote/auction.h"

#include <bit>

#include "belote/ruleset.h"

namespace belote {

namespace {

constexpr std::uint8_t bit(Seat seat) { return std::uint8_t(1u << index(seat)); }
constexpr Seat partner(Seat seat) { return next_in_play(next_in_play(seat)); }

}  // namespace

std::string_view rule_id(AuctionRule rule) {
  static constexpr std::string_view kIds[] = {
      "after-end",       "out-of-turn",         "unknown-call",   "must-choose",       "bad-value",
      "bad-kind",        "passed-out",          "bid-after-double", "doubled-bidder-bids", "not-higher",
      "double-nothing",  "double-own-team",     "already-doubled", "redouble-not-doubled", "already-redoubled",
      "redouble-by-defender", "round-1-take-or-pass", "take-not-offered", "turned-suit-again", "unfinished",
      "no-turned-card",
  };
  return kIds[std::size_t(rule)];
}

Auction::Auction(const Ruleset& rules, Seat dealer, std::optional<Seat> first, std::span<const Suit> turned)
    : rules_(&rules.auction), dealer_(dealer), first_(first.value_or(next_in_play(dealer))), to_speak_(first_) {
  const auto& kinds = rules_->kinds;
  all_kinds_ = std::uint16_t((1u << kinds.size()) - 1);
  for (std::size_t k = 0; k < kinds.size(); ++k)
    if (kinds[k].suit >= 0) suit_kinds_[std::size_t(kinds[k].suit)] |= std::uint16_t(1u << k);
  for (Suit suit : turned.first(std::min<std::size_t>(turned.size(), turned_.size()))) turned_[turned_count_++] = std::int8_t(suit);
}

std::optional<Call> Auction::standing_bid() const {
  if (high_kind_ < 0) return std::nullopt;
  return Call{bidder_, CallType::bid, high_bid_, high_kind_};
}

bool Auction::may_bid(Seat seat) const {
  if (rules_->pass_is_final && (passed_ & bit(seat))) return false;
  if (level_ >= 1 && rules_->after_double == AfterDouble::close_bids) return false;
  if (level_ >= 1 && !rules_->doubled_bidder_may_bid && seat == bidder_) return false;
  return true;
}

bool Auction::may_double(Seat seat) const {
  return rules_->double_allowed && high_kind_ >= 0 && level_ == 0 && team_of(seat) != team_of(bidder_);
}

bool Auction::may_redouble(Seat seat) const {
  return rules_->redouble_allowed && high_kind_ >= 0 && level_ == 1 && team_of(seat) == team_of(bidder_);
}

bool Auction::bid_higher(const Call& call) const {
  if (high_kind_ < 0) return true;
  return rules_->order == BidOrder::kind ? call.kind > high_kind_ : call.bid > high_bid_;
}

AuctionRound Auction::round_kind() const {
  if (rules_->on_all_pass == AllPass::next_turned_card) return AuctionRound::turned;
  return rules_->rounds.empty() ? AuctionRound::turned : rules_->rounds[round_];
}

std::uint16_t Auction::round_choices() const {
  switch (round_kind()) {
    case AuctionRound::turned: return 0;
    case AuctionRound::other_suit: return turned_count_ ? std::uint16_t(all_kinds_ & ~suit_kinds_[std::size_t(turned_[0])]) : all_kinds_;
    case AuctionRound::any_suit: return all_kinds_;
  }
  return 0;
}

std::uint16_t Auction::forced_choices() const {
  if (rules_->forced_choice == ForcedChoice::any_suit) return all_kinds_;
  const int suit = turned_suit() >= 0 ? turned_suit() : (turned_count_ ? turned_[turned_count_ - 1] : -1);
  return suit >= 0 ? suit_kinds_[std::size_t(suit)] : all_kinds_;
}

LegalCalls Auction::legal() const {
  LegalCalls legal;
  legal.seat = to_speak_;
  if (ended_) {
    legal.ended = true;
    return legal;
  }
  const Seat s = to_speak_;
  switch (rules_->style) {
    case AuctionStyle::bidding: {
      legal.pass = true;
      if (may_bid(s)) {
        if (rules_->order == BidOrder::kind) {
          legal.bid_kinds = high_kind_ < 0 ? all_kinds_ : std::uint16_t(all_kinds_ & ~((2u << high_kind_) - 1));
        } else {
          const int lowest = high_bid_ + 1;
          if (lowest < int(rules_->ladder.size())) {
            legal.lowest_bid = std::int16_t(lowest);
            legal.bid_kinds = all_kinds_;
          }
        }
      }
      legal.double_ = may_double(s);
      legal.redouble = may_redouble(s);
      if (rules_->double_timing == DoubleTiming::any_time)
        for (Seat d : kSeats)
          if (d != s && may_double(d)) legal.out_of_turn_doublers |= bit(d);
      break;
    }
    case AuctionStyle::turned_card:
      if (forced_) {
        legal.choose_kinds = forced_choices();
      } else if (proposal_ >= turned_count_ && round_kind() == AuctionRound::turned) {
        // A new turned card is needed, and the input gives none: nothing can be said.
      } else {
        legal.pass = true;
        legal.take = round_kind() == AuctionRound::turned && turned_suit() >= 0 && suit_kinds_[std::size_t(turned_suit())];
        legal.choose_kinds = round_choices();
      }
      break;
    case AuctionStyle::chooser:
      legal.choose_kinds = all_kinds_;
      legal.schieben = rules_->schieben && (shoved_ == 0 || (shoved_ == 1 && rules_->schieben_back));
      break;
  }
  return legal;
}

bool LegalCalls::allows(const Call& call) const {
  if (ended) return false;
  if (call.seat != seat) return call.type == CallType::double_ && (out_of_turn_doublers & bit(call.seat));
  switch (call.type) {
    case CallType::pass: return pass;
    case CallType::take: return take;
    case CallType::double_: return double_;
    case CallType::redouble: return redouble;
    case CallType::schieben: return schieben;
    case CallType::choose: return call.kind >= 0 && (choose_kinds >> call.kind & 1);
    case CallType::bid:
      if (call.kind < 0 || !(bid_kinds >> call.kind & 1)) return false;
      return lowest_bid < 0 ? call.bid == -1 : call.bid >= lowest_bid;
    case CallType::unknown: return false;
  }
  return false;
}

std::vector<Call> LegalCalls::list(const AuctionRules& rules) const {
  std::vector<Call> calls;
  if (ended) return calls;
  const auto add = [&](CallType type, std::int16_t bid = -1, std::int8_t kind = -1) { calls.push_back({seat, type, bid, kind}); };
  if (pass) add(CallType::pass);
  if (take) add(CallType::take);
  if (any_bid()) {
    const int from = lowest_bid < 0 ? -1 : lowest_bid;
    const int to = lowest_bid < 0 ? 0 : int(rules.ladder.size());
    for (int b = from; b < to; ++b)
      for (int k = 0; k < int(rules.kinds.size()); ++k)
        if (bid_kinds >> k & 1) add(CallType::bid, std::int16_t(b), std::int8_t(k));
  }
  for (int k = 0; k < int(rules.kinds.size()); ++k)
    if (choose_kinds >> k & 1) add(CallType::choose, -1, std::int8_t(k));
  if (double_) add(CallType::double_);
  if (redouble) add(CallType::redouble);
  if (schieben) add(CallType::schieben);
  for (Seat d : kSeats)
    if (out_of_turn_doublers & bit(d)) calls.push_back({d, CallType::double_, -1, -1});
  return calls;
}

std::optional<AuctionRule> Auction::check(const Call& call) const {
  using R = AuctionRule;
  const Seat s = call.seat;
  const AuctionRules& f = *rules_;
  if (ended_) return R::after_end;
  const bool out_of_turn_double = call.type == CallType::double_ && f.double_timing == DoubleTiming::any_time &&
                                  f.double_allowed && f.style == AuctionStyle::bidding;
  if (s != to_speak_ && !out_of_turn_double) return R::out_of_turn;
  bool known = false;
  switch (f.style) {
    case AuctionStyle::bidding:
      known = call.type == CallType::pass || call.type == CallType::bid || (call.type == CallType::double_ && f.double_allowed) ||
              (call.type == CallType::redouble && f.redouble_allowed);
      break;
    case AuctionStyle::turned_card:
      known = call.type == CallType::pass || call.type == CallType::take || call.type == CallType::choose;
      break;
    case AuctionStyle::chooser: known = call.type == CallType::choose || call.type == CallType::schieben; break;
  }
  if (!known) return R::unknown_call;
  if (f.style == AuctionStyle::turned_card && proposal_ >= turned_count_ && !forced_ && round_kind() == AuctionRound::turned)
    return R::no_turned_card;
  if (f.style == AuctionStyle::turned_card && forced_ && call.type != CallType::choose) return R::must_choose;
  if (call.type == CallType::schieben && !legal().schieben) return R::must_choose;
  if (call.type == CallType::bid) {
    if (call.bid == kBadValue || (f.order == BidOrder::value && call.bid < 0) ||
        (f.order == BidOrder::value && call.bid >= int(f.ladder.size())))
      return R::bad_value;
  }
  // A turned suit the auction's kinds leave out cannot be taken.
  if (call.type == CallType::take && round_kind() == AuctionRound::turned && turned_suit() >= 0 &&
      !suit_kinds_[std::size_t(turned_suit())])
    return R::bad_kind;
  if (call.type == CallType::bid || call.type == CallType::choose) {
    if (call.kind < 0 || call.kind >= int(f.kinds.size())) return R::bad_kind;
    if (call.type == CallType::choose && forced_ && !(forced_choices() >> call.kind & 1)) return R::bad_kind;
  }
  if (call.type == CallType::bid) {
    if (f.pass_is_final && (passed_ & bit(s))) return R::passed_out;
    if (level_ >= 1 && f.after_double == AfterDouble::close_bids) return R::bid_after_double;
    if (level_ >= 1 && !f.doubled_bidder_may_bid && s == bidder_) return R::doubled_bidder_bids;
    if (!bid_higher(call)) return R::not_higher;
  }
  if (call.type == CallType::double_) {
    if (high_kind_ < 0) return R::double_nothing;
    if (team_of(s) == team_of(bidder_)) return R::double_own_team;
    if (level_ >= 1) return R::already_doubled;
  }
  if (call.type == CallType::redouble) {
    if (high_kind_ < 0 || level_ == 0) return R::redouble_not_doubled;
    if (level_ >= 2) return R::already_redoubled;
    if (team_of(s) != team_of(bidder_)) return R::redouble_by_defender;
  }
  if (f.style == AuctionStyle::turned_card && !forced_) {
    if (call.type == CallType::choose && round_kind() == AuctionRound::turned) return R::round_1_take_or_pass;
    if (call.type == CallType::take && round_kind() != AuctionRound::turned) return R::take_not_offered;
    if (call.type == CallType::choose && !(round_choices() >> call.kind & 1)) return R::turned_suit_again;
  }
  return std::nullopt;
}

void Auction::end_with_contract(Seat taker, int kind, bool forced) {
  ended_ = true;
  outcome_ = {};
  outcome_.taker = taker;
  outcome_.kind = std::int8_t(kind);
  outcome_.forced = forced;
  outcome_.first_lead = rules_->first_lead == FirstLead::taker ? taker : first_;
  outcome_.next_dealer = first_;
}

void Auction::end_with_redeal() {
  ended_ = true;
  outcome_ = {};
  outcome_.redeal = true;
  outcome_.next_dealer = rules_->next_dealer_after_redeal == RedealDealer::same ? dealer_ : first_;
}

std::optional<AuctionRule> Auction::apply(const Call& call) {
  if (const auto broken = check(call)) return broken;
  apply_legal(call);
  return std::nullopt;
}

void Auction::apply_legal(const Call& call) {
  const AuctionRules& f = *rules_;
  const Seat s = call.seat;
  ++calls_;
  switch (f.style) {
    case AuctionStyle::bidding:
      switch (call.type) {
        case CallType::pass:
          ++passes_;
          passed_ |= bit(s);
          break;
        case CallType::bid:
          high_bid_ = call.bid;
          high_kind_ = call.kind;
          bidder_ = s;
          level_ = 0;
          passes_ = 0;
          break;
        case CallType::double_: level_ = 1; passes_ = 0; break;
        case CallType::redouble: level_ = 2; passes_ = 0; break;
        default: break;
      }
      if (call.type == CallType::redouble && f.redouble_ends) {
        end_with_contract(bidder_, high_kind_, false);
      } else if (high_kind_ >= 0 && passes_ == f.passes_to_end) {
        end_with_contract(bidder_, high_kind_, false);
      } else if (high_kind_ < 0 && passes_ == 4) {
        end_with_redeal();
      } else {
        to_speak_ = next_in_play(s);
      }
      if (ended_ && !outcome_.redeal) {
        outcome_.bid = f.order == BidOrder::value ? high_bid_ : std::int16_t(-1);
        outcome_.doubling = level_;
      }
      break;
    case AuctionStyle::turned_card:
      if (call.type == CallType::take) {
        const int suit = turned_suit();
        end_with_contract(s, std::countr_zero(suit_kinds_[std::size_t(suit)]), false);
      } else if (call.type == CallType::choose) {
        end_with_contract(s, call.kind, forced_);
      } else {
        ++passes_;
        if (passes_ < 4) {
          to_speak_ = next_in_play(s);
          break;
        }
        passes_ = 0;
        if (f.on_all_pass == AllPass::next_turned_card) {
          if (proposal_ + 1 >= 4) {
            end_with_redeal();
          } else {
            ++proposal_;  // a further turned card; legal() has no call until the input gives it
            to_speak_ = first_;
          }
        } else if (round_ + 1 < int(f.rounds.size())) {
          ++round_;
          to_speak_ = first_;
        } else if (f.on_all_pass == AllPass::redeal) {
          end_with_redeal();
        } else {
          forced_ = true;
          to_speak_ = f.on_all_pass == AllPass::forced_dealer ? dealer_ : first_;
        }
      }
      break;
    case AuctionStyle::chooser:
      if (call.type == CallType::schieben) {
        ++shoved_;
        to_speak_ = partner(s);
      } else {
        end_with_contract(s, call.kind, false);
      }
      break;
  }
}

}  // namespace belote
