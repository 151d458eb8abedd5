#include "solve_benchmarks.h"

#include <algorithm>
#include <ctime>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <belote/belote.h>

#include "consistency.h"

namespace belote::bench {

namespace {


// The thread's CPU time: a deal's figure on one core, whatever else the machine runs.
double thread_milliseconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// The kind of `rules` named `kind` (or its one kind), or -1.
int kind_named(const Ruleset& rules, const std::string& kind) {
  for (std::size_t k = 0; k < rules.kinds.size(); ++k)
    if (rules.kinds[k].name == kind) return int(k);
  return -1;
}

// Each iteration solves the next of `deals` random deals (value and best first
// cards, as `belote solve` gives them); the counters are over the deals timed,
// each by the CPU time of its thread.
void register_solve(const std::string& ruleset, const std::string& kind_name, std::uint64_t seed, int deals) {
  const RulesetLoader loader(RulesetSearchPath::standard({}));
  const LoadedRuleset loaded = loader.load(ruleset);
  if (!loaded.ok()) return;
  const std::shared_ptr<const Ruleset> rules = loaded.ruleset;
  const int kind = kind_named(*rules, kind_name);
  if (kind < 0) return;
  benchmark::RegisterBenchmark(fmt::format("solve_deal/{}/{}", ruleset, kind_name).c_str(),
                               [rules, kind, seed, deals](benchmark::State& state) {
    const RandomDeals random(*rules, seed);
    Solver solver;
    std::vector<double> times;
    std::uint64_t nodes = 0;
    Deal deal;
    long checksum = 0;
    for (auto _ : state) {
      random.make(std::uint64_t(times.size()) % std::uint64_t(deals), deal, false);
      const PlayContext context(*rules, kind, deal.trump);
      const double start = thread_milliseconds();
      const SolveResult result = solver.solve(context, SolvePosition::start(deal.hands, deal.first, team_of(deal.taker)));
      times.push_back(thread_milliseconds() - start);
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
  })->Iterations(deals)->Unit(benchmark::kMillisecond);
}

}  // namespace

void register_solve_benchmarks(std::uint64_t seed, bool smoke) {
  const int deals = smoke ? 3 : 200;
  register_solve("classique", "suit", seed, deals);
  register_solve("coinche", "sans-atout", seed, deals);
  register_solve("coinche", "tout-atout", seed, deals);
}

}  // namespace belote::bench
