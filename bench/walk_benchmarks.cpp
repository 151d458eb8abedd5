#include "walk_benchmarks.h"

#include <benchmark/benchmark.h>
#include <numeric>

#include <belote/belote.h>

#include "benchmark_names.h"
#include "consistency.h"
#include "reference_walk.h"

namespace belote::bench {

namespace {

template <class Counts>
std::uint64_t total(const Counts& counts) {
  return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

}  // namespace

void register_walk_benchmarks(const Rulesets& rules) {
  const Deck& deck = rules[0]->deck;
  // Shared by the benchmarks, and alive as long as they are registered.
  const auto walk = std::make_shared<const HandWalk>(deck.rank_count(), deck.hand_size);
  const auto reference = std::make_shared<const ReferenceWalk>(*walk);

  benchmark::RegisterBenchmark(std::string(kBareLoop).c_str(), [walk, reference](benchmark::State& state) {
    ReferenceCounts counts;
    for (auto _ : state) {
      counts = reference->run();
      benchmark::DoNotOptimize(counts);
    }
    check(state, total(counts.by_longest_run) == walk->hand_count(), "the bare loop missed hands");
    state.SetItemsProcessed(state.iterations() * std::int64_t(walk->hand_count()));
  })->Unit(benchmark::kMillisecond);

  for (const auto& ruleset : rules) {
    benchmark::RegisterBenchmark(exhaustive_walk_name(ruleset->info.name).c_str(), [walk, ruleset](benchmark::State& state) {
      HandStats stats;
      for (auto _ : state) {
        stats = exhaustive_hand_stats(*ruleset).value();
        benchmark::DoNotOptimize(stats);
      }
      check(state, total(stats.hands_by_points) == walk->hand_count(), "the exhaustive walk missed hands");
      state.SetItemsProcessed(state.iterations() * std::int64_t(walk->hand_count()));
    })->Unit(benchmark::kMillisecond);
  }
}

}  // namespace belote::bench
