// The actions of a ruleset, numbered (table.h): cards, cards with the word,
// announcement slots, then the calls.
#include "belote/table.h"

#include <algorithm>
#include <bit>

namespace belote {

ActionSpace::ActionSpace(const Ruleset& rules)
    : rules_(&rules), ranks_(rules.deck.rank_count()), cards_(rules.deck.card_count()) {
  kinds_ = int(rules.auction.kinds.size());
  ladder_ = rules.auction.order == BidOrder::value ? int(rules.auction.ladder.size()) : 1;
  calls_ = 2 * cards_ + kMaxAnnouncementsPerSeat;
  size_ = calls_ + kFixedCalls + kinds_ + ladder_ * kinds_;
  for (int i = 0; i < 2 * cards_; ++i) card_by_action_[std::size_t(i)] = make_card(Suit(i % cards_ / ranks_), Rank(i % cards_ % ranks_));
  call_by_action_.resize(std::size_t(size_ - calls_));
  for (std::size_t i = 0; i < call_by_action_.size(); ++i) {
    Call& call = call_by_action_[i];
    switch (int(i)) {
      case kPass: call.type = CallType::pass; continue;
      case kTake: call.type = CallType::take; continue;
      case kDouble: call.type = CallType::double_; continue;
      case kRedouble: call.type = CallType::redouble; continue;
      case kSchieben: call.type = CallType::schieben; continue;
      default: break;
    }
    const int rest = int(i) - kFixedCalls;
    if (rest < kinds_) {
      call.type = CallType::choose;
      call.kind = std::int8_t(rest);
      continue;
    }
    const int bid = rest - kinds_;
    call.type = CallType::bid;
    call.kind = std::int8_t(bid % kinds_);
    call.bid = rules.auction.order == BidOrder::value ? std::int16_t(bid / kinds_) : std::int16_t(-1);
  }
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
