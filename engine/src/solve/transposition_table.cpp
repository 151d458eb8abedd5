// Buckets of four entries, found by a multiplicative hash.
// The table starts small, so a quick solve touches little memory, and doubles
// while at most half full until it reaches its budget; then the entry with the
// fewest cards left in a full bucket gives way (it is the cheapest to find again).
#include "solve/transposition_table.h"

#include <algorithm>
#include <bit>

namespace belote::best_play {

namespace {

constexpr std::size_t kFirstEntries = std::size_t{1} << 12;

}  // namespace

TranspositionTable::TranspositionTable(std::size_t max_bytes)
    : max_entries_(std::max<std::size_t>(kWays, max_bytes / sizeof(TableEntry))) {
  std::size_t size = kWays;
  while (size * 2 <= std::min(max_entries_, kFirstEntries)) size *= 2;
  entries_.assign(size, TableEntry{});
  mask_ = size / kWays - 1;
}

void TranspositionTable::clear() {
  used_ = 0;
  if (++generation_ == 0) {  // wrapped: old entries could pass for current ones
    std::fill(entries_.begin(), entries_.end(), TableEntry{});
    generation_ = 1;
  }
}

std::size_t TranspositionTable::bucket_of(const TableKey& key) const {
  const std::uint64_t h = (key.cards ^ std::rotl(key.trick, 23) ^ (std::uint64_t(key.state) << 59)) * 0x9E3779B97F4A7C15ull;
  return std::size_t(h >> 32) & mask_;
}

const TableEntry* TranspositionTable::find(const TableKey& key) const {
  const TableEntry* bucket = &entries_[bucket_of(key) * kWays];
  for (std::size_t i = 0; i < kWays; ++i) {
    const TableEntry& e = bucket[i];
    if (e.generation == generation_ && e.cards == key.cards && e.trick == key.trick && e.state == key.state) return &e;
  }
  return nullptr;
}

void TranspositionTable::store(const TableKey& key, int card_count, int lower, int upper, Card move) {
  if (used_ * 2 >= entries_.size() && entries_.size() * 2 <= max_entries_) grow();
  TableEntry* bucket = &entries_[bucket_of(key) * kWays];
  TableEntry* slot = nullptr;
  for (std::size_t i = 0; i < kWays; ++i) {
    TableEntry& e = bucket[i];
    if (e.generation == generation_ && e.cards == key.cards && e.trick == key.trick && e.state == key.state) {
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
  *slot = TableEntry{key.cards, key.trick, std::int16_t(lower), std::int16_t(upper), key.state, move, generation_, std::uint8_t(card_count)};
}

void TranspositionTable::grow() {
  std::vector<TableEntry> old(entries_.size() * 2, TableEntry{});
  old.swap(entries_);
  mask_ = entries_.size() / kWays - 1;
  used_ = 0;
  for (const TableEntry& e : old) {
    if (e.generation != generation_) continue;
    TableEntry* bucket = &entries_[bucket_of({e.cards, e.trick, e.state}) * kWays];
    for (std::size_t i = 0; i < kWays; ++i) {
      if (bucket[i].generation != generation_) {
        bucket[i] = e;
        ++used_;
        break;
      }
    }
  }
}

}  // namespace belote::best_play
