#include "table_benchmarks.h"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <belote/belote.h>

#include "consistency.h"

namespace belote::bench {

namespace {

constexpr const char* kTableFamilies[] = {"coinche", "classique", "bulgare", "schieber", "klaverjas"};

std::shared_ptr<const Ruleset> load_table_family(const std::string& name) {
  const LoadedRuleset loaded = RulesetLoader(RulesetSearchPath::standard({})).load(name);
  if (!loaded.ok()) {
    for (const Diagnostic& e : loaded.errors) fmt::print(stderr, "belote_bench: error: {}\n", location_and_message(e));
    return nullptr;
  }
  return loaded.ruleset;
}

// A game of many mènes, without history: random calls soon bid and double
// the highest contracts, and a game to the ruleset's target would end after
// one or two mènes, timing the making of tables rather than their mènes (the
// highest target a table takes lasts a hundred mènes and more).
TableSetup quick_setup(std::uint64_t seed) {
  TableSetup setup;
  setup.seed = seed;
  setup.keep_history = false;
  setup.target = kMaxGameTarget;
  setup.max_menes = 10000;
  return setup;
}

// Table states met in random games, gathered once.
std::shared_ptr<std::vector<Table>> random_states(const Ruleset& rules, std::uint64_t seed, std::size_t count) {
  auto states = std::make_shared<std::vector<Table>>();
  Xoshiro256 rng(seed, 5);
  Table table(rules, quick_setup(seed));
  while (states->size() < count) {
    if (table.over()) table = Table(rules, quick_setup(seed + states->size()));
    states->push_back(table);
    table.apply_random(rng);
  }
  return states;
}

void register_family(const std::shared_ptr<const Ruleset>& rules, std::uint64_t seed) {
  const std::string name = rules->info.name;
  benchmark::RegisterBenchmark(("table_menes/" + name).c_str(), [rules, seed](benchmark::State& state) {
    Xoshiro256 rng(seed, 1);
    std::uint64_t game = seed;
    Table table(*rules, quick_setup(game));
    std::int64_t checksum = 0;
    for (auto _ : state) {
      // One mène played: actions until the tally counts it (a new game when one ends).
      const int played = table.tally().played;
      while (table.tally().played == played) {
        if (table.over()) {
          table = Table(*rules, quick_setup(++game));
          break;
        }
        table.apply_random(rng);
      }
      checksum += table.tally().totals[Team::NS] + table.tally().totals[Team::EW];
    }
    benchmark::DoNotOptimize(checksum);
    check(state, checksum != 0, "the tables scored nothing");
    state.SetItemsProcessed(state.iterations());
  });
  constexpr std::size_t kStates = 4096;  // a power of two, stepped through with a mask
  const auto states = random_states(*rules, seed, kStates);
  benchmark::RegisterBenchmark(("table_legal/" + name).c_str(), [states](benchmark::State& state) {
    std::size_t at = 0;
    std::uint64_t checksum = 0;
    for (auto _ : state) {
      const LegalActions legal = (*states)[at].legal();
      checksum += legal.cards ^ legal.word_cards ^ legal.declare ^ std::uint64_t(legal.calls.bid_kinds) ^ std::uint64_t(legal.calls.pass);
      at = (at + 1) & (kStates - 1);
    }
    benchmark::DoNotOptimize(checksum);
    state.SetItemsProcessed(state.iterations());
  });
  benchmark::RegisterBenchmark(("table_copy/" + name).c_str(), [states](benchmark::State& state) {
    std::size_t at = 0;
    for (auto _ : state) {
      Table copy = (*states)[at];
      benchmark::DoNotOptimize(copy);
      at = (at + 1) & (kStates - 1);
    }
    state.SetItemsProcessed(state.iterations());
  });
}

}  // namespace

void register_table_benchmarks(std::uint64_t seed) {
  for (const char* family : kTableFamilies)
    if (const auto rules = load_table_family(family)) register_family(rules, seed);
}

}  // namespace belote::bench
