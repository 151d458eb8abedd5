// The explanation names the rule that decided each step, with its ruleset
// key, and the JSON report carries every field the rule book lists.
#define BOOST_TEST_MODULE explanation
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "hand_built.h"

using namespace belote;
using namespace belote::test;

namespace {

// N: four kings (100); E: cent 7-J of spades (100).
const HandBuiltDeal kCarreAgainstCent{
    {"KS KH KD KC AC 8C 8D 7C", "7S 8S 9S 10S JS 10H 10C QH", "JD JH QS QD QC 9D 9C 7H", "10D AD 9H AH JC AS 7D 8H"},
    "H", "N", "N", 90, 72, 5, 3};
// N and E: tierces to the king outside trumps.
const HandBuiltDeal kTiedTierces{
    {"JS QS KS 9D 9H 10D 8S 8H", "JD QD KD KC 10C 9S 7S KH", "QH 7H 8D 7C AS 10S AC QC", "JC JH 7D AH 10H 9C 8C AD"},
    "H", "N", "S", 90, 72, 5, 3};
std::vector<Step> steps_of(const Ruleset& rules, const HandBuiltDeal& hand_built) {
  const Deal deal = deal_from_toml(rules, hand_built.toml());
  return explain(rules, deal, evaluate(rules, deal));
}

// The text of the one step of `kind` holding every fragment (all steps shown on failure).
void check_step(const std::vector<Step>& steps, StepKind kind, const std::vector<std::string>& fragments) {
  std::string all;
  bool found = false;
  for (const Step& step : steps) {
    all += fmt::format("  [{}] {}\n", step_name(step.kind), step.text);
    if (step.kind != kind) continue;
    bool holds_all = true;
    for (const std::string& fragment : fragments)
      holds_all = holds_all && step.text.find(fragment) != std::string::npos;
    found = found || holds_all;
  }
  BOOST_TEST(found, "no " << step_name(kind) << " step holds " << fmt::format("{}", fmt::join(fragments, " | "))
                          << " in:\n"
                          << all);
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_winner_by_category_names_the_categories) {
  check_step(steps_of(*ruleset("classique"), kCarreAgainstCent), StepKind::winner,
             {"NS win the announcements", "N's carré of K", "E's cent to JS", "by category",
              "carre-K ranks above cent in announcements.categories"});
}

BOOST_AUTO_TEST_CASE(the_winner_by_points_names_the_strength_style) {
  const auto rules = variant("classique",
                             "[sequences]\npoints = { 3 = 20, 4 = 50, 5 = 160 }\n"
                             "[announcements]\nstrength = \"points\"\n");
  check_step(steps_of(*rules, kCarreAgainstCent), StepKind::winner,
             {"EW win the announcements", "by points (160 against 100; announcements.strength = points)"});
}

BOOST_AUTO_TEST_CASE(a_carre_over_a_sequence_at_equal_points) {
  check_step(steps_of(*ruleset("traditionnelle"), kCarreAgainstCent), StepKind::winner,
             {"NS win", "at equal points, a carré beats a sequence (announcements.strength = points)"});
}

BOOST_AUTO_TEST_CASE(the_longer_sequence) {
  const HandBuiltDeal deal{
      {"7S 8S 9S 10S JS QS 7C 9D", "7H 8H 9H 10H JH KH 8C QD", "QH 10D 8D 7D AD JC AC KS", "QC 10C JD AS 9C AH KD KC"},
      "D", "N", "N", 90, 72, 5, 3};
  check_step(steps_of(*ruleset("classique"), deal), StepKind::winner,
             {"NS win", "cent of 6 cards to QS",
              "the longer sequence wins (6 cards against 5; "
              "announcements.strength = category)"});
}

BOOST_AUTO_TEST_CASE(the_higher_sequence) {
  const HandBuiltDeal deal{
      {"JS QS KS 9D 9H KD 8S 8H", "10D JD QD KC 10C 9S 7S KH", "QH 7H 8D 7C AS 10S AC QC", "JC JH 7D AH 10H 9C 8C AD"},
      "H", "N", "N", 90, 72, 5, 3};
  check_step(steps_of(*ruleset("classique"), deal), StepKind::winner,
             {"NS win", "by height", "higher top card wins (K against Q; announcements.strength = category)"});
}

BOOST_AUTO_TEST_CASE(the_sequence_in_trumps) {
  const HandBuiltDeal deal{
      {"JS QS KS QD 9H KD 8S 8H", "JH QH KH KC 10C 9S 7S 8D", "7D 7H JD 7C AS 10S AC QC", "JC AH 10D 9D 10H 9C 8C AD"},
      "H", "N", "N", 90, 72, 5, 3};
  check_step(steps_of(*ruleset("classique"), deal), StepKind::winner,
             {"EW win", "by trumps", "the sequence in trumps wins (announcements.strength = category)"});
}

BOOST_AUTO_TEST_CASE(carres_of_equal_worth_by_the_carre_order) {
  const HandBuiltDeal deal{
      {"KS KH KD KC 7S 9H JD 8C", "QS QH QD QC 8S 10H 7D 9C", "9S AS 7H JH 8D 10D 7C JC", "10S JS 8H AH 9D AD 10C AC"},
      "D", "N", "N", 90, 72, 5, 3};
  check_step(steps_of(*ruleset("classique"), deal), StepKind::winner, {"NS win", "K ranks above Q in carres.order"});
}

BOOST_AUTO_TEST_CASE(an_exact_tie_names_the_tie_rule) {
  check_step(steps_of(*ruleset("classique"), kTiedTierces), StepKind::winner,
             {"Exact tie", "N's tierce to KS", "E's tierce to KD", "announcements.exact_tie = nobody",
              "no team scores announcements"});
  const auto steps = steps_of(*ruleset("classique-premier-parle"), kTiedTierces);
  check_step(steps, StepKind::winner,
             {"Exact tie", "announcements.exact_tie = first-speaker", "Speaking goes S → E → N → W",
              "E speaks before N: EW win the announcements"});
  check_step(steps, StepKind::winner, {"EW score all their announcements: E 20"});
  check_step(steps_of(*ruleset("classique-premier-parle"), kTiedTierces.speaking_first("N")), StepKind::winner,
             {"Speaking goes N → W → S → E", "N speaks before E: NS win"});
}

BOOST_AUTO_TEST_CASE(the_trick_condition_names_min_tricks) {
  check_step(steps_of(*ruleset("traditionnelle"), kTierce.taken_by("E").with_result(0, 162, 0, 8)),
             StepKind::trick_rule, {"NS took 0 tricks", "announcements.min_tricks", "go to nobody"});
}

BOOST_AUTO_TEST_CASE(the_contract_names_its_basis) {
  check_step(steps_of(*ruleset("classique"), kTierce.with_result(90, 72, 5, 3)), StepKind::contract,
             {"On card points + announcements + belote (contract.basis)", "NS 110 against EW 72", "made"});
  check_step(steps_of(*ruleset("classique-hors-contrat"), kTierce.with_result(90, 72, 5, 3)), StepKind::contract,
             {"On card points (contract.basis)", "NS 90 against EW 72"});
  check_step(steps_of(*ruleset("classique"), kTierce.with_result(90, 72, 5, 3)), StepKind::score,
             {"Each team scores its own: NS 90 + 20 announcements = 110, EW 72."});
}

BOOST_AUTO_TEST_CASE(a_failed_contract_names_the_failed_policies) {
  const auto steps = steps_of(*ruleset("classique"), kTierce.with_result(60, 102, 3, 5));
  check_step(steps, StepKind::contract, {"NS 80 against EW 102", "failed"});
  check_step(steps, StepKind::score,
             {"The defenders EW score all the card points (162)",
              "The takers' announcements (20) go to the defenders (contract.failed_announcements)"});
  check_step(steps_of(*ruleset("classique"), kBelote.with_result(60, 102, 3, 5)), StepKind::score,
             {"The takers keep their belote (20; contract.failed_belote)"});
}

BOOST_AUTO_TEST_CASE(a_litige_names_the_tie_rule_and_what_is_held_over) {
  const HandBuiltDeal even = kBelote.with_result(71, 91, 4, 4);  // 71 + 20 against 91
  const auto steps = steps_of(*ruleset("classique"), even);
  check_step(steps, StepKind::contract, {"an exact tie: litige (contract.on_tie)"});
  check_step(steps, StepKind::score,
             {"Litige", "EW score 91 now", "the takers' points (71 + 20 belote = 91) are held over"});
  check_step(steps_of(*ruleset("traditionnelle"), even), StepKind::contract,
             {"an exact tie, which counts as made (contract.on_tie)"});
}

BOOST_AUTO_TEST_CASE(capot_and_void_name_their_keys) {
  check_step(steps_of(*ruleset("classique"), kTierce.with_result(162, 0, 8, 0)), StepKind::card_points,
             {"NS took all 8 tricks: capot, 252 card points (contract.capot)"});
  const HandBuiltDeal sevens{
      {"7S JS 7H QH 7D KD 7C AC", "8S QS 9H KH 10D AD 10C JC", "9S KS 10H AH 9D JD 8C QC", "10S AS 8H JH 8D QD 9C KC"}};
  const auto steps = steps_of(*ruleset("traditionnelle"), sevens);
  BOOST_TEST_REQUIRE(steps.size() == 1u);
  check_step(steps, StepKind::void_deal, {"N holds the carré of 7", "carres.void_deal", "nobody scores"});
}

BOOST_AUTO_TEST_CASE(the_json_report_has_every_field_of_the_rule_book) {
  const auto rules = ruleset("classique");
  Deal deal = deal_from_toml(*rules, kBelote.with_result(60, 102, 3, 5).toml());
  deal.id = "report";
  const auto j = outcome_json(*rules, deal, evaluate(*rules, deal));
  BOOST_TEST(j["id"] == "report");
  BOOST_TEST(j["ruleset"] == "classique");
  BOOST_TEST(j["void"] == false);
  BOOST_TEST(j["winner"].is_null());
  BOOST_TEST(j["contract"] == "failed");
  BOOST_TEST(j["score"]["NS"] == 20);
  BOOST_TEST(j["score"]["EW"] == 162);
  BOOST_TEST(j["suspended"] == 0);
  BOOST_TEST(j["belote"] == "N");
  for (const char* seat : {"N", "E", "S", "W"}) BOOST_TEST(j["announcements"][seat].is_array());
  BOOST_TEST(j["explanation"].is_array());

  const Deal with_tierce = deal_from_toml(*rules, kTierce.with_result(90, 72, 5, 3).toml());
  const auto t = outcome_json(*rules, with_tierce, evaluate(*rules, with_tierce));
  BOOST_TEST(t["id"].is_null());
  BOOST_TEST(t["winner"] == "NS");
  BOOST_TEST(t["contract"] == "made");
  BOOST_TEST(t["belote"].is_null());
  BOOST_TEST_REQUIRE(t["announcements"]["N"].size() == 1u);
  BOOST_TEST(t["announcements"]["N"][0]["name"] == "tierce");
  BOOST_TEST(t["announcements"]["N"][0]["cards"] == nlohmann::ordered_json::parse(R"(["7S", "8S", "9S"])"));
  BOOST_TEST(t["announcements"]["N"][0]["points"] == 20);
  BOOST_TEST(t["announcements"]["E"].empty());

  const Deal sevens =
      deal_from_toml(*ruleset("traditionnelle"), HandBuiltDeal{{"7S JS 7H QH 7D KD 7C AC", "8S QS 9H KH 10D AD 10C JC",
                                                                "9S KS 10H AH 9D JD 8C QC", "10S AS 8H JH 8D QD 9C KC"}}
                                                     .toml());
  const auto v = outcome_json(*ruleset("traditionnelle"), sevens, evaluate(*ruleset("traditionnelle"), sevens));
  BOOST_TEST(v["void"] == true);
  BOOST_TEST(v["winner"].is_null());
  BOOST_TEST(v["contract"].is_null());
  BOOST_TEST(v["score"]["NS"] == 0);
  BOOST_TEST(v["score"]["EW"] == 0);
}

BOOST_AUTO_TEST_CASE(a_failed_takers_belote_given_away_is_never_said_to_be_theirs) {
  // N holds the belote and NS fail; classique-preneur-perd-tout gives it to the defenders.
  const auto steps = steps_of(*ruleset("classique-preneur-perd-tout"), kBelote.with_result(60, 102, 3, 5));
  check_step(steps, StepKind::belote,
             {"N holds the belote (QH KH): 20; the failed takers give their belote to the defenders EW (contract.failed_belote)."});
  check_step(steps, StepKind::score, {"The takers' belote (20) go to the defenders (contract.failed_belote)"});
  for (const Step& step : steps) BOOST_TEST(step.text.find("20 to NS") == std::string::npos, step.text);
  // Where the takers keep it, the belote step says so.
  check_step(steps_of(*ruleset("classique"), kBelote.with_result(60, 102, 3, 5)), StepKind::belote,
             {"N holds the belote (QH KH): 20 to NS, whatever happens to the announcements."});
}

BOOST_AUTO_TEST_CASE(a_belote_worth_nothing_is_not_reported) {
  const auto rules = variant("classique", "[belote]\npoints = 0\n");
  Deal deal = deal_from_toml(*rules, kBelote.with_result(90, 72, 5, 3).toml());
  const Outcome outcome = evaluate(*rules, deal);
  BOOST_TEST(!outcome.belote_seat.has_value());
  BOOST_TEST(!outcome.belote_team.has_value());
  for (const Step& step : explain(*rules, deal, outcome)) {
    BOOST_TEST((step.kind != StepKind::belote), step.text);
    BOOST_TEST(step.text.find("holds the belote") == std::string::npos, step.text);
  }
  const auto j = outcome_json(*rules, deal, outcome);
  BOOST_TEST(j["belote"].is_null());
  BOOST_TEST(j["belote_team"].is_null());
}
