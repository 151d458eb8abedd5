#include "reference_walk.h"

#include <algorithm>

namespace belote::bench {

namespace {

int longest_run(RankMask mask) {
  int length = 0;
  for (; mask; mask &= mask << 1) ++length;
  return length;
}

}  // namespace

ReferenceWalk::ReferenceWalk(const HandWalk& walk) : walk_(walk), longest_run_(std::size_t{1} << walk.ranks()) {
  for (RankMask mask = 0; mask < longest_run_.size(); ++mask) longest_run_[mask] = std::uint8_t(longest_run(mask));
}

ReferenceCounts ReferenceWalk::run() const {
  ReferenceCounts counts;
  const std::uint8_t* run = longest_run_.data();
  walk_.for_each_group([&](const std::array<RankMask, 3>& first, std::span<const RankMask> last) {
    const std::uint8_t base = std::max({run[first[0]], run[first[1]], run[first[2]]});
    const RankMask shared = first[0] & first[1] & first[2];
    for (const RankMask m : last) {
      ++counts.by_longest_run[std::max(base, run[m])];
      counts.hands_with_carre += (shared & m) != 0;
    }
  });
  return counts;
}

}  // namespace belote::bench
