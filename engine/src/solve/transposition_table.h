// The transposition table: bounds on the value of positions,
// in bounded memory (docs/solve.md, "The table").
//
// Only positions between tricks are stored: all of them where similar
// positions cannot be used (roem), else the positions of two tricks alone, as
// the table of similar positions holds the others. One of a deal is known by the
// cards not yet played (each belongs to the hand that was dealt it), the
// leader and whether the takers have taken every trick so far; TableKeys
// packs that into 64 bits, exactly. Its value counts only the points still to
// take, so positions reached by different tricks share an entry. An entry holds a lower and an
// upper bound, as a search with a window proves only one side of the value
// at a cut-off.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "belote/play.h"
#include "solve/bucket_store.h"
#include "solve/moves.h"

namespace belote::best_play {

/// Packs positions of one deck between tricks into 64-bit keys: the cards not
/// yet played (each suit's ranks side by side), the leader and the takers' sweep.
class TableKeys {
 public:
  explicit TableKeys(int rank_count) : ranks_(rank_count) {}
  /// Whether the deck's positions fit in 64 bits (up to 15 ranks a suit).
  static bool fits(int rank_count) { return kSuitCount * rank_count + 3 <= 64; }

  /// The part of a key that says which cards are not yet played.
  std::uint64_t cards(CardSet unplayed) const {
    const std::uint64_t rank_mask = (std::uint64_t{1} << ranks_) - 1;
    std::uint64_t k = 0;
    for (Suit s = 0; s < kSuitCount; ++s) k |= ((unplayed >> (s * kSuitStride)) & rank_mask) << (s * ranks_);
    return k;
  }
  /// The bit of `cards` that says one card is not yet played: a closed trick's
  /// cards are taken out of the key without packing the cards again.
  std::uint64_t card(Card card) const { return std::uint64_t{1} << (suit_of(card) * ranks_ + rank_of(card)); }
  /// A whole key: the cards' part, the leader and the takers' sweep.
  static std::uint64_t key(std::uint64_t cards, Seat leader, bool swept) {
    return cards | (std::uint64_t(index(leader) | (swept ? 4 : 0)) << 61);
  }

 private:
  int ranks_;
};

/// 16 bytes: four entries share a 64-byte bucket, one cache line.
struct TableEntry {
  std::uint64_t key = 0;
  std::int16_t lower = 0;
  std::int16_t upper = 0;
  /// The best card found for the player to play, tried first (kNoCard when none).
  std::uint8_t move = 0;
  /// The solve that wrote it: an entry of an older one is empty.
  std::uint8_t generation = 0;
  std::uint8_t card_count = 0;
};
static_assert(sizeof(TableEntry) == 16);

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t max_bytes);

  /// Forgets every entry (in constant time, most solves).
  void clear() { store_.clear(); }
  /// Starts loading a key's bucket into the cache.
  void prefetch(std::uint64_t key) const { __builtin_prefetch(&store_.bucket(hash(key))); }
  /// The entry of a key in the current solve, or null.
  const TableEntry* find(std::uint64_t key) const;
  /// Narrows the key's bounds to [lower, upper] and records its best card.
  void store(std::uint64_t key, int card_count, int lower, int upper, Card move);

 private:
  static std::size_t hash(std::uint64_t key) { return std::size_t((key * 0x9E3779B97F4A7C15ull) >> 32); }

  BucketStore<TableEntry, 4, 64> store_;
};

}  // namespace belote::best_play
