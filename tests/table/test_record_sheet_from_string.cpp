// A game under a ruleset loaded from text is scored as a sheet from the table
// itself (record_sheet), under the table's ruleset: nothing is looked up by
// the ruleset's name. That name, written into every record, is a ruleset
// name: load_string refuses any other.
#include <boost/test/unit_test.hpp>

#include <string>
#include <vector>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_record_sheet_from_string)

using namespace belote;
using namespace belote::test;

namespace {

constexpr const char* kHouseRules = "extends = \"coinche\"\n[game]\ntarget = 500\n";

}  // namespace

BOOST_AUTO_TEST_CASE(a_table_under_a_string_ruleset_scores_its_own_sheet) {
  const LoadedRuleset loaded = shipped_loader().load_string(kHouseRules, "<house>", "house");
  BOOST_TEST_REQUIRE(loaded.ok());
  TableSetup setup;
  setup.seed = 11;
  Table table(*loaded.ruleset, setup);
  Xoshiro256 rng(11, 2);
  while (!table.over()) table.apply_random(rng);

  const Sheet sheet = record_sheet(table);
  const GameScore game = score_sheet(table.rules(), sheet);
  BOOST_TEST(game.totals[Team::NS] == table.tally().totals[Team::NS]);
  BOOST_TEST(game.totals[Team::EW] == table.tally().totals[Team::EW]);
  BOOST_TEST(game.over());
  BOOST_TEST(game.target == 500);
  BOOST_TEST(sheet_text(table.rules(), sheet, game).find("house") != std::string::npos);
  BOOST_TEST(!game_state_text(sheet, game).empty());
  // The record names the ruleset by the name it was given, and holds it.
  BOOST_TEST(record_ruleset(record_json(table))->name == "house");
  BOOST_TEST(record_ruleset(record_json(table))->holds_rules);
}

BOOST_AUTO_TEST_CASE(load_string_refuses_a_name_that_is_not_a_ruleset_name) {
  for (const std::string& name : std::vector<std::string>{"my house rules!/..", "", "../coinche", "house.toml", std::string(65, 'a')}) {
    const LoadedRuleset loaded = shipped_loader().load_string(kHouseRules, "<house>", name);
    BOOST_TEST(!loaded.ok(), name);
    BOOST_TEST_REQUIRE(loaded.errors.size() == 1u);
    BOOST_TEST(loaded.errors.begin()->message.starts_with("a loaded ruleset's name is a ruleset name (1 to 64 letters, digits and '-'), not '"),
               loaded.errors.begin()->message);
  }
  BOOST_TEST(shipped_loader().load_string(kHouseRules, "<house>", "House-2").ok());
}

BOOST_AUTO_TEST_SUITE_END()
