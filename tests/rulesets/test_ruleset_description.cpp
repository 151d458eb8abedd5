// A ruleset described for a mène form (ruleset_description.h): every value
// comes from the ruleset, so two rulesets that differ are described apart.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "hand_built.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_ruleset_description)

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
  BOOST_TEST(d["game"].dump() == R"({"target":1000,"both_reach":"highest","unit":1})");
  BOOST_TEST(d["announcements"]["exact_tie"] == "nobody");
}

BOOST_AUTO_TEST_CASE(a_deal_names_a_trump_suit_with_the_decks_card_points) {
  const auto d = describe("classique");
  BOOST_TEST(d["contracts"].size() == 4u);
  BOOST_TEST(d["contracts"][1].dump() ==
             R"({"label":"♥","keys":{"trump":"H"},"kind":"suit","card_points":162,"capot":252,)"
             R"("declares":["tierce","cinquante","cent","carre"],"belote":"trump-suit","score_multiplier":1,"bid_multiplier":1})");
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

BOOST_AUTO_TEST_CASE(bids_are_described_as_a_mene_writes_them_with_what_they_need) {
  const auto d = describe("coinche");
  const auto& bids = d["bids"];
  BOOST_TEST(bids.size() == 11u);  // 80 to 160 by tens, capot, generale
  BOOST_TEST(bids[0].dump() == R"({"bid":80,"value":80,"needs":"points","capot_names_seat":false})");
  BOOST_TEST(bids[8]["bid"] == 160);
  BOOST_TEST(bids[9].dump() == R"({"bid":"capot","value":250,"needs":"every-trick","capot_names_seat":false})");
  // The générale: every trick to the taker alone, so a mène's capot names the seat.
  BOOST_TEST(bids[10].dump() == R"({"bid":"generale","value":500,"needs":"taker-every-trick","capot_names_seat":true})");
  BOOST_TEST(d["doubling"].dump() == R"([{"name":"coinche","factor":2},{"name":"surcoinche","factor":4}])");
  BOOST_TEST(d["game"].dump() == R"({"target":2000,"both_reach":"highest","unit":1})");
  BOOST_TEST(d["contract_test"] == "reach-bid");
}

BOOST_AUTO_TEST_CASE(each_kind_of_coinche_has_its_card_points_and_capot) {
  const auto d = describe("coinche");
  BOOST_TEST(d["contracts"].size() == 6u);  // the four suits, sans-atout, tout-atout
  BOOST_TEST(d["contracts"][0]["keys"].dump() == R"({"trump":"S"})");
  BOOST_TEST(d["contracts"][0]["kind"] == "couleur");
  const auto sans_atout = d["contracts"][4];
  BOOST_TEST(sans_atout["keys"].dump() == R"({"kind":"sans-atout"})");
  BOOST_TEST(sans_atout["card_points"] == 162);
  BOOST_TEST(sans_atout["capot"] == 250);
  BOOST_TEST(sans_atout["belote"] == "nowhere");
  BOOST_TEST(d["contracts"][5]["belote"] == "every-suit");
}

BOOST_AUTO_TEST_CASE(a_variant_changes_the_bids_the_doubling_the_unit_and_the_bid_multiplier) {
  const auto rules = variant("coinche", R"(
[bids]
from = 82
to = 102
step = 10
[bids.named.capot]
enabled = false
[bids.named.grand]
value = 300
needs = "points"
[doubling]
levels = { surcoinche = 6 }
[kinds.sans-atout]
bid_multiplier = 2
[rounding]
unit = 10
[game]
target = 200
)");
  const auto d = ruleset_description(*rules);
  std::vector<std::string> bids;
  for (const auto& bid : d["bids"]) bids.push_back(bid["bid"].dump());
  BOOST_TEST((bids == std::vector<std::string>{"82", "92", "102", R"("generale")", R"("grand")"}));
  BOOST_TEST(d["bids"][4].dump() == R"({"bid":"grand","value":300,"needs":"points","capot_names_seat":false})");
  BOOST_TEST(d["doubling"].dump() == R"([{"name":"coinche","factor":2},{"name":"surcoinche","factor":6}])");
  BOOST_TEST(d["contracts"][4]["bid_multiplier"] == 2);
  BOOST_TEST(d["contracts"][0]["bid_multiplier"] == 1);
  BOOST_TEST(d["game"].dump() == R"({"target":200,"both_reach":"highest","unit":10})");
}

BOOST_AUTO_TEST_CASE(bulgare_counts_tens_and_has_doubling_but_no_bid) {
  const auto d = describe("bulgare");
  BOOST_TEST(d["bids"].empty());
  BOOST_TEST(d["doubling"].dump() == R"([{"name":"kontra","factor":2},{"name":"rekontra","factor":4}])");
  BOOST_TEST(d["game"].dump() == R"({"target":151,"both_reach":"highest","unit":10})");
  BOOST_TEST(d["contract_test"] == "more-than-defenders");
}

BOOST_AUTO_TEST_CASE(a_game_without_a_contract_says_so) {
  const auto d = describe("schieber");
  BOOST_TEST(d["contract_test"] == "none");
  BOOST_TEST(d["bids"].empty());
  BOOST_TEST(d["doubling"].empty());
  BOOST_TEST(d["deck"]["hand_size"] == 9);
  BOOST_TEST(d["contracts"][4]["keys"].dump() == R"({"kind":"obenabe"})");
  BOOST_TEST(d["contracts"][4]["card_points"] == 157);
  BOOST_TEST(d["contracts"][4]["capot"] == 257);
}

BOOST_AUTO_TEST_SUITE_END()  // test_ruleset_description
