// Walking every hand of a deck, suit by suit.
//
// A hand is four suit masks whose sizes add up to the hand size. The walk
// fixes the first three suits and hands over, as one group, every mask the
// last suit can then take: what the first three suits give is worked out once
// per group rather than once per hand (the classic deck's 10,518,300 hands
// form 1,271,626 groups).
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "belote/card_set.h"

namespace belote {

class HandWalk {
 public:
  /// Hands of `hand_size` cards from `ranks` ranks in each of the four suits.
  HandWalk(int ranks, int hand_size);

  int ranks() const { return ranks_; }
  int hand_size() const { return hand_size_; }
  /// The number of hands: C(4 × ranks, hand size).
  std::uint64_t hand_count() const { return hand_count_; }

  /// Calls `visit(first, last)` once per group: `first` holds the masks of
  /// suits 0-2, `last` every mask suit 3 takes to complete the hand. A visit
  /// that returns a bool ends the walk by returning false.
  template <class Visit>
  void for_each_group(Visit&& visit) const {
    using Result = std::invoke_result_t<Visit&, const std::array<RankMask, 3>&, std::span<const RankMask>>;
    std::array<RankMask, 3> first{};
    for (int c0 = 0; c0 <= hand_size_; ++c0) {
      for (RankMask m0 : masks_by_size_[c0]) {
        first[0] = m0;
        for (int c1 = 0; c0 + c1 <= hand_size_; ++c1) {
          for (RankMask m1 : masks_by_size_[c1]) {
            first[1] = m1;
            for (int c2 = 0; c0 + c1 + c2 <= hand_size_; ++c2) {
              const std::span<const RankMask> last = masks_by_size_[hand_size_ - c0 - c1 - c2];
              for (RankMask m2 : masks_by_size_[c2]) {
                first[2] = m2;
                if constexpr (std::is_same_v<Result, bool>) {
                  if (!visit(first, last)) return;
                } else {
                  visit(first, last);
                }
              }
            }
          }
        }
      }
    }
  }

  /// The hand made of four suit masks.
  static CardSet hand(const std::array<RankMask, 3>& first, RankMask last) {
    return suit_cards(first[0], 0) | suit_cards(first[1], 1) | suit_cards(first[2], 2) | suit_cards(last, 3);
  }

 private:
  int ranks_;
  int hand_size_;
  std::uint64_t hand_count_;
  /// Every mask of the ranks, by its number of cards (empty beyond the ranks).
  std::vector<std::vector<RankMask>> masks_by_size_;
};

}  // namespace belote
