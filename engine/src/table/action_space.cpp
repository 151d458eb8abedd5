// The actions of a ruleset, numbered (table.h): cards, cards with the word,
// announcement slots, then the calls.
#include "belote/table.h"

#include <algorithm>
#include <bit>

namespace belote {

namespace {

// The calls' fixed part, in this order, after the cards and slots.
enum FixedCall : int { kPass, kTake, kDouble, kRedouble, kSchieben, kFixedCalls };

}  // namespace

ActionSpace::ActionSpace(const Ruleset& rules)
    : rules_(&rules), ranks_(rules.deck.rank_count()), cards_(rules.deck.card_count()) {
  kinds_ = int(rules.auction.kinds.size());
  ladder_ = rules.auction.order == BidOrder::value ? int(rules.auction.ladder.size()) : 1;
  calls_ = 2 * cards_ + kMaxAnnouncementsPerSeat;
  size_ = calls_ + kFixedCalls + kinds_ + ladder_ * kinds_;
  for (int i = 0; i < 2 * cards_; ++i) card_by_action_[std::size_t(i)] = make_card(Suit(i % cards_ / ranks_), Rank(i % cards_ % ranks_));
}

Action ActionSpace::card(Card card, bool word) const {
  return Action(suit_of(card) * ranks_ + rank_of(card) + (word ? cards_ : 0));
}

std::optional<Action> ActionSpace::call(const Call& call) const {
  switch (call.type) {
    case CallType::pass: return Action(calls_ + kPass);
    case CallType::take: return Action(calls_ + kTake);
    case CallType::double_: return Action(calls_ + kDouble);
    case CallType::redouble: return Action(calls_ + kRedouble);
    case CallType::schieben: return Action(calls_ + kSchieben);
    case CallType::choose:
      if (call.kind < 0 || call.kind >= kinds_) return std::nullopt;
      return Action(calls_ + kFixedCalls + call.kind);
    case CallType::bid: {
      if (call.kind < 0 || call.kind >= kinds_) return std::nullopt;
      const int step = rules_->auction.order == BidOrder::value ? call.bid : 0;
      if (step < 0 || step >= ladder_) return std::nullopt;
      return Action(calls_ + kFixedCalls + kinds_ + step * kinds_ + call.kind);
    }
    case CallType::unknown: break;
  }
  return std::nullopt;
}

ActionKind ActionSpace::kind(Action action) const {
  if (action < cards_) return ActionKind::card;
  if (action < 2 * cards_) return ActionKind::card_word;
  if (action < calls_) return ActionKind::declare;
  return ActionKind::call;
}

Call ActionSpace::call_of(Action action, Seat seat) const {
  Call call{seat, CallType::unknown};
  const int i = action - calls_;
  switch (i) {
    case kPass: call.type = CallType::pass; return call;
    case kTake: call.type = CallType::take; return call;
    case kDouble: call.type = CallType::double_; return call;
    case kRedouble: call.type = CallType::redouble; return call;
    case kSchieben: call.type = CallType::schieben; return call;
    default: break;
  }
  const int rest = i - kFixedCalls;
  if (rest < 0) return call;
  if (rest < kinds_) {
    call.type = CallType::choose;
    call.kind = std::int8_t(rest);
    return call;
  }
  const int bid = rest - kinds_;
  if (bid >= ladder_ * kinds_) return call;
  call.type = CallType::bid;
  call.kind = std::int8_t(bid % kinds_);
  call.bid = rules_->auction.order == BidOrder::value ? std::int16_t(bid / kinds_) : std::int16_t(-1);
  return call;
}

bool LegalActions::contains(const ActionSpace& space, Action action) const {
  if (action >= space.size()) return false;
  switch (space.kind(action)) {
    case ActionKind::card: return !auction && belote::contains(cards, space.card_of(action));
    case ActionKind::card_word: return !auction && belote::contains(word_cards, space.card_of(action));
    case ActionKind::declare: return !auction && (declare >> space.slot_of(action) & 1);
    case ActionKind::call: return auction && calls.allows(space.call_of(action, calls.seat));
  }
  return false;
}

namespace {

// A set's size without a call: the portable build has no popcount instruction,
// and the library's routine costs more than these few operations.
constexpr int bits(std::uint64_t x) {
  x = x - ((x >> 1) & 0x5555555555555555ull);
  x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
  x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return int((x * 0x0101010101010101ull) >> 56);
}

}  // namespace

// The calls' legal part in order of action number: the fixed calls, the
// choices, then the bids step by step. Out-of-turn doubles are not the
// table's: every seat acts in its turn.
int LegalActions::count(const ActionSpace& space) const {
  if (!auction) return bits(cards) + bits(word_cards) + bits(declare);
  if (calls.ended) return 0;
  int n = calls.pass + calls.take + calls.double_ + calls.redouble + calls.schieben + bits(calls.choose_kinds);
  if (calls.bid_kinds) {
    const int steps = calls.lowest_bid >= 0 ? space.ladder_steps() - calls.lowest_bid : 1;
    n += steps * bits(calls.bid_kinds);
  }
  return n;
}

namespace {

// The i-th set bit of a mask (i below its count).
int nth_bit(std::uint64_t mask, int i) {
  for (; i > 0; --i) mask &= mask - 1;
  return std::countr_zero(mask);
}

}  // namespace

Action LegalActions::nth(const ActionSpace& space, int i) const {
  if (!auction) {
    const int plain = bits(cards);
    if (i < plain) return space.card(Card(nth_bit(cards, i)));
    i -= plain;
    const int said = bits(word_cards);
    if (i < said) return space.card(Card(nth_bit(word_cards, i)), true);
    return space.declare(nth_bit(declare, i - said));
  }
  const Seat seat = calls.seat;
  for (const auto& [allowed, type] : {std::pair{calls.pass, CallType::pass}, {calls.take, CallType::take},
                                      {calls.double_, CallType::double_}, {calls.redouble, CallType::redouble},
                                      {calls.schieben, CallType::schieben}}) {
    if (!allowed) continue;
    if (i-- == 0) return *space.call(Call{seat, type});
  }
  const int choices = bits(calls.choose_kinds);
  if (i < choices) return *space.call(Call{seat, CallType::choose, -1, std::int8_t(nth_bit(calls.choose_kinds, i))});
  i -= choices;
  const int kinds = bits(calls.bid_kinds);
  const int step = calls.lowest_bid >= 0 ? calls.lowest_bid + i / kinds : -1;
  return *space.call(Call{seat, CallType::bid, std::int16_t(step), std::int8_t(nth_bit(calls.bid_kinds, i % kinds))});
}

std::vector<Action> LegalActions::list(const ActionSpace& space, const Ruleset&) const {
  std::vector<Action> out(std::size_t(count(space)));
  for (int i = 0; i < int(out.size()); ++i) out[std::size_t(i)] = nth(space, i);
  return out;
}

void LegalActions::mask(const ActionSpace& space, const Ruleset& rules, std::span<std::uint8_t> out) const {
  std::fill(out.begin(), out.end(), std::uint8_t{0});
  for (Action a : list(space, rules))
    if (a < out.size()) out[a] = 1;
}

}  // namespace belote
