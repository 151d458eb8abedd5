// Buckets of four entries in one cache line, found by a multiplicative hash of
// the key; their memory is a BucketStore's.
#include "solve/transposition_table.h"

#include <algorithm>

namespace belote::best_play {

namespace {

constexpr std::size_t kFirstBuckets = std::size_t{1} << 12;  // 256 KiB

}  // namespace

TranspositionTable::TranspositionTable(std::size_t max_bytes) : store_(max_bytes, kFirstBuckets) {}

const TableEntry* TranspositionTable::find(std::uint64_t key) const {
  for (const TableEntry& e : store_.bucket(hash(key)).ways)
    if (e.key == key && store_.current(e)) return &e;
  return nullptr;
}

void TranspositionTable::store(std::uint64_t key, int card_count, int lower, int upper, Card move) {
  store_.make_room([](const TableEntry& e) { return hash(e.key); });
  auto& bucket = store_.bucket(hash(key));
  for (TableEntry& e : bucket.ways) {
    if (e.key == key && store_.current(e)) {
      e.lower = std::int16_t(std::max<int>(e.lower, lower));
      e.upper = std::int16_t(std::min<int>(e.upper, upper));
      if (move != kNoCard) e.move = move;
      return;
    }
  }
  store_.slot(bucket) = TableEntry{key, std::int16_t(lower), std::int16_t(upper), move, store_.generation(), std::uint8_t(card_count)};
}

}  // namespace belote::best_play
