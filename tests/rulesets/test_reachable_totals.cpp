// The totals a team's announcements or roem can add up to (ReachableTotals,
// rule_tables.h): sums of a ruleset's values, each used as often as wanted,
// compared with a count made the slow way, and a table kept small where odd
// values would push Schur's bound far past the highest total asked.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <ostream>
#include <vector>

#include "belote/rule_tables.h"

namespace bdata = boost::unit_test::data;

BOOST_AUTO_TEST_SUITE(test_reachable_totals)

namespace {

struct TotalsCase {
  std::vector<int> values;
  int most = 0;
};

std::ostream& operator<<(std::ostream& out, const TotalsCase& c) {
  out << "values";
  for (int v : c.values) out << ' ' << v;
  return out << ", most " << c.most;
}

// Whether each total from 0 to `last` is a sum of `values`, one total after another.
std::vector<bool> sums_up_to(const std::vector<int>& values, int last) {
  std::vector<bool> can(std::size_t(last) + 1, false);
  can[0] = true;
  for (int total = 1; total <= last; ++total)
    for (int v : values)
      if (v > 0 && v <= total && can[std::size_t(total - v)]) can[std::size_t(total)] = true;
  return can;
}

}  // namespace

BOOST_DATA_TEST_CASE(a_total_is_reached_exactly_when_the_values_add_up_to_it,
                     bdata::make(std::vector<TotalsCase>{
                         {{20, 50, 100, 150, 200}, 5000},  // coinche's sequences and carrés
                         {{20, 50, 20, 100}, 1600},        // klaverjas's runs, stuk and four of a kind
                         {{0, 0, 0}, 100},                 // nothing to declare: only 0
                         {{7, 11}, 500},                   // coprime values: 59 is the last total missed
                         {{3}, 50},
                         {{9999, 10000}, 100000}}),        // Schur's bound far past the highest total asked
                     c) {
  const belote::ReachableTotals totals = belote::ReachableTotals::of(c.values, c.most);
  const int last = std::min(c.most, 30000);
  const std::vector<bool> expected = sums_up_to(c.values, last);
  int wrong = 0;
  for (int total = 0; total <= last; ++total) wrong += totals.holds(total) != bool(expected[std::size_t(total)]);
  BOOST_TEST(wrong == 0);
  BOOST_TEST(!totals.holds(-20));
  BOOST_TEST(totals.reached.size() <= std::size_t(c.most) + 1);
}

BOOST_AUTO_TEST_SUITE_END()  // test_reachable_totals
