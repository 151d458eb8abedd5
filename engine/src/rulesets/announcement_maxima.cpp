// The most one hand can declare in a kind: what bounds the announcements a
// deal may write (docs/rulesets.md, "Score limits"). A hand's declaration is
// its carrés and, in each suit, the sequences of that suit's cards; so the
// best hand is a choice of carrés (four cards each) and of the cards left
// spread over the suits, each suit valued by its own declaration table.
#include <algorithm>
#include <array>
#include <bit>

#include "belote/rule_tables.h"

namespace belote {

std::int32_t most_announced_by_a_hand(const KindTables& kind, int rank_count, int hand_size, bool card_reuse) {
  const RankMask all = RankMask((1u << rank_count) - 1);
  // Only carrés worth something can make the most.
  std::array<Rank, kMaxRanks> scoring{};
  int scoring_count = 0;
  for (Rank r = 0; r < rank_count; ++r)
    if (kind.scoring_carres >> r & 1) scoring[std::size_t(scoring_count++)] = r;
  std::int32_t best = 0;
  for (std::uint32_t chosen = 0; chosen < (1u << scoring_count); ++chosen) {
    RankMask carres = 0;
    std::int32_t carre_points = 0;
    for (int i = 0; i < scoring_count; ++i)
      if (chosen >> i & 1) {
        carres |= RankMask(1u << scoring[std::size_t(i)]);
        carre_points += kind.carre_points[scoring[std::size_t(i)]];
      }
    const int left = hand_size - 4 * std::popcount(carres);
    if (left < 0) continue;
    // One suit's most, by the cards it holds beyond the carrés': where a card
    // may serve twice the carrés' cards join its sequences, else they are kept out.
    std::array<std::int32_t, kMaxRanks + 1> suit{};
    for (RankMask extra = 0; extra <= all; ++extra) {
      if (extra & carres) continue;
      const int count = std::popcount(extra);
      if (count > left) continue;
      suit[std::size_t(count)] =
          std::max(suit[std::size_t(count)], kind.declaration(RankMask(card_reuse ? extra | carres : extra)).points);
    }
    // The cards left spread over the four suits, at most `left` in all.
    std::array<std::int32_t, kMaxRanks * kSuitCount + 1> spread{};
    for (int s = 0; s < kSuitCount; ++s) {
      std::array<std::int32_t, kMaxRanks * kSuitCount + 1> next{};
      for (int used = 0; used <= left; ++used)
        for (int here = 0; here <= std::min(used, rank_count); ++here)
          next[std::size_t(used)] = std::max(next[std::size_t(used)], spread[std::size_t(used - here)] + suit[std::size_t(here)]);
      spread = next;
    }
    best = std::max(best, carre_points + *std::max_element(spread.begin(), spread.begin() + left + 1));
  }
  return best;
}

}  // namespace belote
