// The explanation names the rule that decided each step, with its ruleset
// key, and the JSON report carries every field the rule book lists.
#include <boost/test/unit_test.hpp>
#include <nlohmann/json.hpp>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_explanation)

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
template <typename Built>
std::vector<Step> steps_of(const Ruleset& rules, const Built& built) {
  const Deal deal = deal_from_toml(rules, built.toml());
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
             {"NS took all 8 tricks: capot, 252 card points (contract.capot; 162 as played)"});
  const HandBuiltDeal sevens{
      {"7S JS 7H QH 7D KD 7C AC", "8S QS 9H KH 10D AD 10C JC", "9S KS 10H AH 9D JD 8C QC", "10S AS 8H JH 8D QD 9C KC"}};
  const auto steps = steps_of(*ruleset("traditionnelle"), sevens);
  BOOST_TEST_REQUIRE(steps.size() == 1u);
  check_step(steps, StepKind::void_deal, {"N holds the carré of 7", "carres.void_deal", "nobody scores"});
}

BOOST_AUTO_TEST_CASE(a_void_deal_says_the_points_held_over_coming_in_wait_again) {
  const auto rules = ruleset("traditionnelle");
  Deal deal = deal_from_toml(*rules, HandBuiltDeal{{"7S JS 7H QH 7D KD 7C AC", "8S QS 9H KH 10D AD 10C JC",
                                                    "9S KS 10H AH 9D JD 8C QC", "10S AS 8H JH 8D QD 9C KC"}}
                                         .toml());
  deal.held_over = 50;
  const Outcome out = evaluate(*rules, deal);
  const auto steps = explain(*rules, deal, out);
  BOOST_TEST_REQUIRE(steps.size() == 2u);
  check_step(steps, StepKind::void_deal, {"The 50 points held over from earlier deals wait for the next deal."});
  const auto j = outcome_json(*rules, deal, out);
  BOOST_TEST(j["held_over_in"] == 50);
  BOOST_TEST(j["held_over_to"].is_null());
  BOOST_TEST(j["suspended"] == 50);
  BOOST_TEST(outcome_text(*rules, deal, out).ends_with("Void deal: NS 0, EW 0 (50 held over)\n"), outcome_text(*rules, deal, out));
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

// ---- Each criterion of announcements.compare, each contest, each kind ------------

namespace {

// classique, announcements ranked by `criteria` alone.
std::shared_ptr<const Ruleset> comparing(const std::string& criteria, const std::string& more = "") {
  return variant("classique", fmt::format("[announcements]\ncompare = [{}]\n{}", criteria, more));
}

DeclaredDeal declaring(std::vector<std::string> n, std::vector<std::string> e, std::vector<std::string> s = {}) {
  DeclaredDeal deal;
  deal.announcements = {std::move(n), std::move(e), std::move(s), {}};
  return deal;
}

// classique with a sans-atout and a tout-atout, and `extra` in each of their tables.
std::shared_ptr<const Ruleset> with_kinds(const std::string& sans_atout_extra = "", const std::string& tout_atout_extra = "") {
  return variant("classique", fmt::format("[kinds.couleur]\ntrumps = \"one-suit\"\n"
                                          "[kinds.sans-atout]\ntrumps = \"none\"\n"
                                          "points = {{ A = 19, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 }}\n{}\n"
                                          "[kinds.tout-atout]\ntrumps = \"all-suits\"\n"
                                          "points = {{ J = 14, 9 = 9, A = 6, 10 = 5, K = 3, Q = 1, 8 = 0, 7 = 0 }}\n{}\n",
                                          sans_atout_extra, tout_atout_extra));
}

}  // namespace

BOOST_AUTO_TEST_CASE(each_criterion_of_compare_is_named_when_it_decides) {
  const std::string key = "announcements.compare";
  check_step(steps_of(*comparing(R"("points", "kind")"), declaring({"carre J"}, {"carre 9"})), StepKind::winner,
             {"NS win", "by points (200 against 150; " + key + ")"});
  check_step(steps_of(*comparing(R"("points", "kind")"), declaring({"carre K"}, {"cent JD"})), StepKind::winner,
             {"NS win", "E's cent to JD, at equal points, a carré beats a sequence (" + key + ")"});
  check_step(steps_of(*comparing(R"("points", "sequence-first")"), declaring({"carre K"}, {"cent JD"})), StepKind::winner,
             {"EW win", "at equal points, a sequence beats a carré (" + key + ")"});
  check_step(steps_of(*comparing(R"("points", "length")"), declaring({"10H JH QH KH AH"}, {"8D 9D 10D JD QD KD"})),
             StepKind::winner, {"EW win", "at equal points, the longer sequence wins (6 cards against 5; " + key + ")"});
  check_step(steps_of(*comparing(R"("points", "length", "height")"), declaring({"tierce KH"}, {"tierce QD"})),
             StepKind::winner, {"NS win", "by height: at equal length the higher top card wins (K against Q; " + key + ")"});
  check_step(steps_of(*comparing(R"("points", "height")"), declaring({"tierce KH"}, {"tierce QD"})), StepKind::winner,
             {"NS win", "sequences compared by top card only (K against Q; " + key + ")"});
  check_step(steps_of(*comparing(R"("points", "height", "trump")"), declaring({"tierce KD"}, {"tierce KH"})),
             StepKind::winner, {"EW win", "by trumps: at equal points and height, the sequence in trumps wins (" + key + ")"});
  check_step(steps_of(*comparing(R"("points", "height", "first-speaker")"), declaring({"tierce KD"}, {"tierce KS"}).speaking_first("E")),
             StepKind::winner, {"EW win", "equal by every other criterion, and E speaks first (" + key + ")"});
  const std::string upside_down =
      R"(categories = ["tierce", "cinquante", "cent", ["carre-A", "carre-10", "carre-K", "carre-Q"], "carre-9", "carre-J"])";
  check_step(steps_of(*comparing(R"("category")", upside_down), declaring({"tierce KH"}, {"cinquante KD"})), StepKind::winner,
             {"NS win", "by category (tierce ranks above cinquante in announcements.categories)"});
}

BOOST_AUTO_TEST_CASE(a_criterion_that_comes_first_is_named_alone) {
  check_step(steps_of(*comparing(R"("kind", "height")"), declaring({"carre K"}, {"cent JD"})), StepKind::winner,
             {"E's cent to JD, a carré beats a sequence (announcements.compare)."});
  check_step(steps_of(*comparing(R"("length", "height")"), declaring({"10H JH QH KH AH"}, {"8D 9D 10D JD QD KD"})),
             StepKind::winner, {"N's cent to AH, the longer sequence wins (6 cards against 5; announcements.compare)."});
  check_step(steps_of(*comparing(R"("kind", "points", "length", "height", "trump")"), declaring({"tierce KD"}, {"tierce KH"})),
             StepKind::winner, {"by trumps: at equal points, length and height, the sequence in trumps wins"});
}

BOOST_AUTO_TEST_CASE(bulgares_top_card_rule_is_named) {
  check_step(steps_of(*ruleset("bulgare"), declaring({"10S JS QS KS AS"}, {"8D 9D 10D JD QD KD"})), StepKind::winner,
             {"NS win", "N's quinte to AS beats E's quinte of 6 cards to KD",
              "sequences compared by top card only (A against K; announcements.compare)"});
}

BOOST_AUTO_TEST_CASE(ties_under_compare_name_it_and_the_tie_rule) {
  const std::string compare = R"("points", "height")";
  const DeclaredDeal deal = declaring({"tierce KD"}, {"tierce KS"}, {"tierce 9C"});
  check_step(steps_of(*comparing(compare), deal), StepKind::winner,
             {"Exact tie: N's tierce to KD and E's tierce to KS are equal (by every criterion of announcements.compare); "
              "by announcements.exact_tie = nobody, no team scores announcements."});
  check_step(steps_of(*comparing(compare, "exact_tie = \"both\""), deal), StepKind::winner,
             {"by announcements.exact_tie = both, each team scores its own: NS 40, EW 20."});
}

BOOST_AUTO_TEST_CASE(each_contest_is_told_under_its_name) {
  const auto rules = comparing(R"("points", "kind", "height")", R"(contests = [["carres"], ["sequences"]])");
  const auto steps = steps_of(*rules, declaring({"carre K"}, {"cent JD"}, {"cent JS"}));
  check_step(steps, StepKind::winner, {"Contest carres (announcements.contests): Only NS announce: their best is N's carré of K."});
  check_step(steps, StepKind::winner, {"Contest carres (announcements.contests): NS score all their announcements: N 100"});
  check_step(steps, StepKind::winner,
             {"Contest sequences (announcements.contests): Exact tie: S's cent to JS and E's cent to JD are equal"});
}

BOOST_AUTO_TEST_CASE(a_kinds_own_orders_are_named) {
  const auto rules = with_kinds("sequence_order = \"reversed\"\ncarre_order = [\"7\", \"8\", \"9\", \"J\", \"K\", \"Q\", \"10\", \"A\"]");
  check_step(steps_of(*rules, declaring({"tierce KH"}, {"tierce 9D"}).in_kind("sans-atout")), StepKind::winner,
             {"EW win", "by height: the lower bottom card wins (7 against J; kinds.sans-atout.sequence_order = \"reversed\", "
                        "announcements.strength = category)"});
  check_step(steps_of(*rules, declaring({"carre K"}, {"carre Q"}).in_kind("sans-atout")), StepKind::winner,
             {"EW win", "carrés of equal worth: Q ranks above K in kinds.sans-atout.carre_order"});
  // The other kinds keep carres.order.
  check_step(steps_of(*rules, declaring({"carre K"}, {"carre Q"}).in_kind("tout-atout")), StepKind::winner,
             {"NS win", "K ranks above Q in carres.order"});
}

BOOST_AUTO_TEST_CASE(a_kinds_card_points_and_capot_are_named) {
  const auto rules = ruleset("bulgare");
  const HandBuiltDeal no_trumps = kQuiet.in_kind("no-trumps");
  check_step(steps_of(*rules, no_trumps.with_result(140, 120, 5, 3)), StepKind::card_points,
             {"Card points, cards and last trick counted ×2 in no-trumps (kinds.no-trumps.card_multiplier): NS 140 (5 tricks), "
              "EW 120 (3 tricks)."});
  check_step(steps_of(*rules, no_trumps.with_result(260, 0, 8, 0)), StepKind::card_points,
             {"NS took all 8 tricks: capot, 350 card points (kinds.no-trumps.capot; 260 as played), EW 0."});
  check_step(steps_of(*rules, kQuiet.in_kind("suit", "S").with_result(162, 0, 8, 0)), StepKind::card_points,
             {"NS took all 8 tricks: capot, 252 card points (contract.capot; 162 as played), EW 0."});
}

BOOST_AUTO_TEST_CASE(a_kind_without_announcements_or_belote_says_so) {
  const auto rules = ruleset("bulgare");
  // N holds a tierce and the king and queen of hearts: no-trumps declares neither.
  const HandBuiltDeal deal = HandBuiltDeal{{"7S 8S 9S KH QH KD 10C AC", "JS QS 9H 8H 10D AD 7C JC", "KS 7H 10H AH 7D JD 8C QC",
                                            "10S AS JH 9D 8D QD 9C KC"}}
                                 .in_kind("no-trumps")
                                 .with_result(140, 120, 5, 3);
  const auto steps = steps_of(*rules, deal);
  check_step(steps, StepKind::announcements, {"No announcement is declared in no-trumps (kinds.no-trumps.announcements = \"none\")."});
  check_step(steps, StepKind::belote, {"There is no belot in no-trumps (kinds.no-trumps.belote = \"nowhere\")."});
  // In a suit, the same hands declare both.
  const auto in_hearts = steps_of(*rules, deal.in_kind("suit", "H").with_result(90, 72, 5, 3));
  check_step(in_hearts, StepKind::announcements, {"N declares tierce to 9S"});
  check_step(in_hearts, StepKind::belote, {"N holds the belot"});
}

BOOST_AUTO_TEST_CASE(belotes_in_every_suit_are_counted_by_seat) {
  DeclaredDeal deal{.kind = "all-trumps", .trump = "", .belote = {"N", "N", "E"}, .ns_points = 150, .ew_points = 108,
                    .ns_tricks = 5, .ew_tricks = 3};
  check_step(steps_of(*ruleset("bulgare"), deal), StepKind::belote,
             {"A belot in every suit (kinds.all-trumps.belote = \"every-suit\"): N two, E one; 20 each: NS 40, EW 20, "
              "whatever happens to the announcements."});
}

// The pair is named for a person by the word said with its first card.
BOOST_AUTO_TEST_CASE(the_pair_is_named_by_the_rulesets_first_word) {
  DeclaredDeal deal{.kind = "trumpf", .trump = "H", .taker = "E", .belote = {"E"}, .ns_points = 60, .ew_points = 97, .ns_tricks = 3,
                    .ew_tricks = 6};
  const auto steps = steps_of(*ruleset("schieber"), deal);
  check_step(steps, StepKind::belote, {"E holds the stöck (QH KH): 20 to EW"});
  check_step(steps, StepKind::score, {"Each team scores its own: NS 60, EW 97 + 20 stöck = 117."});
  check_step(steps_of(*variant("schieber", "[belote]\nwords = [\"stuk\"]\n"), deal), StepKind::belote,
             {"E holds the stuk (QH KH)"});
}

BOOST_AUTO_TEST_CASE(a_kinds_score_multiplier_is_named) {
  const auto rules = with_kinds("", "score_multiplier = 3");
  check_step(steps_of(*rules, kBelote.in_kind("tout-atout").with_result(101, 61, 5, 3)), StepKind::score,
             {"tout-atout counts ×3 (kinds.tout-atout.score_multiplier): NS 363, EW 183."});
}

BOOST_AUTO_TEST_CASE(the_text_report_names_the_kind) {
  const auto rules = ruleset("bulgare");
  const Deal no_trumps = deal_from_toml(*rules, kQuiet.in_kind("no-trumps").with_result(140, 120, 5, 3).toml());
  BOOST_TEST(outcome_text(*rules, no_trumps, evaluate(*rules, no_trumps), SuitStyle::letter)
                 .starts_with("ruleset bulgare\nkind no-trumps · taker N (NS) · first to speak N\n"));
  const Deal in_suit = deal_from_toml(*rules, kQuiet.in_kind("suit", "S").with_result(90, 72, 5, 3).toml());
  BOOST_TEST(outcome_text(*rules, in_suit, evaluate(*rules, in_suit), SuitStyle::letter)
                 .starts_with("ruleset bulgare\nkind suit, trump S · taker N (NS) · first to speak N\n"));
  // A ruleset without kinds says only the trump, as it always has.
  const Deal classic = deal_from_toml(*ruleset("classique"), kQuiet.toml());
  BOOST_TEST(outcome_text(*ruleset("classique"), classic, evaluate(*ruleset("classique"), classic), SuitStyle::letter)
                 .starts_with("ruleset classique\ntrump H · taker N (NS) · first to speak N\n"));
}

// A bulgare deal in a suit (hearts) whose takers EW fail: NS 100, EW 62 (E holds the belote: 82).
const DeclaredDeal kBulgareFailed{.kind = "suit", .trump = "H", .taker = "E", .belote = {"E"}, .ns_points = 100,
                                  .ew_points = 62, .ns_tricks = 5, .ew_tricks = 3};

BOOST_AUTO_TEST_CASE(a_doubled_failed_contract_shows_its_factor_before_rounding) {
  const auto steps = steps_of(*ruleset("bulgare"), with_contract(kBulgareFailed, {.doubling = "rekontra"}));
  check_step(steps, StepKind::score,
             {"The takers EW write nothing (scoring.failed.takers); the defenders NS write (both teams' totals 182) × 4 = 728 "
              "(scoring.failed.defenders)."});
  check_step(steps, StepKind::score, {"NS 728 → 730"});
  check_step(steps, StepKind::score, {"NS 73 → 72"});
}

BOOST_AUTO_TEST_CASE(an_undoubled_pot_is_written_without_a_factor_of_one) {
  const auto steps = steps_of(*ruleset("bulgare"), kBulgareFailed);
  check_step(steps, StepKind::score, {"the defenders NS write both teams' totals 182 (scoring.failed.defenders)."});
  for (const Step& step : steps) BOOST_TEST(step.text.find("× 1") == std::string::npos, step.text);
}

BOOST_AUTO_TEST_CASE(a_failed_takers_belote_is_said_to_go_where_the_scoring_puts_it) {
  const auto steps = steps_of(*ruleset("bulgare"), kBulgareFailed);
  check_step(steps, StepKind::belote,
             {"E holds the belot (QH KH): 20; EW do not write their belot: it counts in what NS write "
              "(scoring.failed.defenders)."});
  for (const Step& step : steps) BOOST_TEST(step.text.find("keep their belot") == std::string::npos, step.text);
}

BOOST_AUTO_TEST_CASE(held_over_units_are_not_called_points) {
  const auto steps = steps_of(*ruleset("bulgare"), with_contract(kBulgareFailed, {.held_over = 3}));
  check_step(steps, StepKind::score,
             {"The 3 units of 10 (rounding.unit) held over from earlier deals go to NS (contract.held_over_to): NS 21, EW 0."});
}

BOOST_AUTO_TEST_CASE(one_trick_is_one_trick) {
  check_step(steps_of(*ruleset("classique"), kQuiet.with_result(142, 20, 7, 1)), StepKind::card_points,
             {"Card points: NS 142 (7 tricks), EW 20 (1 trick)."});
}

BOOST_AUTO_TEST_CASE(a_split_run_says_where_its_other_cards_went) {
  // E holds 8H to AH: a run of 7, split into a quinte; 8H and 9H make nothing.
  const HandBuiltDeal run_of_seven{
      {"7H 7D 9D JD KD 7C 9C JC", "8H 9H 10H JH QH KH AH 7S", "8S 9S JS KS 8D 10D QD AD", "10S QS AS 8C 10C QC KC AC"},
      "D", "N", "N", 90, 72, 5, 3};
  check_step(steps_of(*ruleset("bulgare-deux-concours"), run_of_seven.in_kind("suit", "D")), StepKind::announcements,
             {"E declares quinte to AH (10H JH QH KH AH) 100", "E's run of 7 (8H to AH) is split (sequences.split_long_runs)",
              "8H 9H count nothing"});
}

BOOST_AUTO_TEST_CASE(a_declared_carre_worth_nothing_is_named) {
  DeclaredDeal deal = kBulgareFailed;
  deal.announcements[3] = {"carre 8"};
  const auto steps = steps_of(*ruleset("bulgare"), deal);
  check_step(steps, StepKind::announcements,
             {"W declares carré of 8", "which counts nothing under this ruleset (carres.points gives 8 no points)"});
  for (const Step& step : steps) BOOST_TEST(step.text.find("Nobody declares") == std::string::npos, step.text);
}

BOOST_AUTO_TEST_CASE(the_key_a_kind_sets_is_named_even_at_the_general_value) {
  // The suit kind sets the capot and the carrés' order to the general values: its own keys decided.
  const auto rules = variant("bulgare", "[kinds.suit]\ncapot = 252\ncarre_order = [\"7\", \"8\", \"9\", \"J\", \"Q\", \"K\", \"10\", \"A\"]\n");
  check_step(steps_of(*rules, kQuiet.in_kind("suit", "H").with_result(162, 0, 8, 0)), StepKind::card_points,
             {"capot, 252 card points (kinds.suit.capot; 162 as played)"});
  const DeclaredDeal carres{.kind = "suit", .trump = "H", .announcements = {{{"carre K"}, {"carre Q"}, {}, {}}},
                            .ns_points = 90, .ew_points = 72, .ns_tricks = 5, .ew_tricks = 3};
  check_step(steps_of(*rules, carres), StepKind::winner, {"K ranks above Q in kinds.suit.carre_order"});
  // Without the kind's own keys, the general ones.
  check_step(steps_of(*ruleset("bulgare"), kQuiet.in_kind("suit", "H").with_result(162, 0, 8, 0)), StepKind::card_points,
             {"capot, 252 card points (contract.capot; 162 as played)"});
}
BOOST_AUTO_TEST_SUITE_END()  // test_explanation
