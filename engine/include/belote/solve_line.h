// A line of best play cut into tricks, for whoever writes it out (the
// program's text and JSON, the Python package).
#pragma once

#include <vector>

#include "belote/play.h"

namespace belote {

struct LineTrick {
  /// Its number in the mène, from 1.
  int number = 0;
  Seat leader = Seat::N;
  /// In play order from the leader.
  std::vector<Card> cards;
};

/// The line played from a position whose trick in progress is `at`, after
/// `tricks_played` tricks: the trick in progress comes first, with the cards
/// already played to it.
std::vector<LineTrick> line_tricks(const PlayContext& play, const Trick& at, int tricks_played, const std::vector<Card>& line);

}  // namespace belote
