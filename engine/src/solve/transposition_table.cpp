// Buckets of four entries in one cache line, found by a multiplicative hash.
// The table starts small, so a quick solve touches little memory, and doubles
// while at most half full until it reaches its budget; then the entry with the
// fewest cards left in a full bucket gives way (it is the cheapest to find again).
#include "solve/transposition_table.h"

#include <algorithm>

namespace belote::best_play {

namespace {

constexpr std::size_t kFirstBuckets = std::size_t{1} << 12;  // 256 KiB

}  // namespace

TranspositionTable::TranspositionTable(std::size_t max_bytes)
    : max_buckets_(std::max<std::size_t>(1, max_bytes / sizeof(Bucket))) {
  std::size_t size = 1;
  while (size * 2 <= std::min(max_buckets_, kFirstBuckets)) size *= 2;
  buckets_.assign(size, Bucket{});
  mask_ = size - 1;
}

void TranspositionTable::clear() {
  used_ = 0;
  if (++generation_ == 0) {  // wrapped: old entries could pass for current ones
    std::fill(buckets_.begin(), buckets_.end(), Bucket{});
    generation_ = 1;
  }
}

const TableEntry* TranspositionTable::find(std::uint64_t key) const {
  for (const TableEntry& e : bucket_of(key).ways)
    if (e.key == key && e.generation == generation_) return &e;
  return nullptr;
}

void TranspositionTable::store(std::uint64_t key, int card_count, int lower, int upper, Card move) {
  if (used_ * 2 >= buckets_.size() * kWays && buckets_.size() * 2 <= max_buckets_) grow();
  TableEntry* slot = nullptr;
  for (TableEntry& e : bucket_of(key).ways) {
    if (e.key == key && e.generation == generation_) {
      e.lower = std::int16_t(std::max<int>(e.lower, lower));
      e.upper = std::int16_t(std::min<int>(e.upper, upper));
      if (move != kNoCard) e.move = move;
      return;
    }
    if (e.generation != generation_) {
      if (slot == nullptr || slot->generation == generation_) slot = &e;
    } else if (slot == nullptr || (slot->generation == generation_ && e.card_count < slot->card_count)) {
      slot = &e;
    }
  }
  if (slot->generation != generation_) ++used_;
  *slot = TableEntry{key, std::int16_t(lower), std::int16_t(upper), move, generation_, std::uint8_t(card_count)};
}

void TranspositionTable::grow() {
  std::vector<Bucket> old(buckets_.size() * 2, Bucket{});
  old.swap(buckets_);
  mask_ = buckets_.size() - 1;
  used_ = 0;
  for (const Bucket& b : old) {
    for (const TableEntry& e : b.ways) {
      if (e.generation != generation_) continue;
      for (TableEntry& slot : bucket_of(e.key).ways) {
        if (slot.generation != generation_) {
          slot = e;
          ++used_;
          break;
        }
      }
    }
  }
}

}  // namespace belote::best_play
