// Positions given to the solver: checked with a message for each mistake,
// solved part-way through a mène (points and tricks already taken, a trick in
// progress), with the capot's value counted from the ruleset whichever side
// takes every trick, and stopped with a message at a node limit.
#include <boost/test/unit_test.hpp>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_solve_positions)

using namespace belote;
using namespace belote::test;

namespace {

CardSet cards(const Ruleset& rules, const std::string& text) {
  CardSet out = 0;
  std::istringstream words(text);
  for (std::string w; words >> w;) out |= card_bit(*rules.deck.parse_card(w));
  return out;
}

// The last trick of a classique mène at hearts: N leads, and wins with the ace of spades.
SolvePosition last_trick(const Ruleset& rules, Team takers, PerTeam<int> points, PerTeam<int> tricks) {
  SolvePosition p;
  p.hands[Seat::N] = cards(rules, "AS");
  p.hands[Seat::E] = cards(rules, "7S");
  p.hands[Seat::S] = cards(rules, "10S");
  p.hands[Seat::W] = cards(rules, "KS");
  p.trick.leader = Seat::N;
  p.takers = takers;
  p.points = points;
  p.tricks = tricks;
  return p;
}

}  // namespace

BOOST_AUTO_TEST_CASE(the_last_trick_adds_its_cards_and_bonus_to_the_points_taken) {
  const auto rules = ruleset("classique");
  const PlayContext play(*rules, 0, 1);
  // A 11 + 10 10 + K 4 + 7 0, and 10 for the last trick: NS end with 50 + 35.
  const SolvePosition p = last_trick(*rules, Team::NS, {{50, 77}}, {{3, 4}});
  BOOST_TEST(check_position(play, p) == "");
  const SolveResult ns = solve(play, p);
  BOOST_TEST(ns.takers_points == 85);
  BOOST_TEST(ns.best_cards == cards(*rules, "AS"));
  SolvePosition ew = p;
  ew.takers = Team::EW;
  BOOST_TEST(solve(play, ew).takers_points == 77);
}

BOOST_AUTO_TEST_CASE(taking_every_trick_counts_the_rulesets_capot_value) {
  const auto rules = ruleset("classique");
  const PlayContext play(*rules, 0, 1);
  // NS took the seven tricks before: the eighth makes a capot, 252 in classique.
  BOOST_TEST(solve(play, last_trick(*rules, Team::NS, {{127, 0}}, {{7, 0}})).takers_points == 252);
  // The defenders' capot leaves the takers nothing.
  BOOST_TEST(solve(play, last_trick(*rules, Team::EW, {{127, 0}}, {{7, 0}})).takers_points == 0);
  // Coinche's capot is worth 250.
  const auto coinche = ruleset("coinche");
  const PlayContext couleur(*coinche, 0, 1);
  BOOST_TEST(solve(couleur, last_trick(*coinche, Team::NS, {{127, 0}}, {{7, 0}})).takers_points == 250);
}

BOOST_AUTO_TEST_CASE(a_trick_in_progress_is_played_out) {
  const auto rules = ruleset("classique");
  const PlayContext play(*rules, 0, 1);
  SolvePosition p = last_trick(*rules, Team::NS, {{50, 77}}, {{3, 4}});
  // N has led the ace; W, next in play order, holds only the king.
  p.hands[Seat::N] = 0;
  p.trick.cards[0] = *rules->deck.parse_card("AS");
  p.trick.count = 1;
  BOOST_TEST(check_position(play, p) == "");
  const SolveResult r = solve(play, p, SolveOptions{.line = true});
  BOOST_TEST(r.takers_points == 85);
  BOOST_TEST(r.best_cards == cards(*rules, "KS"));
  BOOST_TEST(r.line.size() == 3u);
}

BOOST_AUTO_TEST_CASE(a_wrong_position_is_named) {
  const auto rules = ruleset("classique");
  const PlayContext play(*rules, 0, 1);
  SolvePosition p = last_trick(*rules, Team::NS, {{50, 77}}, {{3, 4}});
  p.hands[Seat::E] = cards(*rules, "AS");
  BOOST_TEST(check_position(play, p) == "a card is in two hands");
  p = last_trick(*rules, Team::NS, {{50, 77}}, {{3, 4}});
  p.hands[Seat::E] |= cards(*rules, "8S");
  BOOST_TEST(check_position(play, p) == "E holds 2 cards where 1 were expected");
  // The leader's hand short: named as the odd one out, the others' hands telling how many are left.
  p = last_trick(*rules, Team::NS, {{50, 77}}, {{3, 4}});
  p.hands[Seat::N] = 0;
  BOOST_TEST(check_position(play, p) == "N holds 0 cards where 1 were expected");
  // Two hands short, two whole: the tricks played tell which two are short.
  p.hands[Seat::E] = 0;
  BOOST_TEST(check_position(play, p) == "N holds 0 cards where 1 were expected");
  p = last_trick(*rules, Team::NS, {{50, 77}}, {{3, 4}});
  p.hands[Seat::S] = 0;
  p.hands[Seat::W] = 0;
  BOOST_TEST(check_position(play, p) == "W holds 0 cards where 1 were expected");  // W plays after N
  p = last_trick(*rules, Team::NS, {{50, 77}}, {{3, 3}});
  BOOST_TEST(check_position(play, p) == "6 tricks played and 1 to play make no mène of 8 tricks");
  p = last_trick(*rules, Team::NS, {{50, 77}}, {{3, 4}});
  p.trick.cards[0] = *rules->deck.parse_card("AS");
  p.trick.count = 1;
  BOOST_TEST(check_position(play, p) == "N holds a card already played");
}

BOOST_AUTO_TEST_CASE(a_node_limit_stops_the_search_with_a_message) {
  const auto rules = ruleset("classique");
  Deal deal;
  RandomDeals(*rules, 3).make(0, deal, false);
  const PlayContext play(*rules, deal.kind, deal.trump);
  const SolveResult r = solve(play, SolvePosition::start(deal.hands, deal.first, Team::NS), SolveOptions{.max_nodes = 1000});
  BOOST_TEST(int(r.status) == int(SolveStatus::node_limit));
  BOOST_TEST(r.message().find("the search stopped at its limit of nodes") == 0u, r.message());
  BOOST_TEST(r.nodes == 1000u);  // the limit is met exactly, not at the next look at the clock
  // Without the limit the same deal is solved.
  BOOST_TEST(int(solve(play, SolvePosition::start(deal.hands, deal.first, Team::NS)).status) == int(SolveStatus::solved));
}

BOOST_AUTO_TEST_CASE(a_callers_stop_is_asked_with_the_clock_and_stops_the_search_with_a_message) {
  const auto rules = ruleset("coinche");
  // The first of the random deals whose solve takes more than three looks at the clock.
  Deal deal;
  SolveResult whole;
  for (std::uint64_t number = 0; whole.nodes <= 3u * 16384u; ++number) {
    BOOST_TEST_REQUIRE(number < 100u);
    RandomDeals(*rules, 5).make(number, deal, false);
    whole = solve(PlayContext(*rules, deal.kind, deal.trump), SolvePosition::start(deal.hands, deal.first, Team::NS));
  }
  const PlayContext play(*rules, deal.kind, deal.trump);
  const SolvePosition start = SolvePosition::start(deal.hands, deal.first, Team::NS);
  // Asked every 16,384 nodes: the second time, it says stop.
  int asked = 0;
  const SolveResult r = solve(play, start, SolveOptions{.stop = [&] { return ++asked == 2; }});
  BOOST_TEST(int(r.status) == int(SolveStatus::stopped));
  BOOST_TEST(asked == 2);
  BOOST_TEST(r.nodes == 2u * 16384u);
  BOOST_TEST(r.message() == "the search was stopped by its caller (32768 nodes searched) before it was solved");
  // A stop that never says stop changes nothing: the same value, cards and nodes.
  asked = 0;
  const SolveResult asked_only = solve(play, start, SolveOptions{.stop = [&] { return ++asked < 0; }});
  BOOST_TEST(int(asked_only.status) == int(SolveStatus::solved));
  BOOST_TEST(asked == int(whole.nodes / 16384));
  BOOST_TEST(asked_only.takers_points == whole.takers_points);
  BOOST_TEST(asked_only.best_cards == whole.best_cards);
  BOOST_TEST(asked_only.nodes == whole.nodes);
}

BOOST_AUTO_TEST_SUITE_END()
