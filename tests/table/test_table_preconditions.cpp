// The table's checked entry points refuse what would break it, saying so:
// apply_random once the game is over throws, and apply() refuses a card in
// the auction with the state unchanged (apply_legal, the unchecked fast path,
// takes only legal actions), and observe refuses a value that is no seat.
#include <boost/test/unit_test.hpp>

#include <bit>
#include <stdexcept>
#include <string>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_table_preconditions)

using namespace belote;
using namespace belote::test;

BOOST_AUTO_TEST_CASE(apply_random_throws_once_the_game_is_over) {
  const auto rules = ruleset("coinche");
  TableSetup setup;
  setup.seed = 3;
  setup.max_menes = 1;
  Table table(*rules, setup);
  Xoshiro256 rng(3, 4);
  while (!table.over()) table.apply_random(rng);
  const Table before = table;
  BOOST_CHECK_EXCEPTION(table.apply_random(rng), std::logic_error, [](const std::logic_error& e) {
    return std::string(e.what()) == "the game is over: apply_random has no action to draw";
  });
  BOOST_TEST(table.over());
  BOOST_TEST(table.tally().played == before.tally().played);
}

BOOST_AUTO_TEST_CASE(apply_refuses_a_card_in_the_auction) {
  const auto rules = ruleset("coinche");
  Table table(*rules);
  const Card card = Card(std::countr_zero(table.hands()[table.to_act()]));
  const auto refused = table.apply(table.actions().card(card));
  BOOST_TEST_REQUIRE(refused.has_value());
  BOOST_TEST((table.phase() == TablePhase::auction));
  BOOST_TEST(table.mene_actions().empty());
}

BOOST_AUTO_TEST_CASE(observe_refuses_what_is_no_seat) {
  const auto rules = ruleset("coinche");
  const Table table(*rules);
  BOOST_CHECK_EXCEPTION(table.observe(Seat(9)), std::out_of_range, [](const std::out_of_range& e) {
    return std::string(e.what()) == "observe: 9 is not a seat (N, E, S, W)";
  });
}

BOOST_AUTO_TEST_SUITE_END()
