// The table of similar positions: buckets of four entries found by a hash of
// the shape, in a BucketStore as the transposition table's.
#include "solve/similar_positions.h"

#include <algorithm>
#include <cstring>

namespace belote::best_play {

namespace {

constexpr std::size_t kFirstShapeBuckets = std::size_t{1} << 11;  // 256 KiB

// The place of the k-th card left (strongest first) of a suit's `left`, in order space.
int kth_place(std::uint32_t left, int k) {
  for (; k > 0; --k) left &= left - 1;
  return std::countr_zero(left);
}

}  // namespace

void ShapeCodes::set(const SuitOrders& orders, const PerSeat<CardSet>& cards) {
  std::size_t size = 0;
  for (Suit s = 0; s < kSuitCount; ++s) {
    offset_[s] = size;
    size += std::size_t{1} << orders.length[s];
  }
  codes_.resize(size);
  for (Suit s = 0; s < kSuitCount; ++s) {
    std::array<std::uint32_t, kMaxRanks> holder{};
    std::uint32_t in_play = 0;
    for (int place = 0; place < orders.length[s]; ++place) {
      const CardSet bit = card_bit(orders.order[s][std::size_t(place)]);
      for (Seat seat : kSeats) {
        if ((cards[seat] & bit) == 0) continue;
        holder[std::size_t(place)] = std::uint32_t(index(seat));
        in_play |= 1u << place;
      }
    }
    // Every subset of the cards in play, in increasing order: each one's code from the
    // subset without its strongest card, whose holder goes below the others'.
    std::uint32_t* codes = codes_.data() + offset_[s];
    codes[0] = 1;  // the marking bit alone
    for (std::uint32_t left = (0u - in_play) & in_play; left != 0; left = (left - in_play) & in_play)
      codes[left] = (codes[left & (left - 1)] << 2) | holder[std::size_t(std::countr_zero(left))];
  }
}

SimilarPositions::SimilarPositions(std::size_t max_bytes) : store_(max_bytes, kFirstShapeBuckets) {}

bool SimilarPositions::bound(const SuitOrders& orders, const RoemReach* roem, const PositionShape& shape, const SuitsLeft& unplayed,
                             int& lower, int& upper, Card* move, UsefulBounds useful) const {
  // Compiled twice, so that the rulesets without roem pay nothing for it.
  return roem != nullptr ? bound_with<true>(orders, roem, shape, unplayed, lower, upper, move, useful)
                         : bound_with<false>(orders, roem, shape, unplayed, lower, upper, move, useful);
}

template <bool kRoem>
bool SimilarPositions::bound_with(const SuitOrders& orders, [[maybe_unused]] const RoemReach* roem, const PositionShape& shape, const SuitsLeft& unplayed,
                                  int& lower, int& upper, Card* move, UsefulBounds useful) const {
  // The ways holding the shape, found without a branch on each, which the processor cannot foresee.
  const auto& ways = store_.bucket(shape.hash).ways;
  std::uint32_t matching = 0;
  for (std::uint32_t w = 0; w < std::size(ways); ++w) {
    const Entry& e = ways[w];
    const std::uint32_t same = std::uint32_t(store_.current(e)) & std::uint32_t(e.suits_01 == shape.suits_01) &
                               std::uint32_t(e.suits_23 == shape.suits_23) & std::uint32_t(e.flags == shape.flags);
    matching |= same << w;
  }
  const bool found = matching != 0;
  for (; matching != 0; matching &= matching - 1) {
    const Entry& e = ways[std::countr_zero(matching)];
    if (move != nullptr && e.move != kNoCard && *move == kNoCard) {
      const Suit s = Suit(e.move >> 4);
      *move = orders.order[s][std::size_t(kth_place(unplayed.left(s), e.move & 0xF))];
    }
    // The pairing below only widens the stored bounds: those that narrow nothing, or nothing
    // of use, as they stand are passed over.
    const bool may_raise = e.lower > lower && e.lower >= useful.lower;
    const bool may_lower = e.upper < upper && e.upper <= useful.upper;
    if (!may_raise && !may_lower) continue;
    // The points by which this position's cards are worth more, and less, than the stored one's, place by
    // place, in the suits where they differ (none when the stored position is this one).
    int more = 0, less = 0;
    static_assert(sizeof(std::array<std::uint16_t, kSuitCount>) == sizeof(std::uint64_t));
    std::uint64_t ours_all, theirs_all;
    std::memcpy(&ours_all, unplayed.all_left().data(), sizeof ours_all);
    std::memcpy(&theirs_all, e.left.data(), sizeof theirs_all);
    // The places of the cards paired with another card (in order space, 16 bits a suit): ours and theirs.
    std::uint64_t ours_changed = 0, theirs_changed = 0;
    for (std::uint64_t suits = ours_all ^ theirs_all; suits != 0;) {
      const Suit s = Suit(std::countr_zero(suits) >> 4);
      suits &= ~(std::uint64_t{0xFFFF} << (16 * s));
      std::uint32_t ours = unplayed.left(s), theirs = e.left[s];
      const std::uint32_t differ = ours ^ theirs;
      // Below the lowest place where they differ, and above the highest, the cards pair up at the same places.
      const std::uint32_t span = (2u << (31 - std::countl_zero(differ))) - (differ & (0u - differ));
      ours &= span;
      theirs &= span;
      // One walk of the pairs: their points, and under roem the cards paired with another card
      // (whose roem widens the bound).
      [[maybe_unused]] std::uint32_t ours_moved = 0, theirs_moved = 0;
      while (ours != 0) {
        const int ours_place = std::countr_zero(ours), theirs_place = std::countr_zero(theirs);
        const int d = orders.points[s][std::size_t(ours_place)] - orders.points[s][std::size_t(theirs_place)];
        more += std::max(d, 0);
        less += std::max(-d, 0);
        if constexpr (kRoem) {
          const std::uint32_t moved = ours_place != theirs_place ? ~0u : 0u;
          ours_moved |= (ours & (0u - ours)) & moved;
          theirs_moved |= (theirs & (0u - theirs)) & moved;
        }
        ours &= ours - 1;
        theirs &= theirs - 1;
      }
      if constexpr (kRoem) {
        ours_changed |= std::uint64_t{ours_moved} << (16 * s);
        theirs_changed |= std::uint64_t{theirs_moved} << (16 * s);
      }
    }
    // Under roem, a trick's runs, stuk and four of a kind made of cards paired with themselves
    // are on both lines; the roem of one line beyond the other's is at most what its
    // cards paired with another card can make (docs/solve.md, "Similar positions").
    // (Worked out only where the bound may narrow this position's.)
    const auto raises = [&](int l) { return may_raise && l > lower && l >= useful.lower; };
    const auto lowers = [&](int u) { return may_lower && u < upper && u <= useful.upper; };
    if (kRoem && ours_changed != 0) {
      const int tricks = e.card_count / 4;
      if (raises(e.lower - less)) less += roem->most(theirs_all, theirs_changed, tricks);
      if (lowers(e.upper + more)) more += roem->most(ours_all, ours_changed, tricks);
    }
    if (raises(e.lower - less)) lower = e.lower - less;
    if (lowers(e.upper + more)) upper = e.upper + more;
  }
  return found;
}

void SimilarPositions::store(const SuitOrders& orders, const PositionShape& shape, const SuitsLeft& unplayed, int card_count,
                             int lower, int upper, Card move) {
  store_.make_room([](const Entry& e) { return PositionShape::of(e.suits_01, e.suits_23, e.flags).hash; });
  const std::size_t bit = shape.hash >> 16;
  stored_[(bit >> 6) % kStoredWords] |= std::uint64_t{1} << (bit & 63);
  std::array<std::uint16_t, kSuitCount> left{};
  for (Suit s = 0; s < kSuitCount; ++s) left[s] = std::uint16_t(unplayed.left(s));
  std::uint8_t packed_move = kNoCard;
  if (move != kNoCard) {
    const Suit s = suit_of(move);
    const std::uint32_t above = unplayed.left(s) & ((1u << orders.place[move]) - 1);
    packed_move = std::uint8_t(s << 4 | SuitsLeft::count16(above));
  }
  auto& bucket = store_.bucket(shape.hash);
  for (Entry& e : bucket.ways) {
    if (store_.current(e) && e.same_shape(shape) && e.left == left) {
      e.lower = std::int16_t(std::max<int>(e.lower, lower));
      e.upper = std::int16_t(std::min<int>(e.upper, upper));
      if (packed_move != kNoCard) e.move = packed_move;
      return;
    }
  }
  store_.slot(bucket) = Entry{shape.suits_01, shape.suits_23, left, std::int16_t(lower), std::int16_t(upper), shape.flags, packed_move,
                              store_.generation(), std::uint8_t(card_count)};
}

}  // namespace belote::best_play
