// The capot's value as the evaluator applies it (count_card_points): the side
// that takes every trick writes the kind's capot points instead of the trick
// total, and the pit besides its roem (play.md 3.4).
#include "solve/play_value.h"

namespace belote::best_play {

PlayValue::PlayValue(const PlayContext& play)
    : play_(play), sweep_bonus_(play.capot_points() - play.total_points()) {
  const RoemRules& roem = play.rules().roem;
  if (!roem.any()) return;
  roem_ = true;
  roem_per_trick_ = roem.most_per_trick();
  sweep_bonus_ += roem.pit;
}

int PlayValue::card_points(CardSet cards) const {
  int points = 0;
  while (cards) points += play_.card_points(pop_lowest(cards));
  return points;
}

}  // namespace belote::best_play
