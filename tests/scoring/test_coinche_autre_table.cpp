// examples/coinche-autre-table.toml, another coinche program's rules as an
// overlay of coinche: deals worked by hand from its rules (docs/coinche.md,
// "Another table's rules"), each checked against coinche where they differ.
#include <boost/test/unit_test.hpp>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_coinche_autre_table)

using namespace belote;
using namespace belote::test;

namespace {

RulesetLoader example_loader() { return shipped_loader({source_dir() / "examples"}); }

std::shared_ptr<const Ruleset> autre(const std::string& body = "") {
  const LoadedRuleset loaded = body.empty() ? example_loader().load_file(source_dir() / "examples" / "coinche-autre-table.toml")
                                            : example_loader().load_string("extends = \"coinche-autre-table\"\n" + body,
                                                                           "variant.toml", "test");
  for (const auto& e : loaded.errors) BOOST_TEST_MESSAGE(location_and_message(e));
  BOOST_REQUIRE(loaded.ok());
  return loaded.ruleset;
}

// A mène taken by N in hearts at `bid`, declared as at the table.
DeclaredDeal hearts(int bid, int ns, int ew, int ns_tricks = 5) {
  return DeclaredDeal{.kind = "couleur",
                      .ns_points = ns,
                      .ew_points = ew,
                      .ns_tricks = ns_tricks,
                      .ew_tricks = 8 - ns_tricks,
                      .contract = {.bid = std::to_string(bid)}};
}
DeclaredDeal sans_atout(int bid, int ns, int ew, int ns_tricks = 5) { return hearts(bid, ns, ew, ns_tricks).in_kind("sans-atout"); }

DeclaredDeal with(DeclaredDeal deal, Seat seat, std::string announcement) {
  deal.announcements[index(seat)].push_back(std::move(announcement));
  return deal;
}
DeclaredDeal belote_of(DeclaredDeal deal, std::string seat) {
  deal.belote = {std::move(seat)};
  return deal;
}
DeclaredDeal doubled(DeclaredDeal deal, std::string level) {
  deal.contract.doubling = std::move(level);
  return deal;
}

}  // namespace

BOOST_AUTO_TEST_CASE(bids_are_82_then_85_to_250_by_fives) {
  const auto rules = autre();
  BOOST_TEST(rules->bids.numbers.size() == 1u + 34u);
  BOOST_TEST(rules->bids.named.empty());
  for (int bid : {82, 85, 90, 95, 170, 245, 250}) BOOST_TEST(toml_deal_errors(*rules, hearts(bid, 162, 0, 8).toml()).empty(), bid);
  const std::string bids = "(bids: 82, 85 to 250 by 5)";
  for (int bid : {80, 83, 87, 260})
    BOOST_TEST(deal_error(*rules, hearts(bid, 162, 0, 8)) == fmt::format("'deal.bid': {} is not a bid of this ruleset {}", bid, bids));
  DeclaredDeal capot = hearts(82, 162, 0, 8);
  capot.contract.bid = "\"capot\"";
  BOOST_TEST(deal_error(*rules, capot) == "'deal.bid': unknown bid 'capot' " + bids);
  BOOST_TEST(deal_error(*rules, hearts(82, 100, 62).in_kind("tout-atout")) ==
             "'deal.kind': kind 'tout-atout' is taken out of ruleset 'coinche-autre-table' by 'kinds.tout-atout.enabled = false' (kinds: couleur or suit (one trump suit), sans-atout or SA or NT (no trump))");
}

BOOST_AUTO_TEST_CASE(made_writes_the_total_and_the_bid_exactly) {
  // 84 + 82 and 78, not rounded.
  expect_written(score(*autre(), hearts(82, 84, 78)), 166, 78);
  // 94 + 90 and 68; coinche rounds to 180 and 70.
  expect_written(score(*autre(), hearts(90, 94, 68)), 184, 68);
  expect_written(score(*ruleset("coinche"), hearts(90, 94, 68)), 180, 70);
}

BOOST_AUTO_TEST_CASE(made_needs_the_bid_and_not_fewer_than_the_defenders) {
  const auto rules = autre();
  // Equal is made: 71 + N's belote = 91 against EW's 91, at 90.
  const Outcome equal = score(*rules, belote_of(hearts(90, 71, 91), "N"));
  BOOST_TEST(equal.contract == ContractResult::made);
  expect_written(equal, 91 + 90, 91);
  // The bid reached (80 + a tierce = 100 at 82), but below EW's 82 + belote = 102: failed, and
  // the defenders write both totals and the bid; coinche calls it made.
  const DeclaredDeal below = belote_of(with(hearts(82, 80, 82), Seat::N, "tierce AS"), "E");
  const Outcome failed = score(*rules, below);
  BOOST_TEST(failed.contract == ContractResult::failed);
  expect_written(failed, 0, 100 + 102 + 82);
  DeclaredDeal at_90 = below;
  at_90.contract.bid = "90";
  BOOST_TEST(score(*ruleset("coinche"), at_90).contract == ContractResult::made);
}

BOOST_AUTO_TEST_CASE(failed_gives_the_defenders_both_totals_the_takers_belote_and_announcements_included) {
  // At 120: 70 + tierce 20 + belote 20 = 110, short. EW write 110 + 92 + 120; NS nothing.
  const DeclaredDeal short_of_it = belote_of(with(hearts(120, 70, 92), Seat::N, "tierce AS"), "N");
  expect_written(score(*autre(), short_of_it), 0, 322);
  // coinche: the takers keep their belote (20); the defenders 160 + 120 + the tierce (300).
  expect_written(score(*ruleset("coinche"), short_of_it), 20, 300);
}

BOOST_AUTO_TEST_CASE(sans_atout_doubles_the_contract_value_not_the_bid_to_reach) {
  const auto rules = autre();
  // 110 reach 100 (not 200); the contract is worth 200: 110 + 200.
  expect_written(score(*rules, sans_atout(100, 110, 52)), 310, 52);
  // Times the doubling factor, the defenders still writing their own total.
  expect_written(score(*rules, doubled(sans_atout(100, 110, 52), "coinche")), 110 + 400, 52);
  expect_written(score(*rules, doubled(sans_atout(100, 110, 52), "surcoinche")), 110 + 800, 52);
  // Failed at 120: all 162 + 240.
  expect_written(score(*rules, sans_atout(120, 110, 52)), 0, 402);
  // In a suit the contract is the bid: 110 + 100.
  expect_written(score(*rules, hearts(100, 110, 52)), 210, 52);
}

BOOST_AUTO_TEST_CASE(sans_atout_carres_count_aces_200_and_tens_150) {
  const auto rules = autre();
  // N's carré of aces (200) beats E's carré of tens (150): 95 + 200 + (90 × 2) × 2, EW 67.
  const DeclaredDeal carres = doubled(with(with(sans_atout(90, 95, 67), Seat::N, "carre A"), Seat::E, "carre 10"), "coinche");
  const Outcome out = score(*rules, carres);
  BOOST_TEST(out.scored_announcements[Team::NS] == 200);
  expect_written(out, 655, 67);
  // The example's deal, as docs/coinche.md scores it.
  const std::string line = read_file(source_dir() / "examples" / "coinche-autre-table.jsonl");
  Deal deal;
  BOOST_REQUIRE(json_deal_errors(*rules, line.substr(0, line.find('\n')), &deal).empty());
  expect_written(evaluate(*rules, deal), 655, 67);
}

BOOST_AUTO_TEST_CASE(a_capot_makes_the_last_trick_100) {
  const auto rules = autre();
  // NS take every trick: 252 card points, + 250 bid in hearts, + 90 × 2 in sans-atout.
  const Outcome hearts_capot = score(*rules, hearts(250, 162, 0, 8));
  BOOST_TEST(hearts_capot.card_points[Team::NS] == 252);
  expect_written(hearts_capot, 502, 0);
  expect_written(score(*rules, sans_atout(90, 162, 0, 8)), 252 + 180, 0);
  // The takers take no trick: failed, the defenders' 252 + the bid.
  expect_written(score(*rules, hearts(82, 0, 162, 0)), 0, 252 + 82);
}

BOOST_AUTO_TEST_CASE(only_what_is_declared_counts) {
  const auto rules = autre();
  // N holds the king and queen of hearts. Given as hands, the belote counts: 100 + 20 + 82.
  HandBuiltDeal hands = with_contract(kBelote.with_result(100, 62, 5, 3), {.bid = "82"});
  hands.kind = "couleur";
  expect_written(score(*rules, hands), 202, 62);
  // Given as declared, only a declared belote counts.
  expect_written(score(*rules, hearts(82, 100, 62)), 182, 62);
  expect_written(score(*rules, belote_of(hearts(82, 100, 62), "N")), 202, 62);
}

BOOST_AUTO_TEST_CASE(a_team_past_the_target_wins_only_with_a_trick_in_the_last_deal) {
  // N bids 82 and takes every trick (252), but E's carré of jacks and W's of nines (350) put
  // NS below the defenders: failed, EW write 252 + 350 + 82 = 684 without a trick.
  const DeclaredDeal without_a_trick = with(with(hearts(82, 162, 0, 8), Seat::E, "carre J"), Seat::W, "carre 9");
  DeclaredDeal east = hearts(82, 62, 100, 3);  // E makes 82: 100 + 82
  east.taker = "E";
  const std::vector<DeclaredDeal> menes{without_a_trick, east};
  const GameScore game = play_sheet(*autre(), 500, menes);
  BOOST_TEST(game.menes[0].totals == (PerTeam<int>{{0, 684}}));
  BOOST_TEST(game.decided_at == 2);
  BOOST_TEST(game.winner == std::optional(Team::EW));
  BOOST_TEST(game.totals == (PerTeam<int>{{62, 866}}));
  // Without the rule, EW win at once.
  const GameScore at_once = play_sheet(*autre("[game]\nwinner_needs_trick = false\n"), 500, menes);
  BOOST_TEST(at_once.decided_at == 1);
  BOOST_TEST(at_once.winner == std::optional(Team::EW));
}

BOOST_AUTO_TEST_SUITE_END()  // test_coinche_autre_table
