// A ruleset described for a mène form (ruleset_description.h): every value
// comes from the ruleset, so two rulesets that differ are described apart.
#define BOOST_TEST_MODULE ruleset_description
#include <boost/test/unit_test.hpp>

#include "hand_built.h"
#include "test_support.h"

using namespace belote;
using namespace belote::test;

namespace {

nlohmann::ordered_json describe(const std::string& name) { return ruleset_description(*ruleset(name)); }

std::vector<std::string> carre_ranks(const nlohmann::ordered_json& description) {
  std::vector<std::string> ranks;
  for (const auto& carre : description["announcements"]["carres"]) ranks.push_back(carre["rank"]);
  return ranks;
}

}  // namespace

BOOST_AUTO_TEST_CASE(classique_is_described_by_its_own_values) {
  const auto d = describe("classique");
  BOOST_TEST(d["name"] == "classique");
  BOOST_TEST(d["title"] == ruleset("classique")->info.title);
  BOOST_TEST(d["base"].is_null());
  BOOST_TEST(d["deck"]["ranks"].dump() == R"(["7","8","9","10","J","Q","K","A"])");
  BOOST_TEST(d["deck"]["hand_size"] == 8);
  BOOST_TEST(d["announcements"]["sequences"].dump() ==
             R"([{"name":"tierce","length":3,"points":20},{"name":"cinquante","length":4,"points":50},)"
             R"({"name":"cent","length":5,"points":100}])");
  // A carré worth nothing is no announcement: eights and sevens are not offered.
  BOOST_TEST((carre_ranks(d) == std::vector<std::string>{"9", "10", "J", "Q", "K", "A"}));
  BOOST_TEST(d["belote"].dump() == R"({"points":20,"ranks":["Q","K"]})");
  BOOST_TEST(d["capot"] == 252);
  BOOST_TEST(d["game"].dump() == R"({"target":1000,"both_reach":"highest"})");
  BOOST_TEST(d["announcements"]["exact_tie"] == "nobody");
}

BOOST_AUTO_TEST_CASE(a_deal_names_a_trump_suit_with_the_decks_card_points) {
  const auto d = describe("classique");
  BOOST_TEST(d["contracts"].size() == 4u);
  BOOST_TEST(d["contracts"][1].dump() ==
             R"({"label":"♥","keys":{"trump":"H"},"kind":"suit","card_points":162,"capot":252,)"
             R"("declares":["tierce","cinquante","cent","carre"],"belote":"trump-suit","score_multiplier":1})");
  BOOST_TEST(d["bids"].empty());
  BOOST_TEST(d["doubling"].empty());
}

BOOST_AUTO_TEST_CASE(the_conventions_that_differ_are_described_apart) {
  const auto traditionnelle = describe("traditionnelle");
  BOOST_TEST(traditionnelle["announcements"]["min_tricks"] == 1);
  const auto sevens = traditionnelle["announcements"]["carres"][0];
  BOOST_TEST(sevens.dump() == R"({"rank":"7","points":0,"voids_deal":true})");
  BOOST_TEST(describe("classique-premier-parle")["announcements"]["exact_tie"] == "first-speaker");
  BOOST_TEST(describe("classique-premier-parle")["base"] == "classique");
  BOOST_TEST((carre_ranks(describe("classique-carres-bas")) ==
              std::vector<std::string>{"7", "8", "9", "10", "J", "Q", "K", "A"}));
}

BOOST_AUTO_TEST_CASE(another_deck_changes_the_ranks_and_the_card_points) {
  // The 36-card deck, with the 6 of trumps worth 6: the deal's card points are the deck's.
  std::string deck = kDeck36Toml;
  const std::string six_of_trumps = "7 = 0, 6 = 0 }\nplain_points";
  deck.replace(deck.find(six_of_trumps), six_of_trumps.size(), "7 = 0, 6 = 6 }\nplain_points");
  const LoadedRuleset loaded = load_text("extends = \"classique\"\n" + deck);
  BOOST_TEST_REQUIRE(loaded.ok());
  const auto d = ruleset_description(*loaded.ruleset);
  BOOST_TEST(d["deck"]["ranks"][0] == "6");
  BOOST_TEST(d["deck"]["cards"] == 36);
  BOOST_TEST(d["deck"]["hand_size"] == 9);
  BOOST_TEST(d["contracts"][0]["card_points"] == 168);
}

BOOST_AUTO_TEST_CASE(a_ruleset_with_contract_kinds_offers_each_with_its_card_points) {
  const auto d = describe("bulgare");
  BOOST_TEST(d["contracts"].size() == 6u);  // the four suits, no-trumps, all-trumps
  BOOST_TEST(d["contracts"][0]["keys"].dump() == R"({"trump":"S"})");
  const auto no_trumps = d["contracts"][4];
  BOOST_TEST(no_trumps["keys"].dump() == R"({"kind":"no-trumps"})");
  BOOST_TEST(no_trumps["card_points"] == 260);
  BOOST_TEST(no_trumps["declares"].empty());
  BOOST_TEST(no_trumps["belote"] == "nowhere");
  const auto all_trumps = d["contracts"][5];
  BOOST_TEST(all_trumps["card_points"] == 258);
  BOOST_TEST(all_trumps["belote"] == "every-suit");
  BOOST_TEST(all_trumps["capot"] == 348);
}
