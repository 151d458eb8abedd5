// Bounds from similar positions (docs/solve.md, "Similar positions").
//
// Two positions between tricks have the same shape when, in each suit, the
// cards still in the hands are held by the same seats in the same trick
// order, with the same leader and the same sweep: only which cards they are differs (a king where the other has a
// queen, because different cards fell before). Every line of play of one is
// then a line of the other, with the same legal cards and the same trick
// winners, and a trick's worth differs only by what its cards' points differ.
// So the value of one bounds the other's: it lies within the sum of the
// points by which the cards are worth less, and the sum by which they are
// worth more, of the other's value. This holds when a trick's worth is its
// card points, and when the cards a rule names alone (the jack of trumps
// under `play.trump_jack_exempt`) are in play in both or in neither. Under
// roem, the roem the two positions' cards may still make widens the bounds
// (solve/roem_reach.h).
#pragma once

#include <array>
#include <bit>
#include <climits>
#include <cstdint>
#include <vector>

#include "belote/play.h"
#include "solve/bucket_store.h"
#include "solve/moves.h"
#include "solve/roem_reach.h"

namespace belote::best_play {

/// A position's shape between tricks: for each suit, the seats holding its
/// cards in trick order, two bits a card below a marking bit (so that the
/// length is part of it), 32 bits a suit; and the leader, the sweep and the
/// named cards in play.
///
/// No member is initialised by default: arrays of them are made at every node
/// and written before they are read; `PositionShape{}` is all zeros.
struct PositionShape {
  std::uint64_t suits_01;
  std::uint64_t suits_23;
  std::uint8_t flags;
  /// Where the table keeps positions of this shape: worked out once, read by each look at it.
  std::uint32_t hash;

  static PositionShape of(std::uint64_t suits_01, std::uint64_t suits_23, std::uint8_t flags) {
    return {suits_01, suits_23, flags, std::uint32_t(((suits_01 ^ (suits_23 * 0xC2B2AE3D27D4EB4Full) ^ flags) * 0x9E3779B97F4A7C15ull) >> 32)};
  }
  bool operator==(const PositionShape&) const = default;
};

/// Each suit's cards not yet played, in order space, kept up to date trick
/// by trick (a trick's cards stay until it closes). Not initialised by default,
/// as PositionShape; `SuitsLeft{}` has no card.
class SuitsLeft {
  static constexpr std::array<std::uint8_t, 256> kBitsOfByte = [] {
    std::array<std::uint8_t, 256> bits{};
    for (int b = 1; b < 256; ++b) bits[std::size_t(b)] = std::uint8_t((b & 1) + bits[std::size_t(b >> 1)]);
    return bits;
  }();

 public:
  /// The bits set in a 16-bit mask, a byte at a time from a table: without the
  /// library call std::popcount makes where the processor is not known to count
  /// bits (4% of a solve's instructions), and in fewer instructions than adding bits in parallel.
  static int count16(std::uint32_t x) { return kBitsOfByte[x & 0xFF] + kBitsOfByte[(x >> 8) & 0xFF]; }

  /// `unplayed`: the cards in the hands and in the trick in progress.
  void set(const SuitOrders& orders, CardSet unplayed) {
    for (Suit s = 0; s < kSuitCount; ++s) left_[s] = std::uint16_t(orders.to_order(s, unplayed));
  }
  /// The card at `place` of its suit's order leaves the game (its trick is closed).
  void remove(Suit suit, int place) { left_[suit] &= std::uint16_t(~(1u << place)); }
  /// A suit's cards not yet played, in order space (bit i: the suit's i-th strongest card).
  std::uint32_t left(Suit suit) const { return left_[suit]; }
  /// Every suit's cards left, 16 bits a suit.
  const std::array<std::uint16_t, kSuitCount>& all_left() const { return left_; }

 private:
  std::array<std::uint16_t, kSuitCount> left_;
};

/// The shape's code of each suit for every set of its cards that may be left
/// in a solve: the seats holding them, two bits a card, strongest first,
/// below a marking bit (so that the length is part of it). A card's holder
/// never changes, so the codes are worked out once, when the solve starts,
/// and a position's shape is then four lookups, whatever cards have gone.
class ShapeCodes {
 public:
  /// Whether a suit's cards fit in the shape's 32 bits (15 cards a suit).
  static bool fits(int rank_count) { return 2 * rank_count + 1 <= 32; }

  /// `cards`: each seat's cards not yet played at the position solved (those it played to the trick in progress included).
  void set(const SuitOrders& orders, const PerSeat<CardSet>& cards);
  PositionShape shape(const SuitsLeft& unplayed, std::uint8_t flags) const {
    return PositionShape::of(code(0, unplayed) | std::uint64_t(code(1, unplayed)) << 32,
                             code(2, unplayed) | std::uint64_t(code(3, unplayed)) << 32, flags);
  }
  /// Each suit's code of `unplayed`: what the shapes that differ from it in one suit share (shape_with).
  std::array<std::uint32_t, kSuitCount> codes(const SuitsLeft& unplayed) const {
    return {code(0, unplayed), code(1, unplayed), code(2, unplayed), code(3, unplayed)};
  }
  /// The shape of the suits' `codes` with `suit`'s cards left `left` in place of its own: one
  /// lookup, where the children of a trick's last card differ in the card's suit alone.
  PositionShape shape_with(std::array<std::uint32_t, kSuitCount> codes, Suit suit, std::uint32_t left, std::uint8_t flags) const {
    codes[suit] = codes_[offset_[suit] + left];
    return PositionShape::of(codes[0] | std::uint64_t(codes[1]) << 32, codes[2] | std::uint64_t(codes[3]) << 32, flags);
  }

 private:
  std::uint32_t code(Suit suit, const SuitsLeft& unplayed) const { return codes_[offset_[suit] + unplayed.left(suit)]; }
  /// By suit from its offset, indexed by the set of its places left (only the sets of the cards in play at the start are written).
  std::vector<std::uint32_t> codes_;
  std::array<std::size_t, kSuitCount> offset_{};
};

/// The bounds a caller can use: a lower bound from `lower` up, an upper bound from `upper` down
/// (a node's cut-off or a child passed over); nearer ones are of no use to it.
struct UsefulBounds {
  int lower = INT_MIN;
  int upper = INT_MAX;
};

/// Positions by shape, each with its cards and the bounds
/// found on its value, in bounded memory.
class SimilarPositions {
 public:
  explicit SimilarPositions(std::size_t max_bytes);

  void clear() {
    store_.clear();
    stored_.fill(0);
  }
  /// Whether a position of `shape` may be stored: false for most shapes never stored, known
  /// without reading their bucket (a bit by hash, set by each store).
  bool may_hold(const PositionShape& shape) const {
    const std::size_t bit = shape.hash >> 16;
    return (stored_[(bit >> 6) % kStoredWords] >> (bit & 63)) & 1;
  }
  void prefetch(const PositionShape& shape) const { __builtin_prefetch(&store_.bucket(shape.hash)); }
  /// Narrows [lower, upper] by what the stored positions of `shape` say of the
  /// position of that shape whose cards not yet played are `unplayed`, and gives
  /// in `move` (unless null) the best card found at one of them, as the card in its place there
  /// (or leaves it). `roem`: the roem still possible, null where none counts. Only bounds
  /// within `useful` are taken: a stored position whose own bounds cannot reach them is
  /// passed over before its cards are paired. Returns false when no position of that shape is stored.
  bool bound(const SuitOrders& orders, const RoemReach* roem, const PositionShape& shape, const SuitsLeft& unplayed, int& lower,
             int& upper, Card* move, UsefulBounds useful = {}) const;
  void store(const SuitOrders& orders, const PositionShape& shape, const SuitsLeft& unplayed, int card_count, int lower,
             int upper, Card move);

 private:
  template <bool kRoem>
  bool bound_with(const SuitOrders& orders, const RoemReach* roem, const PositionShape& shape, const SuitsLeft& unplayed, int& lower,
                  int& upper, Card* move, UsefulBounds useful) const;

  struct Entry {
    std::uint64_t suits_01 = 0;
    std::uint64_t suits_23 = 0;
    /// Each suit's cards left, in order space: what the points are compared by.
    std::array<std::uint16_t, kSuitCount> left{};
    std::int16_t lower = 0;
    std::int16_t upper = 0;
    std::uint8_t flags = 0;
    /// The best card: its suit (high bits) and its place among the suit's cards left (kNoCard: none).
    std::uint8_t move = kNoCard;
    std::uint8_t generation = 0;
    std::uint8_t card_count = 0;
    bool same_shape(const PositionShape& s) const { return suits_01 == s.suits_01 && suits_23 == s.suits_23 && flags == s.flags; }
  };
  static_assert(sizeof(Entry) == 32);

  /// Four entries a bucket, two cache lines.
  BucketStore<Entry, 4, 128> store_;
  static constexpr std::size_t kStoredWords = 1024;  // 64 Kib, 8 KiB: in the nearest cache
  std::array<std::uint64_t, kStoredWords> stored_{};
};

}  // namespace belote::best_play
