// One ruleset and one ruleset loader shared by several threads, each playing
// its own tables with its own players (docs/table.md, "What a program keeps
// alive, and threads"): every game is the game played alone, while the
// shared loader loads rulesets meanwhile.
#include <boost/test/unit_test.hpp>

#include <string>
#include <thread>
#include <vector>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_table_threads)

using namespace belote;
using namespace belote::test;

namespace {

std::string game_record(const Ruleset& rules, std::uint64_t seed) {
  Table table(rules, TableSetup{.seed = seed, .max_menes = 3});
  std::array<std::unique_ptr<Player>, 4> players{heuristic_player(seed), random_player(seed + 1), heuristic_player(seed + 2),
                                                 random_player(seed + 3)};
  while (!table.over())
    if (table.apply(ask(*players[std::size_t(index(table.to_act()))], table))) return "refused";
  return record_json(table);
}

}  // namespace

BOOST_AUTO_TEST_CASE(threads_share_a_ruleset_and_a_loader) {
  const RulesetLoader loader = shipped_loader();
  const LoadedRuleset loaded = loader.load("coinche");
  BOOST_TEST_REQUIRE(loaded.ok());
  constexpr int kThreads = 4, kGames = 8;
  std::vector<std::string> alone;
  for (int g = 0; g < kThreads * kGames; ++g) alone.push_back(game_record(*loaded.ruleset, std::uint64_t(g)));

  std::vector<std::string> together(alone.size());
  std::vector<int> loads_ok(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      for (int g = t; g < kThreads * kGames; g += kThreads) {
        together[std::size_t(g)] = game_record(*loaded.ruleset, std::uint64_t(g));
        loads_ok[std::size_t(t)] += loader.load(g % 2 ? "klaverjas" : "classique").ok() ? 1 : 0;
      }
    });
  for (std::thread& thread : threads) thread.join();
  for (std::size_t g = 0; g < alone.size(); ++g) BOOST_TEST(together[g] == alone[g], "game " << g);
  for (int t = 0; t < kThreads; ++t) BOOST_TEST(loads_ok[std::size_t(t)] == kGames);
}

BOOST_AUTO_TEST_SUITE_END()
