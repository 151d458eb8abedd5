// The API an embedding program uses: deals built in code (card tokens or a
// JSON value) are checked as deal files are and score the same, and rulesets
// load by name, by path and from text.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_embedding)

using namespace belote;
using namespace belote::test;

namespace {

// The worked example of seed 000, as examples/worked-example.toml has it.
HandsDealText worked_example_text() {
  HandsDealText text;
  text.id = "worked";
  text.trump = "H";
  text.taker = "N";
  text.first = "E";
  text.hands[Seat::N] = "9S 8S 7S AH JH KD 9C 7C";
  text.hands[Seat::E] = "AS 8H 10D 9D 8D 7D QC JC";
  text.hands[Seat::S] = "JS 10S QH 9H AD QD AC 8C";
  text.hands[Seat::W] = "KS QS KH 10H 7H JD KC 10C";
  text.result.points = {{88, 74}};
  text.result.tricks = {{5, 3}};
  return text;
}

Deal worked_example_file(const Ruleset& rules) {
  Deal deal;
  Diagnostics errors;
  BOOST_REQUIRE(DealReader(rules).read_toml_file(source_dir() / "examples" / "worked-example.toml", deal, errors));
  return deal;
}

Diagnostics hands_errors(const HandsDealText& text) {
  Deal deal;
  Diagnostics errors;
  const bool ok = DealReader(*ruleset("classique")).read_hands(text, deal, errors);
  BOOST_TEST(ok == errors.empty());
  return errors;
}

}  // namespace

BOOST_AUTO_TEST_CASE(a_deal_built_from_tokens_is_the_deal_file) {
  const auto rules = ruleset("classique");
  Deal built;
  Diagnostics errors;
  BOOST_REQUIRE(DealReader(*rules).read_hands(worked_example_text(), built, errors));
  const Deal file = worked_example_file(*rules);
  BOOST_TEST((built.hands == file.hands));
  BOOST_TEST(built.trump == file.trump);
  BOOST_TEST((built.taker == file.taker && built.first == file.first && built.first_given));
  BOOST_TEST((built.result == file.result));
  BOOST_TEST(built.id == "worked");
  BOOST_TEST(outcome_json(*rules, built, evaluate(*rules, built))["score"] ==
             outcome_json(*rules, file, evaluate(*rules, file))["score"]);
  BOOST_TEST(evaluate(*rules, built).score[Team::EW] == 212);
}

BOOST_AUTO_TEST_CASE(tokens_take_symbols_french_letters_and_lower_case) {
  HandsDealText text = worked_example_text();
  text.trump = "♥";
  text.hands[Seat::W] = "rs ds rh th 7♥ vd kc 10c";
  text.first = "";
  Deal deal;
  Diagnostics errors;
  BOOST_REQUIRE(DealReader(*ruleset("classique")).read_hands(text, deal, errors));
  BOOST_TEST((deal.hands[Seat::W] == worked_example_file(*ruleset("classique")).hands[Seat::W]));
  BOOST_TEST(!deal.first_given);
  BOOST_TEST((deal.first == Seat::N));
}

BOOST_AUTO_TEST_CASE(mistakes_in_a_built_deal_name_the_key_without_a_position) {
  struct Case {
    std::string key;  // "trump", "taker" or "W" (that hand)
    std::string value;
    std::string message;
  };
  const std::vector<Case> cases{
      {"W", "KS QS KH 10H 7H JD KC ZZ",
       "<deal>: 'hands.W': unknown card 'ZZ' (a card is a rank 7 8 9 10 J Q K A then a suit S H D C)"},
      {"trump", "X", "<deal>: 'trump': unknown suit 'X' (suits: S H D C)"},
      {"taker", "Z", "<deal>: 'taker': unknown seat 'Z' (seats: N E S W)"},
      {"W", "KS QS KH 10H 7H JD KC 9S", "<deal>: 'hands.W': card 9S is also in 'hands.N'"},
  };
  for (const Case& c : cases) {
    HandsDealText text = worked_example_text();
    (c.key == "trump" ? text.trump : c.key == "taker" ? text.taker : text.hands[Seat::W]) = c.value;
    const Diagnostics errors = hands_errors(text);
    BOOST_TEST_REQUIRE(!errors.empty(), c.message);
    BOOST_TEST(location_and_message(errors[0]) == c.message);
    BOOST_TEST(errors[0].line == 0);
    BOOST_TEST(errors[0].source_line.empty());
  }
  HandsDealText sums = worked_example_text();
  sums.result.points = {{88, 70}};
  const Diagnostics errors = hands_errors(sums);
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].message.find("result.points") != std::string::npos, errors[0].message);
}

BOOST_AUTO_TEST_CASE(a_json_value_is_read_as_a_json_line) {
  const auto rules = ruleset("traditionnelle");
  const std::string line = random_deal_lines(5, 1);
  Deal from_line, from_value;
  Diagnostics errors;
  BOOST_REQUIRE(DealReader(*rules).read_json_line(line, "x", 1, from_line, errors));
  BOOST_REQUIRE(DealReader(*rules).read_json(nlohmann::json::parse(line), "x", from_value, errors));
  BOOST_TEST((from_value.hands == from_line.hands));
  BOOST_TEST(from_value.id == from_line.id);
  BOOST_TEST(DealReader(*rules).read_json(nlohmann::json::array(), "built", from_value, errors) == false);
  BOOST_TEST(location_and_message(errors.back()) == "built: a deal must be a JSON object");
}

BOOST_AUTO_TEST_CASE(a_ruleset_loads_by_name_by_path_and_from_text_alike) {
  const RulesetLoader loader = shipped_loader();
  const LoadedRuleset by_name = loader.load("classique-preneur-garde");
  const LoadedRuleset by_path = loader.load((rulesets_dir() / "classique-preneur-garde.toml").string());
  const LoadedRuleset from_text =
      loader.load_string("extends = \"classique\"\n[contract]\nfailed_announcements = \"takers\"\n", "<text>", "garde");
  BOOST_REQUIRE(by_name.ok());
  BOOST_REQUIRE(by_path.ok());
  BOOST_REQUIRE(from_text.ok());
  BOOST_TEST(by_name.ruleset->same_conventions(*by_path.ruleset));
  BOOST_TEST(by_name.ruleset->same_conventions(*from_text.ruleset));
  BOOST_TEST(from_text.ruleset->info.name == "garde");
  BOOST_TEST(!by_name.ruleset->same_conventions(*ruleset("classique")));
}

BOOST_AUTO_TEST_SUITE_END()  // test_embedding
