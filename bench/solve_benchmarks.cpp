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

// The end of a run: the counters of the times of its deals or positions (ms: the median, the 95th
// percentile, the worst) and of their nodes when counted, or the error `none` when nothing was timed.
void finish_run(benchmark::State& state, std::vector<double>& times, long checksum, const char* none, std::uint64_t nodes = 0) {
  benchmark::DoNotOptimize(checksum);
  if (!check(state, !times.empty(), none)) return;
  std::sort(times.begin(), times.end());
  state.counters["median_ms"] = times[times.size() / 2];
  state.counters["p95_ms"] = times[std::min(times.size() - 1, times.size() * 95 / 100)];
  state.counters["worst_ms"] = times.back();
  if (nodes != 0) state.counters["nodes"] = double(nodes) / double(times.size());
  state.SetItemsProcessed(state.iterations());
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
// solve` gives them; with `card_values`, every legal first card's value instead,
// as the sampled player's advice solves a world); the counters are over the
// positions timed, each by the CPU time of its thread.
void register_solve(const std::string& ruleset, const std::string& kind_name, std::uint64_t seed, int deals, int tricks_left = 0,
                    bool card_values = false) {
  const RulesetLoader loader(RulesetSearchPath::standard({}));
  const LoadedRuleset loaded = loader.load(ruleset);
  if (!loaded.ok()) return;
  const std::shared_ptr<const Ruleset> rules = loaded.ruleset;
  // "all": each deal's own kind, as the ruleset draws them.
  const int kind = kind_name == "all" ? -1 : kind_named(*rules, kind_name);
  if (kind < 0 && kind_name != "all") return;
  const std::string name = fmt::format("{}/{}/{}", tricks_left == 0 ? "solve_deal" : "solve_position", ruleset, kind_name) +
                           (tricks_left == 0 ? "" : fmt::format("/tricks_left:{}", tricks_left)) + (card_values ? "/card_values" : "");
  benchmark::RegisterBenchmark(name.c_str(), [rules, kind, seed, deals, tricks_left, card_values](benchmark::State& state) {
    const RandomDeals random(*rules, seed);
    Solver solver(card_values ? SolveOptions{.best_cards = false, .card_values = true} : SolveOptions{});
    std::vector<double> times;
    std::uint64_t nodes = 0;
    Deal deal;
    long checksum = 0;
    for (auto _ : state) {
      const std::uint64_t index = std::uint64_t(times.size()) % std::uint64_t(deals);
      random.make(index, deal, false);
      const PlayContext context(*rules, kind < 0 ? deal.kind : kind, deal.trump);
      const SolvePosition position = position_of(context, deal, tricks_left, seed, index);
      const double start = thread_milliseconds();
      const SolveResult result = solver.solve(context, position);
      times.push_back(thread_milliseconds() - start);
      checksum += result.takers_points;
      nodes += result.nodes;
    }
    finish_run(state, times, checksum, "no deal solved", nodes);
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
    finish_run(state, times, checksum, "no table solved");
  })->Iterations(deals)->Unit(benchmark::kMillisecond);
}

// `count` worlds of `position` as the player to play sees it: his hand and
// the cards played stay, the other hands' cards are dealt again at random
// among them, each keeping its number of cards.
std::vector<SolvePosition> worlds_of(const SolvePosition& position, int count, std::uint64_t seed) {
  const Seat me = position.trick.to_play();
  std::vector<Card> unseen;
  for (Seat s : kSeats)
    if (s != me)
      for (CardSet h = position.hands[s]; h != 0;) unseen.push_back(pop_lowest(h));
  std::mt19937_64 random(seed);
  std::vector<SolvePosition> worlds;
  for (int w = 0; w < count; ++w) {
    std::shuffle(unseen.begin(), unseen.end(), random);
    SolvePosition world = position;
    std::size_t next = 0;
    for (Seat s : kSeats) {
      if (s == me) continue;
      world.hands[s] = 0;
      for (int c = belote::count(position.hands[s]); c > 0; --c) world.hands[s] |= card_bit(unseen[next++]);
    }
    worlds.push_back(world);
  }
  return worlds;
}

// Each iteration solves the worlds of the next deal's position after its
// first trick, every legal card valued (as the sampled player's advice
// solves them): one solve after another (`batch` 0), or as one batch of
// worlds (Solver::solve_worlds). The counters are over a position's worlds.
void register_solve_worlds(const std::string& ruleset, std::uint64_t seed, int positions, int worlds, bool batch) {
  const RulesetLoader loader(RulesetSearchPath::standard({}));
  const LoadedRuleset loaded = loader.load(ruleset);
  if (!loaded.ok()) return;
  const std::shared_ptr<const Ruleset> rules = loaded.ruleset;
  const std::string name = fmt::format("solve_worlds/{}/worlds:{}/{}", ruleset, worlds, batch ? "batch" : "separate");
  benchmark::RegisterBenchmark(name.c_str(), [rules, seed, positions, worlds, batch](benchmark::State& state) {
    const RandomDeals random(*rules, seed);
    Solver solver(SolveOptions{.best_cards = false, .card_values = true});
    std::vector<double> times;
    std::uint64_t nodes = 0;
    Deal deal;
    long checksum = 0;
    for (auto _ : state) {
      const std::uint64_t index = std::uint64_t(times.size()) % std::uint64_t(positions);
      random.make(index, deal, false);
      const PlayContext context(*rules, deal.kind, deal.trump);
      const std::vector<SolvePosition> drawn =
          worlds_of(position_of(context, deal, context.hand_size() - 1, seed, index), worlds, seed + index);
      const double start = thread_milliseconds();
      std::vector<SolveResult> results;
      if (batch) {
        results = solver.solve_worlds(context, drawn);
      } else {
        for (const SolvePosition& world : drawn) results.push_back(solver.solve(context, world));
      }
      times.push_back(thread_milliseconds() - start);
      for (const SolveResult& r : results) {
        checksum += r.takers_points;
        nodes += r.nodes;
      }
    }
    finish_run(state, times, checksum, "no position solved", nodes);
  })->Iterations(positions)->Unit(benchmark::kMillisecond);
}

}  // namespace

void register_solve_benchmarks(std::uint64_t seed, bool smoke) {
  const int deals = smoke ? 3 : 200;
  register_solve("classique", "suit", seed, deals);
  // A suit contract at its first card: the value and best cards, and every first card's value.
  for (bool card_values : {false, true}) register_solve("coinche", "couleur", seed, deals, 0, card_values);
  register_solve("coinche", "sans-atout", seed, deals);
  register_solve("coinche", "tout-atout", seed, deals);
  // 36 cards, nearly every card legal (no duty to trump in jass), and roem.
  register_solve("schieber", "all", seed, deals);
  register_solve("klaverjas", "all", seed, deals);
  // How the work grows with the tricks left.
  for (int tricks_left = 3; tricks_left <= 7; ++tricks_left) register_solve("classique", "suit", seed, deals, tricks_left);
  register_solve_table("coinche", seed, smoke ? 2 : 50);
  // A sampled player's worlds: separate solves against one batch.
  for (const char* ruleset : {"coinche", "klaverjas"})
    for (bool batch : {false, true}) register_solve_worlds(ruleset, seed, smoke ? 2 : 40, 16, batch);
}

}  // namespace belote::bench
