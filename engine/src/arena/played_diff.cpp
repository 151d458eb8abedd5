// Two rulesets compared on the same deals played by the same players.
#include "belote/played_diff.h"

#include <cstdlib>
#include <fmt/format.h>
#include <mutex>

#include "belote/parallel_sample.h"
#include "common/field_sums.h"

namespace belote {

void PlayedDiff::merge(const PlayedDiff& other, std::size_t keep) {
  if (std::llabs(other.largest) > std::llabs(largest)) {
    largest = other.largest;
    largest_at = other.largest_at;
  }
  // The fields before the largest change are sums.
  add_fields<7>(fields<10>(*this), fields<10>(other));
  for (std::uint64_t i : other.examples)
    if (examples.size() < keep) examples.push_back(i);
}

TablePlay played_deal(const Ruleset& rules, const SeatActorMaker& ns, const SeatActorMaker& ew, std::uint64_t seed,
                      std::uint64_t deal) {
  // Named as the arena names the deal's first play, which it is.
  return play_table(rules, arena_deal_seed(seed, deal), 0, 1, ns, ew, arena_record_id(deal, 0));
}

PlayedDiff played_diff(const Ruleset& a, const Ruleset& b, const SeatActorMaker& ns, const SeatActorMaker& ew,
                       std::uint64_t seed, std::uint64_t count, unsigned threads, std::size_t examples,
                       const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  PlayedDiff total;
  // A worker's exception would end the program: the first is kept, and thrown once the workers are done.
  std::mutex failure_mutex;
  std::string failure;
  sample_in_chunks<PlayedDiff>(
      count, threads,
      [&](std::uint64_t begin, std::uint64_t end, PlayedDiff& part) {
        for (std::uint64_t deal = begin; deal < end; ++deal) {
          const std::uint64_t deal_seed = arena_deal_seed(seed, deal);
          TablePlay x, y;
          const Ruleset* playing = &a;
          try {
            x = play_table(a, deal_seed, 0, 1, ns, ew, std::nullopt);
            playing = &b;
            y = play_table(b, deal_seed, 0, 1, ns, ew, std::nullopt);
          } catch (const ArenaError& e) {
            // Named by the ruleset it was played under: the players are the same in both.
            const std::lock_guard lock(failure_mutex);
            if (failure.empty()) failure = fmt::format("deal {} under {}: {}", deal, playing->info.name, e.what());
            return;
          }
          const long long change =
              (y.points[Team::NS] - y.points[Team::EW]) - (x.points[Team::NS] - x.points[Team::EW]);
          ++part.deals;
          part.change += change;
          part.change_squares += change * change;
          if (x.taker != y.taker) ++part.taker_changed;
          else if (x.result != y.result) ++part.result_changed;
          if (change == 0) continue;
          ++part.differing;
          part.size += std::llabs(change);
          if (std::llabs(change) > std::llabs(part.largest)) {
            part.largest = change;
            part.largest_at = deal;
          }
          if (part.examples.size() < examples) part.examples.push_back(deal);
        }
      },
      [&](PlayedDiff& part) { total.merge(part, examples); }, progress, {}, kSlowSampleChunk);
  if (!failure.empty()) throw ArenaError(failure);
  return total;
}

}  // namespace belote
