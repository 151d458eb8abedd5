// Klaverjas roem (the rule book, part 3: play.md 3.4): every example of the
// rule book under the three columns it gives (Rotterdam, Amsterdam, Board Game
// Arena), the pit, the roem a played mène gives each team, and the errors a
// ruleset or a deal meets.
#include <boost/test/data/test_case.hpp>
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "printing.h"
#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_roem)

using namespace belote;
using namespace belote::test;
namespace bdata = boost::unit_test::data;

namespace {

struct RoemExample {
  std::string cards;
  int rotterdam, amsterdam, bga;
  friend std::ostream& operator<<(std::ostream& out, const RoemExample& e) { return out << e.cards; }
};

// play.md 3.4, trump hearts.
const std::vector<RoemExample> kExamples = {
    {"JS JH JD JC", 100, 200, 200}, {"7S 7H 7D 7C", 100, 100, 0}, {"10H JH QH KH", 70, 70, 70},
    {"AH KH QH 7S", 40, 40, 40},    {"KH QH 7S 9D", 20, 20, 20},  {"8S 9S 10S JS", 50, 50, 50},
    {"7S 9S 10S JS", 20, 20, 20},   {"7S 8S 10S JS", 0, 0, 0},    {"QS KS AS QH", 20, 20, 20},
};

std::shared_ptr<const Ruleset> bga() {
  static const auto rules = [] {
    const LoadedRuleset loaded = shipped_loader().load_file(tests_dir() / "data" / "play" / "klaverjas-bga.toml");
    BOOST_TEST_REQUIRE(loaded.ok());
    return loaded.ruleset;
  }();
  return rules;
}

int roem_of(const Ruleset& rules, const std::string& cards) {
  const PlayContext play(rules, 0, *rules.deck.parse_suit("H"));
  return trick_roem(play, cards_of(rules.deck, cards)).points;
}

// The one error reading a deal line gives.
std::string only_error(const Ruleset& rules, const std::string& line) {
  const Diagnostics errors = json_deal_errors(rules, line);
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  return errors.begin()->message;
}

}  // namespace

BOOST_DATA_TEST_CASE(each_example_of_the_rule_book_counts_as_its_column_says, bdata::make(kExamples), e) {
  BOOST_TEST(roem_of(*ruleset("klaverjas"), e.cards) == e.rotterdam);
  BOOST_TEST(roem_of(*ruleset("klaverjas-amsterdam"), e.cards) == e.amsterdam);
  BOOST_TEST(roem_of(*bga(), e.cards) == e.bga);
}

BOOST_AUTO_TEST_CASE(a_trick_says_what_made_its_roem) {
  const Ruleset& rules = *ruleset("klaverjas");
  const PlayContext play(rules, 0, *rules.deck.parse_suit("H"));
  const TrickRoem run = trick_roem(play, cards_of(rules.deck, "10H JH QH KH"));
  BOOST_TEST(run.run == 4);
  BOOST_TEST(rules.deck.rank_name(run.run_top) == "K");
  BOOST_TEST(run.stuks == 1);
  const TrickRoem four = trick_roem(play, cards_of(rules.deck, "QS QH QD QC"));
  BOOST_TEST_REQUIRE(four.four_of_a_kind.has_value());
  BOOST_TEST(four.stuks == 0);  // four of a kind holds no stuk, though the queen of trumps is in it
  BOOST_TEST(four.points == 100);
}

BOOST_AUTO_TEST_CASE(rulesets_without_roem_count_none) {
  for (const std::string name : {"classique", "coinche", "bulgare", "schieber"})
    BOOST_TEST(roem_of(*ruleset(name), "10H JH QH KH") == 0, name);
}

BOOST_AUTO_TEST_CASE(the_stuk_lives_in_the_trump_suit_only) {
  const Ruleset& rules = *ruleset("klaverjas");
  const PlayContext spades(rules, 0, *rules.deck.parse_suit("S"));
  BOOST_TEST(trick_roem(spades, cards_of(rules.deck, "KH QH 7S 9D")).points == 0);
  BOOST_TEST(trick_roem(spades, cards_of(rules.deck, "KS QS 7H 9D")).points == 20);
}

// A mène where EW take every trick: the pit adds 100 roem to theirs.
BOOST_AUTO_TEST_CASE(the_pit_adds_its_roem_to_the_team_that_took_every_trick) {
  const Ruleset& rules = *ruleset("klaverjas");
  const std::string line =
      R"({"trump":"H","taker":"E","first":"E","hands":{"N":"7S 8S 9S 7D 8D 9D 7C 8C","E":"JH 9H AH 10H KH QH AS AD",)"
      R"("S":"10S JS QS 10D JD QD 9C 10C","W":"8H 7H KS KD AC KC QC JC"},"result":{"points":{"NS":0,"EW":162},)"
      R"("tricks":{"NS":0,"EW":8},"roem":{"NS":0,"EW":70}}})";
  Deal deal;
  const Diagnostics errors = json_deal_errors(rules, line, &deal);
  BOOST_TEST_REQUIRE(errors.empty(), (errors.empty() ? "" : errors.begin()->message));
  const Outcome out = evaluate(rules, deal);
  BOOST_TEST(out.pit);
  BOOST_TEST(out.roem[Team::EW] == 170);
  BOOST_TEST(out.card_points[Team::EW] == 162);  // the pit is roem: the card points stay 162
  BOOST_TEST(out.contract == ContractResult::made);
  BOOST_TEST(out.score[Team::EW] == 332);
  BOOST_TEST(out.score[Team::NS] == 0);
}

BOOST_AUTO_TEST_CASE(a_played_mene_gives_each_team_the_roem_of_the_tricks_it_won) {
  Deal deal = deal_from_toml(*ruleset("klaverjas"), read_file(tests_dir() / "cases" / "play-klaverjas-worked-mene.toml"));
  BOOST_TEST(deal.result.roem[Team::NS] == 40);
  BOOST_TEST(deal.result.roem[Team::EW] == 20);
  BOOST_TEST(deal.result.points[Team::NS] == 71);
  BOOST_TEST(deal.result.points[Team::EW] == 91);
}

BOOST_AUTO_TEST_CASE(made_each_team_writes_its_card_points_and_roem) {
  // The worked mène with W the only taker who was strictly above: the same
  // tricks scored as written, EW 91 + 20 + 1 roem more would not be a
  // deal, so the written form changes the roem instead.
  const Ruleset& rules = *ruleset("klaverjas");
  const std::string line =
      R"({"trump":"D","taker":"W","first":"S","announcements":{"NS":0,"EW":0},"result":{"points":{"NS":71,"EW":91},"tricks":{"NS":3,"EW":5},"roem":{"NS":20,"EW":20}}})";
  Deal deal;
  const Diagnostics errors = json_deal_errors(rules, line, &deal);
  BOOST_TEST_REQUIRE(errors.empty(), (errors.empty() ? "" : errors.begin()->message));
  const Outcome out = evaluate(rules, deal);
  BOOST_TEST(out.contract == ContractResult::made);
  BOOST_TEST(out.score[Team::NS] == 91);
  BOOST_TEST(out.score[Team::EW] == 111);
}

BOOST_AUTO_TEST_CASE(a_deal_gives_roem_only_where_the_ruleset_counts_it) {
  const std::string line =
      R"({"trump":"D","taker":"W","announcements":{"NS":0,"EW":0},"result":{"points":{"NS":71,"EW":91},"tricks":{"NS":3,"EW":5},"roem":{"NS":20,"EW":0}}})";
  BOOST_TEST(only_error(*ruleset("classique"), line) == "'result.roem': the ruleset counts no roem (it has no [roem] section)");
}

BOOST_AUTO_TEST_CASE(a_team_without_a_trick_has_no_roem) {
  const std::string line =
      R"({"trump":"D","taker":"W","announcements":{"NS":0,"EW":0},"result":{"points":{"NS":0,"EW":162},"tricks":{"NS":0,"EW":8},"roem":{"NS":20,"EW":0}}})";
  BOOST_TEST(only_error(*ruleset("klaverjas"), line) == "'result.roem.NS' is 20, but NS took no trick");
}

BOOST_AUTO_TEST_CASE(roem_beyond_what_the_tricks_can_hold_is_refused) {
  // Eight tricks of at most 100 roem each (four of a kind, Rotterdam).
  const std::string line =
      R"({"trump":"D","taker":"W","announcements":{"NS":0,"EW":0},"result":{"points":{"NS":71,"EW":91},"tricks":{"NS":3,"EW":5},"roem":{"NS":801,"EW":0}}})";
  BOOST_TEST(only_error(*ruleset("klaverjas"), line) == "'result.roem.NS' must be an integer from 0 to 800");
}

BOOST_AUTO_TEST_CASE(roem_no_tricks_make_up_is_refused_as_a_sheet_refuses_it) {
  // 25 is no sum of klaverjas's roem (20, 50, 20 for the stuk, 100), and 3 tricks hold at most 300.
  const std::string base =
      R"({"trump":"D","taker":"W","announcements":{"NS":0,"EW":0},"result":{"points":{"NS":71,"EW":91},"tricks":{"NS":3,"EW":5},"roem":{"NS":)";
  BOOST_TEST(only_error(*ruleset("klaverjas"), base + R"(25,"EW":0}}})") ==
             "'result.roem.NS' is 25, which no tricks hold: roem adds up from roem.runs.3 = 20, roem.runs.4 = 50, "
             "roem.stuk = 20, roem.four_of_a_kind = 100");
  BOOST_TEST(only_error(*ruleset("klaverjas"), base + R"(320,"EW":0}}})") ==
             "'result.roem.NS' is 320, more than 3 tricks can hold (a trick holds at most 100)");
  BOOST_TEST(json_deal_errors(*ruleset("klaverjas"), base + R"(300,"EW":0}}})").empty());
}

// The errors of the [roem] section, one test each.
BOOST_AUTO_TEST_CASE(a_run_length_a_trick_cannot_hold_is_refused) {
  const LoadedRuleset loaded = load_text("extends = \"klaverjas\"\n[roem]\nruns = { 5 = 100 }\n");
  BOOST_TEST_REQUIRE(!loaded.ok());
  BOOST_TEST(loaded.errors.begin()->message ==
             "'roem.runs.5': '5' is not a run length in a trick (3 or 4: a trick holds four cards)");
}

BOOST_AUTO_TEST_CASE(a_stuk_needs_its_cards) {
  const LoadedRuleset loaded = load_text("extends = \"classique\"\n[roem]\nstuk = 20\n");
  BOOST_TEST_REQUIRE(!loaded.ok());
  BOOST_TEST(loaded.errors.begin()->message ==
             "missing key 'roem.stuk_cards' ('roem.stuk' requires it: set it in this file or in a base ruleset)");
  BOOST_TEST(loaded.errors.begin()->line == 3);  // at the stuk, which requires it
}

BOOST_AUTO_TEST_CASE(a_stuk_of_one_card_is_refused) {
  const LoadedRuleset loaded = load_text("extends = \"klaverjas\"\n[roem]\nstuk_cards = [\"K\"]\n");
  BOOST_TEST_REQUIRE(!loaded.ok());
  BOOST_TEST(loaded.errors.begin()->message == "'roem.stuk_cards' must name 2 to 4 ranks, not 1");
}

BOOST_AUTO_TEST_CASE(four_of_a_kind_needs_every_rank) {
  const LoadedRuleset loaded = load_text("extends = \"classique\"\n[roem]\nfour_of_a_kind = { J = 200 }\n");
  BOOST_TEST_REQUIRE(!loaded.ok());
  BOOST_TEST(loaded.errors.begin()->message.find("'roem.four_of_a_kind' has no value for rank 7, 8, 9, 10, Q, K, A") == 0u);
}

BOOST_AUTO_TEST_CASE(roem_in_the_contract_basis_is_accepted_and_a_wrong_word_is_named) {
  const LoadedRuleset loaded = load_text("extends = \"classique\"\n[contract]\nbasis = [\"card-points\", \"rome\"]\n");
  BOOST_TEST_REQUIRE(!loaded.ok());
  BOOST_TEST(loaded.errors.begin()->message ==
             "'contract.basis': 'rome' is not one of 'card-points', 'announcements', 'belote', 'roem' (did you mean 'roem'?)");
}

BOOST_AUTO_TEST_CASE(the_explanation_says_the_roem_and_the_pit) {
  const Ruleset& rules = *ruleset("klaverjas");
  Deal deal = deal_from_toml(rules, read_file(tests_dir() / "cases" / "play-klaverjas-worked-mene.toml"));
  const std::string text = outcome_text(rules, deal, evaluate(rules, deal), SuitStyle::letter);
  BOOST_TEST(text.find("Roem in the tricks each team won ([roem]): NS 40, EW 20.") != std::string::npos, text);
  BOOST_TEST(text.find("all the roem 60 = 222") != std::string::npos, text);
}

BOOST_AUTO_TEST_SUITE_END()  // test_roem
