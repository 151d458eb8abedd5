#include "deal_benchmarks.h"

#include <benchmark/benchmark.h>

#include <belote/belote.h>

#include "benchmark_names.h"
#include "consistency.h"

namespace belote::bench {

namespace {

// Makes one random deal per iteration and scores it under each of `scoring`
// (none: only makes it).
void register_deals(const std::string& name, const Rulesets& rules, Rulesets scoring, std::uint64_t seed) {
  const auto random = std::make_shared<const RandomDeals>(rules[0]->deck, seed);
  benchmark::RegisterBenchmark(name.c_str(), [random, scoring](benchmark::State& state) {
    Deal deal;
    std::vector<Outcome> outcomes(scoring.size());
    std::uint64_t number = 0;
    // Depends on every deal and score, so none of the work can be left out.
    std::uint64_t checksum = 0;
    for (auto _ : state) {
      random->make(number++, deal, false);
      checksum += deal.hands[Seat::N] ^ std::uint64_t(deal.result.points[Team::NS]);
      for (std::size_t r = 0; r < scoring.size(); ++r) {
        evaluate(*scoring[r], deal, outcomes[r]);
        checksum += std::uint64_t(outcomes[r].score[Team::NS]);
      }
    }
    benchmark::DoNotOptimize(checksum);
    check(state, checksum != 0, "random deals gave nothing");
    state.SetItemsProcessed(state.iterations());
  });
}

}  // namespace

void register_deal_benchmarks(const Rulesets& rules, std::uint64_t seed) {
  register_deals(std::string(kDealsMade), rules, {}, seed);
  if (rules.size() > 1) {
    std::string names;
    for (const auto& r : rules) names += (names.empty() ? "" : "+") + r->info.name;
    register_deals(deals_scored_name(names), rules, rules, seed);
  }
  for (const auto& r : rules) register_deals(deals_scored_name(r->info.name), rules, {r}, seed);
}

}  // namespace belote::bench
