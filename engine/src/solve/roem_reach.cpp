// Each suit's most roem by the set of its cards left, and the four of a kind
// still possible, from the ruleset's [roem] and the holders of the cards.
#include "solve/roem_reach.h"

namespace belote::best_play {

namespace {

// Whether the cards `places` of a suit (order space) are held by as many seats as they are cards.
bool held_apart(std::uint32_t places, const std::array<int, kMaxRanks>& holder_at) {
  unsigned seats = 0;
  int cards = 0;
  for (; places != 0; places &= places - 1, ++cards) seats |= 1u << holder_at[std::size_t(std::countr_zero(places))];
  return std::popcount(seats) == cards;
}

}  // namespace

void RoemReach::set(const PlayContext& play, const SuitOrders& orders, const PerSeat<CardSet>& cards) {
  const RoemRules& roem = play.rules().roem;
  per_trick_ = roem.most_per_trick();
  quads_.clear();
  std::size_t size = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    offset_[s] = size;
    size += std::size_t{1} << orders.length[s];
  }
  suit_most_.assign(size, 0);
  run_places_.assign(size, 0);
  stuk_.fill(0);
  if (!roem.any()) return;
  CardSet in_play = 0;
  std::array<int, kSuitCount * kSuitStride> holder{};
  for (Seat seat : kSeats) {
    in_play |= cards[seat];
    for (CardSet c = cards[seat]; c != 0;) holder[pop_lowest(c)] = int(index(seat));
  }
  // A run of four where only runs of three count still counts as one (trick_roem).
  const int three = roem.runs[3], four = std::max(roem.runs[3], roem.runs[4]);
  run_ = std::max(three, four);
  stuk_points_ = roem.stuk;
  for (Suit s = 0; s < kSuitCount; ++s) {
    const std::uint32_t suit_in_play = orders.to_order(s, in_play);
    std::array<int, kMaxRanks> holder_at{};
    std::array<int, kMaxRanks> place_of_rank{};
    place_of_rank.fill(-1);
    for (int place = 0; place < orders.length[s]; ++place) {
      const Card card = orders.order[s][std::size_t(place)];
      holder_at[std::size_t(place)] = holder[card];
      place_of_rank[rank_of(card)] = place;
    }
    // The stuk counts only with all its cards in one trick, so held by as many seats.
    const std::uint32_t stuk = orders.to_order(s, play.stuk_sets()[s]);
    const bool stuk_possible = roem.stuk > 0 && stuk != 0 && (stuk & ~suit_in_play) == 0 && held_apart(stuk, holder_at);
    if (stuk_possible) stuk_[s] = stuk;
    // The runs that may fall, in natural (rank) order: three or four cards of ranks side by side
    // in play, held by as many seats, each by the rank it ends at.
    struct Run {
      std::uint32_t places;
      int top, length, points;
    };
    std::vector<Run> runs;
    for (int top = 2; top < kMaxRanks; ++top) {
      std::uint32_t run = 0;
      for (int length = 1; length <= 4 && top - length + 1 >= 0; ++length) {
        const int p = place_of_rank[std::size_t(top - length + 1)];
        if (p < 0 || ((suit_in_play >> p) & 1) == 0) break;
        run |= 1u << p;
        const int points = length == 3 ? three : length == 4 ? four : 0;
        if (points > 0 && held_apart(run, holder_at)) runs.push_back(Run{run, top, length, points});
      }
    }
    for (std::uint32_t left = suit_in_play;; left = (left - 1) & suit_in_play) {
      // The most that disjoint runs of the cards left can make (each trick holds one at most, and
      // each card falls once), by the ranks from the lowest.
      std::array<int, kMaxRanks + 1> best{};
      std::uint32_t places = 0;
      int done = 0;  // the ranks below `done` have their best
      for (const Run& run : runs) {
        if ((left & run.places) != run.places) continue;
        for (; done <= run.top; ++done) best[std::size_t(done + 1)] = best[std::size_t(done)];
        best[std::size_t(run.top + 1)] = std::max(best[std::size_t(run.top + 1)], best[std::size_t(run.top + 1 - run.length)] + run.points);
        places |= run.places;
      }
      for (; done < kMaxRanks; ++done) best[std::size_t(done + 1)] = std::max(best[std::size_t(done + 1)], best[std::size_t(done)]);
      int most = best[kMaxRanks];
      if (stuk_possible && (stuk & ~left) == 0) most += roem.stuk;
      suit_most_[offset_[s] + left] = most;
      run_places_[offset_[s] + left] = std::uint16_t(places);
      if (left == 0) break;
    }
  }
  // Four of a kind: its four cards in play, held by the four seats.
  for (std::size_t r = 0; r < roem.four_of_a_kind.size(); ++r) {
    const CardSet quad = all_suits(RankMask{1} << r) & play.rules().deck.all_cards();
    if (roem.four_of_a_kind[r] <= 0 || count(quad) != kSuitCount || (quad & ~in_play) != 0) continue;
    unsigned seats = 0;
    std::uint64_t places = 0;
    for (CardSet c = quad; c != 0;) {
      const Card card = pop_lowest(c);
      seats |= 1u << holder[card];
      places |= std::uint64_t{1} << (16 * suit_of(card) + orders.place[card]);
    }
    if (std::popcount(seats) == kSuitCount) quads_.push_back(Quad{quad, places, roem.four_of_a_kind[r]});
  }
}

}  // namespace belote::best_play
