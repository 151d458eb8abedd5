#include "solve_benchmarks.h"

#include <algorithm>
#include <ctime>
#include <random>
#include <string>
#include <variant>
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

// The position to solve of a deal: the deal itself (`tricks_left` 0), or the
// position between tricks with `tricks_left` tricks to play, reached by random
// legal cards (drawn from `seed` and the deal's index).
SolvePosition position_of(const PlayContext& context, const Deal& deal, int tricks_left, std::uint64_t seed, std::uint64_t index) {
  const Team takers = team_of(deal.taker);
  if (tricks_left == 0) return SolvePosition::start(deal.hands, deal.first, takers);
  std::mt19937_64 random(seed * 0x9E3779B97F4A7C15u + index);
  PlayedMene mene(context, deal.hands, deal.first);
  for (int cards = 4 * (context.hand_size() - tricks_left); cards > 0; --cards) {
    CardSet legal = mene.legal();
    for (auto skip = random() % std::uint64_t(count(legal)); skip > 0; --skip) legal &= legal - 1;
    mene.play(pop_lowest(legal));
  }
  return SolvePosition::of(mene, takers);
}

// Each iteration solves the next of `deals` random deals, or the position of
// each with `tricks_left` tricks left (value and best first cards, as `belote
// solve` gives them); the counters are over the positions timed, each by the
// CPU time of its thread.
void register_solve(const std::string& ruleset, const std::string& kind_name, std::uint64_t seed, int deals, int tricks_left = 0) {
  const RulesetLoader loader(RulesetSearchPath::standard({}));
  const LoadedRuleset loaded = loader.load(ruleset);
  if (!loaded.ok()) return;
  const std::shared_ptr<const Ruleset> rules = loaded.ruleset;
  const int kind = kind_named(*rules, kind_name);
  if (kind < 0) return;
  const std::string name = tricks_left == 0 ? fmt::format("solve_deal/{}/{}", ruleset, kind_name)
                                            : fmt::format("solve_position/{}/{}/tricks_left:{}", ruleset, kind_name, tricks_left);
  benchmark::RegisterBenchmark(name.c_str(), [rules, kind, seed, deals, tricks_left](benchmark::State& state) {
    const RandomDeals random(*rules, seed);
    Solver solver;
    std::vector<double> times;
    std::uint64_t nodes = 0;
    Deal deal;
    long checksum = 0;
    for (auto _ : state) {
      const std::uint64_t index = std::uint64_t(times.size()) % std::uint64_t(deals);
      random.make(index, deal, false);
      const PlayContext context(*rules, kind, deal.trump);
      const SolvePosition position = position_of(context, deal, tricks_left, seed, index);
      const double start = thread_milliseconds();
      const SolveResult result = solver.solve(context, position);
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

// Each iteration solves the next deal's table (`belote solve --table`: every
// contract of the ruleset, for either side, each side's solve started from the
// other's result); the counters are over a deal's whole table.
void register_solve_table(const std::string& ruleset, std::uint64_t seed, int deals) {
  const RulesetLoader loader(RulesetSearchPath::standard({}));
  const LoadedRuleset loaded = loader.load(ruleset);
  if (!loaded.ok()) return;
  const std::shared_ptr<const Ruleset> rules = loaded.ruleset;
  const std::string name = fmt::format("solve_table/{}", ruleset);
  benchmark::RegisterBenchmark(name.c_str(), [rules, seed, deals](benchmark::State& state) {
    const RandomDeals random(*rules, seed);
    Solver solver(SolveOptions{.best_cards = false});
    std::vector<double> times;
    Deal deal;
    long checksum = 0;
    for (auto _ : state) {
      random.make(std::uint64_t(times.size()) % std::uint64_t(deals), deal, false);
      const double start = thread_milliseconds();
      const auto table = solve_table(*rules, deal, solver);
      times.push_back(thread_milliseconds() - start);
      if (!check(state, std::holds_alternative<std::vector<SolvedTableRow>>(table), "a table not solved")) return;
      for (const SolvedTableRow& row : std::get<std::vector<SolvedTableRow>>(table)) checksum += row.points;
    }
    benchmark::DoNotOptimize(checksum);
    if (!check(state, !times.empty(), "no table solved")) return;
    std::sort(times.begin(), times.end());
    state.counters["median_ms"] = times[times.size() / 2];
    state.counters["p95_ms"] = times[std::min(times.size() - 1, times.size() * 95 / 100)];
    state.SetItemsProcessed(state.iterations());
  })->Iterations(deals)->Unit(benchmark::kMillisecond);
}

}  // namespace

void register_solve_benchmarks(std::uint64_t seed, bool smoke) {
  const int deals = smoke ? 3 : 200;
  register_solve("classique", "suit", seed, deals);
  register_solve("coinche", "sans-atout", seed, deals);
  register_solve("coinche", "tout-atout", seed, deals);
  // How the work grows with the tricks left.
  for (int tricks_left = 3; tricks_left <= 7; ++tricks_left) register_solve("classique", "suit", seed, deals, tricks_left);
  register_solve_table("coinche", seed, smoke ? 2 : 50);
}

}  // namespace belote::bench
