// Random deals solved with best play: the figures are each deal's solver
// value, tallied by kind, by trumps held and by bid reached, and the same on
// one thread or two.
#include <boost/test/unit_test.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_solved_stats)

using namespace belote;
using namespace belote::test;

BOOST_AUTO_TEST_CASE(the_figures_are_each_deals_solved_value_on_any_threads) {
  const auto rules = ruleset("coinche");
  constexpr std::uint64_t kDeals = 16;
  const SolvedStats one = random_solved_stats(*rules, 5, kDeals, 1);
  const SolvedStats two = random_solved_stats(*rules, 5, kDeals, 2);
  BOOST_TEST(one.deals == kDeals);
  BOOST_TEST(one.unsolved == 0u);
  // Solved here deal by deal.
  const RandomDeals random(*rules, 5);
  std::vector<std::uint64_t> points(rules->kinds.size()), deals(rules->kinds.size());
  std::vector<std::uint64_t> reaching(rules->bids.numbers.size());
  Deal deal;
  for (std::uint64_t i = 0; i < kDeals; ++i) {
    random.make(i, deal, false);
    const int value = solve(PlayContext(*rules, deal.kind, deal.trump),
                            SolvePosition::start(deal.hands, deal.first, team_of(deal.taker)), SolveOptions{.best_cards = false})
                          .takers_points;
    points[deal.kind] += std::uint64_t(value);
    ++deals[deal.kind];
    for (std::size_t b = 0; b < reaching.size(); ++b) reaching[b] += value >= rules->bids.numbers[b];
  }
  std::uint64_t in_trumps = 0;
  for (const PointsTally& t : one.by_trumps) in_trumps += t.deals;
  for (std::size_t k = 0; k < rules->kinds.size(); ++k) {
    BOOST_TEST(one.by_kind[k].deals == deals[k]);
    BOOST_TEST(one.by_kind[k].points == points[k]);
    BOOST_TEST(two.by_kind[k].points == points[k]);
    if (rules->kinds[k].trumps == Trumps::one_suit) BOOST_TEST(in_trumps == deals[k]);
  }
  BOOST_TEST(one.reaching_bid == reaching);
  BOOST_TEST(two.reaching_bid == reaching);
  BOOST_TEST(one.by_trumps.size() == two.by_trumps.size());
}

BOOST_AUTO_TEST_CASE(a_node_limit_leaves_deals_out_and_counts_them) {
  const auto rules = ruleset("classique");
  const SolvedStats s = random_solved_stats(*rules, 1, 4, 1, 1000);
  BOOST_TEST(s.deals == 4u);
  BOOST_TEST(s.unsolved == 4u);
  BOOST_TEST(s.by_kind[0].deals == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
