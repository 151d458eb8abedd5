// AdviceOptions::max_milliseconds bounds the whole advice, the drawing of the
// worlds included, and the worlds are drawn as they are solved: a count of
// worlds no time could solve ends at the limit with the worlds solved so far,
// holding a batch of drawn worlds in memory rather than all of them.
#include <boost/test/unit_test.hpp>

#include <malloc.h>

#include <chrono>
#include <cstddef>
#include <limits>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_advice_time_limit)

using namespace belote;
using namespace belote::test;

namespace {

std::size_t bytes_in_use() { return mallinfo2().uordblks; }

struct Timed {
  Advice advice;
  double seconds = 0;
  /// The heap's growth when the first world's figures were summed: the worlds drawn by then.
  std::ptrdiff_t growth_at_first_world = 0;
  int progress_worlds = 0;
};

Timed advise_for(const Table& table, int worlds) {
  Timed out;
  const std::size_t before = bytes_in_use();
  AdviceOptions options;
  options.worlds = worlds;
  options.max_milliseconds = 50;
  options.progress = [&](int done, int of) {
    if (done == 1) out.growth_at_first_world = std::ptrdiff_t(bytes_in_use()) - std::ptrdiff_t(before);
    out.progress_worlds = of;
  };
  const auto start = std::chrono::steady_clock::now();
  out.advice = advise(table.rules(), table.actions(), table.observe(table.to_act()), table.legal(), options);
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

// A coinche mène at its first card: 80 H taken, then the play.
Table first_card(const Ruleset& rules) {
  Table table(rules, TableSetup{.seed = 4, .max_menes = 1});
  for (const char* call : {"80 H", "pass", "pass", "pass"}) BOOST_TEST_REQUIRE(!table.apply(*table.parse_action(call)));
  return table;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_play_advice_ends_at_the_limit_whatever_the_worlds_asked) {
  const auto rules = ruleset("coinche");
  const Table table = first_card(*rules);
  BOOST_TEST_REQUIRE((table.phase() == TablePhase::play));
  const int asked = std::numeric_limits<int>::max();
  const Timed timed = advise_for(table, asked);
  BOOST_TEST(timed.advice.stopped);
  BOOST_TEST(timed.advice.worlds >= 1);
  BOOST_TEST(timed.advice.worlds < asked);
  BOOST_TEST(timed.progress_worlds == asked);
  // A batch of worlds (a few dozen bytes each) drawn, not all of them.
  BOOST_TEST(timed.growth_at_first_world < std::ptrdiff_t(16) << 20);
  // Far from the time all of them would take; loose, for a loaded machine.
  BOOST_TEST(timed.seconds < 20.0);
  BOOST_TEST(table.legal().contains(table.actions(), timed.advice.best));
}

BOOST_AUTO_TEST_CASE(the_auction_advice_draws_its_worlds_as_it_solves_them) {
  const auto rules = ruleset("coinche");
  const Table table(*rules, TableSetup{.seed = 4, .max_menes = 1});
  BOOST_TEST_REQUIRE((table.phase() == TablePhase::auction));
  const int asked = 1000000;
  const Timed timed = advise_for(table, asked);
  BOOST_TEST(timed.advice.stopped);
  BOOST_TEST(timed.advice.worlds >= 1);
  BOOST_TEST(timed.advice.worlds < asked);
  // A million worlds drawn first would hold tens of megabytes by the first world summed.
  BOOST_TEST(timed.growth_at_first_world < std::ptrdiff_t(16) << 20);
  BOOST_TEST(timed.seconds < 20.0);
}

BOOST_AUTO_TEST_CASE(without_a_limit_every_world_asked_is_solved) {
  const auto rules = ruleset("coinche");
  Table table = first_card(*rules);
  Xoshiro256 rng(4, 4);
  for (int card = 0; card < 17; ++card) table.apply_random(rng);  // trick 5: quick worlds
  AdviceOptions options;
  options.worlds = 300;  // more than a batch
  const Advice advice = advise(*rules, table.actions(), table.observe(table.to_act()), table.legal(), options);
  BOOST_TEST(!advice.stopped);
  BOOST_TEST(advice.worlds == 300);
}

BOOST_AUTO_TEST_SUITE_END()
