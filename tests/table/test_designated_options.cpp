// The option structs a program fills are written with designated initializers,
// naming only what they change, as the guides write them: every member has a
// default member initializer, so that -Wextra (-Wmissing-field-initializers,
// which the project's own build turns off) says nothing. The check is the
// compile of this file: the diagnostic is an error here.
#include <boost/test/unit_test.hpp>

#pragma GCC diagnostic push
#pragma GCC diagnostic error "-Wmissing-field-initializers"

#include "belote/advice.h"
#include "belote/arena.h"
#include "belote/sheet.h"
#include "belote/solve.h"
#include "belote/table.h"

BOOST_AUTO_TEST_SUITE(test_designated_options)

using namespace belote;

BOOST_AUTO_TEST_CASE(option_structs_take_designated_initializers) {
  const TableSetup setup{.seed = 7};
  const AdviceOptions advice{.worlds = 2};
  const SolveOptions solve{.line = true};
  const SolveHint hint{.reuse_order = true};
  const SolvePosition position{.takers = Team::EW};
  const TableError error{.message = "refused"};
  const Sheet sheet{.ruleset = "coinche"};
  const ArenaSettings arena{.deals = 4};
  BOOST_TEST(setup.seed == 7u);
  BOOST_TEST(!setup.target.has_value());
  BOOST_TEST(advice.worlds == 2);
  BOOST_TEST(!advice.stop);
  BOOST_TEST(!advice.progress);
  BOOST_TEST(solve.line);
  BOOST_TEST(!solve.stop);
  BOOST_TEST(!hint.expected.has_value());
  BOOST_TEST((position.takers == Team::EW));
  BOOST_TEST(error.rule.empty());
  BOOST_TEST(!sheet.target.has_value());
  BOOST_TEST(arena.deals == 4);
}

BOOST_AUTO_TEST_SUITE_END()

#pragma GCC diagnostic pop
