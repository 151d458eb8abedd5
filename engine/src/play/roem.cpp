// The roem of a trick (play.md 3.4): a run of one suit in natural order, the
// stuk, or four of a kind, read from the four cards with a few mask operations.
#include <bit>

#include "belote/play.h"

namespace belote {

TrickRoem trick_roem(const PlayContext& play, CardSet cards) {
  const RoemRules& roem = play.rules().roem;
  TrickRoem out;
  // Four of a kind holds neither a run nor a stuk.
  if (const RankMask four = four_of_a_kind(cards)) {
    out.four_of_a_kind = Rank(std::countr_zero(four));
    if (!roem.four_of_a_kind.empty()) out.points = roem.four_of_a_kind[*out.four_of_a_kind];
    return out;
  }
  for (Suit s = 0; s < kSuitCount; ++s) {
    const RankMask ranks = suit_ranks(cards, s);
    // Natural order is the deck's rank order: a run is adjacent bits.
    const RankMask three = ranks & (ranks >> 1) & (ranks >> 2);
    if (!three) continue;
    const RankMask four = three & (ranks >> 3);
    out.run = four ? 4 : 3;
    out.run_suit = s;
    out.run_top = Rank(std::countr_zero(four ? four : three) + out.run - 1);
    // A run of four where only runs of three score still holds one.
    out.points += four ? std::max(roem.runs[4], roem.runs[3]) : roem.runs[3];
    break;  // four cards hold one run at most
  }
  for (const CardSet stuk : play.stuk_sets()) {
    if (stuk && (cards & stuk) == stuk) {
      ++out.stuks;
      out.points += roem.stuk;
    }
  }
  return out;
}

}  // namespace belote
