// One test per key of bids, doubling, the contract's test and held-over
// points, the contract keys of a kind and the end of a game: each key changed
// on coinche (with exact points, so that the numbers are the terms' own) and
// a mène scored before and after, the outcome changing as the key says.
#include <boost/test/unit_test.hpp>
#include <boost/test/data/test_case.hpp>
#include <set>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_contract_keys)

using namespace belote;
using namespace belote::test;

namespace {

// coinche with exact points, and `body` on top.
std::shared_ptr<const Ruleset> coinche(const std::string& body = "") { return variant("coinche-sans-arrondi", body); }

// A mène of coinche in hearts taken by N at `bid` (a number, or a quoted
// name): nobody announces, nobody holds the belote.
DeclaredDeal hearts(std::string bid, int ns, int ew, int ns_tricks = 5) {
  return DeclaredDeal{.kind = "couleur",
                      .ns_points = ns,
                      .ew_points = ew,
                      .ns_tricks = ns_tricks,
                      .ew_tricks = 8 - ns_tricks,
                      .contract = {.bid = std::move(bid)}};
}
DeclaredDeal hearts(int bid, int ns, int ew, int ns_tricks = 5) { return hearts(std::to_string(bid), ns, ew, ns_tricks); }

DeclaredDeal doubled(DeclaredDeal deal, std::string level) {
  deal.contract.doubling = std::move(level);
  return deal;
}

DeclaredDeal announcing(DeclaredDeal deal, Seat seat, std::string announcement) {
  deal.announcements[index(seat)].push_back(std::move(announcement));
  return deal;
}

}  // namespace

BOOST_AUTO_TEST_CASE(bids_from_to_step_are_the_numeric_bids) {
  const auto before = coinche();
  const auto after = coinche("[bids]\nfrom = 90\nto = 120\nstep = 15\n");
  BOOST_TEST(after->bids.numbers == (std::vector<int>{90, 105, 120}));
  // 80 is a bid of coinche, not of the new range.
  expect_written(score(*before, hearts(80, 100, 62)), 180, 62);
  BOOST_TEST(deal_error(*after, hearts(80, 100, 62)) ==
             "'deal.bid': 80 is not a bid of this ruleset (bids: 90 to 120 by 15, capot, generale)");
  BOOST_TEST(deal_error(*before, hearts(105, 100, 62)) ==
             "'deal.bid': 105 is not a bid of this ruleset (bids: 80 to 160 by 10, capot, generale)");
  // Made at 105: 110 + 105; failed at 120: the defenders write 160 + 120.
  expect_written(score(*after, hearts(105, 110, 52)), 215, 52);
  expect_written(score(*after, hearts(120, 100, 62)), 0, 280);
}

BOOST_AUTO_TEST_CASE(bids_values_add_bids_beside_the_range) {
  const auto before = coinche();
  const auto after = coinche("[bids]\nvalues = [82, 85]\n");
  BOOST_TEST(after->bids.numbers.size() == before->bids.numbers.size() + 2u);
  BOOST_TEST(deal_error(*before, hearts(82, 84, 78)) ==
             "'deal.bid': 82 is not a bid of this ruleset (bids: 80 to 160 by 10, capot, generale)");
  BOOST_TEST(deal_error(*after, hearts(83, 84, 78)) ==
             "'deal.bid': 83 is not a bid of this ruleset (bids: 80, 82, 85, 90 to 160 by 10, capot, generale)");
  // 84 points make 82 (84 + 82 written) and fail 85 (160 + 85 to the defenders).
  expect_written(score(*after, hearts(82, 84, 78)), 166, 78);
  expect_written(score(*after, hearts(85, 84, 78)), 0, 245);
  // Values alone, without a range, are the bids.
  const auto only_values = variant("classique", "[bids]\nvalues = [100, 120]\n");
  BOOST_TEST(only_values->bids.numbers == (std::vector<int>{100, 120}));
}

BOOST_AUTO_TEST_CASE(bids_named_value_is_what_a_named_bid_counts) {
  const auto before = coinche();
  const auto after = coinche("[bids.named.capot]\nvalue = 300\n");
  // NS take every trick at "capot": 250 card points + the bid's value.
  const DeclaredDeal capot = hearts("\"capot\"", 162, 0, 8);
  const Outcome was = score(*before, capot);
  const Outcome is = score(*after, capot);
  BOOST_TEST(was.contract_value == 250);
  BOOST_TEST(is.contract_value == 300);
  expect_written(was, 500, 0);
  expect_written(is, 550, 0);
  // The value is the bid the deal carries.
  BOOST_TEST(deal_from_toml(*after, capot.toml()).bid == 300);
}

BOOST_AUTO_TEST_CASE(bids_named_needs_every_trick_or_only_points) {
  const auto before = coinche();
  const auto points = coinche("[bids.named.capot]\nneeds = \"points\"\n");
  // NS bid the capot, take 7 tricks, 130 points and a carré of jacks: 330, more than 250.
  const DeclaredDeal seven = announcing(hearts("\"capot\"", 130, 32, 7), Seat::N, "carre J");
  const Outcome every_trick = score(*before, seven);
  BOOST_TEST(every_trick.contract == ContractResult::failed);
  // Failed: 160 + 250 + every announcement (the carré) to the defenders.
  expect_written(every_trick, 0, 610);
  const Outcome by_points = score(*points, seven);
  BOOST_TEST(by_points.contract == ContractResult::made);
  expect_written(by_points, 130 + 200 + 250, 32);
}

BOOST_AUTO_TEST_CASE(bids_named_needs_taker_every_trick_counts_the_takers_tricks) {
  const auto before = coinche();
  const auto team = coinche("[bids.named.generale]\nneeds = \"every-trick\"\n");
  // NS take every trick at "generale", N five and S three.
  DeclaredDeal shared = hearts("\"generale\"", 162, 0, 8);
  shared.contract.tricks_by_seat = std::array{5, 0, 3, 0};
  DeclaredDeal alone = shared;
  alone.contract.tricks_by_seat = std::array{8, 0, 0, 0};
  // The taker alone did not take them: failed, 160 + 500 to the defenders.
  BOOST_TEST(score(*before, shared).contract == ContractResult::failed);
  expect_written(score(*before, shared), 0, 660);
  expect_written(score(*before, alone), 250 + 500, 0);
  // Every trick to the team is enough under every-trick.
  expect_written(score(*team, shared), 250 + 500, 0);
  // Without the tricks by seat the générale cannot be judged; the capot can.
  DeclaredDeal untold = shared;
  untold.contract.tricks_by_seat.reset();
  BOOST_TEST(deal_error(*before, untold) ==
             "the bid 'generale' is made only when the taker alone takes every trick: give 'deal.result.tricks_by_seat'");
  BOOST_TEST(toml_deal_errors(*team, untold.toml()).empty());
}

BOOST_AUTO_TEST_CASE(bids_named_enabled_false_takes_a_named_bid_out) {
  const auto before = coinche();
  const auto after = coinche("[bids.named.generale]\nenabled = false\n");
  BOOST_TEST(before->bids.named.size() == 2u);
  BOOST_TEST(after->bids.named.size() == 1u);
  DeclaredDeal generale = hearts("\"generale\"", 162, 0, 8);
  generale.contract.tricks_by_seat = std::array{8, 0, 0, 0};
  expect_written(score(*before, generale), 750, 0);
  BOOST_TEST(deal_error(*after, generale) == "'deal.bid': unknown bid 'generale' (bids: 80 to 160 by 10, capot)");
}

BOOST_AUTO_TEST_CASE(doubling_levels_name_each_level_and_its_factor) {
  const auto before = coinche();
  const auto after = coinche("[doubling]\nlevels = { contre = 3, coinche = 5 }\n");
  // A level added, one changed, the base's other kept; weakest first.
  BOOST_TEST(after->doubling.size() == 3u);
  BOOST_TEST(after->doubling[0].name == "contre");
  BOOST_TEST(after->doubling[2].name == "coinche");
  const DeclaredDeal made = hearts(80, 100, 62);
  // Made and coinched: (160 + 80) × the factor to the takers.
  expect_written(score(*before, doubled(made, "coinche")), 480, 0);
  expect_written(score(*after, doubled(made, "coinche")), 1200, 0);
  expect_written(score(*after, doubled(made, "contre")), 720, 0);
  expect_written(score(*after, doubled(made, "surcoinche")), 960, 0);
  BOOST_TEST(score(*after, doubled(made, "contre")).factor == 3);
  BOOST_TEST(deal_error(*before, doubled(made, "contre")) ==
             "'deal.doubling': unknown doubling 'contre' (levels: coinche, surcoinche)");
}

BOOST_AUTO_TEST_CASE(contract_test_more_than_defenders_compares_the_teams) {
  const auto before = coinche();
  const auto after = coinche("[contract]\ntest = \"more-than-defenders\"\non_tie = \"litige\"\n");
  // 90 against 72 at 160: short of the bid, more than the defenders.
  BOOST_TEST(score(*before, hearts(160, 90, 72)).contract == ContractResult::failed);
  expect_written(score(*before, hearts(160, 90, 72)), 0, 320);
  BOOST_TEST(score(*after, hearts(160, 90, 72)).contract == ContractResult::made);
  expect_written(score(*after, hearts(160, 90, 72)), 250, 72);
  // 81 each: a litige, the takers' 81 held over (the classic tie: coinche sets no [scoring.tied]).
  BOOST_TEST(score(*after, hearts(80, 81, 81)).contract == ContractResult::litige);
  expect_written(score(*after, hearts(80, 81, 81)), 0, 81, 81);
}

BOOST_AUTO_TEST_CASE(contract_test_reach_bid_needs_the_bid_equal_included) {
  const auto more = coinche("[contract]\ntest = \"more-than-defenders\"\non_tie = \"litige\"\n");
  const auto reach = coinche();
  // 80 against 82 at 80: the bid reached, fewer than the defenders.
  BOOST_TEST(score(*reach, hearts(80, 80, 82)).contract == ContractResult::made);
  expect_written(score(*reach, hearts(80, 80, 82)), 160, 82);
  BOOST_TEST(score(*more, hearts(80, 80, 82)).contract == ContractResult::failed);
  // One point short of the bid fails.
  BOOST_TEST(score(*reach, hearts(90, 89, 73)).contract == ContractResult::failed);
  BOOST_TEST(score(*reach, hearts(90, 90, 72)).contract == ContractResult::made);
}

BOOST_AUTO_TEST_CASE(contract_test_reach_bid_not_below_defenders_needs_both) {
  const auto before = coinche();
  const auto after = coinche("[contract]\ntest = \"reach-bid-not-below-defenders\"\n");
  // The bid reached, 2 below the defenders: made before, failed now.
  BOOST_TEST(score(*before, hearts(80, 80, 82)).contract == ContractResult::made);
  BOOST_TEST(score(*after, hearts(80, 80, 82)).contract == ContractResult::failed);
  expect_written(score(*after, hearts(80, 80, 82)), 0, 240);
  // Equal with the defenders is made; short of the bid is not.
  BOOST_TEST(score(*after, hearts(80, 81, 81)).contract == ContractResult::made);
  expect_written(score(*after, hearts(80, 81, 81)), 161, 81);
  BOOST_TEST(score(*after, hearts(100, 95, 67)).contract == ContractResult::failed);
}

BOOST_AUTO_TEST_CASE(contract_test_none_has_nothing_to_make_or_fail) {
  const auto before = coinche();
  const auto after = coinche("[contract]\ntest = \"none\"\n");
  // 50 against 112: failed before; now each side writes its [scoring.made] terms.
  expect_written(score(*before, hearts(80, 50, 112, 2)), 0, 240);
  const Outcome none = score(*after, hearts(80, 50, 112, 2));
  BOOST_TEST(none.contract == ContractResult::no_contract);
  expect_written(none, 50 + 80, 112);
  // Not even a trick is needed (contract.min_tricks).
  const Outcome no_trick = score(*after, hearts(80, 0, 162, 0));
  BOOST_TEST(no_trick.contract == ContractResult::no_contract);
  expect_written(no_trick, 80, 250);
}

BOOST_AUTO_TEST_CASE(contract_min_tricks_is_what_the_takers_must_take) {
  const auto one = coinche();
  const auto none = coinche("[contract]\nmin_tricks = 0\n");
  const auto three = coinche("[contract]\nmin_tricks = 3\n");
  // N's carré of jacks (200) reaches 80 without a trick: EW take all, 250 card points.
  const DeclaredDeal no_trick = announcing(hearts(80, 0, 162, 0), Seat::N, "carre J");
  BOOST_TEST(score(*one, no_trick).contract == ContractResult::failed);
  // Failed: 250 (the defenders took every trick) + 80 + the carré.
  expect_written(score(*one, no_trick), 0, 530);
  BOOST_TEST(score(*none, no_trick).contract == ContractResult::made);
  expect_written(score(*none, no_trick), 280, 250);
  // Two tricks and 100 points: enough for one trick, not for three.
  expect_written(score(*one, hearts(80, 100, 62, 2)), 180, 62);
  expect_written(score(*three, hearts(80, 100, 62, 2)), 0, 240);
}

BOOST_AUTO_TEST_CASE(contract_held_over_to_says_who_receives_held_points) {
  // Each side writes its own total: the contract's winner may write less than the other side.
  const std::string own = "[scoring.made]\ntakers = [\"own\"]\ndefenders = [\"own\"]\n";
  const auto winner = coinche(own);
  const auto higher = coinche(own + "[contract]\nheld_over_to = \"higher-score\"\n");
  // Made at 80 with 80 against 82, 30 held over coming in.
  DeclaredDeal made = hearts(80, 80, 82);
  made.contract.held_over = 30;
  const Outcome to_winner = score(*winner, made);
  BOOST_TEST(to_winner.held_in == 30);
  BOOST_TEST(to_winner.held_to == std::optional(Team::NS));
  expect_written(to_winner, 110, 82);
  const Outcome to_higher = score(*higher, made);
  BOOST_TEST(to_higher.held_to == std::optional(Team::EW));
  expect_written(to_higher, 80, 112);
  // Equal written numbers: nobody scores more, and the 30 wait again.
  DeclaredDeal level = hearts(80, 81, 81);
  level.contract.held_over = 30;
  expect_written(score(*higher, level), 81, 81, 30);
  expect_written(score(*winner, level), 111, 81);
}

BOOST_AUTO_TEST_CASE(kinds_bid_multiplier_multiplies_the_contract_value_not_the_bid_to_reach) {
  const auto before = coinche();
  const auto after = coinche("[kinds.sans-atout]\nbid_multiplier = 2\n");
  DeclaredDeal sans_atout = hearts(100, 100, 62).in_kind("sans-atout");
  // Made at 100: 100 + the contract, 100 before, 200 now.
  BOOST_TEST(score(*after, sans_atout).contract_value == 200);
  expect_written(score(*before, sans_atout), 200, 62);
  expect_written(score(*after, sans_atout), 300, 62);
  // 90 points are still short of the raw bid; the defenders write 160 + 200.
  const DeclaredDeal short_of_it = hearts(100, 90, 72).in_kind("sans-atout");
  expect_written(score(*after, short_of_it), 0, 360);
  // Other kinds keep the raw bid.
  expect_written(score(*after, hearts(100, 100, 62)), 200, 62);
}

BOOST_AUTO_TEST_CASE(kinds_rounding_up_from_is_the_kinds_threshold) {
  const auto before = variant("coinche", "");
  const auto after = variant("coinche", "[kinds.couleur]\nrounding_up_from = 7\n");
  // NS write 86 + 80 = 166, EW 76: units 6 round up from 5, down from 7.
  expect_written(score(*before, hearts(80, 86, 76)), 170, 80);
  expect_written(score(*after, hearts(80, 86, 76)), 160, 70);
  // Sans-atout keeps the ruleset's 5.
  expect_written(score(*after, hearts(80, 86, 76).in_kind("sans-atout")), 170, 80);
}

BOOST_AUTO_TEST_CASE(kinds_doubled_even_makes_a_doubled_number_of_units_even) {
  // Tens on the sheet: NS coinched and made at 80 with a cinquante: (160 + 80) × 2 + 50 = 530, 53 tens.
  const std::string tens = "[rounding]\nunit = 10\n";
  const DeclaredDeal made = doubled(announcing(hearts(80, 100, 62), Seat::N, "cinquante KH"), "coinche");
  expect_written(score(*variant("coinche", tens), made), 53, 0);
  expect_written(score(*variant("coinche", tens + "[kinds.couleur]\ndoubled_even = \"up\"\n"), made), 54, 0);
  expect_written(score(*variant("coinche", tens + "[kinds.couleur]\ndoubled_even = \"down\"\n"), made), 52, 0);
  expect_written(score(*variant("coinche", tens + "[kinds.couleur]\ndoubled_even = \"no\"\n"), made), 53, 0);
  // Undoubled, nothing is nudged: 100 + 50 + 80 = 230, 23 tens.
  DeclaredDeal plain = made;
  plain.contract.doubling.clear();
  expect_written(score(*variant("coinche", tens + "[kinds.couleur]\ndoubled_even = \"up\"\n"), plain), 23, 6);
}

BOOST_AUTO_TEST_CASE(kinds_enabled_false_takes_a_kind_out) {
  const auto before = coinche();
  const auto after = coinche("[kinds.tout-atout]\nenabled = false\n");
  BOOST_TEST(before->kinds.size() == 3u);
  BOOST_TEST(after->kinds.size() == 2u);
  const DeclaredDeal tout_atout = hearts(80, 100, 62).in_kind("tout-atout");
  expect_written(score(*before, tout_atout), 180, 62);
  BOOST_TEST(deal_error(*after, tout_atout) == "'deal.kind': kind 'tout-atout' is taken out of ruleset 'test' by 'kinds.tout-atout.enabled = false' (kinds: couleur or suit (one trump suit), sans-atout or SA or NT (no trump))");
  // Random deals no longer draw it; they did.
  const auto drawn = [](const Ruleset& rules) {
    const RandomDeals random(rules, 7);
    std::set<std::string> kinds;
    Deal deal;
    for (std::uint64_t i = 0; i < 200; ++i) {
      random.make(i, deal);
      kinds.insert(rules.kinds[deal.kind].name);
    }
    return kinds;
  };
  BOOST_TEST(drawn(*before) == (std::set<std::string>{"couleur", "sans-atout", "tout-atout"}));
  BOOST_TEST(drawn(*after) == (std::set<std::string>{"couleur", "sans-atout"}));
}

BOOST_AUTO_TEST_CASE(game_winner_needs_trick_keeps_a_team_without_a_trick_from_winning) {
  // The bid alone for a made contract: the defenders write only their announcements.
  const auto before = variant("coinche-contrat-seul", "");
  const auto after = variant("coinche-contrat-seul", "[game]\nwinner_needs_trick = true\n");
  // E makes 80 taking every trick; N's carré of jacks gives NS 200, past 150 without a trick.
  DeclaredDeal capot = announcing(hearts(80, 0, 162, 0), Seat::N, "carre J");
  capot.taker = "E";
  const std::vector<DeclaredDeal> menes{capot, hearts(80, 90, 72)};
  const GameScore was = play_sheet(*before, 150, menes);
  BOOST_TEST(was.menes[0].totals == (PerTeam<int>{{200, 80}}));
  BOOST_TEST(was.winner == std::optional(Team::NS));
  BOOST_TEST(was.decided_at == 1);
  // Now NS win only at the next mène, where they take tricks: 200 + 80.
  const GameScore is = play_sheet(*after, 150, menes);
  BOOST_TEST(is.winner == std::optional(Team::NS));
  BOOST_TEST(is.decided_at == 2);
  BOOST_TEST(is.totals == (PerTeam<int>{{280, 80}}));
}

BOOST_AUTO_TEST_CASE(game_no_win_on_capot_plays_on_after_a_capot) {
  const auto before = coinche();
  const auto after = coinche("[game]\nno_win_on_capot = true\n");
  // NS make 80 taking every trick: 250 + 80, past 300; then 90 + 80.
  const std::vector<DeclaredDeal> menes{hearts(80, 162, 0, 8), hearts(80, 90, 72)};
  const GameScore was = play_sheet(*before, 300, menes);
  BOOST_TEST(was.decided_at == 1);
  BOOST_TEST(was.winner == std::optional(Team::NS));
  const GameScore is = play_sheet(*after, 300, menes);
  BOOST_TEST(is.decided_at == 2);
  BOOST_TEST(is.winner == std::optional(Team::NS));
  BOOST_TEST(is.totals == (PerTeam<int>{{500, 72}}));
}

BOOST_AUTO_TEST_CASE(contract_on_tie_makes_fails_or_holds_an_equal_contract) {
  const std::string more = "[contract]\ntest = \"more-than-defenders\"\non_tie = ";
  const DeclaredDeal tie = hearts(80, 81, 81);
  // Made: 81 + 80 to the takers; failed: 160 + 80 to the defenders; a litige holds the takers' 81 over.
  const Outcome made = score(*coinche(more + "\"made\"\n"), tie);
  BOOST_TEST(made.contract == ContractResult::made);
  expect_written(made, 161, 81);
  const Outcome failed = score(*coinche(more + "\"failed\"\n"), tie);
  BOOST_TEST(failed.contract == ContractResult::failed);
  expect_written(failed, 0, 240);
  expect_written(score(*coinche(more + "\"litige\"\n"), tie), 0, 81, 81);
  // Only an equal comparison is a tie: 82 against 80 is made under each.
  for (const char* on_tie : {"\"made\"", "\"failed\"", "\"litige\""})
    expect_written(score(*coinche(more + on_tie + "\n"), hearts(80, 82, 80)), 162, 80);
}

namespace {

// NS take at 80 in hearts with 100 card points and N's carré of jacks (200);
// EW have 62 card points and E's belote (20).
DeclaredDeal rich(int ns = 100, int ew = 62, int ns_tricks = 5) {
  DeclaredDeal deal = announcing(hearts(80, ns, ew, ns_tricks), Seat::N, "carre J");
  deal.belote = {"E"};
  return deal;
}

struct TermCase {
  std::string term;  // as written in the array
  int takers, defenders;
};
std::ostream& operator<<(std::ostream& out, const TermCase& c) { return out << c.term; }

// What `term` alone writes for each side of rich(): the takers NS, the defenders EW.
const std::vector<TermCase> kTerms{
    {R"("own")", 300, 82},
    {R"("own-cards")", 100, 62},
    {R"("own-announcements")", 200, 0},
    {R"("own-belote")", 0, 20},
    {R"("all")", 382, 382},
    {R"("all-cards")", 162, 162},
    {R"("all-announcements")", 200, 200},
    {R"("all-belote")", 20, 20},
    {R"("bid")", 80, 80},
    {"7", 7, 7},
    {"{ fixed = 160, capot = 250 }", 160, 160},
    {R"({ times_factor = ["own-cards", 5] })", 105, 67},
};

}  // namespace

BOOST_DATA_TEST_CASE(scoring_terms_each_write_their_part_of_the_deal, boost::unit_test::data::make(kTerms), c) {
  const auto rules = coinche(fmt::format("[scoring.made]\ntakers = [{0}]\ndefenders = [{0}]\n", c.term));
  const Outcome out = score(*rules, rich());
  BOOST_TEST(out.contract == ContractResult::made);
  expect_written(out, c.takers, c.defenders);
}

BOOST_AUTO_TEST_CASE(scoring_terms_add_up_and_count_a_capot) {
  const auto rules = coinche(
      "[scoring.made]\ntakers = [\"all-cards\", { fixed = 160, capot = 250 }, \"bid\"]\n"
      "defenders = [\"all-cards\", { fixed = 160, capot = 250 }]\n");
  // Not a capot: 162 + 160 + 80, and 162 + 160.
  expect_written(score(*rules, rich()), 402, 322);
  // NS take every trick: the kind's capot (250) and the fixed term's capot for them, not for EW.
  expect_written(score(*rules, rich(162, 0, 8)), 250 + 250 + 80, 162 + 160);
}

BOOST_AUTO_TEST_CASE(scoring_times_factor_multiplies_by_the_doubling_factor) {
  const auto rules = coinche("[scoring.made-doubled]\ntakers = [{ times_factor = [\"own-cards\", 5] }, \"bid\"]\n"
                             "defenders = [{ times_factor = [\"bid\"] }]\n");
  // Coinche ×2: (100 + 5) × 2 + 80, and 80 × 2; surcoinche ×4.
  expect_written(score(*rules, doubled(rich(), "coinche")), 290, 160);
  expect_written(score(*rules, doubled(rich(), "surcoinche")), 500, 320);
}

BOOST_AUTO_TEST_CASE(scoring_results_each_have_their_table) {
  const auto one = [](const std::string& result, const std::string& takers, const std::string& defenders) {
    return fmt::format("[scoring.{}]\ntakers = [{}]\ndefenders = [{}]\n", result, takers, defenders);
  };
  const DeclaredDeal made = rich();
  // NS bid 160 with 40 points and no announcement: failed.
  DeclaredDeal short_of_160 = rich().with_result(40, 122, 3, 5);
  short_of_160.contract.bid = "160";
  short_of_160.announcements = {};
  // coinche: 160 + 160 and E's belote to EW; then each side's own total.
  expect_written(score(*coinche(), short_of_160), 0, 160 + 160 + 20);
  expect_written(score(*coinche(one("failed", "\"own\"", "\"own\"")), short_of_160), 40, 142);
  // made-doubled set alone leaves made as it was, and the reverse.
  const std::string made_doubled = one("made-doubled", "3", "4");
  expect_written(score(*coinche(made_doubled), made), 380, 82);
  expect_written(score(*coinche(made_doubled), doubled(made, "coinche")), 3, 4);
  // A doubled result the ruleset does not set is its undoubled one.
  const auto only_made = variant("classique", "[scoring.made]\ntakers = [1]\ndefenders = [2]\n"
                                              "[doubling]\nlevels = { contre = 2 }\n");
  HandBuiltDeal plain = with_contract(kQuiet.with_result(100, 62, 5, 3), {.doubling = "contre"});
  expect_written(score(*only_made, plain), 1, 2);
  // failed-doubled.
  const std::string failed_doubled = one("failed-doubled", "5", "6");
  expect_written(score(*coinche(failed_doubled), doubled(short_of_160, "coinche")), 5, 6);
  expect_written(score(*coinche(failed_doubled), short_of_160), 0, 340);
}

BOOST_AUTO_TEST_CASE(scoring_tied_says_what_is_written_and_held_over_on_a_tie) {
  const std::string tie = "[contract]\ntest = \"more-than-defenders\"\non_tie = \"litige\"\n";
  const DeclaredDeal level = hearts(80, 81, 81);
  // The classic litige: the defenders write their 81, the takers' 81 are held over.
  expect_written(score(*coinche(tie), level), 0, 81, 81);
  // Bulgarian style: the defenders write their own, half of all is held over.
  const auto half = coinche(tie + "[scoring.tied]\ntakers = []\ndefenders = [\"own\"]\nheld = [\"all-cards\"]\n");
  expect_written(score(*half, level), 0, 81, 162);
  const auto nothing_held = coinche(tie + "[scoring.tied]\ntakers = [\"own\"]\ndefenders = [\"own\"]\nheld = []\n");
  expect_written(score(*nothing_held, level), 81, 81, 0);
  // tied-doubled: its own table in a doubled deal; the undoubled one otherwise.
  const auto doubled_tie = coinche(tie + "[scoring.tied-doubled]\ntakers = []\ndefenders = []\n"
                                         "held = [{ times_factor = [\"all\"] }]\n");
  expect_written(score(*doubled_tie, doubled(level, "coinche")), 0, 0, 324);
  expect_written(score(*doubled_tie, level), 0, 81, 81);
}

BOOST_AUTO_TEST_CASE(rounding_step_is_the_multiple_written) {
  // NS make 80 with 86: 166 written; EW 76.
  const DeclaredDeal made = hearts(80, 86, 76);
  expect_written(score(*coinche(), made), 166, 76);
  expect_written(score(*variant("coinche", ""), made), 170, 80);
  // Twenty: up from 10 by default; 166 → 160, 76 → 80.
  expect_written(score(*variant("coinche", "[rounding]\nstep = 20\nup_from = 10\n"), made), 160, 80);
  // coinche's up_from (5) stays: 166 → 180.
  expect_written(score(*coinche("[rounding]\nstep = 20\n"), made), 180, 80);
  expect_written(score(*coinche("[rounding]\nstep = 4\nup_from = 2\n"), made), 168, 76);
}

BOOST_AUTO_TEST_CASE(rounding_up_from_is_the_remainder_that_rounds_up) {
  const DeclaredDeal made = hearts(80, 85, 77);  // 165 and 77
  expect_written(score(*variant("coinche", ""), made), 170, 80);
  expect_written(score(*variant("coinche", "[rounding]\nup_from = 6\n"), made), 160, 80);
  expect_written(score(*variant("coinche", "[rounding]\nup_from = 8\n"), made), 160, 70);
  // The step itself: always down; 0: always up.
  expect_written(score(*variant("coinche", "[rounding]\nup_from = 10\n"), made), 160, 70);
  expect_written(score(*variant("coinche", "[rounding]\nup_from = 0\n"), hearts(80, 81, 81)), 170, 90);
}

BOOST_AUTO_TEST_CASE(rounding_sides_leader_gives_the_other_side_the_rest) {
  const DeclaredDeal made = hearts(80, 86, 76);  // 166 and 76: 242 in all
  expect_written(score(*variant("coinche", ""), made), 170, 80);
  // The leader rounds 166 to 170; the deal's 242 rounds to 240: 70 to EW.
  const Outcome leader = score(*variant("coinche", "[rounding]\nsides = \"leader\"\n"), made);
  expect_written(leader, 170, 70);
  BOOST_TEST(leader.rounded[Team::NS] + leader.rounded[Team::EW] == 240);
  // Equal numbers each round on their own.
  const auto led = variant("coinche", "[rounding]\nsides = \"leader\"\n[scoring.made]\ntakers = [\"own\"]\ndefenders = [\"own\"]\n");
  expect_written(score(*led, hearts(80, 81, 81)), 80, 80);
}

BOOST_AUTO_TEST_CASE(rounding_keep_nonzero_keeps_a_scoring_side_off_nothing) {
  const std::string leader = "[rounding]\nsides = \"leader\"\n";
  // NS make 80 with 158: 238; EW 4. The deal's 242 rounds to 240, all of it the leader's.
  const DeclaredDeal lopsided = hearts(80, 158, 4, 7);
  expect_written(score(*variant("coinche", leader), lopsided), 240, 0);
  const Outcome kept = score(*variant("coinche", leader + "keep_nonzero = true\n"), lopsided);
  expect_written(kept, 230, 10);
  // A side that took nothing stays at nothing.
  expect_written(score(*variant("coinche", leader + "keep_nonzero = true\n"), hearts(80, 162, 0, 8)), 330, 0);
}

BOOST_AUTO_TEST_CASE(rounding_unit_is_what_the_sheet_counts_in) {
  const DeclaredDeal made = hearts(80, 86, 76);
  expect_written(score(*variant("coinche", "[rounding]\nunit = 10\n"), made), 17, 8);
  expect_written(score(*variant("coinche", "[rounding]\nunit = 5\n"), made), 34, 16);
  // Held-over points coming in are in units too: 3 tens to the winner.
  DeclaredDeal carried = made;
  carried.contract.held_over = 3;
  expect_written(score(*variant("coinche", "[rounding]\nunit = 10\n"), carried), 20, 8);
}

BOOST_AUTO_TEST_SUITE_END()  // test_contract_keys
