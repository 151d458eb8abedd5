// Two rulesets compared on random deals solved with best play: a ruleset
// against itself changes nothing; against an overlay that changes one play
// convention, the count of differing deals, their changes and the examples are
// each deal's solved values, the same on one thread or two.
#include <boost/test/unit_test.hpp>
#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_solved_diff)

using namespace belote;
using namespace belote::test;

BOOST_AUTO_TEST_CASE(a_ruleset_against_itself_changes_nothing) {
  const auto rules = ruleset("classique");
  const SolvedDiff d = random_solved_diff(*rules, *rules, 3, 12, 2, 5);
  BOOST_TEST(d.deals == 12u);
  BOOST_TEST(d.differing == 0u);
  BOOST_TEST(d.examples.empty());
}

BOOST_AUTO_TEST_CASE(an_overlay_changes_the_deals_its_convention_decides) {
  const auto a = ruleset("coinche");
  const auto b = ruleset("coinche-sans-sous-coupe");
  constexpr std::uint64_t kDeals = 12;
  const SolvedDiff one = random_solved_diff(*a, *b, 0, kDeals, 1, 3);
  const SolvedDiff two = random_solved_diff(*a, *b, 0, kDeals, 2, 3);
  const RandomDeals ra(*a, 0), rb(*b, 0);
  std::uint64_t differing = 0;
  std::int64_t change = 0;
  std::vector<std::uint64_t> examples;
  Deal da, db;
  for (std::uint64_t i = 0; i < kDeals; ++i) {
    ra.make(i, da, false);
    rb.make(i, db, false);
    const SolveOptions value_only{.best_cards = false};
    const int va = solve(PlayContext(*a, da.kind, da.trump), SolvePosition::start(da.hands, da.first, team_of(da.taker)), value_only).takers_points;
    const int vb = solve(PlayContext(*b, db.kind, db.trump), SolvePosition::start(db.hands, db.first, team_of(db.taker)), value_only).takers_points;
    if (va == vb) continue;
    ++differing;
    change += vb - va;
    if (examples.size() < 3) examples.push_back(i);
  }
  BOOST_TEST_MESSAGE(fmt::format("coinche against coinche-sans-sous-coupe: {} of {} deals differ", differing, kDeals));
  BOOST_TEST(one.differing == differing);
  BOOST_TEST(one.change == change);
  BOOST_TEST(one.examples == examples);
  BOOST_TEST(two.differing == differing);
  BOOST_TEST(two.examples == examples);
  BOOST_TEST(two.largest_at == one.largest_at);
}

BOOST_AUTO_TEST_SUITE_END()
