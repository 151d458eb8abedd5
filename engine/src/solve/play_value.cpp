// The capot's value as the evaluator applies it (count_card_points): the side
// that takes every trick writes the kind's capot points instead of the trick
// total, and the pit besides its roem (play.md 3.4).
#include "solve/play_value.h"

namespace belote::best_play {

PlayValue::PlayValue(const PlayContext& play)
    : play_(play), sweep_bonus_(play.rules().tables.kinds[std::size_t(play.kind_index())].capot_points - play.total_points()) {
  // A belote said with its first card, which must be led or follow suit (play.md 3.2): the play decides it.
  const Ruleset& rules = play.rules();
  const ContractKind& kind = play.kind();
  if (rules.belote.points > 0 && rules.belote.ranks != 0 && rules.play.belote_call != BeloteCall::held &&
      rules.play.belote_led_or_followed && kind.trumps == Trumps::all_suits && kind.belote != BeloteSuits::nowhere) {
    belote_points_ = rules.belote.points;
    for (Suit s = 0; s < kSuitCount; ++s)
      if (kind.belote == BeloteSuits::every_suit || s == play.trump()) belote_pairs_[s] = suit_cards(rules.belote.ranks, s);
    // Which card of a hand is played first then matters: none is merged with another.
    by_card_points_ = false;
  }
  const RoemRules& roem = play.rules().roem;
  if (!roem.any()) return;
  roem_ = true;
  roem_per_trick_ = roem.most_per_trick();
  sweep_bonus_ += roem.pit;
  bool by_rank = false;
  for (int v : roem.runs) by_rank = by_rank || v != 0;
  for (int v : roem.four_of_a_kind) by_rank = by_rank || v != 0;
  by_card_points_ = by_card_points_ && !by_rank;
}

int PlayValue::card_points(CardSet cards) const {
  int points = 0;
  while (cards) points += play_.card_points(pop_lowest(cards));
  return points;
}

}  // namespace belote::best_play
