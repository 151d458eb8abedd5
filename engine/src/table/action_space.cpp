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

Card ActionSpace::card_of(Action action) const {
  const int i = action % cards_;
  return make_card(Suit(i / ranks_), Rank(i % ranks_));
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

std::vector<Action> LegalActions::list(const ActionSpace& space, const Ruleset& rules) const {
  std::vector<Action> out;
  if (auction) {
    for (const Call& call : calls.list(rules.auction))
      if (call.seat == calls.seat)  // out-of-turn doubles are not the table's: every seat acts in turn
        if (const auto action = space.call(call)) out.push_back(*action);
  } else {
    for (CardSet c = cards; c;) out.push_back(space.card(pop_lowest(c)));
    for (CardSet c = word_cards; c;) out.push_back(space.card(pop_lowest(c), true));
    for (std::uint16_t d = declare; d; d &= std::uint16_t(d - 1)) out.push_back(space.declare(std::countr_zero(d)));
  }
  std::sort(out.begin(), out.end());
  return out;
}

void LegalActions::mask(const ActionSpace& space, const Ruleset& rules, std::span<std::uint8_t> out) const {
  std::fill(out.begin(), out.end(), std::uint8_t{0});
  for (Action a : list(space, rules))
    if (a < out.size()) out[a] = 1;
}

}  // namespace belote
