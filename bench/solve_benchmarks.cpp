#include "solve_benchmarks.h"

#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <belote/belote.h>

#include "consistency.h"

namespace belote::bench {

namespace {

constexpr int kDeals = 200;

// The kind of `rules` named `kind` (or its one kind), or -1.
int kind_named(const Ruleset& rules, const std::string& kind) {
  for (std::size_t k = 0; k < rules.kinds.size(); ++k)
    if (rules.kinds[k].name == kind) return int(k);
  return -1;
}

// Each iteration solves the next of kDeals random deals (value and best first
// cards, as `belote solve` gives them); the counters are over the deals timed.
void register_solve(const std::string& ruleset, const std::string& kind_name, std::uint64_t seed) {
  const RulesetLoader loader(RulesetSearchPath::standard({}));
  const LoadedRuleset loaded = loader.load(ruleset);
  if (!loaded.ok()) return;
  const std::shared_ptr<const Ruleset> rules = loaded.ruleset;
  const int kind = kind_named(*rules, kind_name);
  if (kind < 0) return;
  benchmark::RegisterBenchmark(fmt::format("solve_deal/{}/{}", ruleset, kind_name).c_str(),
                               [rules, kind, seed](benchmark::State& state) {
    const RandomDeals random(*rules, seed);
    Solver solver;
    std::vector<double> times;
    std::uint64_t nodes = 0;
    Deal deal;
    long checksum = 0;
    for (auto _ : state) {
      random.make(std::uint64_t(times.size()) % kDeals, deal, false);
      const PlayContext context(*rules, kind, deal.trump);
      const auto start = std::chrono::steady_clock::now();
      const SolveResult result = solver.solve(context, SolvePosition::start(deal.hands, deal.first, team_of(deal.taker)));
      times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
      checksum += result.takers_points;
      nodes += result.nodes;
    }
    benchmark::DoNotOptimize(checksum);
    if (!check(state, !times.empty(), "no deal solved")) return;
    std::sort(times.begin(), times.end());
    state.counters["median_ms"] = times[times.size() / 2];
    state.counters["p95_ms"] = times[std::min(times.size() - 1, times.size() * 95 / 100)];
    state.counters["nodes"] = double(nodes) / double(times.size());
    state.SetItemsProcessed(state.iterations());
  })->Iterations(kDeals)->Unit(benchmark::kMillisecond);
}

}  // namespace

void register_solve_benchmarks(std::uint64_t seed) {
  register_solve("classique", "suit", seed);
  register_solve("coinche", "sans-atout", seed);
  register_solve("coinche", "tout-atout", seed);
}

}  // namespace belote::bench
