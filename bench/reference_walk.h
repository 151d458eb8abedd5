// The reference the exhaustive walk is measured against: a bare loop over
// the same hands that finds only each hand's longest same-suit run and
// whether it holds a carré, with no ruleset at all.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "belote/hand_walk.h"

namespace belote::bench {

struct ReferenceCounts {
  /// Hands by the length of their longest same-suit run.
  std::array<std::uint64_t, kMaxRanks + 1> by_longest_run{};
  std::uint64_t hands_with_carre = 0;
};

class ReferenceWalk {
 public:
  explicit ReferenceWalk(const HandWalk& walk);
  ReferenceCounts run() const;

 private:
  const HandWalk& walk_;
  /// The longest run of consecutive ranks in a suit, by the suit's mask.
  std::vector<std::uint8_t> longest_run_;
};

}  // namespace belote::bench
