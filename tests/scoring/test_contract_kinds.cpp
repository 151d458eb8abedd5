// One test per key of a contract kind ([kinds.NAME]) and of the deck's trick
// orders: a small ruleset with three kinds (a trump suit, sans-atout,
// tout-atout), scored on a deal where the key matters, before and after the
// key changes.
#include <boost/test/unit_test.hpp>

#include "hand_built.h"

BOOST_AUTO_TEST_SUITE(test_contract_kinds)

using namespace belote;
using namespace belote::test;

namespace {

// Lines added to each kind's table of the ruleset below, and to the file after them.
struct KindLines {
  std::string couleur, sans_atout, tout_atout, after;
  std::string sans_atout_points = "points = { A = 19, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 }";
  std::string tout_atout_points = "points = { J = 14, 9 = 9, A = 6, 10 = 5, K = 3, Q = 1, 8 = 0, 7 = 0 }";
};

// classique played in a suit, in sans-atout or in tout-atout (162 card points in each).
std::shared_ptr<const Ruleset> kinds(const KindLines& extra = {}) {
  return variant("classique", fmt::format("[kinds.couleur]\ntrumps = \"one-suit\"\n{}\n"
                                          "[kinds.sans-atout]\ntrumps = \"none\"\n{}\n{}\n"
                                          "[kinds.tout-atout]\ntrumps = \"all-suits\"\n{}\n{}\n{}\n",
                                          extra.couleur, extra.sans_atout_points, extra.sans_atout, extra.tout_atout_points,
                                          extra.tout_atout, extra.after));
}

const ContractKind& kind_named(const Ruleset& rules, const std::string& name) {
  const auto k = rules.find_kind(name);
  BOOST_TEST_REQUIRE(k.has_value(), name);
  return rules.kinds[std::size_t(*k)];
}

// Each hand holds two cards of each suit and no rank four times; N holds the
// king and queen of hearts and of spades, and no other hand a king and queen of one suit.
const HandBuiltDeal kTwoBelotes{
    {"KH QH KS QS 7D 8D 7C 8C", "7S 9S 8H 10H AD QD JC KC", "8S 10S 7H 9H 10D KD 9C QC", "JS AS JH AH JD 9D 10C AC"}};
void check_score(const Outcome& out, int ns, int ew, int suspended = 0) {
  BOOST_TEST(out.score[Team::NS] == ns);
  BOOST_TEST(out.score[Team::EW] == ew);
  BOOST_TEST(out.suspended == suspended);
}

// The one error reading a deal gives (the deal reader's tests check the positions).
std::string error_of(const Ruleset& rules, const std::string& toml) {
  const Diagnostics errors = toml_deal_errors(rules, toml);
  BOOST_TEST_REQUIRE(errors.size() == 1u);
  return errors[0].message;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_hand_built_deals_hold_what_they_are_built_for) {
  const Outcome two = score(*ruleset("classique"), kTwoBelotes);
  for (Seat seat : kSeats) BOOST_TEST(two.announcements[seat].empty());
  BOOST_TEST(two.belote_seat == std::optional(Seat::N));
  const Outcome tierce = score(*ruleset("classique"), kTierce);
  BOOST_TEST(tierce.announcements[Seat::N].points == 20);
  BOOST_TEST(!tierce.belote_team.has_value());
}

BOOST_AUTO_TEST_CASE(kinds_trumps_says_which_suits_are_trumps_and_so_where_belotes_are) {
  const std::string points = "points = { J = 14, 9 = 9, A = 6, 10 = 5, K = 3, Q = 1, 8 = 0, 7 = 0 }\n";
  const auto one_suit = variant("classique", "[kinds.k]\ntrumps = \"one-suit\"\n");
  const auto all_suits = variant("classique", "[kinds.k]\ntrumps = \"all-suits\"\n" + points);
  const auto none = variant("classique", "[kinds.k]\ntrumps = \"none\"\n" + points);
  // Hearts trumps: N's king and queen of hearts are the belote.
  const Outcome in_hearts = score(*one_suit, kTwoBelotes.in_kind("k", "H"));
  BOOST_TEST(in_hearts.belote_points[Team::NS] == 20);
  check_score(in_hearts, 101, 81);
  // Every suit trumps: both pairs count.
  const Outcome everywhere = score(*all_suits, kTwoBelotes.in_kind("k"));
  BOOST_TEST(everywhere.belotes[Seat::N] == 2);
  BOOST_TEST(everywhere.belote_points[Team::NS] == 40);
  check_score(everywhere, 121, 81);
  // No trump: no belote, and 81 against 81 is a litige.
  const Outcome nowhere = score(*none, kTwoBelotes.in_kind("k"));
  BOOST_TEST(nowhere.belote_points[Team::NS] == 0);
  BOOST_TEST(nowhere.contract == ContractResult::litige);
  check_score(nowhere, 0, 81, 81);
}

BOOST_AUTO_TEST_CASE(kinds_suits_names_the_suits_a_kind_is_played_in) {
  const auto before = kinds();
  const auto after = kinds({.couleur = "suits = [\"S\", \"D\", \"C\"]"});
  BOOST_TEST(score(*before, kQuiet).contract == ContractResult::litige);
  // A deal giving only its trump is played in the one-suit kind of that suit, and there is none for hearts now.
  BOOST_TEST(error_of(*after, kQuiet.toml()) ==
             "'deal.trump': no kind of this ruleset is played with H as trumps; name the deal's 'deal.kind' "
             "(kinds: couleur, sans-atout, tout-atout)");
  BOOST_TEST(error_of(*after, kQuiet.in_kind("couleur", "H").toml()) ==
             "'deal.trump': kind 'couleur' is played with S or D or C as trumps, not H");
  BOOST_TEST(score(*after, kQuiet.in_kind("couleur", "D")).contract == ContractResult::litige);
}

BOOST_AUTO_TEST_CASE(kinds_aliases_are_other_names_a_deal_may_give_in_any_case) {
  const auto before = kinds();
  const auto after = kinds({.sans_atout = "aliases = [\"SA\", \"без-коз\"]"});
  BOOST_TEST(error_of(*before, kQuiet.in_kind("SA").toml()).starts_with("'deal.kind': unknown kind 'SA'"));
  for (const std::string name : {"SA", "sa", "без-коз", "Sans-Atout"}) {
    const Deal deal = deal_from_toml(*after, kQuiet.in_kind(name).toml());
    BOOST_TEST(after->kinds[deal.kind].name == "sans-atout", name);
  }
}

BOOST_AUTO_TEST_CASE(kinds_trump_points_value_the_trump_suit) {
  const auto before = kinds();
  const auto after = kinds({.couleur = "trump_points = { J = 30, 9 = 14, A = 11, 10 = 10, K = 4, Q = 3, 8 = 0, 7 = 0 }"});
  BOOST_TEST(kind_named(*after, "couleur").card_points(*after->deck.parse_card("JH"), *after->deck.parse_suit("H")) == 30);
  BOOST_TEST(kind_named(*after, "couleur").card_points(*after->deck.parse_card("JS"), *after->deck.parse_suit("H")) == 2);
  // A failed taker's defenders score every card point of the kind: one jack of trumps worth 10 more.
  check_score(score(*before, kQuiet.with_result(40, 122, 3, 5)), 0, 162);
  check_score(score(*after, kQuiet.with_result(40, 132, 3, 5)), 0, 172);
  BOOST_TEST(error_of(*after, kQuiet.with_result(40, 122, 3, 5).toml()) ==
             "'deal.result.points' adds up to 162; the card points of a mène in couleur add up to 172");
}

BOOST_AUTO_TEST_CASE(kinds_plain_points_value_the_other_suits) {
  const auto before = kinds();
  const auto after = kinds({.couleur = "plain_points = { A = 21, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 }"});
  // Three plain aces worth 10 more each.
  BOOST_TEST(kind_named(*after, "couleur").total_card_points() == 192);
  check_score(score(*before, kQuiet.with_result(40, 122, 3, 5)), 0, 162);
  check_score(score(*after, kQuiet.with_result(40, 152, 3, 5)), 0, 192);
}

BOOST_AUTO_TEST_CASE(kinds_points_value_every_suit_of_a_kind_without_one_trump_suit) {
  const auto before = kinds();
  const auto after = kinds({.sans_atout_points = "points = { A = 29, 10 = 10, K = 4, Q = 3, J = 2, 9 = 0, 8 = 0, 7 = 0 }"});
  const HandBuiltDeal sans_atout = kQuiet.in_kind("sans-atout");
  // Four aces worth 10 more each, whatever suit a deal would name.
  for (const std::string suit : {"S", "H"})
    BOOST_TEST(kind_named(*after, "sans-atout").card_points(*after->deck.parse_card("A" + suit), 0) == 29);
  check_score(score(*before, sans_atout.with_result(40, 122, 3, 5)), 0, 162);
  check_score(score(*after, sans_atout.with_result(40, 162, 3, 5)), 0, 202);
}

BOOST_AUTO_TEST_CASE(kinds_last_trick_is_the_kinds_own) {
  const auto before = kinds();
  const auto after = kinds({.sans_atout = "last_trick = 20"});
  BOOST_TEST(kind_named(*before, "sans-atout").last_trick_points == 10);
  BOOST_TEST(kind_named(*after, "sans-atout").last_trick_points == 20);
  BOOST_TEST(kind_named(*after, "couleur").last_trick_points == 10);
  const HandBuiltDeal sans_atout = kQuiet.in_kind("sans-atout");
  check_score(score(*before, sans_atout.with_result(40, 122, 3, 5)), 0, 162);
  check_score(score(*after, sans_atout.with_result(40, 132, 3, 5)), 0, 172);
}

BOOST_AUTO_TEST_CASE(kinds_card_multiplier_multiplies_cards_and_last_trick_not_announcements) {
  const auto before = kinds();
  const auto after = kinds({.sans_atout = "card_multiplier = 2"});
  BOOST_TEST(kind_named(*after, "sans-atout").total_card_points() == 324);
  // N's tierce (20) goes to the defenders with the card points when N fails.
  const HandBuiltDeal tierce = kTierce.in_kind("sans-atout");
  const Outcome single = score(*before, tierce.with_result(40, 122, 3, 5));
  const Outcome doubled = score(*after, tierce.with_result(80, 244, 3, 5));
  BOOST_TEST(single.scored_announcements[Team::NS] == 20);
  BOOST_TEST(doubled.scored_announcements[Team::NS] == 20);
  check_score(single, 0, 162 + 20);
  check_score(doubled, 0, 324 + 20);
  BOOST_TEST(error_of(*after, tierce.with_result(40, 122, 3, 5).toml()) ==
             "'deal.result.points' adds up to 162; the card points of a mène in sans-atout add up to 324");
}

BOOST_AUTO_TEST_CASE(kinds_capot_values_a_team_that_takes_every_trick) {
  const auto before = kinds();
  const auto after = kinds({.sans_atout = "capot = 250"});
  const HandBuiltDeal every_trick = kQuiet.in_kind("sans-atout").with_result(162, 0, 8, 0);
  const Outcome by_contract = score(*before, every_trick);
  const Outcome by_kind = score(*after, every_trick);
  BOOST_TEST(by_contract.capot == std::optional(Team::NS));
  BOOST_TEST(by_contract.card_points[Team::NS] == 252);  // contract.capot
  BOOST_TEST(by_kind.card_points[Team::NS] == 250);
  check_score(by_kind, 250, 0);
  // Another kind keeps contract.capot.
  BOOST_TEST(score(*after, kQuiet.with_result(162, 0, 8, 0)).card_points[Team::NS] == 252);
}

BOOST_AUTO_TEST_CASE(kinds_announcements_says_what_is_declared_in_the_kind) {
  const HandBuiltDeal tierce = kTierce.in_kind("couleur", "H");
  BOOST_TEST(score(*kinds(), tierce).announcements[Seat::N].points == 20);
  for (const std::string& declared : {std::string("\"none\""), std::string("[\"carres\"]"), std::string("[\"carre-J\", \"cent\"]")}) {
    const Outcome out = score(*kinds({.couleur = "announcements = " + declared}), tierce);
    BOOST_TEST(out.announcements[Seat::N].empty(), declared);
    BOOST_TEST(out.contract == ContractResult::litige, declared);
  }
  for (const std::string& declared : {std::string("\"all\""), std::string("[\"sequences\"]"), std::string("[\"tierce\"]")}) {
    const Outcome out = score(*kinds({.couleur = "announcements = " + declared}), tierce);
    BOOST_TEST(out.announcements[Seat::N].points == 20, declared);
    BOOST_TEST(out.score[Team::NS] == 101, declared);
  }
  // Carrés alone: four jacks are declared, and the tierce beside them is not.
  const HandBuiltDeal jacks = HandBuiltDeal{{"7S 8S 9S JH JD JC JS AC", "QS 9H KH 10D AD 7C 10C QH", "KS 8H 10H AH 7D 9D 8C QC",
                                             "10S AS 7H 8D QD KD 9C KC"}}.in_kind("couleur", "H");
  const Outcome carres = score(*kinds({.couleur = "announcements = [\"carres\"]"}), jacks);
  BOOST_TEST_REQUIRE(carres.announcements[Seat::N].count == 1);
  BOOST_TEST(carres.announcements[Seat::N].items[0].carre);
  BOOST_TEST(carres.announcements[Seat::N].points == 200);
  BOOST_TEST(score(*kinds(), jacks).announcements[Seat::N].points == 220);
}

BOOST_AUTO_TEST_CASE(kinds_carre_points_value_the_carres_of_the_kind) {
  const std::string carre_points = "carre_points = { A = 200, 10 = 150, K = 100, Q = 100, J = 100, 9 = 100, 8 = 0, 7 = 0 }";
  const auto before = kinds();
  const auto after = kinds({.sans_atout = carre_points});
  DeclaredDeal aces{.kind = "sans-atout", .trump = ""};
  aces.announcements[index(Seat::N)] = {"carre A"};
  BOOST_TEST(score(*before, aces).announcements[Seat::N].points == 100);
  const Outcome out = score(*after, aces);
  BOOST_TEST(out.announcements[Seat::N].points == 200);
  check_score(out, 281, 81);
  // The other kinds keep carres.points.
  DeclaredDeal in_suit = aces.in_kind("couleur", "H");
  BOOST_TEST(score(*after, in_suit).announcements[Seat::N].points == 100);
}

BOOST_AUTO_TEST_CASE(kinds_carre_order_ranks_carres_of_equal_worth_in_the_kind) {
  DeclaredDeal deal{.kind = "sans-atout", .trump = ""};
  deal.announcements[index(Seat::N)] = {"carre K"};
  deal.announcements[index(Seat::E)] = {"carre Q"};
  const Outcome before = score(*kinds(), deal);
  const Outcome after = score(*kinds({.sans_atout = "carre_order = [\"7\", \"8\", \"9\", \"J\", \"K\", \"Q\", \"10\", \"A\"]"}), deal);
  BOOST_TEST(before.winner == std::optional(Team::NS));
  BOOST_TEST((before.deciding == Criterion::height));
  BOOST_TEST(after.winner == std::optional(Team::EW));
  BOOST_TEST((after.deciding == Criterion::height));
  check_score(after, 0, 162 + 100);  // the taker N fails
}

BOOST_AUTO_TEST_CASE(kinds_sequence_order_reversed_makes_the_lower_run_win) {
  DeclaredDeal deal{.kind = "sans-atout", .trump = ""};
  deal.announcements[index(Seat::N)] = {"tierce KH"};
  deal.announcements[index(Seat::E)] = {"tierce 9D"};
  const Outcome natural = score(*kinds(), deal);
  const Outcome reversed = score(*kinds({.sans_atout = "sequence_order = \"reversed\""}), deal);
  BOOST_TEST(natural.winner == std::optional(Team::NS));
  BOOST_TEST(reversed.winner == std::optional(Team::EW));
  BOOST_TEST((reversed.deciding == Criterion::height));
  check_score(natural, 101, 81);
  check_score(reversed, 0, 162 + 20);  // the taker N fails
}

BOOST_AUTO_TEST_CASE(kinds_belote_says_where_the_belote_lives) {
  // By default: in the trump suit, in every suit where every suit is trumps, nowhere without trumps.
  const auto base = kinds();
  BOOST_TEST(score(*base, kTwoBelotes.in_kind("couleur", "H")).belote_points[Team::NS] == 20);
  BOOST_TEST(score(*base, kTwoBelotes.in_kind("tout-atout")).belote_points[Team::NS] == 40);
  BOOST_TEST(score(*base, kTwoBelotes.in_kind("sans-atout")).belote_points[Team::NS] == 0);
  // Each changed.
  const auto flipped = kinds({.couleur = "belote = \"nowhere\"", .sans_atout = "belote = \"every-suit\"",
                              .tout_atout = "belote = \"nowhere\""});
  BOOST_TEST(score(*flipped, kTwoBelotes.in_kind("couleur", "H")).belote_points[Team::NS] == 0);
  BOOST_TEST(score(*flipped, kTwoBelotes.in_kind("sans-atout")).belote_points[Team::NS] == 40);
  BOOST_TEST(score(*flipped, kTwoBelotes.in_kind("tout-atout")).belote_points[Team::NS] == 0);
  check_score(score(*flipped, kTwoBelotes.in_kind("sans-atout")), 121, 81);
  // In every suit, a one-suit kind counts each pair too.
  const auto every = kinds({.couleur = "belote = \"every-suit\""});
  BOOST_TEST(score(*every, kTwoBelotes.in_kind("couleur", "D")).belotes[Seat::N] == 2);
}

BOOST_AUTO_TEST_CASE(kinds_trump_breaks_ties_false_leaves_equal_sequences_tied) {
  DeclaredDeal deal{.kind = "couleur", .trump = "H"};
  deal.announcements[index(Seat::N)] = {"tierce KH"};
  deal.announcements[index(Seat::E)] = {"tierce KD"};
  const Outcome breaks = score(*kinds(), deal);
  const Outcome tied = score(*kinds({.couleur = "trump_breaks_ties = false"}), deal);
  BOOST_TEST(breaks.winner == std::optional(Team::NS));
  BOOST_TEST((breaks.deciding == Criterion::trump));
  check_score(breaks, 101, 81);
  BOOST_TEST(!tied.winner.has_value());
  BOOST_TEST((tied.win_reason == WinReason::tie_nobody));
  BOOST_TEST(tied.contract == ContractResult::litige);
}

BOOST_AUTO_TEST_CASE(kinds_score_multiplier_multiplies_everything_written) {
  const auto before = kinds();
  const auto after = kinds({.sans_atout = "score_multiplier = 2", .tout_atout = "score_multiplier = 3"});
  check_score(score(*before, kTwoBelotes.in_kind("tout-atout")), 121, 81);
  check_score(score(*after, kTwoBelotes.in_kind("tout-atout")), 363, 243);
  // The points held over by a litige too.
  check_score(score(*before, kQuiet.in_kind("sans-atout")), 0, 81, 81);
  check_score(score(*after, kQuiet.in_kind("sans-atout")), 0, 162, 162);
  check_score(score(*after, kQuiet.in_kind("couleur", "H")), 0, 81, 81);
}

namespace {

std::vector<Rank> ranks(const Ruleset& rules, const std::vector<std::string>& names) {
  std::vector<Rank> out;
  for (const auto& name : names) out.push_back(*rules.deck.parse_rank(name));
  return out;
}

}  // namespace

// The trick orders describe the game (which card wins a trick); scoring a
// deal, given its result, does not use them.
BOOST_AUTO_TEST_CASE(trick_orders_come_from_the_deck_unless_a_kind_sets_its_own) {
  const auto base = kinds();
  const std::vector<std::string> trump{"7", "8", "Q", "K", "10", "A", "9", "J"};
  const std::vector<std::string> plain{"7", "8", "9", "J", "Q", "K", "10", "A"};
  BOOST_TEST(kind_named(*base, "couleur").trump_order == ranks(*base, trump));
  BOOST_TEST(kind_named(*base, "couleur").plain_order == ranks(*base, plain));
  // One order for every suit: the plain one without trumps, the trump one with all.
  BOOST_TEST(kind_named(*base, "sans-atout").trump_order == ranks(*base, plain));
  BOOST_TEST(kind_named(*base, "sans-atout").plain_order == ranks(*base, plain));
  BOOST_TEST(kind_named(*base, "tout-atout").plain_order == ranks(*base, trump));

  // deck.trump_order and deck.plain_order: every kind that sets none follows them.
  const std::vector<std::string> low{"A", "K", "Q", "J", "10", "9", "8", "7"};
  const auto deck = kinds({.after = "[deck]\ntrump_order = [\"A\", \"K\", \"Q\", \"J\", \"10\", \"9\", \"8\", \"7\"]\n"
                                    "plain_order = [\"8\", \"7\", \"9\", \"J\", \"Q\", \"K\", \"10\", \"A\"]"});
  BOOST_TEST(deck->deck.trump_order == ranks(*deck, low));
  BOOST_TEST(kind_named(*deck, "couleur").trump_order == ranks(*deck, low));
  BOOST_TEST(kind_named(*deck, "tout-atout").trump_order == ranks(*deck, low));
  BOOST_TEST(kind_named(*deck, "sans-atout").trump_order == ranks(*deck, {"8", "7", "9", "J", "Q", "K", "10", "A"}));
  BOOST_TEST(!deck->same_conventions(*base));

  // kinds.*.trump_order, plain_order and order: the kind's own.
  const auto own = kinds({.couleur = "trump_order = [\"7\", \"8\", \"9\", \"10\", \"J\", \"Q\", \"K\", \"A\"]\n"
                                     "plain_order = [\"A\", \"K\", \"Q\", \"J\", \"10\", \"9\", \"8\", \"7\"]",
                          .sans_atout = "order = [\"A\", \"K\", \"Q\", \"J\", \"10\", \"9\", \"8\", \"7\"]"});
  BOOST_TEST(kind_named(*own, "couleur").trump_order == ranks(*own, {"7", "8", "9", "10", "J", "Q", "K", "A"}));
  BOOST_TEST(kind_named(*own, "couleur").plain_order == ranks(*own, low));
  BOOST_TEST(kind_named(*own, "sans-atout").trump_order == ranks(*own, low));
  BOOST_TEST(kind_named(*own, "sans-atout").plain_order == ranks(*own, low));
  BOOST_TEST(kind_named(*own, "tout-atout").plain_order == ranks(*own, trump));
  BOOST_TEST(!own->same_conventions(*base));
  const HandBuiltDeal deal = kTierce.in_kind("sans-atout");
  check_score(score(*own, deal), score(*base, deal).score[Team::NS], score(*base, deal).score[Team::EW]);
}

BOOST_AUTO_TEST_SUITE_END()  // test_contract_kinds
