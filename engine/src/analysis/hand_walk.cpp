#include "belote/hand_walk.h"

#include <algorithm>
#include <bit>

namespace belote {

namespace {

// C(n, k), exact for every deck the engine accepts (at most 64 cards).
std::uint64_t binomial(int n, int k) {
  if (k < 0 || k > n) return 0;
  k = std::min(k, n - k);
  std::uint64_t result = 1;
  for (int i = 1; i <= k; ++i) result = result * std::uint64_t(n - k + i) / std::uint64_t(i);
  return result;
}

}  // namespace

HandWalk::HandWalk(int ranks, int hand_size)
    : ranks_(ranks), hand_size_(hand_size), hand_count_(binomial(kSuitCount * ranks, hand_size)),
      masks_by_size_(std::size_t(std::max(ranks, hand_size) + 1)) {
  for (RankMask mask = 0; mask < (RankMask{1} << ranks); ++mask)
    masks_by_size_[std::size_t(std::popcount(mask))].push_back(mask);
}

}  // namespace belote
