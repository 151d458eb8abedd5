// A record is written from the mènes a table keeps: a table set up without
// history (TableSetup::keep_history = false) has none to write once a mène
// is finished, and its record writers refuse rather than write a record that
// replays as another game.
#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_record_history)

using namespace belote;
using namespace belote::test;

namespace {

Table played_game(const Ruleset& rules, bool keep_history) {
  TableSetup setup;
  setup.seed = 5;
  setup.max_menes = 2;
  setup.keep_history = keep_history;
  Table table(rules, setup);
  Xoshiro256 rng(5, 1);
  while (!table.over()) table.apply_random(rng);
  return table;
}

bool names_keep_history(const std::logic_error& e) {
  return std::string(e.what()).find("keep_history = false") != std::string::npos &&
         std::string(e.what()).find("would replay as another game") != std::string::npos;
}

}  // namespace

BOOST_AUTO_TEST_CASE(writers_refuse_menes_played_without_history) {
  const auto rules = ruleset("coinche");
  const Table table = played_game(*rules, false);
  BOOST_TEST_REQUIRE(table.tally().played >= 1);
  BOOST_CHECK_EXCEPTION((void)record_json(table), std::logic_error, names_keep_history);
  BOOST_CHECK_EXCEPTION((void)record_toml(table), std::logic_error, names_keep_history);
  BOOST_CHECK_EXCEPTION((void)record_deal_lines(table), std::logic_error, names_keep_history);
  BOOST_CHECK_EXCEPTION((void)record_sheet(table), std::logic_error, names_keep_history);
  try {
    (void)record_json(table);
  } catch (const std::logic_error& e) {
    BOOST_TEST(std::string(e.what()).starts_with("record_json: "));
    const int dealt = table.tally().dealt;
    BOOST_TEST(std::string(e.what()).find(std::to_string(dealt) + (dealt == 1 ? " mène finished" : " mènes finished")) != std::string::npos,
               e.what());
  }
}

BOOST_AUTO_TEST_CASE(a_table_without_history_writes_before_its_first_mene_ends) {
  const auto rules = ruleset("coinche");
  TableSetup setup;
  setup.keep_history = false;
  const Table table(*rules, setup);
  const ReplayedRecord replayed = replay_record(*rules, record_json(table));
  BOOST_TEST(replayed.error == "");
  BOOST_TEST(replayed.menes == 0);
}

BOOST_AUTO_TEST_CASE(the_same_game_with_history_replays_to_its_totals) {
  const auto rules = ruleset("coinche");
  const Table table = played_game(*rules, true);
  const ReplayedRecord replayed = replay_record(*rules, record_json(table));
  BOOST_TEST_REQUIRE(replayed.table.has_value(), replayed.error);
  BOOST_TEST(replayed.table->tally().totals[Team::NS] == table.tally().totals[Team::NS]);
  BOOST_TEST(replayed.table->tally().totals[Team::EW] == table.tally().totals[Team::EW]);
}

BOOST_AUTO_TEST_SUITE_END()
