// Every engine player, advise() and make_player refuse the same arguments in
// the same way: a view that is not the seat to act's, and fewer than one world
// to draw (std::invalid_argument, saying which).
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include <stdexcept>
#include <string>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_player_arguments)

using namespace belote;
using namespace belote::test;

BOOST_AUTO_TEST_CASE(every_player_refuses_another_seats_view) {
  const auto rules = ruleset("coinche");
  const Table table(*rules, TableSetup{.seed = 9, .max_menes = 1});
  const Seat to_act = table.to_act(), other = next_in_play(to_act);
  const Observation seen = table.observe(other);
  const LegalActions legal = table.legal();
  const std::string expected = fmt::format("the view is {}'s, but {} is to act: advice is for the seat to act", name(other), name(to_act));
  for (const auto& player : {heuristic_player(1), random_player(2), sampled_player(3, 2)}) {
    BOOST_TEST_CONTEXT(player->name()) {
      BOOST_CHECK_EXCEPTION(player->choose(PlayerView{*rules, table.actions(), seen, legal}), std::invalid_argument,
                            [&](const std::invalid_argument& e) { return std::string(e.what()) == expected; });
    }
  }
  // The seat to act's own view is answered.
  const Observation own = table.observe(to_act);
  BOOST_TEST(legal.contains(table.actions(), heuristic_player(1)->choose(PlayerView{*rules, table.actions(), own, legal})));
}

BOOST_AUTO_TEST_CASE(fewer_than_one_world_is_refused_everywhere) {
  for (const int worlds : {0, -1}) {
    BOOST_CHECK_EXCEPTION((void)sampled_player(1, worlds), std::invalid_argument, [&](const std::invalid_argument& e) {
      return std::string(e.what()) == fmt::format("sampled_player takes a number of worlds of at least 1, not {}", worlds);
    });
  }
  std::string error;
  BOOST_TEST(!make_player("sampled:0", 1, error));
  BOOST_TEST(error == "player 'sampled:0': sampled:N takes a number of worlds from 1 to 4096");

  const auto rules = ruleset("coinche");
  const Table table(*rules, TableSetup{.seed = 9, .max_menes = 1});
  for (const int worlds : {0, -3}) {
    BOOST_CHECK_EXCEPTION(advise(*rules, table.actions(), table.observe(table.to_act()), table.legal(), AdviceOptions{.worlds = worlds}),
                          std::invalid_argument, [&](const std::invalid_argument& e) {
                            return std::string(e.what()) ==
                                   fmt::format("AdviceOptions::worlds is the number of worlds to draw, at least 1, not {}", worlds);
                          });
  }
  BOOST_TEST(sampled_player(1, 1)->name() == "sampled:1");
}

BOOST_AUTO_TEST_SUITE_END()
