// The transposition table: bounds on the value of positions,
// in bounded memory (docs/solve.md, "The table").
//
// A position of one deal is known by the cards still in the hands (each
// belongs to the hand that was dealt it), the cards of the trick in progress
// (their seats follow from the hands), the trick's leader and whether the
// takers have taken every trick so far. Its value counts only the points
// still to take, so positions reached by different tricks share an entry. An
// entry holds a lower and an upper bound, as a search with a window proves
// only one side of the value at a cut-off.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "belote/card_set.h"
#include "solve/moves.h"

namespace belote::best_play {

struct TableKey {
  CardSet cards = 0;
  /// The cards of the trick in progress (none between tricks).
  CardSet trick = 0;
  /// The leader (two bits) and whether the takers have taken every trick (bit 2).
  std::uint8_t state = 0;
  friend bool operator==(const TableKey&, const TableKey&) = default;
};

struct TableEntry {
  CardSet cards = 0;
  CardSet trick = 0;
  std::int16_t lower = 0;
  std::int16_t upper = 0;
  std::uint8_t state = 0;
  /// The best card found for the player to play, tried first (kNoCard when none).
  std::uint8_t move = 0;
  /// The solve that wrote it: an entry of an older one is empty.
  std::uint8_t generation = 0;
  std::uint8_t card_count = 0;
};
static_assert(sizeof(TableEntry) == 24);

class TranspositionTable {
 public:
  explicit TranspositionTable(std::size_t max_bytes);

  /// Forgets every entry (in constant time, most solves).
  void clear();
  /// The entry of a key in the current solve, or null.
  const TableEntry* find(const TableKey& key) const;
  /// Narrows the key's bounds to [lower, upper] and records its best card.
  void store(const TableKey& key, int card_count, int lower, int upper, Card move);

 private:
  static constexpr std::size_t kWays = 4;
  std::size_t bucket_of(const TableKey& key) const;
  void grow();

  std::size_t max_entries_;
  std::vector<TableEntry> entries_;
  std::size_t mask_ = 0;  ///< buckets - 1
  std::size_t used_ = 0;
  std::uint8_t generation_ = 1;
};

}  // namespace belote::best_play
