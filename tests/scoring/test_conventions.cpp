// One test per convention of the rule book: a ruleset that changes only that
// convention of a shipped ruleset, scored on a deal where it matters, with
// both the base outcome and the changed one asserted.
#include <boost/test/unit_test.hpp>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_conventions)

using namespace belote;
using namespace belote::test;

namespace {

std::optional<Team> team(Team t) { return t; }

// A deal scored under a shipped ruleset (with `setting` laid over it, when
// given) and under the same with one more change.
struct Flip {
  Outcome before, after;
};
Flip flip(const std::string& base, const std::string& change, const HandBuiltDeal& deal,
          const std::string& setting = "") {
  const auto before = setting.empty() ? ruleset(base) : variant(base, setting);
  return {score(*before, deal), score(*variant(base, setting + change), deal)};
}

void check_score(const Outcome& out, int ns, int ew, int suspended = 0) {
  BOOST_TEST(out.score[Team::NS] == ns);
  BOOST_TEST(out.score[Team::EW] == ew);
  BOOST_TEST(out.suspended == suspended);
}

}  // namespace

BOOST_AUTO_TEST_CASE(hand_built_deals_hold_only_the_announcements_they_are_built_for) {
  const auto rules = ruleset("classique");
  for (const HandBuiltDeal& deal : {kQuiet, kBelote}) {
    const Outcome out = score(*rules, deal);
    for (Seat seat : kSeats) BOOST_TEST(out.announcements[seat].empty());
  }
  BOOST_TEST(!score(*rules, kQuiet).belote_seat.has_value());
  BOOST_TEST(score(*rules, kBelote).belote_seat == std::optional(Seat::N));
  const Outcome tierce = score(*rules, kTierce);
  BOOST_TEST(tierce.announcements[Seat::N].count == 1);
  for (Seat seat : {Seat::E, Seat::S, Seat::W}) BOOST_TEST(tierce.announcements[seat].empty());
}

BOOST_AUTO_TEST_CASE(sequences_points_values_a_run_by_its_length) {
  const auto base = ruleset("classique");
  const auto flipped = variant("classique", "[sequences]\npoints = { 3 = 30, 4 = 50, 5 = 100 }\n");
  const HandBuiltDeal deal = kTierce.with_result(90, 72, 5, 3);
  const Outcome before = score(*base, deal);
  const Outcome after = score(*flipped, deal);
  BOOST_TEST(before.announcements[Seat::N].points == 20);
  BOOST_TEST(after.announcements[Seat::N].points == 30);
  check_score(before, 110, 72);
  check_score(after, 120, 72);
}

BOOST_AUTO_TEST_CASE(sequences_split_long_runs_makes_eight_cards_a_cent_and_a_tierce) {
  const auto base = ruleset("classique");
  const auto flipped = variant("classique", "[sequences]\nsplit_long_runs = true\n");
  const HandBuiltDeal deal{
      {"7S 8S 9S 10S JS QS KS AS", "7H 10H KH 8D JD AD 9C QC", "8H JH AH 9D QD 7C 10C KC", "9H QH 7D 10D KD 8C JC AC"},
      "H", "N", "N", 100, 62, 5, 3};
  const Outcome before = score(*base, deal);
  const Outcome after = score(*flipped, deal);

  // One cent of eight cards: a run longer than the longest entry takes its value.
  BOOST_TEST_REQUIRE(before.announcements[Seat::N].count == 1);
  BOOST_TEST(before.announcements[Seat::N].items[0].length == 8);
  BOOST_TEST(announcement_kind(*base, before.announcements[Seat::N].items[0]) == "cent");
  BOOST_TEST(before.announcements[Seat::N].points == 100);
  check_score(before, 200, 62);

  // Split: cent 10-J-Q-K-A and tierce 7-8-9 (the stronger of the two equal-point splits).
  const auto parts = strongest_first(after.announcements[Seat::N]);
  BOOST_TEST_REQUIRE(parts.size() == 2u);
  BOOST_TEST(announcement_kind(*flipped, parts[0]) == "cent");
  BOOST_TEST(flipped->deck.card_name(make_card(parts[0].suit, parts[0].top)) == "AS");
  BOOST_TEST(announcement_kind(*flipped, parts[1]) == "tierce");
  BOOST_TEST(flipped->deck.card_name(make_card(parts[1].suit, parts[1].top)) == "9S");
  BOOST_TEST(after.announcements[Seat::N].points == 120);
  check_score(after, 220, 62);
}

BOOST_AUTO_TEST_CASE(carres_points_values_a_carre_by_its_rank) {
  const HandBuiltDeal jacks{
      {"7S JS JH QH JD KD JC AC", "8S QS 9H KH 10D AD 7C 10C", "9S KS 10H AH 7D 9D 8C QC", "10S AS 7H 8H 8D QD 9C KC"},
      "C", "N", "N", 90, 72, 5, 3};
  const auto [before, after] = flip("classique", "[carres.points]\nJ = 250\n", jacks);
  BOOST_TEST(before.announcements[Seat::N].points == 200);
  BOOST_TEST(after.announcements[Seat::N].points == 250);
  check_score(before, 290, 72);
  check_score(after, 340, 72);
}

BOOST_AUTO_TEST_CASE(carres_points_of_zero_is_no_announcement) {
  // traditionnelle ranks by points, so a carré of eights needs no category to score.
  const HandBuiltDeal eights{
      {"8S JS 8H QH 8D KD 8C AC", "7S QS 9H KH 10D AD 10C JC", "9S KS 10H AH 7D JD 7C QC", "10S AS 7H JH 9D QD 9C KC"},
      "C", "N", "N", 90, 72, 5, 3};
  const auto [before, after] = flip("traditionnelle", "[carres.points]\n8 = 100\n", eights);
  BOOST_TEST(before.announcements[Seat::N].empty());
  BOOST_TEST(!before.winner.has_value());
  check_score(before, 90, 72);
  BOOST_TEST(after.announcements[Seat::N].points == 100);
  BOOST_TEST(after.winner == team(Team::NS));
  check_score(after, 190, 72);
}

BOOST_AUTO_TEST_CASE(carres_void_deal_annuls_the_deal) {
  const HandBuiltDeal sevens{
      {"7S JS 7H QH 7D KD 7C AC", "8S QS 9H KH 10D AD 10C JC", "9S KS 10H AH 9D JD 8C QC", "10S AS 8H JH 8D QD 9C KC"},
      "C", "N", "N", 90, 72, 5, 3};
  const auto [before, after] = flip("classique", "[carres]\nvoid_deal = [\"7\"]\n", sevens);
  BOOST_TEST(!before.is_void);
  BOOST_TEST(before.contract == ContractResult::made);
  check_score(before, 90, 72);
  BOOST_TEST(after.is_void);
  BOOST_TEST(after.void_seat == Seat::N);
  BOOST_TEST(after.contract == ContractResult::none);
  check_score(after, 0, 0);
  // And the other way: traditionnelle without its voiding carré plays the deal.
  const Outcome played = score(*variant("traditionnelle", "[carres]\nvoid_deal = []\n"), sevens);
  BOOST_TEST(score(*ruleset("traditionnelle"), sevens).is_void);
  BOOST_TEST(!played.is_void);
  check_score(played, 90, 72);
}

BOOST_AUTO_TEST_CASE(carres_order_ranks_two_carres_worth_the_same) {
  // N: four kings, E: four queens, both worth 100 and in one category.
  const HandBuiltDeal deal{
      {"KS KH KD KC 7S 9H JD 8C", "QS QH QD QC 8S 10H 7D 9C", "9S AS 7H JH 8D 10D 7C JC", "10S JS 8H AH 9D AD 10C AC"},
      "D", "N", "N", 90, 72, 5, 3};
  const auto [before, after] =
      flip("classique", "[carres]\norder = [\"7\", \"8\", \"9\", \"J\", \"K\", \"Q\", \"10\", \"A\"]\n", deal);
  BOOST_TEST(before.winner == team(Team::NS));
  BOOST_TEST((before.deciding == Criterion::height));
  check_score(before, 190, 72);
  BOOST_TEST(after.winner == team(Team::EW));
  BOOST_TEST((after.deciding == Criterion::height));
  // 90 against 72 + 100: the takers fail; the defenders take 162 and their carré.
  BOOST_TEST(after.contract == ContractResult::failed);
  check_score(after, 0, 262);
}

BOOST_AUTO_TEST_CASE(belote_points_values_the_belote) {
  const HandBuiltDeal deal = kBelote.with_result(90, 72, 5, 3);
  const auto [before, after] = flip("classique", "[belote]\npoints = 50\n", deal);
  BOOST_TEST(before.belote_seat == std::optional(Seat::N));
  check_score(before, 110, 72);
  check_score(after, 140, 72);
}

BOOST_AUTO_TEST_CASE(belote_cards_names_the_trump_ranks_one_player_holds) {
  // N holds the queen and jack of hearts; E holds the king.
  const HandBuiltDeal deal{
      {"7S JS JH QH 9D KD 10C AC", "8S QS 9H KH 10D AD 7C JC", "9S KS 10H AH 7D JD 8C QC", "10S AS 7H 8H 8D QD 9C KC"},
      "H", "N", "N", 90, 72, 5, 3};
  const auto [before, after] = flip("classique", "[belote]\ncards = [\"Q\", \"J\"]\n", deal);
  BOOST_TEST(!before.belote_seat.has_value());
  check_score(before, 90, 72);
  BOOST_TEST(after.belote_seat == std::optional(Seat::N));
  check_score(after, 110, 72);
}

BOOST_AUTO_TEST_CASE(card_reuse_lets_a_card_serve_in_a_carre_and_a_sequence) {
  // Seed 000's example: four queens and 10-J-Q of hearts.
  const HandBuiltDeal deal{
      {"QS QH QD QC 10H JH 7S 9D", "10C 7D AC 7C JC 10D AS AH", "KH 7H 8S 8H 9S 9C AD 8D", "KC JD KD JS 9H 10S 8C KS"},
      "C", "N", "N", 90, 72, 5, 3};
  const auto [before, after] = flip("classique", "[announcements]\ncard_reuse = false\n", deal);
  BOOST_TEST(before.announcements[Seat::N].count == 2);
  BOOST_TEST(before.announcements[Seat::N].points == 120);
  check_score(before, 210, 72);
  // Without reuse: the carré (100) or the tierce (20), not both.
  BOOST_TEST_REQUIRE(after.announcements[Seat::N].count == 1);
  BOOST_TEST(after.announcements[Seat::N].items[0].carre);
  BOOST_TEST(after.announcements[Seat::N].points == 100);
  check_score(after, 190, 72);
}

BOOST_AUTO_TEST_CASE(card_reuse_forbidden_declares_the_best_disjoint_set) {
  // Four jacks and 7-8-9-10-J of spades: carré + cent, or carré + cinquante 7-10.
  const HandBuiltDeal deal{
      {"JS JH JD JC 7S 8S 9S 10S", "QS 7H 10H AH 8D QD 9C KC", "KS 8H QH 9D KD 7C 10C AC", "AS 9H KH 7D 10D AD 8C QC"},
      "H", "N", "N", 90, 72, 5, 3};
  const auto flipped = variant("classique", "[announcements]\ncard_reuse = false\n");
  const Outcome before = score(*ruleset("classique"), deal);
  const Outcome after = score(*flipped, deal);
  BOOST_TEST(before.announcements[Seat::N].points == 300);
  check_score(before, 390, 72);
  const auto declared = strongest_first(after.announcements[Seat::N]);
  BOOST_TEST_REQUIRE(declared.size() == 2u);
  BOOST_TEST(announcement_kind(*flipped, declared[0]) == "carre-J");
  BOOST_TEST(announcement_kind(*flipped, declared[1]) == "cinquante");
  BOOST_TEST(flipped->deck.cards_text(declared[1].cards()) == "7S 8S 9S 10S");
  BOOST_TEST(after.announcements[Seat::N].points == 250);
  check_score(after, 340, 72);
}

BOOST_AUTO_TEST_CASE(card_reuse_forbidden_drops_a_carre_worth_less_than_the_run_it_breaks) {
  // A table where a carré of queens is worth 50: with 9-10-J-Q-K of hearts,
  // keeping the carré leaves a tierce (50 + 20); dropping it keeps the cent (100).
  const std::string cheap_queens = "[carres.points]\nQ = 50\n";
  const HandBuiltDeal deal{
      {"QS QD QC QH 9H 10H JH KH", "JD 7H JC 9D 7C KC 8H AC", "AD AH 10D 10C KS 9C 10S 7S", "7D 8C JS 8D AS 9S 8S KD"},
      "C", "N", "N", 90, 72, 5, 3};
  const auto [before, after] = flip("classique", "[announcements]\ncard_reuse = false\n", deal, cheap_queens);
  BOOST_TEST(before.announcements[Seat::N].points == 150);
  check_score(before, 240, 72);
  BOOST_TEST_REQUIRE(after.announcements[Seat::N].count == 1);
  BOOST_TEST(!after.announcements[Seat::N].items[0].carre);
  BOOST_TEST(after.announcements[Seat::N].items[0].length == 5);
  check_score(after, 190, 72);
}

BOOST_AUTO_TEST_CASE(announcements_min_tricks_takes_the_announcements_of_a_team_without_tricks) {
  // N's tierce wins the announcements, but NS take no trick.
  const HandBuiltDeal deal = kTierce.taken_by("E").with_result(0, 162, 0, 8);
  const auto [before, after] = flip("classique", "[announcements]\nmin_tricks = 1\n", deal);
  BOOST_TEST(before.winner == team(Team::NS));
  BOOST_TEST(!before.lost_to_trick_rule);
  check_score(before, 20, 252);
  BOOST_TEST(after.winner == team(Team::NS));  // still the strongest announcement
  BOOST_TEST(after.lost_to_trick_rule);
  BOOST_TEST(after.scored_announcements[Team::NS] == 0);
  check_score(after, 0, 252);
}

BOOST_AUTO_TEST_CASE(announcements_exact_tie_goes_to_nobody_or_to_the_first_holder_to_speak) {
  // N and E each hold a tierce to the king outside trumps.
  const HandBuiltDeal deal{
      {"JS QS KS 9D 9H 10D 8S 8H", "JD QD KD KC 10C 9S 7S KH", "QH 7H 8D 7C AS 10S AC QC", "JC JH 7D AH 10H 9C 8C AD"},
      "H", "N", "S", 90, 72, 5, 3};
  const auto base = ruleset("classique");
  const auto flipped = variant("classique", "[announcements]\nexact_tie = \"first-speaker\"\n");

  const Outcome nobody = score(*base, deal);
  BOOST_TEST((nobody.win_reason == WinReason::tie_nobody));
  BOOST_TEST(!nobody.winner.has_value());
  check_score(nobody, 90, 72);

  // Speaking from S goes S, E, N, W: E speaks before N, so EW score their tierce,
  // and 90 against 72 + 20 fails the takers.
  const Outcome from_south = score(*flipped, deal);
  BOOST_TEST((from_south.win_reason == WinReason::tie_first_speaker));
  BOOST_TEST(from_south.best_holder == std::optional(Seat::E));
  BOOST_TEST(from_south.winner == team(Team::EW));
  check_score(from_south, 0, 182);
  // From W (W, S, E, N) E still speaks before N; from N, N speaks first.
  BOOST_TEST(score(*flipped, deal.speaking_first("W")).winner == team(Team::EW));
  const Outcome from_north = score(*flipped, deal.speaking_first("N"));
  BOOST_TEST(from_north.best_holder == std::optional(Seat::N));
  BOOST_TEST(from_north.winner == team(Team::NS));
  check_score(from_north, 110, 72);
}

BOOST_AUTO_TEST_CASE(announcements_strength_by_category_or_by_points) {
  // A table where a cent is worth 160: more than a carré of nines (150), which
  // still ranks above it by category. N: four nines; E: cent 10-J-Q-K-A of spades.
  const std::string rich_cent = "[sequences]\npoints = { 3 = 20, 4 = 50, 5 = 160 }\n";
  const HandBuiltDeal deal{
      {"9S 9H 9D 9C KC AH 7D 8H", "10S JS QS KS AS KH 7C JH", "8D QH JC KD AC 10H QD 10C", "JD 8C 7H AD 7S 10D QC 8S"},
      "H", "N", "N", 90, 72, 5, 3};
  const auto [before, after] = flip("classique", "[announcements]\nstrength = \"points\"\n", deal, rich_cent);
  BOOST_TEST(before.announcements[Seat::N].points == 150);
  BOOST_TEST(before.announcements[Seat::E].points == 160);
  BOOST_TEST(before.winner == team(Team::NS));
  BOOST_TEST((before.deciding == Criterion::category));
  check_score(before, 240, 72);
  BOOST_TEST(after.winner == team(Team::EW));
  BOOST_TEST((after.deciding == Criterion::points));
  check_score(after, 0, 322);
}

BOOST_AUTO_TEST_CASE(announcements_categories_order_the_kinds) {
  // N: four kings (100); E: cent 7-8-9-10-J of spades (100).
  const HandBuiltDeal deal{
      {"KS KH KD KC AC 8C 8D 7C", "7S 8S 9S 10S JS 10H 10C QH", "JD JH QS QD QC 9D 9C 7H", "10D AD 9H AH JC AS 7D 8H"},
      "H", "N", "N", 90, 72, 5, 3};
  const auto [before, after] =
      flip("classique",
           "[announcements]\ncategories = [\"carre-J\", \"carre-9\", \"cent\", "
           "[\"carre-A\", \"carre-10\", \"carre-K\", \"carre-Q\"], \"cinquante\", \"tierce\"]\n",
           deal);
  BOOST_TEST(before.winner == team(Team::NS));
  check_score(before, 190, 72);
  BOOST_TEST(after.winner == team(Team::EW));
  BOOST_TEST((after.deciding == Criterion::category));
  check_score(after, 0, 262);
}

BOOST_AUTO_TEST_CASE(contract_basis_counts_the_announcements_or_not) {
  // Seed 000's example: the takers make 88 with a tierce, the defenders 74 with a cinquante.
  const HandBuiltDeal deal{
      {"7D 8D 9D KC 8H AD JH AC", "7C 8C 9C 10C 8S KH JD 10H", "QS JC 10D 7H KS AH QH 9S", "AS QC 7S QD KD 10S JS 9H"},
      "H", "N", "N", 88, 74, 5, 3};
  const auto [before, after] = flip("classique", "[contract]\nbasis = [\"card-points\", \"belote\"]\n", deal);
  BOOST_TEST(before.winner == team(Team::EW));
  BOOST_TEST(before.contract_totals[Team::NS] == 88);
  BOOST_TEST(before.contract_totals[Team::EW] == 124);
  BOOST_TEST(before.contract == ContractResult::failed);
  check_score(before, 0, 212);
  BOOST_TEST(after.contract_totals[Team::EW] == 74);
  BOOST_TEST(after.contract == ContractResult::made);
  check_score(after, 88, 124);
}

BOOST_AUTO_TEST_CASE(contract_basis_counts_the_belote_or_not) {
  // The takers hold the belote: 80 + 20 against 82.
  const HandBuiltDeal deal = kBelote.with_result(80, 82, 4, 4);
  const auto [before, after] = flip("classique", "[contract]\nbasis = [\"card-points\", \"announcements\"]\n", deal);
  BOOST_TEST(before.contract_totals[Team::NS] == 100);
  BOOST_TEST(before.contract == ContractResult::made);
  check_score(before, 100, 82);
  BOOST_TEST(after.contract_totals[Team::NS] == 80);
  BOOST_TEST(after.contract == ContractResult::failed);
  check_score(after, 20, 162);  // the belote stays with its holder (contract.failed_belote)
}

BOOST_AUTO_TEST_CASE(contract_on_tie_makes_a_litige_a_made_or_a_failed_contract) {
  const HandBuiltDeal deal = kQuiet.with_result(81, 81, 4, 4);
  const Outcome litige = score(*ruleset("classique"), deal);
  BOOST_TEST(litige.contract_tied);
  BOOST_TEST(litige.contract == ContractResult::litige);
  check_score(litige, 0, 81, 81);
  const Outcome made = score(*variant("classique", "[contract]\non_tie = \"made\"\n"), deal);
  BOOST_TEST(made.contract == ContractResult::made);
  check_score(made, 81, 81);
  const Outcome failed = score(*variant("classique", "[contract]\non_tie = \"failed\"\n"), deal);
  BOOST_TEST(failed.contract == ContractResult::failed);
  check_score(failed, 0, 162);
}

BOOST_AUTO_TEST_CASE(contract_failed_announcements_go_to_the_defenders_or_stay) {
  // The takers' tierce (20) wins the announcements, but 60 + 20 < 102.
  const HandBuiltDeal deal = kTierce.with_result(60, 102, 3, 5);
  const auto [before, after] = flip("classique", "[contract]\nfailed_announcements = \"takers\"\n", deal);
  BOOST_TEST(before.contract == ContractResult::failed);
  check_score(before, 0, 182);
  BOOST_TEST(after.contract == ContractResult::failed);
  check_score(after, 20, 162);
}

BOOST_AUTO_TEST_CASE(contract_failed_belote_stays_or_goes_to_the_defenders) {
  const HandBuiltDeal deal = kBelote.with_result(60, 102, 3, 5);
  const auto [before, after] = flip("classique", "[contract]\nfailed_belote = \"defenders\"\n", deal);
  BOOST_TEST(before.contract == ContractResult::failed);
  check_score(before, 20, 162);
  check_score(after, 0, 182);
}

BOOST_AUTO_TEST_CASE(contract_capot_values_all_the_tricks) {
  const HandBuiltDeal all_to_takers = kQuiet.with_result(162, 0, 8, 0);
  const auto flipped = variant("classique", "[contract]\ncapot = 250\n");
  const Outcome before = score(*ruleset("classique"), all_to_takers);
  BOOST_TEST(before.capot == team(Team::NS));
  check_score(before, 252, 0);
  check_score(score(*flipped, all_to_takers), 250, 0);
  // A capot by the defenders: the failed takers' card points are all theirs.
  const HandBuiltDeal all_to_defenders = kQuiet.with_result(0, 162, 0, 8);
  check_score(score(*ruleset("classique"), all_to_defenders), 0, 252);
  check_score(score(*flipped, all_to_defenders), 0, 250);
}

BOOST_AUTO_TEST_CASE(capot_takers_who_still_fail_give_the_deck_total) {
  // NS take every trick (252) with the belote (20), but EW's two carrés and a
  // tierce (350 + 20) count toward the contract: NS fail. "All the card points" the defenders then
  // score are the deck's 162 (the capot value only when the takers took no trick).
  const std::string toml = R"([deal]
trump = "H"
taker = "N"
first = "N"
[deal.hands]
N = "7S 8S 10S QS KS AS 7H 8H"
E = "JS JH JD JC 9S 9H 9D 9C"
S = "10H QH KH AH 7D 8D 10D QD"
W = "KD AD 7C 8C 10C QC KC AC"
[deal.result]
points = { NS = 162, EW = 0 }
tricks = { NS = 8, EW = 0 }
)";
  const auto rules = ruleset("classique");
  const Outcome out = evaluate(*rules, deal_from_toml(*rules, toml));
  BOOST_TEST(out.capot == team(Team::NS));
  BOOST_TEST(out.contract_totals[Team::NS] == 272);
  BOOST_TEST(out.contract_totals[Team::EW] == 370);
  BOOST_TEST(out.contract == ContractResult::failed);
  check_score(out, 20, 162 + 370);
}

BOOST_AUTO_TEST_CASE(deck_last_trick_changes_what_the_card_points_add_up_to) {
  const auto base = ruleset("classique");
  const auto flipped = variant("classique", "[deck]\nlast_trick = 0\n");
  BOOST_TEST(base->deck.total_card_points() == 162);
  BOOST_TEST(flipped->deck.total_card_points() == 152);

  const HandBuiltDeal even = kQuiet.with_result(81, 81, 4, 4);
  check_score(score(*base, even), 0, 81, 81);
  const Diagnostics errors = toml_deal_errors(*flipped, even.toml());
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  BOOST_TEST(errors[0].message == "'deal.result.points' adds up to 162; the card points of a mène add up to 152");

  check_score(score(*flipped, kQuiet.with_result(76, 76, 4, 4)), 0, 76, 76);
  check_score(score(*flipped, kQuiet.with_result(70, 82, 4, 4)), 0, 152);
}

BOOST_AUTO_TEST_CASE(deck_card_points_change_what_the_card_points_add_up_to) {
  const auto flipped = variant("classique", "[deck.trump_points]\nJ = 30\n");
  BOOST_TEST(flipped->deck.total_card_points() == 172);
  BOOST_TEST(flipped->deck.card_points(flipped->deck.parse_card("JH").value(), 1) == 30);
  BOOST_TEST(flipped->deck.card_points(flipped->deck.parse_card("JS").value(), 1) == 2);
  BOOST_TEST(toml_deal_errors(*ruleset("classique"), kQuiet.with_result(90, 82, 4, 4).toml()).size() == 1u);
  // The failed takers' card points all go to the defenders: 172.
  check_score(score(*flipped, kQuiet.with_result(80, 92, 4, 4)), 0, 172);
}

namespace {

// N holds the nine spades, 6 to A; nobody else holds an announcement.
const HandBuiltDeal kNineCardRun{{"6S 7S 8S 9S 10S JS QS KS AS", "10D 8C JH JC AD 6D 8H QD AC",
                                  "7D 9H 6C KC QH QC KD 9C 10C", "10H JD 7C KH 6H 7H 8D 9D AH"},
                                 "H", "N", "N", 100, 62, 5, 4};

}  // namespace

BOOST_AUTO_TEST_CASE(a_36_card_deck_scores_a_nine_card_run) {
  const auto rules = variant("classique", kDeck36Toml);
  BOOST_TEST(rules->deck.card_count() == 36);
  BOOST_TEST(rules->deck.hand_size == 9);
  BOOST_TEST(rules->deck.total_card_points() == 162);

  // Without split runs the nine cards are one cent: not a tierce 6-7-8 beside a cent 10-A.
  const Outcome out = score(*rules, kNineCardRun);
  BOOST_TEST_REQUIRE(out.announcements[Seat::N].count == 1);
  BOOST_TEST(out.announcements[Seat::N].items[0].length == 9);
  BOOST_TEST(out.announcements[Seat::N].points == 100);
  for (Seat seat : {Seat::E, Seat::S, Seat::W}) BOOST_TEST(out.announcements[seat].empty());
  check_score(out, 200, 62);

  // With split runs: the cent 10-A and the cinquante 6-9.
  const auto split = variant("classique", kDeck36Toml + "[sequences]\nsplit_long_runs = true\n");
  const Outcome parts = score(*split, kNineCardRun);
  BOOST_TEST(parts.announcements[Seat::N].count == 2);
  BOOST_TEST(parts.announcements[Seat::N].points == 150);
  check_score(parts, 250, 62);

  // A capot is all nine tricks; a hand of eight cards is refused.
  check_score(score(*rules, kNineCardRun.with_result(162, 0, 9, 0)), 252 + 100, 0);
  check_score(score(*rules, kNineCardRun.with_result(162, 0, 8, 1)), 262, 0);
  HandBuiltDeal short_hand = kNineCardRun;
  short_hand.hands[0] = "6S 7S 8S 9S 10S JS QS KS";
  bool named = false;
  for (const Diagnostic& e : toml_deal_errors(*rules, short_hand.toml()))
    named = named || e.message == "'deal.hands.N' has 8 cards; a hand has 9";
  BOOST_TEST(named);
}

BOOST_AUTO_TEST_SUITE_END()  // test_conventions
