// The memory of the solver's tables (docs/solve.md, "The table"): buckets of
// entries found by a hash, starting small so that a quick solve touches little
// memory, doubling while at most half full up to a budget; then, in a full
// bucket, the entry with the fewest cards left gives way (it is the cheapest to
// find again). Entries of an earlier solve count as empty (a generation number).
//
// `Entry` has `generation` and `card_count` fields; each table says how its
// entries and keys hash and what matches.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "solve/huge_page_allocator.h"

namespace belote::best_play {

template <class Entry, std::size_t Ways, std::size_t Alignment>
class BucketStore {
 public:
  struct alignas(Alignment) Bucket {
    Entry ways[Ways];
  };

  BucketStore(std::size_t max_bytes, std::size_t first_buckets)
      : max_buckets_(std::max<std::size_t>(1, max_bytes / sizeof(Bucket))) {
    first_ = 1;
    while (first_ * 2 <= std::min(max_buckets_, first_buckets)) first_ *= 2;
    buckets_.assign(first_, Bucket{});
    mask_ = first_ - 1;
  }

  /// Forgets every entry (in constant time, most solves) and starts again
  /// from the first size, keeping the memory: a solve searches the same
  /// nodes whatever the solves before it grew the table to.
  void clear() {
    used_ = 0;
    mask_ = first_ - 1;
    if (++generation_ == 0) {  // wrapped: old entries could pass for current ones
      std::fill(buckets_.begin(), buckets_.end(), Bucket{});
      generation_ = 1;
    }
  }

  Bucket& bucket(std::size_t hash) { return buckets_[hash & mask_]; }
  const Bucket& bucket(std::size_t hash) const { return buckets_[hash & mask_]; }
  /// Whether an entry was written by the current solve.
  bool current(const Entry& e) const { return e.generation == generation_; }
  std::uint8_t generation() const { return generation_; }

  /// Before a store: doubles the buckets while at most half full and within
  /// the budget, `hash_of(entry)` placing each entry again.
  template <class HashOf>
  void make_room(HashOf hash_of) {
    const std::size_t size = mask_ + 1;
    if (used_ * 2 < size * Ways || size * 2 > max_buckets_) return;
    // Memory an earlier solve grew is used again: its entries are of an older generation.
    if (buckets_.size() < size * 2) buckets_.resize(size * 2, Bucket{});
    mask_ = size * 2 - 1;
    // With twice the buckets, an entry of bucket i stays there or goes to i + size.
    for (std::size_t i = 0; i < size; ++i) {
      Bucket& from = buckets_[i];
      Bucket& to = buckets_[i + size];
      std::size_t next = 0;
      for (Entry& e : from.ways) {
        if (!current(e) || (hash_of(e) & mask_) == i) continue;
        to.ways[next++] = e;
        e = Entry{};
      }
    }
  }

  /// Where a new entry goes in `b`: an empty way, or the one with the fewest cards left.
  Entry& slot(Bucket& b) {
    Entry* slot = nullptr;
    for (Entry& e : b.ways) {
      if (!current(e)) {
        if (slot == nullptr || current(*slot)) slot = &e;
      } else if (slot == nullptr || (current(*slot) && e.card_count < slot->card_count)) {
        slot = &e;
      }
    }
    if (!current(*slot)) ++used_;
    return *slot;
  }

 private:
  std::size_t max_buckets_;
  std::size_t first_ = 1;  ///< the buckets a solve starts with
  std::vector<Bucket, HugePageAllocator<Bucket>> buckets_;  ///< the most an earlier solve grew to; the first mask_ + 1 in use
  std::size_t mask_ = 0;  ///< buckets in use - 1
  std::size_t used_ = 0;  ///< entries of the current solve
  std::uint8_t generation_ = 1;
};

}  // namespace belote::best_play
