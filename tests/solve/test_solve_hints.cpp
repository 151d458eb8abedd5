// A hint (SolveHint) orders the search and never changes its result: the
// value and the best cards are the same whatever value is expected, near,
// far or out of range; the move order learnt by the last solve carries over
// only to the same cards under the same trumps, and there spares nodes. The
// search's own guess (a smaller position solved within a budget of nodes)
// leaves the caller's node limit exact. Worlds of one position solved as a
// batch give what each solved alone gives, nodes included. A test of one
// threshold (Solver::test) says on which side of it the value lies, and the
// bound it proves holds.
#include <boost/test/unit_test.hpp>

#include <fmt/format.h>

#include "test_support.h"

BOOST_AUTO_TEST_SUITE(test_solve_hints)

using namespace belote;
using namespace belote::test;

namespace {

// The position of deal `number` with `tricks_left` tricks to play, reached by random legal cards (0: the deal itself).
SolvePosition position_of(const Ruleset& rules, std::uint64_t number, Deal& deal, int tricks_left) {
  if (tricks_left == 0) return SolvePosition::start(deal.hands, deal.first, team_of(deal.taker));
  const PlayedCards line = RandomPlay(rules, 77).play(number, deal);
  const PlayContext play(rules, deal.kind, deal.trump);
  PlayedMene mene(play, deal.hands, deal.first);
  for (int i = 0; i < 4 * (play.hand_size() - tricks_left); ++i) mene.play(line.cards[std::size_t(i)]);
  return SolvePosition::of(mene, team_of(deal.taker));
}

}  // namespace

BOOST_AUTO_TEST_CASE(an_expected_value_never_changes_the_result) {
  int compared = 0;
  for (const std::string name : {"classique", "coinche"}) {
    const auto rules = ruleset(name);
    const RandomDeals deals(*rules, 77);
    Solver plain, hinted;
    Deal deal;
    for (std::uint64_t i = 0; i < scaled(12); ++i) {
      deals.make(i, deal, false);
      // Whole deals, and positions of five tricks where the value is known sooner.
      const SolvePosition position = position_of(*rules, i, deal, i % 2 == 0 ? 0 : 5);
      const PlayContext play(*rules, deal.kind, deal.trump);
      const SolveResult expected = plain.solve(play, position);
      const int v = expected.takers_points;
      for (const int guess : {v, v - 1, v + 1, v + 9, v - 23, v + 60, 0, -40, 400}) {
        const SolveResult r = hinted.solve(play, position, {.expected = guess, .reuse_order = guess % 2 == 0});
        const std::string where = fmt::format("{} deal {} expecting {}", name, i, guess);
        BOOST_TEST(r.takers_points == v, where << ": " << r.takers_points << " against " << v);
        BOOST_TEST(r.best_cards == expected.best_cards, where << ": best cards differ");
        ++compared;
      }
    }
  }
  BOOST_TEST_MESSAGE(fmt::format("{} solves with a hint compared with the solve without one", compared));
}

BOOST_AUTO_TEST_CASE(the_order_learnt_carries_over_to_the_same_cards_only) {
  const auto rules = ruleset("classique");
  const RandomDeals deals(*rules, 5);
  Deal deal, other;
  deals.make(0, deal, false);
  deals.make(1, other, false);
  const PlayContext play(*rules, deal.kind, deal.trump);
  const SolvePosition ns = SolvePosition::start(deal.hands, deal.first, Team::NS);
  const SolvePosition ew = SolvePosition::start(deal.hands, deal.first, Team::EW);
  const SolveResult fresh = Solver().solve(play, ew);

  // The other side of the same deal, after this side: the same result in fewer nodes.
  Solver solver;
  solver.solve(play, ns);
  const SolveResult carried = solver.solve(play, ew, {.reuse_order = true});
  BOOST_TEST(carried.takers_points == fresh.takers_points);
  BOOST_TEST(carried.best_cards == fresh.best_cards);
  BOOST_TEST(carried.nodes < fresh.nodes, carried.nodes << " nodes against " << fresh.nodes << " without the order learnt");

  // Without asking, or after other cards, or the same cards under other trumps: nothing carries over.
  solver.solve(play, ns);
  BOOST_TEST(solver.solve(play, ew).nodes == fresh.nodes);
  const PlayContext other_play(*rules, other.kind, other.trump);
  solver.solve(other_play, SolvePosition::start(other.hands, other.first, Team::NS));
  BOOST_TEST(solver.solve(play, ew, {.reuse_order = true}).nodes == fresh.nodes);
  const PlayContext other_trumps(*rules, deal.kind, Suit((deal.trump + 1) % kSuitCount));
  solver.solve(other_trumps, ns);
  BOOST_TEST(solver.solve(play, ew, {.reuse_order = true}).nodes == fresh.nodes);
}

BOOST_AUTO_TEST_CASE(an_expected_value_near_the_result_spares_nodes) {
  const auto rules = ruleset("classique");
  const RandomDeals deals(*rules, 9);
  std::uint64_t without = 0, with = 0;
  Deal deal;
  for (std::uint64_t i = 0; i < 10; ++i) {
    deals.make(i, deal, false);
    const PlayContext play(*rules, deal.kind, deal.trump);
    const SolvePosition position = SolvePosition::start(deal.hands, deal.first, team_of(deal.taker));
    const SolveResult r = Solver().solve(play, position);
    without += r.nodes;
    with += Solver().solve(play, position, {.expected = r.takers_points}).nodes;
  }
  BOOST_TEST(with < without, with << " nodes expecting the value, " << without << " without");
}

BOOST_AUTO_TEST_CASE(the_searchs_own_guess_leaves_the_node_limit_as_it_was) {
  // The search guesses the value from a smaller position solved within a budget of nodes
  // of its own; the caller's limit still stops the whole search exactly where it says.
  const auto rules = ruleset("coinche");
  const RandomDeals deals(*rules, 3);
  Deal deal;
  for (std::uint64_t i = 0;; ++i) {
    BOOST_TEST_REQUIRE(i < 50u, "no deal costs more than 40,000 nodes");
    deals.make(i, deal, false);
    const PlayContext play(*rules, deal.kind, deal.trump);
    const SolvePosition position = SolvePosition::start(deal.hands, deal.first, team_of(deal.taker));
    const SolveResult whole = solve(play, position);
    if (whole.nodes < 40000) continue;
    for (const std::uint64_t limit : {std::uint64_t{500}, std::uint64_t{30000}}) {
      const SolveResult r = solve(play, position, SolveOptions{.max_nodes = limit});
      BOOST_TEST(int(r.status) == int(SolveStatus::node_limit));
      BOOST_TEST(r.nodes == limit);
    }
    // A limit one node above what the search needs leaves it solved, as without a limit.
    const SolveResult enough = solve(play, position, SolveOptions{.max_nodes = whole.nodes + 1});
    BOOST_TEST(int(enough.status) == int(SolveStatus::solved));
    BOOST_TEST(enough.takers_points == whole.takers_points);
    BOOST_TEST(enough.nodes == whole.nodes);
    break;
  }
}

BOOST_AUTO_TEST_CASE(worlds_of_one_position_solved_as_a_batch_give_what_each_gives_alone) {
  for (const std::string name : {"coinche", "klaverjas"}) {
    const auto rules = ruleset(name);
    const RandomDeals deals(*rules, 78);
    Deal deal;
    for (std::uint64_t i = 0; i < scaled(3); ++i) {
      deals.make(i, deal, false);
      const PlayContext play(*rules, deal.kind, deal.trump);
      // The seat to play keeps its hand; the three others' hands go round among them.
      const SolvePosition position = SolvePosition::start(deal.hands, deal.first, team_of(deal.taker));
      std::vector<SolvePosition> worlds;
      for (int turn = 0; turn < 3; ++turn) {
        SolvePosition world = position;
        for (int k = 1; k < 4; ++k)
          world.hands[Seat((index(deal.first) + 1 + (k - 1 + turn) % 3) % 4)] = position.hands[Seat((index(deal.first) + k) % 4)];
        worlds.push_back(world);
      }
      const SolveOptions options{.best_cards = false, .card_values = true};
      Solver batch(options);
      const std::vector<SolveResult> together = batch.solve_worlds(play, worlds);
      BOOST_TEST_REQUIRE(together.size() == worlds.size());
      for (std::size_t w = 0; w < worlds.size(); ++w) {
        const SolveResult alone = solve(play, worlds[w], options);
        BOOST_TEST(together[w].takers_points == alone.takers_points, name << " deal " << i << " world " << w);
        BOOST_TEST(together[w].valued == alone.valued);
        BOOST_TEST((together[w].card_value == alone.card_value));
        BOOST_TEST(together[w].nodes == alone.nodes);
      }
    }
  }
}

BOOST_AUTO_TEST_CASE(a_test_of_a_threshold_says_where_the_value_lies_and_bounds_it) {
  int compared = 0;
  for (const std::string name : {"classique", "coinche", "klaverjas"}) {
    const auto rules = ruleset(name);
    const RandomDeals deals(*rules, 78);
    Solver solver;
    Deal deal;
    for (std::uint64_t i = 0; i < scaled(8); ++i) {
      deals.make(i, deal, false);
      const SolvePosition position = position_of(*rules, i, deal, i % 2 == 0 ? 0 : 5);
      const PlayContext play(*rules, deal.kind, deal.trump);
      const int v = solver.solve(play, position).takers_points;
      for (const int threshold : {v, v + 1, v - 30, v + 30, 1}) {
        const SolveTest t = solver.test(play, position, threshold);
        const std::string where = fmt::format("{} deal {} value {} tested at {}", name, i, v, threshold);
        BOOST_TEST_REQUIRE((t.status == SolveStatus::solved), where);
        BOOST_TEST(t.at_least == (v >= threshold), where);
        // Fail-soft: the bound lies on the threshold's side of the value, the value beyond it.
        if (t.at_least) BOOST_TEST((t.bound >= threshold && t.bound <= v), where << ": bound " << t.bound);
        else BOOST_TEST((t.bound < threshold && t.bound >= v), where << ": bound " << t.bound);
        BOOST_TEST(t.nodes > 0u, where);
        ++compared;
      }
    }
  }
  BOOST_TEST_MESSAGE(fmt::format("{} tests compared with the value", compared));
}

BOOST_AUTO_TEST_SUITE_END()
