#include "sampling_benchmark.h"

#include <benchmark/benchmark.h>
#include <optional>

#include <belote/belote.h>

#include "benchmark_names.h"
#include "consistency.h"

namespace belote::bench {

namespace {

bool same_figures(const DealStats& a, const DealStats& b) {
  return a.deals == b.deals && a.void_deals == b.void_deals && a.announcements_scored == b.announcements_scored &&
         a.no_announcements_scored == b.no_announcements_scored && a.exact_ties == b.exact_ties &&
         a.lost_to_trick_rule == b.lost_to_trick_rule && a.made == b.made && a.failed == b.failed &&
         a.litige == b.litige;
}

}  // namespace

void register_sampling_benchmark(std::shared_ptr<const Ruleset> rules, std::uint64_t seed) {
  // The one-thread figures every thread count must give, computed once, untimed.
  const auto expected = std::make_shared<std::optional<DealStats>>();
  auto* sampling = benchmark::RegisterBenchmark(std::string(kDealsSampled).c_str(), [rules, seed, expected](benchmark::State& state) {
    if (!*expected) *expected = random_deal_stats(*rules, seed, kSampledDeals, 1);
    const auto threads = unsigned(state.range(0));
    DealStats stats;
    for (auto _ : state) {
      stats = random_deal_stats(*rules, seed, kSampledDeals, threads);
      benchmark::DoNotOptimize(stats);
    }
    check(state, stats.deals == kSampledDeals && same_figures(stats, **expected),
          "sampling gave different figures on different thread counts");
    state.SetItemsProcessed(state.iterations() * std::int64_t(kSampledDeals));
  });
  // Wall clock for the speedup; the process's CPU time, all threads included, beside it.
  sampling->ArgName(std::string(kThreadsArg))->UseRealTime()->MeasureProcessCPUTime()->Unit(benchmark::kMillisecond);
  sampling->Arg(1);
  if (default_threads() > 1) sampling->Arg(int(default_threads()));
}

}  // namespace belote::bench
